extension GeneratedFile.Kind {
    public static let jsonSchema = Self("json-schema")
}

extension Emitter {
    /// `json-schema: FOLDER`: JSON Schema 2020-12 documents of every payload, written by our
    /// own JSON writer (no template) like the fixtures.
    public static let jsonSchema = Emitter(
        key: "json-schema", kind: .jsonSchema, template: nil, shape: .folder,
        summary: "a folder of JSON Schema 2020-12 documents of every payload, for servers in any language"
    ) { request in
        JSONSchemaDocuments(contract: request.contract).files(in: request.output.paths[0].path, header: request.header, kind: request.kind)
    }
}
