// Int-raw enums as real ActivityAttributes declare them: implicit numbering, explicit
// values with gaps and negatives, a fallback init(from:), in a struct, a list, a map and
// an optional. Synthesized Codable writes each case as its raw integer.
import ActivityKit
import Foundation

struct LevelsAttributes: ActivityAttributes {
    enum BlockType: Int, Codable, Hashable {
        case focus, social
        case rest
    }

    enum Level: Int, Codable, Hashable {
        case low = 1
        case high = 5
        case max = 100
    }

    enum Mood: Int, Codable, Hashable {
        case tense = -2, uneasy, calm
        case glad = 7

        init(from decoder: Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(Int.self)
            self = Mood(rawValue: raw) ?? .calm
        }
    }

    struct Block: Codable, Hashable {
        var type: BlockType
        var level: Level?
    }

    public struct ContentState: Codable, Hashable {
        var kind: BlockType
        var level: Level?
        var mood: Mood
        var blocks: [BlockType]
        var byRoom: [String: Mood]
        var current: Block?
    }

    var name: String
    var start: BlockType
}
