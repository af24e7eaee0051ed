import ActivityKit
import Foundation

/// Enums that fall back to a case for raw values they do not know, decoding `RawValue.self`
/// (the enum's String) rather than `String.self`, in the two spellings apps use.
struct RawFallbackAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var kind: Kind
        var mood: Mood?
    }

    enum Kind: String, Codable, Hashable {
        case parcel, letter = "LETTER", other
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let raw = try container.decode(RawValue.self)
            self = Kind(rawValue: raw) ?? .other
        }
    }

    enum Mood: String, Codable, Hashable, CaseIterable {
        case calm, busy
        public init(from decoder: any Decoder) throws {
            self = try Self(rawValue: decoder.singleValueContainer().decode(RawValue.self)) ?? .calm
        }
    }

    var name: String
}
