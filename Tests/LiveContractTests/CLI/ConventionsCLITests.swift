import Foundation
import XCTest

/// The command line's conventions, through the built binary: usage errors exit 64 with a
/// suggestion, every exit-2 message has a position and a rule, one prefix everywhere, and no
/// message says the same thing twice.
final class ConventionsCLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("conventions")
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"),
                                         to: folder.appendingPathComponent("delivery.yaml"))
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func testHelpForAnUnknownCommandIsAUsageError() throws {
        let result = try run("help", "nosuch")
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("livecontract: no command 'nosuch'"), result.stderr)
        let typo = try run("help", "chek")
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("did you mean 'check'?"), typo.stderr)
        XCTAssertEqual(try run("help", "check").status, 0)
        XCTAssertEqual(try run("help").status, 0)
    }

    func testStandardInputAsSchemaIsAClearUsageError() throws {
        for command in ["generate", "check"] {
            let result = try run(command, "-")
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("livecontract: \(command) reads each schema from its file"), result.stderr)
            XCTAssertFalse(result.stderr.contains("no schema at '-'"), result.stderr)
        }
    }

    /// `path:line:col: error: message [rule]` for each refusal that exits 2.
    func testEveryExitTwoMessageHasAPositionAndARule() throws {
        try Data("x".utf8).write(to: folder.appendingPathComponent("livecontract.yaml"))
        let cases: [([String], String)] = [
            (["check", "nope.yaml"], "nope.yaml:1:1: error: no schema at 'nope.yaml'; create one with `livecontract init` [schema-missing]"),
            (["generate", "nope.yaml"], "nope.yaml:1:1: error: no schema at 'nope.yaml'"),
            (["validate", "--schema", "nope.yaml", "p.json"], "nope.yaml:1:1: error: no schema at 'nope.yaml'; pass --schema SCHEMA [schema-missing]"),
            (["compat", "nope.yaml", "--against", "delivery.yaml"], "nope.yaml:1:1: error: no schema at 'nope.yaml'"),
            (["init"], "livecontract.yaml:1:1: error: 'livecontract.yaml' already exists; pass --force to overwrite it (nothing was written) [file-exists]"),
            (["import", "Missing.swift"], "Missing.swift:1:1: error: cannot read 'Missing.swift': no such file"),
            (["compat", "delivery.yaml", "--against", "git:no-such-ref"], "delivery.yaml:1:1: error: cannot read the old schema git:no-such-ref: "),
        ]
        for (arguments, expected) in cases {
            let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(expected), "\(arguments): \(result.stderr)")
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(first.hasSuffix("]"), "\(arguments): the message ends with its rule: \(first)")
        }
    }

    /// Every line the tool prints on stderr is a diagnostic (`path:line:col: severity: ...`),
    /// starts with `livecontract: `, or is a continuation (indented, a diff, a hint to run).
    func testOneMessagePrefixEverywhere() throws {
        let runs: [[String]] = [
            ["frobnicate"], ["check", "--format", "yaml"], ["compat", "delivery.yaml"], ["validate"], ["validate", "--kind", "x", "p.json"],
            ["init", "a", "b"], ["init", "lowercase"], ["explain", "nosuch"], ["templates"], ["templates", "frob"], ["import"],
            ["generate", "--templates", "nowhere", "delivery.yaml"], ["check", "--bogus"],
        ]
        for arguments in runs {
            let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
            XCTAssertEqual(result.status == 64 || result.status == 2, true, "\(arguments) -> \(result.status)")
            let first = try XCTUnwrap(result.stderr.split(separator: "\n").first.map(String.init), "\(arguments)")
            let diagnostic = first.range(of: #"^[^ ]+:\d+:\d+: (error|warning|note): "#, options: .regularExpression) != nil
            XCTAssertTrue(first.hasPrefix("livecontract: ") || diagnostic, "\(arguments): \(first)")
            XCTAssertNil(first.range(of: #"^livecontract [a-z]+:"#, options: .regularExpression), "\(arguments): \(first)")
        }
    }

    func testNoRepeatedWordsInDriftHeadlinesOrInitHeader() throws {
        XCTAssertEqual(try run("generate", "--quiet", "delivery.yaml").status, 0)
        let widget = folder.appendingPathComponent("delivery/targets/widgets/DeliveryAttributes.swift")
        try (try String(contentsOf: widget, encoding: .utf8) + "// note\n").write(to: widget, atomically: true, encoding: .utf8)
        let fixture = folder.appendingPathComponent("delivery/fixtures/delivered.json")
        // Another well-formed fingerprint: the file stays ours (two full header lines), only older.
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\"fingerprint\": \"")).upperBound
        let end = text.index(start, offsetBy: 16)
        try (text.replacingCharacters(in: start..<end, with: "0000000000000000")).write(to: fixture, atomically: true, encoding: .utf8)
        let checked = try run("check", "delivery.yaml")
        XCTAssertTrue(checked.stderr.contains(": hand-edited: changed after it was generated"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains(": stale: generated from an older version"), checked.stderr)
        for repeated in ["hand-edited: was edited by hand", "stale: is stale", "edited by hand"] {
            XCTAssertFalse(checked.stderr.contains(repeated), checked.stderr)
        }
        XCTAssertEqual(try run("init", "--output", "starter.yaml").status, 0)
        let starter = try String(contentsOf: folder.appendingPathComponent("starter.yaml"), encoding: .utf8)
        XCTAssertFalse(starter.contains("LiveActivity Live Activity"), starter)
        XCTAssertTrue(starter.hasPrefix("# livecontract schema for LiveActivity: the one place this Live Activity's contract is written down."), starter)
    }
}
