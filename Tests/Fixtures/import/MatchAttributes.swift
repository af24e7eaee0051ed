import ActivityKit
import Foundation

struct MatchAttributes: ActivityAttributes {
    public typealias ContentState = MatchState

    var homeTeam: String
    var awayTeam: String
    var league: String = "Premier League"
}

/// Live score of one match.
struct MatchState: Codable, Hashable {
    var score: Score
    var period: Period
    /// Match clock as shown, e.g. 67'
    var clockText: String
    /// Most recent goal or card, absent before the first
    var lastEvent: MatchEvent?
    var isLive: Bool

    struct Score: Codable, Hashable {
        var home: Int
        var away: Int
    }
}

enum Period: String, Codable, Hashable {
    case preMatch, firstHalf, halfTime, secondHalf, extraTime, penalties, fullTime
}

struct MatchEvent: Codable, Hashable {
    enum Kind: String, Codable, Hashable {
        case goal, ownGoal, penaltyGoal, yellowCard, redCard
    }

    var kind: Kind
    var minute: Int
    var player: String
    /// When it happened
    var at: Date
}

#if DEBUG
extension MatchState {
    static let preview = MatchState(score: .init(home: 0, away: 0), period: .firstHalf, clockText: "1'", lastEvent: nil, isLive: true)
}
#endif
