import Foundation
#if canImport(ActivityKit)
import ActivityKit
#endif

/// A ferry crossing, with what a widget's views lean on besides the JSON.
struct HarborAttributes: Identifiable {
    typealias Status = ContentState

    /// The app group the widget and the app share.
    static let appGroup = "group.example.harbor"
    static var preview: HarborAttributes { HarborAttributes(route: "Kiel - Oslo", capacity: 80) }

    var route: String
    var capacity: Int

    var id: String { route }

    init(route: String, capacity: Int) {
        self.route = route
        self.capacity = capacity
    }

    init(route: String) {
        self.init(route: route, capacity: 100)
    }

    func title(uppercased: Bool) -> String {
        uppercased ? route.uppercased() : route
    }

    /// A view-only choice, never on the wire.
    enum Tab {
        case map, schedule
    }

    struct ContentState: Codable & Hashable {
        enum Phase: String, Codable {
            case boarding, sailing, docked

            var label: String {
                switch self {
                case .boarding: return "Boarding"
                case .sailing: return "At sea"
                case .docked: return "Docked"
                }
            }
        }

        var phase: Phase
        var departure: Date
        var delayMinutes: Int
        var deck: Deck?

        static let placeholder = ContentState(phase: .boarding, departure: Date(timeIntervalSince1970: 0), delayMinutes: 0, deck: nil)

        var isLate: Bool { delayMinutes > 5 }

        mutating func delay(by minutes: Int) {
            delayMinutes += minutes
        }

        subscript(minutes offset: Int) -> Date {
            departure.addingTimeInterval(TimeInterval(offset * 60))
        }
    }

    struct Deck: Codable, Hashable, Comparable {
        var level: Int
        var name: String

        static func < (lhs: Deck, rhs: Deck) -> Bool { lhs.level < rhs.level }

        var shortName: String {
            """
            \(name.prefix(3))
              deck \(level)
            """
        }
    }
}

#if canImport(ActivityKit)
extension HarborAttributes: ActivityAttributes {}
#endif
