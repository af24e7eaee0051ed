import Foundation
import XCTest
@testable import LiveContract

/// The json-schema output against a standard validator: every bundled schema and the extra
/// test schemas are generated, then one python3 process with the `jsonschema` package
/// (Draft202012Validator) checks every document is a valid 2020-12 schema and runs every
/// fixture payload, decode case and malformed FCM map through it (Tests/Harness/jsonschema).
/// That the decode cases are what Swift decodes is SwiftHarnessTests' proof; this test proves
/// the documents agree with them.
final class JSONSchemaHarnessTests: XCTestCase {
    func testEveryFixtureAndDecodeCaseAgreesWithTheDocuments() throws {
        let python = try TestSupport.requireTool("python3")
        let probe = try TestSupport.run(python, ["-c", "import jsonschema"])
        if probe.status != 0 {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                return XCTFail("the jsonschema package is not installed; scripts/setup --test installs it: \(probe.stderr)")
            }
            throw XCTSkip("the jsonschema package is not installed (pip install jsonschema)")
        }
        let folder = TestSupport.temporaryDirectory("lc-json-schema")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        var manifest: [JSONValue] = []
        var folders: [String] = []
        // ServerAPIContractTests' torture schema too: Python and Go keywords as wire names.
        let torture = try String(contentsOf: ServerAPIContractTests.harness.appendingPathComponent("pygo.yaml"), encoding: .utf8)
        for (name, yaml) in TestSupport.schemaNames().map({ ($0, String?.none) }) + ExtraSchemas.all.map({ ($0.name, Optional($0.yaml)) }) + [("pygo", torture)] {
            let own = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            if let yaml { try yaml.write(to: own.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8) }
            let loaded = try TestSupport.generate(schema: name, into: own)
            let contract = loaded.contract
            let fixtures = try XCTUnwrap(contract.outputs.fixtures, "\(name) has no fixtures output")
            // The bundled schemas ask for the output, so `generate` wrote it; the extra
            // schemas do not, so their documents come from the emitter itself.
            let documents: URL
            if let output = contract.outputs["json-schema"]?.paths.first {
                documents = own.appendingPathComponent(output.path)
                XCTAssertEqual(loaded.files.filter { $0.kind == .jsonSchema }.count, 9, name)
            } else {
                documents = own.appendingPathComponent("json-schema-documents")
                try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
                for file in JSONSchemaDocuments(contract: contract).files(in: documents.path, header: GeneratedHeader.lines(for: contract), kind: .jsonSchema) {
                    try Data(file.bytes).write(to: URL(fileURLWithPath: file.path))
                }
            }
            folders.append(documents.path)
            let jsonText = (contract.attributes + contract.state).filter { $0.type.isJSONTextOnFCM }.map { JSONValue.string($0.wireName) }
            manifest.append(.object([
                JSONMember("schema", .string(name)),
                JSONMember("documents", .string(documents.path)),
                JSONMember("fixtures", .string(own.appendingPathComponent(fixtures.path).path)),
                JSONMember("jsonTextKeys", .array(jsonText)),
                JSONMember("eventKey", .string(contract.envelope.event)),
            ]))
        }
        let manifestURL = folder.appendingPathComponent("manifest.json")
        try JSONWriter.pretty(.array(manifest)).write(to: manifestURL, atomically: true, encoding: .utf8)
        let script = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/jsonschema/harness.py").path
        let result = try TestSupport.run(python, [script, manifestURL.path])
        let summary = try XCTUnwrap(result.stdout.split(separator: "\n").last { $0.hasPrefix("json-schema: ") }, result.stdout + result.stderr)
        print(summary)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(counts.count, 2, String(summary))
        XCTAssertEqual(counts.last, 0, result.stdout)
        // 9 documents per schema, every sample's payloads and every case: far more than this.
        XCTAssertGreaterThan(counts.first ?? 0, 1000, String(summary))

        // JSON Schema patterns are ECMA-262 regular expressions: every one must compile in
        // JavaScript with the `u` flag (what ajv uses), not only in Python's `re`.
        let node = try TestSupport.requireTool("node")
        let compile = """
            const fs = require('fs'), path = require('path'); let count = 0;
            const walk = (v) => { if (Array.isArray(v)) v.forEach(walk); else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { if (k === 'pattern' && typeof x === 'string') { new RegExp(x, 'u'); count++; } walk(x); } };
            for (const folder of process.argv.slice(1)) for (const f of fs.readdirSync(folder)) walk(JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')));
            console.log('patterns: ' + count);
            """
        let compiled = try TestSupport.run(node, ["-e", compile] + folders)
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertGreaterThan(Int(compiled.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0, 100, compiled.stdout)
    }
}
