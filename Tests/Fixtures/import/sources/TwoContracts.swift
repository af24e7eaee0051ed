import ActivityKit
import Foundation

/// Two contracts in one file, as messaging apps write them: import takes one per schema,
/// picked with --type.
struct ChatAttributes: ActivityAttributes, Identifiable {
    struct ContentState: Codable, Hashable {
        var sender: String
        var preview: String
        var unread: Int
        var receivedAt: Date
    }

    let threadId: String
    let initials: String

    var id: String { threadId }
}

struct CallAttributes: ActivityAttributes {
    enum Medium: String, Codable, Hashable {
        case audio
        case video
    }

    enum Stage: String, Codable, Hashable {
        case ringing, connecting, connected, ended
    }

    struct ContentState: Codable, Hashable {
        var stage: Stage
        var connectedSince: Date?
    }

    let callId: String
    let caller: String
    let medium: Medium
}
