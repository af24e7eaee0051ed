import ActivityKit
import Foundation

/// String-keyed dictionaries: free-form key/value pairs sent by a server.
struct LabelsAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var values: [String: String]
        var counters: Dictionary<String, Int>
        var stops: [String: Stop]
        var groups: [String: [UInt8]] = [:]
        var notes: [String: String]?
    }

    struct Stop: Codable, Hashable {
        var eta: Date
        var done: Bool
    }

    var staticValues: [String: String]
}
