extension GeneratedFile.Kind {
    public static let kotlinBridge = Self("kotlin-bridge")
}

extension Emitter {
    /// The Expo module records of the Android side; they convert to the `kotlin` classes.
    public static let kotlinBridge = Emitter.templated(
        key: "kotlin-bridge", kind: .kotlinBridge, template: "kotlin-bridge.mustache",
        shape: .package(.kotlin(example: "expo.modules.app")),
        summary: "Kotlin Expo records for the Android side of the JS bridge: `{ path: ..., package: com.example.app }`",
        requires: ("kotlin", "kotlin-bridge converts to the classes of the kotlin output; add `kotlin: { path: ..., package: ... }` too")
    ) { contract, header in KotlinBridgeContext(contract: contract).build(header: header) }
}
