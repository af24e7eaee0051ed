import Foundation
import ActivityKit

// The date conversions public ActivityAttributes structs write by hand: Unix seconds through
// a local (as a public vote contract does), Unix seconds and milliseconds in one statement,
// an ISO-8601 string through `guard let`, and optional dates mapped.
struct TimetableAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var eta: Date
        var etaMs: Date
        var updatedAt: Date
        var pickedUpAt: Date?
        var droppedAt: Date?
        var note: String

        enum CodingKeys: String, CodingKey {
            case eta, etaMs = "eta_ms", updatedAt, pickedUpAt, droppedAt, note
        }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            eta = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .eta))
            etaMs = Date(timeIntervalSince1970: TimeInterval(try c.decode(Int64.self, forKey: .etaMs)) / 1000)
            let updatedText = try c.decode(String.self, forKey: .updatedAt)
            guard let updated = ISO8601DateFormatter().date(from: updatedText) else {
                throw DecodingError.dataCorruptedError(forKey: .updatedAt, in: c, debugDescription: "not an ISO-8601 date")
            }
            self.updatedAt = updated
            pickedUpAt = try c.decodeIfPresent(Double.self, forKey: .pickedUpAt).map { Date(timeIntervalSince1970: $0) }
            droppedAt = try c.decodeIfPresent(Double.self, forKey: .droppedAt).map { Date(timeIntervalSince1970: $0 / 1000) }
            note = try c.decode(String.self, forKey: .note)
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(eta.timeIntervalSince1970, forKey: .eta)
            try c.encode(Int64((etaMs.timeIntervalSince1970 * 1000).rounded()), forKey: .etaMs)
            try c.encode(ISO8601DateFormatter().string(from: updatedAt), forKey: .updatedAt)
            try c.encodeIfPresent(pickedUpAt?.timeIntervalSince1970, forKey: .pickedUpAt)
            try c.encodeIfPresent(droppedAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }, forKey: .droppedAt)
            try c.encode(note, forKey: .note)
        }
    }

    let line: String
    let startedAt: Date

    enum CodingKeys: String, CodingKey {
        case line, startedAt
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.line = try container.decode(String.self, forKey: .line)
        let timestamp = try container.decode(Double.self, forKey: .startedAt)
        self.startedAt = Date(timeIntervalSince1970: timestamp)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(startedAt.timeIntervalSince1970, forKey: .startedAt)
    }
}
