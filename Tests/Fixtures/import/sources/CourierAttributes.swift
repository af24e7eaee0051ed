import ActivityKit
import Foundation

/// The app's own refinement of ActivityAttributes, declared in the file: it adds only
/// requirements that stored properties meet, so the JSON is the struct's own.
protocol TrackedActivityAttributes: ActivityAttributes {
    var trackingCode: String { get }
}

extension TrackedActivityAttributes {
    var shortCode: String { String(trackingCode.prefix(4)) }
}

struct CourierAttributes: TrackedActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stopsLeft: Int
        var eta: Date
    }

    var trackingCode: String
    var carrier: String
}
