import ActivityKit
import Foundation

/// String-keyed dictionaries: free-form key/value pairs sent by a server.
struct LabelsAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var values: [String: String]
        var counters: Dictionary<String, Int>
    }

    var staticValues: [String: String]
}
