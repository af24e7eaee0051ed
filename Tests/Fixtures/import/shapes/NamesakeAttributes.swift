import ActivityKit
import Foundation

/// Three enums that want the same schema name: a phase of the state, the device status's
/// own phase (a struct the app keeps beside the contract), and a top-level enum whose name
/// is what the second one's path runs together to.
struct NamesakeAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        enum Phase: String, Codable, Hashable {
            case active, done
        }

        struct Item: Codable, Hashable, Identifiable {
            var id: String
            var phase: DeviceStatus.Phase
        }

        var phase: Phase
        var items: [Item]
        var previous: DeviceStatus.Phase?
        var legacy: DeviceStatusPhase
    }

    var bridge: String
}

struct DeviceStatus: Codable, Hashable {
    enum Phase: String, Codable, Hashable {
        case checking
        case updating = "UPDATING"
    }

    var name: String
    var phase: Phase
}

enum DeviceStatusPhase: String, Codable, Hashable {
    case old, new
}
