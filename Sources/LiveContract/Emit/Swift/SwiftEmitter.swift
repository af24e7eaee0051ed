extension GeneratedFile.Kind {
    public static let swift = Self("swift")
}

extension Emitter {
    /// The ActivityAttributes struct, byte-identical at every path (app module and widget).
    public static let swift = Emitter.templated(
        key: "swift", kind: .swift, template: "swift.mustache", shape: .files,
        summary: "Swift ActivityAttributes copies (the app's module and the widget extension)"
    ) { contract, header in SwiftContext(contract: contract).build(header: header) }
}
