import ActivityKit
import Foundation

/// Two names a contract may use that the schema cannot: a nested type called `State` (the
/// generated code declares a state type of its own), and an enum with a convenience
/// initializer labelled `from` that takes a bar count, not a Decoder (Codable stays
/// synthesized, so the JSON is the raw string).
struct SignalAttributes: ActivityAttributes {
    enum State: String, Codable, Hashable {
        case searching, connected, lost
    }

    struct ContentState: Codable, Hashable {
        var state: State
        var strength: Strength
        var lastSeen: Date?
    }

    var tower: String
}

enum Strength: String, Codable, Hashable {
    case weak, fair, strong

    init(from bars: Int) {
        self = bars < 2 ? .weak : (bars < 4 ? .fair : .strong)
    }
}
