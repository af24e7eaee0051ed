import Foundation

struct Vehicle: Codable, Hashable {
    struct Position: Codable, Hashable {
        var lat: Double
        var lon: Double
    }

    var plate: String
    var kind: VehicleKind
    var position: Position?
}

enum VehicleKind: String, Codable, Hashable {
    case truck
    case van = "VAN"
}

enum ConvoyPhase: String, Codable, Hashable {
    case forming, moving, arrived
}

/// A namespace enum: only its nested type is part of the contract.
enum Depot {
    enum Code: String, Codable, Hashable {
        case north, south
    }
}
