import ActivityKit
import Foundation

/// Sized numbers and Float, as device and telemetry apps declare them.
struct SensorAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var sequence: UInt32
        var uptimeMillis: Int64
        var battery: UInt8
        var temperature: Float
        var offset: Int16
        var samples: [UInt]
    }

    var serial: UInt64
}
