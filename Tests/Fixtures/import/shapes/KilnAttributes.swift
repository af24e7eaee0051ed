import ActivityKit
import Foundation

// Both types write one half of their Codable code by hand and declare no CodingKeys, so
// Swift synthesizes the keys from the property names.

/// A kiln firing: the program is fixed when it starts, the temperature changes.
struct KilnAttributes: ActivityAttributes {
    var kilnName: String
    var program: String?

    func encode(to encoder: Encoder) throws {
        var box = encoder.container(keyedBy: CodingKeys.self)
        try box.encode(kilnName, forKey: .kilnName)
        try box.encodeIfPresent(program, forKey: .program)
    }

    struct ContentState: Codable, Hashable {
        var temperature: Double
        var segment: Int
        var holding: Bool
        var note: String?
        var cones: [Int]

        init(temperature: Double, segment: Int, holding: Bool, note: String?, cones: [Int]) {
            self.temperature = temperature; self.segment = segment; self.holding = holding
            self.note = note; self.cones = cones
        }

        /// Payloads from the first release carry neither `holding` nor `cones`.
        init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            temperature = try values.decode(Double.self, forKey: .temperature)
            segment     = try values.decodeIfPresent(Int.self, forKey: .segment) ?? 1
            holding     = try values.decodeIfPresent(Bool.self, forKey: .holding) ?? false
            note        = try values.decodeIfPresent(String.self, forKey: .note)
            cones       = try values.decodeIfPresent([Int].self, forKey: .cones) ?? []
        }
    }
}
