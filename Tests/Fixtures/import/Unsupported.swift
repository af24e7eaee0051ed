import ActivityKit
import Foundation

/// Everything here is real Swift that the schema cannot express; import reports each one.
struct ScoreboardAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var event: GameEvent
        var extras: [Int: String]
        var blob: Data
        var ratio: Float16
        @Clamped var level: Int
        let version: Int = 2
        var phase: Phase
        var teamColor: TeamColor
        var badge: Badge

        init(from decoder: Decoder) throws {
            fatalError("hand-written decoding")
        }

        enum CodingKeys: String, CodingKey {
            case event, extras, blob, ratio, level, version, teamColor, badge
            case phase = "game_phase"
        }
    }

    enum GameEvent: Codable, Hashable {
        case goal(minute: Int)
        case card(String)
        case none
    }

    enum Phase: Int, Codable, Hashable {
        case first = 1, second
    }

    enum TeamColor: Character, Codable, Hashable {
        case red = "R", blue = "B"
    }

    struct Badge: Codable, Hashable, Identifiable {
        let id = UUID()
        var title: String
        var earnedAt: Date

        enum CodingKeys: String, CodingKey {
            case title, earnedAt
        }
    }

    var league: String
}
