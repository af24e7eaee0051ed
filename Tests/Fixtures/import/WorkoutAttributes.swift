import ActivityKit
import Foundation

/// A run or walk in progress.
struct WorkoutAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var elapsedSeconds: TimeInterval
        /// Beats per minute; nil while the watch is not connected
        var heartRate: Int?
        var calories: Double
        var splits: [Split]
        var zoneMinutes: Array<Int>
        var coachTip: String?
        var paused: Bool
        var badges: [String] = []
        var nextSegment: Segment?
        var startedAt: Date
        var lastSplit: Split?
    }

    /// One finished kilometre.
    struct Split: Codable, Hashable {
        var km: Int
        var seconds: Double
        var pace: String?
    }

    enum Segment: String, Codable, Hashable {
        case warmUp, run, walk, coolDown
    }

    var workoutName: String
    var goalKm: Double?
    var route: URL?
    var coachNames: [String]
}
