import ActivityKit
import Foundation

/// Property and case names that are keywords or built-in members somewhere.
struct ParcelAttributes: ActivityAttributes {
    enum Stage: String, Codable, Hashable {
        case unknown, `default`, shipped
    }

    struct ContentState: Codable, Hashable {
        var type: String
        var description: String
        var `default`: Int
        var stage: Stage
    }

    var symbol: String
}
