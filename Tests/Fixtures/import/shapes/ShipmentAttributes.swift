import ActivityKit
import Foundation

/// A hand-written init(from:) that only adds defaults for missing keys, with the
/// encode(to:) that mirrors synthesized code, and CodingKeys that rename nothing.
struct ShipmentAttributes: ActivityAttributes {
    enum Carrier: String, Codable, Hashable {
        case ground, air
    }

    struct ContentState: Codable, Hashable {
        var status: String
        var progress: Double
        var stops: Int
        var carrier: Carrier
        var expedited: Bool
        var note: String?
        var tags: [String]

        enum CodingKeys: String, CodingKey {
            case status, progress, stops, carrier
            case expedited = "expedited"
            case note, tags
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.status = try container.decode(String.self, forKey: .status)
            self.progress = try container.decodeIfPresent(Double.self, forKey: .progress) ?? 0.25
            stops = try container.decodeIfPresent(Int.self, forKey: .stops) ?? -1
            self.carrier = try container.decodeIfPresent(Carrier.self, forKey: .carrier) ?? .ground
            self.expedited = try container.decodeIfPresent(Bool.self, forKey: .expedited) ?? false
            self.note = try container.decodeIfPresent(String.self, forKey: .note)
            self.tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? ["new"]
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(self.progress, forKey: .progress)
            try container.encode(stops, forKey: .stops)
            try container.encode(carrier, forKey: .carrier)
            try container.encode(expedited, forKey: .expedited)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encode(tags, forKey: .tags)
        }
    }

    var trackingNumber: String
}
