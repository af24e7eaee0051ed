extension GeneratedFile.Kind {
    public static let typescript = Self("typescript")
}

extension Emitter {
    /// The server's types, bridge conversions and APNs/FCM payload builders.
    public static let typescript = Emitter.templated(
        key: "typescript", kind: .typescript, template: "typescript.mustache",
        summary: "TypeScript types and payload builders"
    ) { contract, header in TypeScriptContext(contract: contract).build(header: header) }
}
