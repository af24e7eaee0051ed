import ActivityKit
import Foundation

/// A generic helper used with several arguments (a score per team, names per team), as a
/// public padel scorer's contract has it: each use is a struct of its own in the schema.
struct ScoreboardAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var points: TeamPair<String>
        var games: TeamPair<Int>
        var history: [TeamPair<Int>]
        var serving: Team?
        var sets: Scored<Team>?
    }

    var names: TeamPair<String>
}

enum Team: String, Codable, Hashable {
    case a, b
}

struct TeamPair<Value: Codable & Hashable>: Codable, Hashable {
    var a: Value
    var b: Value

    func value(for team: Team) -> Value { team == .a ? a : b }
}

struct Scored<Side>: Codable, Hashable where Side: Codable & Hashable {
    var leader: Side
    var others: [Side]
    var margin: Int?
}
