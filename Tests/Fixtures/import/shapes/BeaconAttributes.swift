import Foundation
#if canImport(ActivityKit)
import ActivityKit
#endif

/// The contract behind `#if`: an SDK-only declaration first (skipped, its module is not
/// Apple's), the plain one in `#else`, the conformance in an extension, ContentState in an
/// extension, and a member inside `#if canImport(ActivityKit)`.
#if canImport(BeaconSDK)
struct BeaconAttributes: BeaconSDKAttributes {
    var sdkToken: BeaconToken
}
#else
struct BeaconAttributes {
    var name: String
    #if canImport(ActivityKit)
    var region: String
    #else
    var legacyRegion: Int
    #endif
}
#endif

extension BeaconAttributes {
    struct ContentState: Codable, Hashable {
        var rssi: Int
        var lastSeen: Date
    }
}

#if canImport(ActivityKit)
extension BeaconAttributes: ActivityAttributes {}
#endif
