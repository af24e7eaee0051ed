/// Turns schema bytes into a validated `Contract`, collecting every problem with its position.
///
/// The loader is the only gate between hand-written YAML and six code generators, so it checks
/// everything the emitters rely on: known keys, legal and non-reserved names in all three
/// languages, resolvable types, values that fit their fields, and sane output paths.
public struct SchemaLoader {
    public static let formatVersion = 1
    static let topLevelKeys = ["livecontract", "name", "doc", "access", "attributes", "state", "types", "examples", "outputs", "templates", "envelope", "attributesType", "bundleId"]

    var path: String
    var diagnostics = Diagnostics()
    /// Declared type names and their kinds, gathered before fields so references resolve in any order.
    var declaredTypes: [String: YAMLNode] = [:]
    var enumCases: [String: [String]] = [:]
    /// The raw value of each case of `enumCases`, in the same order.
    var enumRawValues: [String: [String]] = [:]
    /// The raw type (`raw:`) of each enum of `enumCases`.
    var enumRawTypes: [String: EnumRawType] = [:]
    var structFields: [String: [Field]] = [:]
    /// The struct whose fields are loading: a default inside it cannot hold a value of it.
    var loadingStruct: String?

    init(path: String) {
        self.path = path
    }

    /// Loads the schema at `path` (the path is used in messages and generated headers).
    public static func load(_ bytes: [UInt8], path: String, reader: YAMLReader = YAMLReader()) throws(DiagnosticsError) -> (Contract, Diagnostics) {
        let root = try reader.read(bytes, path: path)
        var loader = SchemaLoader(path: path)
        let contract = loader.contract(from: root)
        guard let contract, !loader.diagnostics.hasErrors else {
            throw DiagnosticsError(loader.diagnostics)
        }
        return (contract, loader.diagnostics)
    }

    mutating func error(_ message: String, _ node: YAMLNode, rule: String) {
        diagnostics.error(message, at: node.location, rule: rule)
    }

    mutating func warning(_ message: String, _ node: YAMLNode, rule: String) {
        diagnostics.warning(message, at: node.location, rule: rule)
    }

    /// The entries of a mapping node, reporting keys outside `allowed` with a suggestion.
    /// `what` names the mapping in messages only, so it is built only for an error.
    mutating func entries(of node: YAMLNode, allowed: [String], what: @autoclosure () -> String) -> Entries {
        var result = Entries(allowed: allowed)
        guard let list = node.mappingEntries else {
            error("\(what()) must be a mapping, found \(node.kindDescription)", node, rule: "schema-shape")
            return result
        }
        for entry in list {
            let key = entry.key.scalar ?? ""
            if !result.set(key, entry) {
                unknownKey(key, entry.key, in: node, allowed: allowed, what: what())
            }
        }
        return result
    }

    mutating func unknownKey(_ key: String, _ keyNode: YAMLNode, in node: YAMLNode, allowed: [String], what: String) {
        var message = "unknown key '\(key)' in \(what)"
        let guess = Suggest.closest(to: key, in: allowed)
        if let guess {
            message += "; did you mean '\(guess)'?"
        } else if node.isFlow {
            message += "; inside { } a comma ends a value, so quote text that contains one"
        } else {
            message += "; allowed keys: \(allowed.joined(separator: ", "))"
        }
        error(message, keyNode, rule: "unknown-key")
        // A misspelling of a key: what the missing key would have given is not reported again.
        if let guess { diagnostics.markFailed(Self.misspelledKey(guess, in: what)) }
    }

    /// A scalar that must be text (docs, names, paths).
    mutating func text(_ node: YAMLNode, what: String) -> String? {
        guard let value = node.scalar, !node.isNull else {
            error("\(what) must be text, found \(node.kindDescription)", node, rule: "schema-shape")
            return nil
        }
        return value
    }

