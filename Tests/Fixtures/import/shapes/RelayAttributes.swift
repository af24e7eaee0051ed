import ActivityKit
import Foundation

/// init(from:) that passes every decoded key to another initializer: a hand-written one that
/// only stores its parameters (the state, with defaults for missing keys), and the memberwise
/// one (the attributes, whose init(from:) sits in an extension so Swift still writes it).
struct RelayAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var running: Int
        var waiting: Int
        var host: String?
        var updatedAt: Date

        init(running: Int, waiting: Int = 0, host: String? = nil, updatedAt: Date) {
            self.running = running
            self.waiting = waiting
            self.host = host
            self.updatedAt = updatedAt
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                running: try container.decode(Int.self, forKey: .running),
                waiting: try container.decodeIfPresent(Int.self, forKey: .waiting) ?? 0,
                host: try container.decodeIfPresent(String.self, forKey: .host),
                updatedAt: try container.decode(Date.self, forKey: .updatedAt)
            )
        }
    }

    var scope: String
    var label: String
}

extension RelayAttributes {
    init(from decoder: Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(scope: try values.decodeIfPresent(String.self, forKey: .scope) ?? "all",
                  label: try values.decode(String.self, forKey: .label))
    }
}
