import ActivityKit
import Foundation

/// Food delivery card shown on the Lock Screen and in the Dynamic Island.
public struct DeliveryAttributes: ActivityAttributes {
    public typealias DeliveryStatus = ContentState

    public struct ContentState: Codable, Hashable {
        /// Headline, e.g. "Picked up"
        public var status: String
        /// Share of the trip done, 0 to 1
        public var progress: Double
        /// Expected arrival time
        public var eta: Date
        public var stopsRemaining: Int
        public var courierName: String
        /// True once the order moved to another courier
        public var riderReassigned: Bool = false
        public var step: Step
        public var photo: URL?

        // Not encoded: a computed property.
        public var etaText: String {
            "ETA \(Int(eta.timeIntervalSince1970 / 60) % 1440) min after midnight UTC"
        }
    }

    public enum Step: String, Codable, Hashable, CaseIterable {
        case placed, pickedUp
        case arriving
        case delivered
    }

    /// Order id shown on the card
    public var orderId: String

    public static let preview = DeliveryAttributes(orderId: "DT-0000")
}
