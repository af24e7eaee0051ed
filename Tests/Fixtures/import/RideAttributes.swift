import ActivityKit
import Foundation

/*
 * RideNow trip card. Hand-written; the widget extension has its own copy.
 */
struct RideAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var driverName: String
        var vehicle: Vehicle
        /// Earliest and latest arrival
        var eta: ClosedRange<Date>
        var status: RideStatus
        var distanceRemainingKm: Double
    }

    /// The car that picks the rider up
    struct Vehicle: Codable, Hashable {
        let model: String
        let plate: String
        /// Colour name or hex
        let color: String
    }

    /// Where the trip stands
    enum RideStatus: String, Codable, Hashable {
        case requested
        case driverAssigned = "driverAssigned"
        case arriving, onTrip, completed, cancelled

        /// Unknown statuses from a newer server read as `.requested`.
        init(from decoder: Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            self = RideStatus(rawValue: raw) ?? .requested
        }
    }

    /// Name shown to the driver
    var riderName: String
    var pickup: String
    var dropoff: String
}
