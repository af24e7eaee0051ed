/// A JSON Schema (draft 2020-12) of the livecontract.yaml format, for editors: with VS Code's
/// YAML extension and `# yaml-language-server: $schema=livecontract.schema.json` at the top
/// of the schema, every key completes with its description and most mistakes are underlined
/// while typing.
///
/// It is built from the same lists the loader uses (keys, built-in types, reserved names) so
/// the two cannot drift apart; EditorSchemaTests validates every bundled schema and the
/// loader's hostile cases against it. What it cannot say is the loader's alone: anything that
/// relates two places (a type reference to its declaration, an example to its fields, an
/// `unknown:` to the enum's cases, collisions, cycles, lengths against `maxLength`).
public enum EditorSchema {
    public static func render() -> String { JSONWriter.pretty(document) }

    /// The type names the loader knows besides declared ones. Kept generous on purpose: the
    /// fixed-width and map types are accepted here as soon as a loader may read them.
    public static let builtinTypeNames = ["string", "int", "double", "bool", "date", "dateRange", "url", "uuid", "float",
                                          "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64"]

    /// `T`, `T?`, `[T]`, `[T]?`, `[string: T]`, `[string: T]?`: T a built-in type or an
    /// upper-case declared type name.
    static var typeExpressionPattern: String {
        let element = "(?:\(builtinTypeNames.joined(separator: "|"))|[A-Z][A-Za-z0-9_]*)"
        // `[T]`, `[string: T]` and `[string: [T]]` (a map's values may be lists).
        return "^ *(?:\(element)|\\[ *(?:\(element)|string *: *(?:\(element)|\\[ *\(element) *\\])) *\\]) *\\?? *$"
    }

    static let identifierLower = "^[a-z][A-Za-z0-9_]*$"
    static let identifierUpper = "^[A-Z][A-Za-z0-9_]*$"

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { SchemaJSON.object(members) }
    static func text(_ description: String) -> JSONValue { SchemaJSON.text(description) }
    static func reference(_ name: String) -> JSONValue { SchemaJSON.reference(name) }
    static func strings(_ values: [String]) -> JSONValue { SchemaJSON.strings(values) }
    static func rule(_ id: String) -> String { RuleCatalog.entry(for: id).map { " [\(id)] \($0.summary)" } ?? "" }

    /// Field names that cannot work even escaped (NameRules says why for each); keywords are
    /// escaped by the generators, so they are allowed.
    static var reservedMemberNames: [String] { NameRules.refusedFieldNames.keys.sorted() }

    static var keywords: Set<String> {
        Set(NameRules.swiftKeywords).union(NameRules.kotlinKeywords).union(NameRules.typeScriptKeywords)
    }

    static var reservedCaseNames: [String] { NameRules.refusedCaseNames.keys.sorted() }

    static var reservedContractNames: [String] { Array(Set(NameRules.refusedTypeNames.keys).union(NameRules.frameworkTypes)).sorted() }

    static var reservedTypeNames: [String] {
        Array(Set(NameRules.refusedTypeNames.keys)
            .union(NameRules.frameworkTypes).union(NameRules.generatedTypeSuffixes).union(builtinTypeNames)).sorted()
    }

    static var fieldName: JSONValue {
        object([("pattern", .string(identifierLower)),
                ("not", object([("anyOf", .array([object([("enum", strings(reservedMemberNames))]),
                                                  ]))])),
                ("description", .string("a field name: lower-case first letter, ASCII letters, digits and _; not a keyword or generated member" + rule("reserved-name")))])
    }

    public static var document: JSONValue {
        let top: [(String, JSONValue)] = [
            ("livecontract", object([("const", .int(Int64(SchemaLoader.formatVersion))), ("description", .string("the format version; write `livecontract: 1`" + rule("schema-version")))])),
            ("name", object([("type", .string("string")), ("pattern", .string(identifierUpper)),
                             ("not", object([("enum", strings(reservedContractNames))])),
                             ("description", .string("the contract's base name: Swift <Name>Attributes, Kotlin and TypeScript <Name>Attributes + <Name>State"))])),
            ("doc", text("what the Live Activity shows, in one sentence; becomes the doc comment of the generated types")),
            ("access", object([("enum", strings(["public", "internal"])), ("description", .string("Swift access level of the generated types; public when the Expo module and the widget are separate modules"))])),
            ("attributes", object([("$ref", .string("#/$defs/fields")), ("description", .string("the static half: set when the activity starts, never carried by an update push"))])),
            ("state", object([("$ref", .string("#/$defs/fields")), ("description", .string("the ContentState: every update replaces it wholesale"))])),
            ("types", object([("type", .string("object")), ("propertyNames", object([("pattern", .string(identifierUpper)), ("not", object([("enum", strings(reservedTypeNames))]))])),
                              ("additionalProperties", reference("namedType")), ("description", .string("enums and structs that fields refer to by name"))])),
            ("examples", reference("examples")),
            ("outputs", reference("outputs")),
            ("templates", object([("type", .string("string")), ("minLength", .int(1)), ("pattern", .string("^(?![/~])[^\\u0000-\\u001f\\u007f]+$")),
                                  ("description", .string("a folder of .mustache overrides, relative to the schema's folder" + rule("templates-folder")))])),
            ("envelope", reference("envelope")),
            ("attributesType", object([("type", .string("string")), ("pattern", .string("^_*[A-Za-z][A-Za-z0-9_]*$")),
                                       ("not", object([("enum", strings((NameRules.swiftKeywords.names + SchemaLoader.swiftGlobalsOfGeneratedCode).sorted()))])),
                                       ("description", .string("the Swift type name when it is not <Name>Attributes (ActivityKit matches an existing struct by its name, which may start lower-case as Xcode names it after the widget target; also the APNs attributes-type)"))])),
            ("bundleId", object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*$")), ("maxLength", .int(255)),
                                 ("description", .string("the host app's bundle id (the APNs topic is <bundleId>.push-type.liveactivity); `livecontract doctor` compares it with the app target's"))])),
        ]
        return object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://livecontract.invalid/livecontract-\(SchemaLoader.formatVersion).schema.json")),
            ("title", .string("livecontract schema (livecontract.yaml)")),
            ("description", .string("One YAML schema in, every copy of a Live Activity contract out. `livecontract explain RULE` explains each diagnostic.")),
            ("type", .string("object")),
            ("required", strings(["livecontract", "name", "state", "outputs"])),
            ("additionalProperties", .bool(false)),
            ("properties", object(top)),
            ("$defs", object(definitions)),
        ])
    }
}
