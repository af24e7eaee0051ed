/// Writes `outputs.json-schema: FOLDER`: JSON Schema 2020-12 documents of every payload the
/// contract defines, so a server in a language livecontract does not generate (Java, PHP,
/// Ruby, C#, ...) can validate what it sends, or generate types, with its own tools.
///
/// Built as JSON from the contract (no template), like the fixtures. Every document stands
/// alone (its `$defs` hold every type it uses), so no validator needs a resolver for
/// cross-file references; `$id` is the file's own name. docs/json-schema.md says what each
/// document covers and where JSON Schema cannot say exactly what the Swift decoder does.
struct JSONSchemaDocuments {
    let contract: Contract

    typealias S = SchemaJSON

    /// One generated document: its file name (also its `$id`), title and description.
    struct Document {
        var name: String
        var title: String
        var description: String
        var body: JSONValue
        var definitions: [(String, JSONValue)]
    }

    var documents: [Document] {
        let codable = JSONSchemaValues(contract: contract, shape: .codable)
        let bridge = JSONSchemaValues(contract: contract, shape: .bridge)
        let apns = JSONSchemaAPNs(contract: contract)
        let name = contract.attributesTypeName
        let doc = contract.doc.map { $0 + " " } ?? ""
        // Each set of definitions once: several documents carry the same one.
        let codableDefinitions = codable.definitions(), bridgeDefinitions = bridge.definitions()
        let startDefinitions = apns.definitions(start: true), updateDefinitions = apns.definitions(start: false)
        return [
            Document(name: "content-state", title: "\(name).ContentState",
                     description: doc + "The APNs content-state: field names, dates as seconds since 2001-01-01; accepts what the widget's JSONDecoder decodes.",
                     body: codable.record(contract.state, title: nil, doc: nil), definitions: codableDefinitions),
            Document(name: "attributes", title: name,
                     description: doc + "The attributes of an APNs start: field names, dates as seconds since 2001-01-01; accepts what the widget's JSONDecoder decodes.",
                     body: codable.record(contract.attributes, title: nil, doc: nil), definitions: codableDefinitions),
            Document(name: "apns-start", title: "\(name) APNs start", description: "The body of an APNs push-to-start (`aps.event` start).",
                     body: apns.body("start"), definitions: startDefinitions),
            Document(name: "apns-update", title: "\(name) APNs update", description: "The body of an APNs update (`aps.event` update).",
                     body: apns.body("update"), definitions: updateDefinitions),
            Document(name: "apns-end", title: "\(name) APNs end", description: "The body of an APNs end (`aps.event` end).",
                     body: apns.body("end"), definitions: updateDefinitions),
            Document(name: "apns-broadcast", title: "\(name) APNs broadcast", description: "The body of a broadcast (channel) push: an update or an end.",
                     body: apns.broadcast, definitions: updateDefinitions),
            Document(name: "fcm-data", title: "\(name) FCM data",
                     description: "The FCM data map: every value a string, the envelope and the fields by wire name; accepts the maps the parsers read without a missing or invalid value.",
                     body: JSONSchemaFCM(contract: contract).document, definitions: bridgeDefinitions),
            Document(name: "bridge-state", title: "\(contract.name)State",
                     description: doc + "The state as the JS bridge object: wire names, dates as Unix ms.",
                     body: bridge.record(contract.state, title: nil, doc: nil), definitions: bridgeDefinitions),
            Document(name: "bridge-attributes", title: "\(contract.name)Attributes (bridge)",
                     description: doc + "The attributes as the JS bridge object: wire names, dates as Unix ms.",
                     body: bridge.record(contract.attributes, title: nil, doc: nil), definitions: bridgeDefinitions),
        ]
    }

    /// The documents under `folder`, each `<name>.schema.json`.
    func files(in folder: String, header: [String], kind: GeneratedFile.Kind) -> [GeneratedFile] {
        documents.map { document in
            GeneratedFile(path: "\(folder)/\(document.name).schema.json", bytes: render(document, header: header), kind: kind)
        }
    }

    /// The generated-file header as the first two members (docs/json-schema.md): `$comment`
    /// holds the first header line, `$anchor` the fingerprint (a plain name on the root, so
    /// strict validators that refuse unknown keywords accept it).
    func render(_ document: Document, header: [String]) -> [UInt8] {
        var members: [(String, JSONValue)] = [
            ("$comment", .string(header.first ?? "")),
            ("$anchor", .string(GeneratedHeader.anchorPrefix + contract.fingerprint)),
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("\(document.name).schema.json")),
            ("title", .string(document.title)),
            ("description", .string(document.description)),
        ]
        if case .object(let body) = document.body { members += body.map { ($0.key, $0.value) } }
        if !document.definitions.isEmpty { members.append(("$defs", S.object(document.definitions))) }
        return JSONSchemaText.render(S.object(members))
    }
}
