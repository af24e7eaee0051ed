import Foundation
import XCTest
@testable import LiveContract

/// `livecontract editor-schema` agrees with the loader: every bundled schema validates, and
/// every hostile case the loader refuses for a key or value reason is refused by the JSON
/// Schema too, except the listed ones it cannot express. Validation is python3's `jsonschema`
/// (scripts/setup --test installs it); YAML is turned into JSON the way an editor's YAML 1.2
/// reader sees it.
final class EditorSchemaTests: XCTestCase {
    /// Rules that judge one key or value on its own: the JSON Schema should refuse these.
    static let keyAndValueRules: Set<String> = ["unknown-key", "schema-shape", "schema-version", "missing-key", "schema-value", "value-type",
                                                "yaml11-boolean", "yaml11-number", "invalid-name", "reserved-name", "fcm-reserved-key",
                                                "unknown-type", "unsupported-type", "value-not-finite", "output-path", "templates-folder", "value-out-of-range",
                                                "output-extension"]

    /// Refused by the loader, accepted by the JSON Schema, and why it cannot say so.
    static let notExpressible: [String: String] = [
        "unknown custom type": "whether an upper-case name is declared under `types` relates two places",
        "default below min": "a value against the field's own min/max relates two keys",
        "min above max": "min against max relates two keys",
        "min above max double": "min against max relates two keys",
        "double above max": "a value against the field's max relates two keys",
        "example bad value": "an example's values against the fields' types relate two sections",
        "example unknown field": "an example's keys against the declared fields relate two sections",
        "NaN in an example": "an example's values against the fields' types relate two sections",
        "wrong item in a list": "a list's items against the element type of a named or list type",
        "mapping for a list": "a value against a list type spelled in a string",
        "NaN": "an editor's YAML reader turns .nan into a number",
        "Infinity": "an editor's YAML reader turns .inf into a number",
        "negative infinity": "an editor's YAML reader turns -.inf into a number",
        "double overflow": "a YAML reader turns 1e400 into infinity, a number",
        "int beyond 64 bits": "JSON Schema numbers have no width",
        "exponent for an int": "1e3 is the number 1000 to a YAML 1.2 reader, an integer to JSON Schema",
        "octal int": "0777 is the decimal 777 to a YAML 1.2 reader; only the loader sees the spelling",
        "version 1.0": "1.0 equals 1 in JSON Schema; only the loader sees the spelling",
        "date before 1970": "calendar limits of ISO dates are beyond a pattern worth keeping",
        "date with microseconds": "the loader's millisecond limit on fractions",
        "impossible date": "calendar validity (February 30) is beyond a pattern",
        "relative url": "portable-URL rules are the loader's (PortableURL)",
        "FCM collapse_key": "an FCM-reserved name is refused only when no bridgeName renames it: relates two keys",
        "FCM gcm prefix": "an FCM-reserved name is refused only when no bridgeName renames it: relates two keys",
        "FCM google prefix": "an FCM-reserved name is refused only when no bridgeName renames it: relates two keys",
        "FCM from": "an FCM-reserved name is refused only when no bridgeName renames it: relates two keys",
        "FCM message_type": "an FCM-reserved name is refused only when no bridgeName renames it: relates two keys",
        "apnsName as an FCM-reserved key": "an FCM-reserved apnsName is refused only when no bridgeName sets the FCM key: relates two keys",
        "NEL in output path": "the loader's output-path rules (control and format characters) are not repeated in the editor schema",
        "line separator in output path": "the loader's output-path rules (control and format characters) are not repeated in the editor schema",
        "bidi isolate in output path": "the loader's output-path rules (control and format characters) are not repeated in the editor schema",
        "bidi override in output path": "the loader's output-path rules (control and format characters) are not repeated in the editor schema",
        "zero-width space in output path": "the loader's output-path rules (control and format characters) are not repeated in the editor schema",
        "fixtures folder is .git": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "output in .git. (Windows trims the dot)": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "output in a git hook": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "output in a nested .GIT": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "output in git's 8.3 short name": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "output in an NTFS stream of .git": "the loader's git-folder rule on output paths is not repeated in the editor schema",
        "float default beyond Float's range": "a value against the field's sized type relates two keys",
        "float example that rounds to zero": "a value against the field's sized type relates two keys",
        "int64 example beyond 2^53": "a value against the field's sized type relates two keys",
        "int8 max beyond its range": "a bound against the field's sized type relates two keys",
        "negative uint": "a value against the field's sized type relates two keys",
        "uint16 default below its min": "min against a default relates two keys",
        "uint8 default of 300": "a value against the field's sized type relates two keys",
        "uuid too short": "the UUID form of a value is checked against the field's type by the loader",
        "uuid with a non-hex digit": "the UUID form of a value is checked against the field's type by the loader",
        "uuid without dashes": "the UUID form of a value is checked against the field's type by the loader",
        "url with a stray percent": "portable-URL rules are the loader's (PortableURL)",
        "url with braces": "portable-URL rules are the loader's (PortableURL)",
        "url with non-ASCII": "portable-URL rules are the loader's (PortableURL)",
        "url with two fragments": "portable-URL rules are the loader's (PortableURL)",
        "url without a scheme": "portable-URL rules are the loader's (PortableURL)",
    ]

