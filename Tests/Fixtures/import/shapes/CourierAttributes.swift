import ActivityKit
import Foundation

// Every type renames keys with CodingKeys: the backend's names differ from the Swift ones.
// The attributes read their one key leniently by hand, the state declares several cases on
// one line, and the nested struct writes both halves of its Codable code by hand.

/// A courier run, keyed as the dispatch backend sends it.
struct CourierAttributes: ActivityAttributes {
    var id: String = ""
    var vehicle: String

    // The push-to-start payload puts the order identifier under `orderId`.
    enum CodingKeys: String, CodingKey {
        case id = "orderId"
        case vehicle
    }

    init(id: String = "", vehicle: String) {
        self.id = id
        self.vehicle = vehicle
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id) ?? ""
        vehicle = try c.decode(String.self, forKey: .vehicle)
    }

    struct Waypoint: Codable, Hashable {
        var latitude: Double
        var longitude: Double
        var label: String?

        private enum CodingKeys: String, CodingKey {
            case latitude = "lat", longitude = "lng"
            case label = "display name"
        }

        init(latitude: Double, longitude: Double, label: String?) {
            self.latitude = latitude; self.longitude = longitude; self.label = label
        }

        init(from decoder: any Decoder) throws {
            let box = try decoder.container(keyedBy: CodingKeys.self)
            latitude = try box.decode(Double.self, forKey: .latitude)
            longitude = try box.decode(Double.self, forKey: .longitude)
            label = try box.decodeIfPresent(String.self, forKey: .label)
        }

        func encode(to encoder: any Encoder) throws {
            var box = encoder.container(keyedBy: CodingKeys.self)
            try box.encode(latitude, forKey: .latitude)
            try box.encode(longitude, forKey: .longitude)
            try box.encodeIfPresent(label, forKey: .label)
        }
    }

    struct ContentState: Codable, Hashable {
        var eta: Date
        var stopsLeft: Int
        var next: Waypoint?
        var route: [Waypoint]

        enum CodingKeys: String, CodingKey {
            case eta = "etaSeconds", stopsLeft = "remaining", next
            case route
        }
    }
}
