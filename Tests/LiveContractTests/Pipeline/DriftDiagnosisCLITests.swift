import Foundation
import XCTest
@testable import LiveContract

/// `check` names what actually changed, through the built binary: a hand edit of any output
/// (fixtures included), a stale output, a renamed schema, and templates that differ between
/// generate and check.
final class DriftDiagnosisCLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("drift")
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"),
                                         to: folder.appendingPathComponent("delivery.yaml"))
        XCTAssertEqual(try run("generate", "--quiet", "delivery.yaml").status, 0)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = folder.appendingPathComponent(path)
        try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Headlines only (`path: kind: message [rule]`), without diffs and fixes.
    func headlines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(" [drift-") && !$0.hasPrefix(" ") }
    }

    func testHandEditedFixtureIsHandEditedNotStale() throws {
        try edit("delivery/fixtures/almostThere.json") { $0.replacingOccurrences(of: "\"Almost there\"", with: "\"Almost here\"") }
        let checked = try run("check", "delivery.yaml")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(headlines(checked.stderr), ["delivery/fixtures/almostThere.json: hand-edited: changed after it was generated: its contract fingerprint matches the schema's, its text does not (or the schema changed only in docs or bounds since) [drift-hand-edited]"])
        for kind in [": stale:", "Kotlin", "TypeScript"] { XCTAssertFalse(checked.stderr.contains(kind), checked.stderr) }
    }

    func testEveryOutputKindTellsStaleFromHandEdited() throws {
        let outputs = ["delivery/modules/droptrack-live/ios/DeliveryRecords.swift", "delivery/modules/droptrack-live/android/DeliveryContract.kt",
                       "delivery/modules/droptrack-live/src/DeliveryContract.ts", "delivery/fixtures/delivered.json",
                       "delivery/json-schema/content-state.schema.json"]
        for path in outputs { try edit(path) { $0 + "\n" } }
        let edited = try run("check", "delivery.yaml")
        XCTAssertEqual(headlines(edited.stderr).count, 5, edited.stderr)
        XCTAssertTrue(headlines(edited.stderr).allSatisfy { $0.contains(": hand-edited: ") }, edited.stderr)
        // A change of contract, not regenerated: every output is stale, whatever its kind.
        XCTAssertEqual(try run("generate", "--quiet", "delivery.yaml").status, 0)
        try edit("delivery.yaml") { $0.replacingOccurrences(of: "\nexamples:", with: "  note: string?\n\nexamples:") }
        let stale = try run("check", "delivery.yaml")
        XCTAssertEqual(stale.status, 1)
        let existing = headlines(stale.stderr)
        XCTAssertEqual(existing.count, 33, stale.stderr)
        XCTAssertTrue(existing.allSatisfy { $0.contains(": stale: generated from an older version of the schema (contract fingerprint ") }, stale.stderr)
        XCTAssertFalse(stale.stderr.contains("stale: is stale"), stale.stderr)
    }

    func testRenamedSchemaSaysSoAndWhatToRun() throws {
        try FileManager.default.moveItem(at: folder.appendingPathComponent("delivery.yaml"), to: folder.appendingPathComponent("parcel.yaml"))
        let checked = try run("check", "parcel.yaml")
        XCTAssertEqual(checked.status, 1)
        let lines = headlines(checked.stderr)
        XCTAssertEqual(lines.count, 33, checked.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains(": renamed: the header names 'delivery.yaml' as its schema, not 'parcel.yaml'; generated with the same contract") }, checked.stderr)
        XCTAssertFalse(checked.stderr.contains("hand-edited"), checked.stderr)
        // The files are delivery.yaml's: generate takes them over only when told to (--force).
        XCTAssertTrue(checked.stderr.contains("fix: if 'delivery.yaml' was renamed or moved to 'parcel.yaml', run `livecontract generate --force parcel.yaml`"), checked.stderr)
        XCTAssertEqual(try run("generate", "--quiet", "parcel.yaml").status, 2)
        XCTAssertEqual(try run("generate", "--quiet", "--force", "parcel.yaml").status, 0)
        XCTAssertEqual(try run("check", "parcel.yaml").status, 0)
    }

    func testTemplatesUsedByGenerateButNotByCheckAreNamed() throws {
        XCTAssertEqual(try run("templates", "dump", "my-templates", "swift").status, 0)
        try edit("my-templates/swift.mustache") { $0 + "// team footer\n" }
        XCTAssertEqual(try run("generate", "--quiet", "--templates", "my-templates", "delivery.yaml").status, 0)
        let without = try run("check", "delivery.yaml")
        XCTAssertEqual(without.status, 1)
        let lines = headlines(without.stderr)
        XCTAssertEqual(lines.count, 2, without.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains(": template-override: matches what the templates in 'my-templates' render") && $0.hasSuffix("[drift-template-override]") }, without.stderr)
        XCTAssertTrue(without.stderr.contains("fix: pass `--templates my-templates` to check as well"), without.stderr)
        XCTAssertFalse(without.stderr.contains("hand-edited"), without.stderr)
        XCTAssertEqual(try run("check", "--templates", "my-templates", "delivery.yaml").status, 0)
        // The other way round: generated with the built-in templates, checked with the override.
        XCTAssertEqual(try run("generate", "--quiet", "delivery.yaml").status, 0)
        let with = try run("check", "--templates", "my-templates", "delivery.yaml")
        XCTAssertTrue(headlines(with.stderr).allSatisfy { $0.contains("matches what the built-in templates render") }, with.stderr)
    }
}
