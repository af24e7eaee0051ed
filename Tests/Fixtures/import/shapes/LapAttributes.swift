import ActivityKit
import Foundation

/// One field name in both halves: they are separate JSON objects.
struct LapAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var duration: Int
        var lap: Int
    }

    var duration: Int
}
