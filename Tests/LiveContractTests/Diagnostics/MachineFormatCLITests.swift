import Foundation
import XCTest
@testable import LiveContract

/// `--format json|github|sarif` through the built binary: every run prints one complete
/// document, an invalid schema makes it say so, and SARIF has the 2.1.0 structure code
/// scanning reads.
final class MachineFormatCLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("formats")
        let schema = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"), encoding: .utf8)
        try schema.write(to: folder.appendingPathComponent("delivery.yaml"), atomically: true, encoding: .utf8)
        try schema.replacingOccurrences(of: "\nattributes:", with: "\natributes:")
            .write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        try Data("{\"aps\": {}}".utf8).write(to: folder.appendingPathComponent("push.json"))
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func object(_ text: String, _ file: StaticString = #filePath, _ line: UInt = #line) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(parsed as? [String: Any], "not a JSON object: \(text)", file: file, line: line)
    }

    func testCheckJSONIsNotOkWhenAnySchemaIsInvalid() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let result = try run("check", "--format", "json", "bad.yaml", "delivery.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        let document = try object(result.stdout)
        XCTAssertEqual(document["ok"] as? Bool, false)
        XCTAssertEqual(document["invalidSchemas"] as? Int, 1)
        let schemas = try XCTUnwrap(document["schemas"] as? [[String: Any]])
        XCTAssertEqual(schemas.map { $0["valid"] as? Bool }, [false, true])
        let diagnostics = try XCTUnwrap(schemas[0]["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["rule"] as? String }, ["unknown-key"])
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 7)
    }

    func testCheckGitHubAnnotatesSchemaErrorsAndDoesNotSayInSync() throws {
        let result = try run("check", "--format", "github", "bad.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.contains("::error file=bad.yaml,line=7,col=1,title=livecontract unknown-key::unknown key 'atributes'"), result.stdout)
        XCTAssertFalse(result.stdout.contains("in sync"), result.stdout)
        XCTAssertTrue(result.stdout.contains("1 of 1 schema invalid"), result.stdout)
    }

    func testCompatAndValidatePrintADocumentForAnInvalidSchema() throws {
        for format in ["json", "sarif"] {
            let compat = try run("compat", "bad.yaml", "--against", "delivery.yaml", "--format", format)
            XCTAssertEqual(compat.status, 2, compat.stderr)
            let validate = try run("validate", "--schema", "bad.yaml", "--format", format, "push.json")
            XCTAssertEqual(validate.status, 2, validate.stderr)
            for output in [compat.stdout, validate.stdout] {
                let document = try object(output)
                if format == "json" {
                    XCTAssertEqual(document["ok"] as? Bool, false)
                    let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
                    XCTAssertEqual(diagnostics.first?["rule"] as? String, "unknown-key", output)
                } else {
                    let results = try XCTUnwrap(((document["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
                    XCTAssertEqual(results.first?["ruleId"] as? String, "unknown-key", output)
                }
            }
        }
        let missing = try run("compat", "nope.yaml", "--against", "delivery.yaml", "--format", "github")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.contains("::error file=nope.yaml,line=1,col=1,title=livecontract schema-missing::no schema at 'nope.yaml'"), missing.stdout)
    }

    /// The SARIF schema is not available offline, so each field code scanning needs is checked.
    func testSARIFHasTheStructureCodeScanningReads() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let widget = folder.appendingPathComponent("delivery/targets/widgets/DeliveryAttributes.swift")
        try String(contentsOf: widget, encoding: .utf8).replacingOccurrences(of: "courierName", with: "riderName")
            .write(to: widget, atomically: true, encoding: .utf8)
        let result = try run("check", "--format", "sarif", "delivery.yaml", "bad.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        let log = try object(result.stdout)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "livecontract")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ids.sorted())
        for rule in rules {
            let id = try XCTUnwrap(rule["id"] as? String)
            XCTAssertEqual((rule["shortDescription"] as? [String: Any])?["text"] as? String, RuleCatalog.entry(for: id)?.summary)
        }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        XCTAssertEqual(Set(results.compactMap { $0["ruleId"] as? String }), ["drift-hand-edited", "unknown-key"])
        for item in results {
            let index = try XCTUnwrap(item["ruleIndex"] as? Int)
            XCTAssertEqual(ids[index], item["ruleId"] as? String)
            XCTAssertTrue(["error", "warning", "note"].contains(item["level"] as? String ?? ""))
            XCTAssertFalse(((item["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
            let physical = try XCTUnwrap(((item["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
            XCTAssertEqual(artifact["uriBaseId"] as? String, "SRCROOT")
            let uri = try XCTUnwrap(artifact["uri"] as? String)
            XCTAssertFalse(uri.hasPrefix("/"), uri)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(uri).path), uri)
            let region = try XCTUnwrap(physical["region"] as? [String: Any])
            XCTAssertGreaterThanOrEqual(region["startLine"] as? Int ?? 0, 1)
            XCTAssertGreaterThanOrEqual(region["startColumn"] as? Int ?? 0, 1)
        }
        let edited = try XCTUnwrap(results.first { $0["ruleId"] as? String == "drift-hand-edited" })
        let uri = ((((edited["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"]
        XCTAssertEqual(uri as? String, "delivery/targets/widgets/DeliveryAttributes.swift")
    }

    func testSARIFPercentEncodesPaths() {
        XCTAssertEqual(SARIF.percentEncoded("my app/a b:c.swift"), "my%20app/a%20b%3Ac.swift")
    }
}
