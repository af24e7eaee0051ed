extension GeneratedFile.Kind {
    public static let swiftBridge = Self("swift-bridge")
}

extension Emitter {
    /// The Expo module records that turn JavaScript values into the Swift types.
    public static let swiftBridge = Emitter.templated(
        key: "swift-bridge", kind: .swiftBridge, template: "swift-bridge.mustache",
        summary: "Swift bridge records for the Expo module"
    ) { contract, header in SwiftBridgeContext(contract: contract).build(header: header) }
}