    static func python() throws -> String {
        let python = try TestSupport.requireTool("python3")
        let probe = try TestSupport.run(python, ["-c", "import jsonschema"])
        guard probe.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 has no jsonschema; scripts/setup --test installs it") }
            throw XCTSkip("pip install jsonschema to run this test")
        }
        return python
    }

    /// Validates each named document (JSON text); returns the names the schema accepts.
    func accepted(_ documents: [(String, String)]) throws -> Set<String> {
        let python = try Self.python()
        let folder = TestSupport.temporaryDirectory("editor-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = folder.appendingPathComponent("schema.json"), inputFile = folder.appendingPathComponent("documents.txt")
        try EditorSchema.render().write(to: schemaFile, atomically: true, encoding: .utf8)
        try ("[" + documents.map { "[\(Self.quoted($0.0)),\($0.1)]" }.joined(separator: ",\n") + "]").write(to: inputFile, atomically: true, encoding: .utf8)
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        for name, document in json.load(open(sys.argv[2], encoding="utf-8")):
            if validator.is_valid(document):
                print(name)
        """
        let result = try TestSupport.run(python, ["-c", script, schemaFile.path, inputFile.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return Set(result.stdout.split(separator: "\n").map(String.init))
    }

    func testEveryBundledSchemaValidates() throws {
        var documents: [(String, String)] = []
        for name in TestSupport.schemaNames() {
            let bytes = Array(try Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml")))
            documents.append((name, Self.json(try YAMLReader().read(bytes, path: name))))
        }
        let starter = SchemaScaffold.text(name: "LiveActivity")
        documents.append(("init", Self.json(try YAMLReader().read(Array(starter.utf8), path: "init"))))
        let valid = try accepted(documents)  // outside the assertion, so a skip stays a skip
        XCTAssertEqual(valid, Set(documents.map(\.0)), "every bundled schema and the init scaffold validate")
    }

    /// Every single-file output takes a list of paths, a package output a list under `path:`;
    /// a list of mappings and a path with the wrong ending stay refused.
    func testOutputPathListsAreAcceptedWhereTheLoaderAcceptsThem() throws {
        func document(_ outputs: String) throws -> String {
            let text = "livecontract: 1\nname: Ride\nstate:\n  eta: { type: int }\noutputs:\n  \(outputs)\n"
            return Self.json(try YAMLReader().read(Array(text.utf8), path: "ride.yaml"))
        }
        let documents = [
            ("lists", try document(OutputPathListTests.schema.components(separatedBy: "outputs:\n  ")[1])),
            ("list of mappings", try document("kotlin: [{ path: a/A.kt, package: com.a }, { path: b/A.kt, package: com.b }]")),
            ("wrong ending in a list", try document("python: [a/ride_contract.py, b/ride.txt]")),
            ("wrong ending under path", try document("go: { path: [a/x.go, b/x.txt], package: x }")),
        ]
        let verdicts = try accepted(documents)  // outside the assertion: a skip (no python3) is not a failure
        XCTAssertEqual(verdicts, ["lists"])
    }

    func testHostileKeyAndValueCasesAreRefused() throws {
        var documents: [(String, String)] = []
        for hostile in HostileSchemas.all where Self.keyAndValueRules.contains(hostile.rule) {
            guard let root = try? YAMLReader().read(hostile.source.bytes, path: hostile.name) else { continue }
            documents.append((hostile.name, Self.json(root)))
        }
        XCTAssertGreaterThan(documents.count, 60)
        let accepted = try accepted(documents)
        XCTAssertEqual(accepted.subtracting(Self.notExpressible.keys).sorted(), [], "refused by the loader, accepted by the editor schema")
        XCTAssertEqual(Set(Self.notExpressible.keys).subtracting(accepted).sorted(), [], "now refused: remove from notExpressible")
    }

    func testEveryLoaderKeyHasADescription() throws {
        let document = EditorSchema.document
        guard case .object(let top)? = document["properties"] else { return XCTFail("no properties") }
        for key in SchemaLoader.topLevelKeys {
            XCTAssertNotNil(top.first { $0.key == key }?.value["description"] ?? top.first { $0.key == key }?.value["$ref"], key)
        }
        let body = document["$defs"]?["fieldBody"]?["properties"]
        for key in SchemaLoader.fieldKeys { XCTAssertNotNil(body?[key]?["description"], key) }
    }

    func testTheCommandPrintsTheSchema() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let result = try TestSupport.run(TestSupport.binary.path, ["editor-schema"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, EditorSchema.render() + (EditorSchema.render().hasSuffix("\n") ? "" : "\n"))
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["editor-schema", "extra"]).status, 64)
        let help = try TestSupport.run(TestSupport.binary.path, ["help", "editor-schema"])
        XCTAssertTrue(help.stdout.contains("# yaml-language-server: $schema=livecontract.schema.json"), help.stdout)
    }

    /// YAML 1.2 core schema, as editors read it: plain `true`/`false`, `null`/`~`/empty,
    /// integers and floats resolve; everything else (and every quoted scalar) is a string.
    static func json(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar(let text, let style):
            guard style == .plain else { return quoted(text) }
            if ["", "~", "null", "Null", "NULL"].contains(text) { return "null" }
            if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return text.lowercased() }
            if text.range(of: #"^[-+]?[0-9]+$"#, options: .regularExpression) != nil { return Int(text).map(String.init) ?? number(text) }
            if text.range(of: #"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil {
                return number(text)
            }
            if [".inf", ".Inf", ".INF", "+.inf"].contains(text) { return "1e999" }
            if ["-.inf", "-.Inf", "-.INF"].contains(text) { return "-1e999" }
            if [".nan", ".NaN", ".NAN"].contains(text) { return "NaN" }
            return quoted(text)
        case .sequence(let items):
            return "[" + items.map(json).joined(separator: ",") + "]"
        case .mapping(let entries):
            return "{" + entries.map { quoted($0.key.scalar ?? "") + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A float as JSON; one too large for a Double is written as 1e999, which readers take as infinity.
    static func number(_ text: String) -> String {
        let value = Double(text) ?? 0
        return value.isFinite ? String(value) : value < 0 ? "-1e999" : "1e999"
    }

    static func quoted(_ text: String) -> String {
        JSONWriter.compact(.string(text))
    }
}
