extension GeneratedFile.Kind {
    public static let fixture = Self("fixture")
}

extension Emitter {
    /// JSON fixtures written by our own writer (no template), so their bytes never depend on
    /// one.
    public static let fixtures = Emitter(
        key: "fixtures", kind: .fixture, template: nil, shape: .folder,
        summary: "a folder of JSON fixtures for server and app tests"
    ) { request in
        FixtureEmitter(contract: request.contract).files(in: request.output.paths[0].path)
    }
}
