import Foundation
import XCTest
@testable import LiveContract

/// One mistake repeated thousands of times (in a payload, a schema or an imported struct) is
/// reported 20 times per rule with a note counting the rest, in every format.
final class FindingCapTests: RepoFolderTestCase {
    /// 60,000 unknown keys: 20 warnings and one note saying how many more, in every format,
    /// with the summary counting them all.
    func testValidateCapsRepeatedFindingsOfOneRule() throws {
        try write("livecontract: 1\nname: A\nstate:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        var payload = "{\"a\":1"
        for index in 0..<60_000 { payload += ",\"k\(index)\":1" }
        // And a second rule repeated, so each rule gets its own cap.
        payload += ",\"a\":2,\"a\":3}"
        try write(payload, "p.json")
        let text = try run(["validate", "--schema", "s.yaml", "p.json"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertLessThan(text.stderr.utf8.count, 10_000)
        XCTAssertEqual(text.stderr.components(separatedBy: "[payload-unknown-key]").count - 1, 21, text.stderr)
        XCTAssertTrue(text.stderr.contains("note: 59980 more payload-unknown-key warnings like the 20 above are left out"), text.stderr)
        XCTAssertTrue(text.stderr.contains("[payload-duplicate-key]"), text.stderr)
        XCTAssertTrue((text.stdout + text.stderr).contains("2 errors, 60000 warnings"), text.stdout + text.stderr)
        let strict = try run(["validate", "--strict", "--schema", "s.yaml", "p.json"])
        XCTAssertEqual(strict.status, 1)
        let json = try run(["validate", "--format", "json", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(json.stdout.utf8.count, 20_000)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["ok"] as? Bool, false)
        let diagnostics = ((parsed?["payloads"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]]) ?? []
        XCTAssertEqual(diagnostics.filter { $0["rule"] as? String == "payload-unknown-key" }.count, 21)
        XCTAssertEqual(diagnostics.filter { $0["severity"] as? String == "note" }.count, 1)
        let github = try run(["validate", "--format", "github", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(github.stdout.utf8.count, 10_000)
        XCTAssertTrue(github.stdout.contains("::notice file=p.json,line=1,"), github.stdout)
        let sarif = try run(["validate", "--format", "sarif", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(sarif.stdout.utf8.count, 40_000)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)))
    }

    /// The same cap on a schema of 2,000 misspelt types (text and JSON, with a true error
    /// count) and on `import` of a struct of 2,000 fields with initial values (one note each).
    func testSchemaAndImportFindingsAreCappedPerRule() throws {
        var schema = "livecontract: 1\nname: A\nstate:\n"
        for index in 0..<2_000 { schema += "  f\(index): { type: strin }\n" }
        try write(schema + "outputs:\n  swift: [A.swift]\n", "s.yaml")
        let text = try run(["check", "s.yaml"])
        XCTAssertEqual(text.status, 2, text.stderr)
        XCTAssertEqual(text.stderr.components(separatedBy: "[unknown-type]").count - 1, 21, text.stderr)
        XCTAssertTrue(text.stderr.contains("s.yaml:24:"), "the note is at the first one left out: \(text.stderr)")
        XCTAssertTrue(text.stderr.contains("note: 1980 more unknown-type errors like the 20 above are left out"), text.stderr)
        let json = try run(["check", "--format", "json", "s.yaml"])
        XCTAssertEqual(json.status, 2)
        XCTAssertLessThan(json.stdout.utf8.count, 20_000)
        XCTAssertTrue(json.stdout.contains("\"ok\": false") || json.stdout.contains("\"ok\" : false"), json.stdout)
        let github = try run(["check", "--format", "github", "s.yaml"])
        XCTAssertTrue(github.stdout.contains("s.yaml; 2000 errors)"), github.stdout)
        var swift = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n"
        for index in 0..<2_000 { swift += "        var f\(index): Int = 1\n" }
        try write(swift + "    }\n}\n", "A.swift")
        let imported = try run(["import", "A.swift"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr.components(separatedBy: "[import-changed]").count - 1, 21, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("f1999:"), "the schema itself is whole")
    }

    /// The cap keeps order and counts for the library's callers.
    func testCappedDiagnosticsKeepsTheFirstOfEachRule() {
        let location = { (line: Int) in SourceLocation(file: "p.json", line: line, column: 1) }
        var all: [Diagnostic] = []
        for line in 1...5 { all.append(Diagnostic(.warning, "w\(line)", at: location(line), rule: "x")) }
        all.append(Diagnostic(.error, "e", at: location(6), rule: "x"))
        let capped = CappedDiagnostics(all, perRule: 2)
        XCTAssertEqual(capped.items.map(\.message).prefix(2), ["w1", "w2"])
        XCTAssertEqual(capped.items[2].severity, .note)
        XCTAssertEqual(capped.items[2].location, location(3))
        XCTAssertTrue(capped.items[2].message.hasPrefix("3 more x warnings"), capped.items[2].message)
        XCTAssertEqual(capped.items.last?.message, "e")
        XCTAssertEqual(capped.leftOutWarnings, 3)
        XCTAssertEqual(capped.leftOutErrors, 0)
        XCTAssertEqual(CappedDiagnostics(Array(all.prefix(2)), perRule: 2).items, Array(all.prefix(2)))
    }
}
