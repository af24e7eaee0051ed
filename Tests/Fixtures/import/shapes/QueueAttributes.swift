import ActivityKit
import Foundation

/// Defaulted properties: synthesized Codable still requires their keys (the types of the
/// unannotated ones come from their initial values).
struct QueueAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var position: Int = 0
        var label = "waiting"
        var ratio = 0.5
        var isOpen = true
        var since = Date(timeIntervalSince1970: 0)
        var items: [String] = []
    }

    var branch: String = "main"
}
