import Foundation
import XCTest
@testable import LiveContract

/// The Python output proven end to end: every bundled schema (plus the plain contract of the
/// TypeScript harness and the extra schemas of ExtraSchemas) is generated, checked with `mypy --strict` together with a caller that
/// uses the API the way docs/python.md shows, parsed as Python 3.9 grammar, and run through
/// Tests/Harness/python/harness.py against the fixtures (under Python 3.9 too when present).
final class PythonHarnessTests: XCTestCase {
    static let harness = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/python")

    /// Bridge and APNs shapes with the same fields, as in the TypeScript harness.
    static let plainSchema = """
        livecontract: 1
        name: Plain
        attributes:
          title: { type: string }
        state:
          label: { type: string }
          count: { type: int }
        outputs:
          python: plain/plain_contract.py
          fixtures: plain/fixtures

        """

    struct Generated {
        var schema: String
        var contract: Contract
        var module: String
        var fixtures: String?
    }

    /// Every schema/*.yaml, the plain contract and the extra schemas of the other harnesses
    /// (the Kotlin torture schema, one-sided bounds), each extra one in its own folder.
    func generateAll(into root: URL) throws -> [Generated] {
        try Self.plainSchema.write(to: root.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        var generated = try (TestSupport.schemaNames() + ["plain"]).map { schema in
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            let output = try XCTUnwrap(contract.outputs["python"]?.paths.first?.path, "\(schema).yaml has no python output")
            return Generated(schema: schema, contract: contract, module: output, fixtures: contract.outputs.fixtures?.path)
        }
        for extra in ExtraSchemas.all {
            let folder = root.appendingPathComponent(extra.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let yaml = extra.yaml.trimmingCharacters(in: .newlines) + "\n  python: \(extra.name)_contract.py\n"
            try yaml.write(to: folder.appendingPathComponent(extra.name + ".yaml"), atomically: true, encoding: .utf8)
            let contract = try TestSupport.generate(schema: extra.name, into: folder).contract
            generated.append(Generated(schema: extra.name, contract: contract, module: "\(extra.name)/\(extra.name)_contract.py",
                                       fixtures: contract.outputs.fixtures.map { "\(extra.name)/\($0.path)" }))
        }
        return generated
    }

    func testFixturesRoundTripThroughGeneratedPython() throws {
        let python = try TestSupport.requireTool("python3"), mypy = try TestSupport.requireTool("mypy")
        let started = Date()
        let root = TestSupport.temporaryDirectory("lc-py")
        // LIVECONTRACT_KEEP_PYTHON=1 keeps the generated modules and fixtures for a look.
        let keep = ProcessInfo.processInfo.environment["LIVECONTRACT_KEEP_PYTHON"] == "1"
        defer { if keep { print("python harness folder: \(root.path)") } else { try? FileManager.default.removeItem(at: root) } }
        let contracts = try generateAll(into: root)
        let checkFolder = root.appendingPathComponent("mypy-check")
        let checkFiles = try fillUsage(contracts, root: root, into: checkFolder)
        let checked = try TestSupport.run(mypy, ["--strict", "--no-incremental", "--cache-dir", "/dev/null", "--hide-error-context"] + checkFiles,
                                          in: checkFolder)
        XCTAssertEqual(checked.status, 0, "mypy --strict rejects the output:\n\(checked.stdout)\(checked.stderr)")
        let grammar = try TestSupport.run(python, ["-c", Self.grammarCheck] + contracts.map(\.module), in: root)
        XCTAssertEqual(grammar.status, 0, "not Python 3.9 grammar:\n\(grammar.stdout)\(grammar.stderr)")
        let entries = root.appendingPathComponent("entries.json")
        try JSONWriter.pretty(.array(contracts.compactMap { entry($0, root: root) })).write(to: entries, atomically: true, encoding: .utf8)
        let script = Self.harness.appendingPathComponent("harness.py").path
        for interpreter in [python] + (Self.python39.map { [$0] } ?? []) {
            let result = try TestSupport.run(interpreter, [script, entries.path], in: root)
            let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            print("\(summary) (\(URL(fileURLWithPath: interpreter).lastPathComponent))")
            let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            XCTAssertTrue(summary.hasPrefix("python: ") && counts.count == 2, "no summary line:\n\(result.stdout)\(result.stderr)")
            guard counts.count == 2 else { continue }
            XCTAssertGreaterThan(counts[0], 0, "the harness checked nothing")
            XCTAssertEqual(counts[1], 0, "Python disagrees with the fixtures:\n\(result.stdout)\(result.stderr)")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        print("python harness: \(contracts.count) schemas in \(Int(Date().timeIntervalSince(started))) s")
    }

    /// The escaping rule on the keyword torture schemas: Python keywords and the names a
    /// dataclass body uses get a trailing underscore, everything else keeps its name, and
    /// the wire keeps the schema name (the harness checks attribute and key per fixture).
    func testKeywordNamesAreEscapedOnlyWherePythonNeedsIt() throws {
        let root = TestSupport.temporaryDirectory("lc-py-keywords")
        defer { try? FileManager.default.removeItem(at: root) }
        let fields = try TestSupport.generate(schema: "keywordfields", into: root).contract
        let attributes = Dictionary(uniqueKeysWithValues: zip(fields.attributes.map(\.wireName), PythonSyntax.attributes(fields.attributes, apns: false)))
        XCTAssertEqual(attributes["class"], "class_")
        XCTAssertEqual(attributes["import"], "import_")
        XCTAssertEqual(attributes["fromStop"], "fromStop")
        XCTAssertEqual(PythonSyntax.attributes(fields.attributes, apns: true)[fields.attributes.firstIndex { $0.name == "from" }!], "from_")
        XCTAssertEqual(attributes["def"], "def_")
        XCTAssertEqual(attributes["lambda"], "lambda_")
        XCTAssertEqual(attributes["str"], "str_", "a field named str would rebind the annotation type in the class body")
        XCTAssertEqual(attributes["from_json"], "from_json_", "a field must not replace the generated method")
        XCTAssertEqual(attributes["self"], "self", "self is no keyword; methods read fields through their own parameter")
        XCTAssertEqual(attributes["match"] ?? "match", "match", "soft keywords stay names")
        let module = try String(contentsOf: root.appendingPathComponent(try XCTUnwrap(fields.outputs["python"]?.paths.first?.path)), encoding: .utf8)
        XCTAssertTrue(module.contains("    class_: Optional[int] = None\n"), "the escaped attribute is declared")
        XCTAssertTrue(module.contains("out['class'] = self.class_"), "the wire keeps the schema name")
        let cases = try TestSupport.generate(schema: "keywordcases", into: root).contract
        let word = try XCTUnwrap(cases.type(named: "Word")?.enumType)
        let members = PythonSyntax.memberNames(word.cases)
        for (name, member) in zip(word.cases, members) {
            XCTAssertEqual(member, PythonSyntax.keywords.contains(name) || name == "mro" ? name + "_" : name, name)
        }
        XCTAssertTrue(members.contains("import_") && members.contains("yield_") && members.contains("lambda_") && members.contains("mro_"))
    }

    /// Interpreters beside `python3` the harness also runs under: the oldest supported one.
    static var python39: String? {
        let candidates = ["/root/.pyenv/versions/3.9.18/bin/python3.9"] + (TestSupport.which("python3.9").map { [$0] } ?? [])
        return candidates.first { path in
            FileManager.default.isExecutableFile(atPath: path) && (try? TestSupport.run(path, ["--version"]).status) == 0
        }
    }

    /// mypy no longer checks for 3.9, so the grammar is checked by the parser's 3.9 mode.
    static let grammarCheck = """
        import ast, sys
        for path in sys.argv[1:]:
            with open(path, encoding='utf-8') as handle:
                ast.parse(handle.read(), path, feature_version=(3, 9))
        """

    /// Each module as `<schema>_contract.py` in one folder (output folders need not be
    /// importable package names) beside `usage_<schema>.py` from usage.py.in; the file names.
    func fillUsage(_ contracts: [Generated], root: URL, into folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOf: Self.harness.appendingPathComponent("usage.py.in"), encoding: .utf8)
        return try contracts.flatMap { generated -> [String] in
            let module = "\(generated.schema)_contract"
            try FileManager.default.copyItem(at: root.appendingPathComponent(generated.module),
                                             to: folder.appendingPathComponent(module + ".py"))
            let filled = text.replacingOccurrences(of: "__MODULE__", with: module)
                .replacingOccurrences(of: "__NAME__", with: generated.contract.name)
            try filled.write(to: folder.appendingPathComponent("usage_\(generated.schema).py"), atomically: true, encoding: .utf8)
            return [module + ".py", "usage_\(generated.schema).py"]
        }
    }

    /// What the harness cannot read from fixtures: names, string, bounded and defaulted fields.
    func entry(_ generated: Generated, root: URL) -> JSONValue? {
        guard let fixtures = generated.fixtures else { return nil }
        let contract = generated.contract
        let stateAttributes = PythonSyntax.attributes(contract.state, apns: false)
        let bounded: [JSONValue] = contract.state.indices.compactMap { index in
            let field = contract.state[index]
            guard field.type == .int || field.type == .double, field.minimum != nil || field.maximum != nil else { return nil }
            return .object([
                JSONMember("wire", .string(field.wireName)),
                JSONMember("name", .string(field.apnsName)),
                JSONMember("attribute", .string(stateAttributes[index])),
                JSONMember("min", field.minimum?.number.map { .double($0) } ?? .null),
                JSONMember("max", field.maximum?.number.map { .double($0) } ?? .null),
                JSONMember("isInt", .bool(field.type == .int)),
            ])
        }
        func wires(_ fields: [Field]) -> JSONValue { .array(fields.map { .string($0.wireName) }) }
        func pairs(_ fields: [Field]) -> JSONValue {
            .array(zip(fields, PythonSyntax.attributes(fields, apns: false)).map { .array([.string($0.0.wireName), .string($0.1)]) })
        }
        return .object([
            JSONMember("name", .string(generated.schema)),
            JSONMember("contract", .string(contract.name)),
            JSONMember("module", .string(root.appendingPathComponent(generated.module).path)),
            JSONMember("fixtures", .string(root.appendingPathComponent(fixtures).path)),
            JSONMember("stringFields", wires(contract.state.filter { $0.type == .string })),
            JSONMember("bounded", .array(bounded)),
            JSONMember("defaultedAttributes", wires(contract.attributes.filter { $0.defaultValue != nil })),
            JSONMember("defaultedState", wires(contract.state.filter { $0.defaultValue != nil })),
            JSONMember("attributeNames", pairs(contract.attributes)),
            JSONMember("stateNames", pairs(contract.state)),
            // decode-cases.json labels cases by Swift name; their bodies are keyed by APNs key.
            JSONMember("apnsKeys", .object(contract.state.map { JSONMember($0.name, .string($0.apnsName)) })),
        ])
    }
}
