extension GeneratedFile.Kind {
    public static let python = Self("python")
}

extension Emitter {
    /// A Python server's dataclasses, conversions and APNs/FCM payload builders (docs/python.md).
    public static let python = Emitter.templated(
        key: "python", kind: .python, template: "python.mustache",
        summary: "Python (3.9+, standard library) dataclasses and payload builders"
    ) { contract, header in PythonContext(contract: contract).build(header: header) }
        // `import` finds a module by its `.py` name only.
        .requiringExtension(".py")
}
