import ActivityKit
import Foundation

/// UUIDs, as the Flutter `live_activities` pattern writes them: `var id = UUID()`.
struct TicketAttributes: ActivityAttributes, Identifiable {
    struct ContentState: Codable, Hashable {
        var holder: UUID
        var transferredTo: UUID?
    }

    var id = UUID()
    var venue: String
}