    mutating func contract(from root: YAMLNode) -> Contract? {
        guard root.mappingEntries != nil else {
            // A document that is one scalar is a file that is no schema at all (`--against
            // .env`, a key file): its text is not quoted, so no message prints a secret.
            let found = root.scalar != nil && !root.isNull ? "text that is not a mapping (not shown: the file may not be a schema at all)" : root.kindDescription
            error("a schema is a mapping that starts with `livecontract: 1`, found \(found)", root, rule: "schema-shape")
            return nil
        }
        let top = entries(of: root, allowed: Self.topLevelKeys, what: "the schema")
        if let version = top["livecontract"] {
            if version.value.scalar != String(Self.formatVersion) || version.value.scalarStyle != .plain {
                error("unsupported format version \(version.value.kindDescription); this livecontract reads `livecontract: \(Self.formatVersion)`", version.value, rule: "schema-version")
            }
        } else {
            error("missing `livecontract: \(Self.formatVersion)` at the top of the schema", root, rule: "missing-key")
        }
        var name = "Contract"
        if let entry = top["name"], let value = text(entry.value, what: "name") {
            if checkTypeName(value, entry.value, what: "contract name") { name = value }
        } else if top["name"] == nil {
            missingKey("name", "missing `name:` (the contract's base name, e.g. Delivery)", root)
        }
        var access = AccessLevel.internal
        if let entry = top["access"], let value = text(entry.value, what: "access") {
            if let level = AccessLevel(rawValue: value) {
                access = level
            } else {
                error("access must be 'public' or 'internal', found '\(value)'", entry.value, rule: "schema-value")
            }
        }
        let doc = top["doc"].flatMap { text($0.value, what: "doc") }

        if let types = top["types"] { declareTypes(types.value) }
        if let types = top["types"] { loadTypeBodies(types.value) }
        let namedTypes = buildNamedTypes(top["types"]?.value)
        checkGeneratedNames(namedTypes, contractName: name)

        let attributes = top["attributes"].map { fields(of: $0.value, what: "attributes") } ?? []
        var state: [Field] = []
        if let entry = top["state"] {
            state = fields(of: entry.value, what: "state")
        } else {
            missingKey("state", "missing `state:` (the ContentState fields every update carries)", root)
        }
        checkCaseCollisions(attributes: attributes, state: state)
        checkWireNames(attributes: attributes, state: state)
        let envelope = top["envelope"].map { envelopeKeys($0.value) } ?? FcmEnvelopeKeys()
        checkEnvelopeCollisions(envelope, attributes + state)

        var contract = Contract(name: name, doc: doc, access: access, attributes: attributes, state: state,
                                types: namedTypes, examples: [], outputs: Outputs(), schemaPath: path)
        contract.indexTypes()
        contract.attributesTypeOverride = top["attributesType"].flatMap { attributesType($0.value, types: namedTypes) }
        contract.envelope = envelope
        if let entry = top["bundleId"] {
            contract.bundleId = bundleIdentifier(entry.value)
            contract.bundleIdLocation = entry.value.location
        }
        contract.envelopeLocation = top["envelope"]?.key.location
        if let entry = top["examples"] {
            contract.examples = examples(entry.value, contract: contract)
        }
        if let entry = top["outputs"] {
            contract.outputs = outputs(entry.value, contract: contract)
            if contract.outputs["go"] != nil { checkGoNames(contract) }
        } else {
            missingKey("outputs", "missing `outputs:`; say where the generated files go (see README)", root)
        }
        if let entry = top["templates"] {
            contract.templates = templatesFolder(entry.value)
        }
        contract.fingerprint = Fingerprint.of(contract)
        return contract
    }

    /// `templates: my-templates`: a folder inside the schema's folder, under the rule outputs
    /// follow (no `..`, no absolute path, no git folder): what `check` renders from it is
    /// printed in its diffs, so a committed `templates: ../..` would print files from outside
    /// the repository. `--templates DIR`, typed by the user, may name any folder.
    mutating func templatesFolder(_ node: YAMLNode) -> OutputPath? {
        guard let path = text(node, what: "templates") else { return nil }
        if path.isEmpty {
            error("templates must name a folder of .mustache files, e.g. `templates: templates`", node, rule: "templates-folder")
            return nil
        }
        if path.hasPrefix("/") || path.hasPrefix("~") {
            error("templates '\(path)' is absolute; write it relative to the schema's folder so the schema works on every machine", node, rule: "templates-folder")
            return nil
        }
        if let bad = Self.firstControlOrFormat(path) {
            error("templates has a control or format character (U+\(Self.hex4(bad))) in its path; paths are visible text", node, rule: "templates-folder")
            return nil
        }
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if parts.contains(where: { $0.elementsEqual("..".utf8) }) {
            error("templates '\(path)' leaves the schema's folder; templates are read inside it, like outputs are written (move the folder below the schema, or pass `--templates \(path)` on the command line)",
                  node, rule: "templates-folder")
            return nil
        }
        if path != ".", parts.contains(where: { $0.isEmpty || $0.elementsEqual(".".utf8) }) || path.utf8.contains(UInt8(ascii: "\\")) {
            error("templates '\(path)' is not a clean relative path (no empty parts, '.', or backslashes)", node, rule: "templates-folder")
            return nil
        }
        if let git = OutputPlan.gitFolder(in: path) {
            error("templates '\(path)' lies inside '\(git)'; templates are read from the schema's folder tree outside git folders, like outputs", node, rule: "templates-folder")
            return nil
        }
        return OutputPath(path: path, location: node.location)
    }
}

/// The accepted entries of a mapping, one slot per allowed key (in the order `allowed` lists
/// them). Schema mappings allow a handful of keys, so finding a key's slot is a scan; past
/// `indexedSize` allowed keys (a record of many fields) a dictionary keeps it constant, so a
/// 10,000-field example stays linear.
struct Entries {
    typealias Entry = (key: YAMLNode, value: YAMLNode)
    static let indexedSize = 16
    private let allowed: [String]
    private let index: [String: Int]?
    private var slots: [Entry?]

    init(allowed: [String]) {
        self.allowed = allowed
        slots = Array(repeating: nil, count: allowed.count)
        if allowed.count > Self.indexedSize {
            var built = [String: Int](minimumCapacity: allowed.count)
            for (position, name) in allowed.enumerated() where built[name] == nil { built[name] = position }
            index = built
        } else {
            index = nil
        }
    }

    /// The slot of an allowed key, or nil for a key that is not allowed.
    func position(of name: String) -> Int? {
        if let index { return index[name] }
        return allowed.firstIndex(of: name)
    }

    /// Stores `entry` under `name` (a repeated key keeps the last entry, as a dictionary
    /// would); false when `name` is not allowed.
    mutating func set(_ name: String, _ entry: Entry) -> Bool {
        guard let position = position(of: name) else { return false }
        slots[position] = entry
        return true
    }

    /// The entry for the allowed key at `position`.
    subscript(position position: Int) -> Entry? { slots[position] }

    /// The entry for `name`.
    subscript(name: String) -> Entry? { position(of: name).flatMap { slots[$0] } }
}
