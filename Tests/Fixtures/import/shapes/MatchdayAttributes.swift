import ActivityKit
import Foundation

/// A model named like the generated state type (`MatchdayState` beside `MatchdayAttributes`),
/// as course projects keep the game model apart from the activity, and a lower-case enum.
struct MatchdayState: Codable, Hashable {
    var home: Int
    var away: Int
    var clock: String
}

enum period: String, Codable, Hashable {
    case first, second, extra
}

struct MatchdayAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var game: MatchdayState
        var period: period
    }

    var homeTeam: String
    var awayTeam: String
}
