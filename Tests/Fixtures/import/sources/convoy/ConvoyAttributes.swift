import ActivityKit
import Foundation

/// A contract whose field types live in another file of the folder (Shared/ConvoyModels.swift),
/// as apps that share models between the app and the widget keep them.
struct ConvoyAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var lead: Vehicle
        var trailing: [Vehicle]
        var phase: ConvoyPhase
    }

    var route: String
    var depot: Depot.Code
}
