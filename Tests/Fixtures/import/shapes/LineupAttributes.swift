import ActivityKit
import Foundation

/// Enum raw values that differ from the case names, several cases on one line.
struct LineupAttributes: ActivityAttributes {
    enum Mode: String, Codable, Hashable {
        case solo = "SOLO", team
        case duo = "DUO"
        case mixedDoubles = "mixed-doubles"
    }

    struct ContentState: Codable, Hashable {
        var mode: Mode
        var previous: Mode?
    }

    var queue: String
}
