import ActivityKit
import Foundation

/// A class where ActivityKit expects a value type; synthesized Codable writes its stored
/// properties as a struct's would, so it imports as a struct.
final class DoorbellAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var ringing: Bool
        var visitor: String?
    }

    let door: String
    var chime: Chime
    var installedAt = Date(timeIntervalSince1970: 0)
}

/// A class used by a field: imported as a struct too.
final class Chime: Codable {
    let tone: String
    var volume: Int
}
