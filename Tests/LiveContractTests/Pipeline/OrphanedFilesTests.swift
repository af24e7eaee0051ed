import Foundation
import XCTest

/// Files a schema generated once but no longer names. Through the built binary: a renamed
/// example leaves its fixture behind, a moved Swift output path leaves the old copy; `check`
/// reports both (`drift-orphaned`), `generate` deletes the fixture, refuses to go on past the
/// code file (naming it) and deletes it with `--prune`; a hand-written file or another
/// schema's file is never touched. `check --staged` sees orphans in the index.
final class OrphanedFilesTests: XCTestCase {
    let oldFixture = "delivery/fixtures/delivered.json"
    let newFixture = "delivery/fixtures/handedOver.json"
    let oldWidget = "delivery/targets/widgets/DeliveryAttributes.swift"
    let newWidget = "delivery/targets/widget/DeliveryAttributes.swift"

    func generated() throws -> GitRepository {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let repository = try GitRepository("orphans")
        try repository.copySchema("delivery", to: "delivery.yaml")
        let result = try repository.livecontract(["generate", "--quiet", "delivery.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(repository.exists(oldFixture))
        return repository
    }

    func editSchema(_ repository: GitRepository, _ from: String, _ to: String) throws {
        let schema = try repository.read("delivery.yaml")
        XCTAssertTrue(schema.contains(from), from)
        try repository.write("delivery.yaml", schema.replacingOccurrences(of: from, with: to))
    }

    func testARenamedExamplesFixtureIsReportedThenDeletedByGenerate() throws {
        let repository = try generated()
        defer { repository.remove() }
        try editSchema(repository, "\n  delivered:\n", "\n  handedOver:\n")

        let check = try repository.livecontract(["check", "delivery.yaml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("\(oldFixture)"), check.stderr)
        XCTAssertTrue(check.stderr.contains("no longer one of its outputs"), check.stderr)
        XCTAssertTrue(check.stderr.contains("[drift-orphaned]"), check.stderr)
        let json = try repository.livecontract(["check", "--format", "json", "delivery.yaml"])
        XCTAssertTrue(json.stdout.contains("\"rule\": \"drift-orphaned\""), json.stdout)

        let generate = try repository.livecontract(["generate", "delivery.yaml"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        XCTAssertTrue(generate.stdout.contains("deleted \(oldFixture) (no longer an output)"), generate.stdout)
        XCTAssertTrue(generate.stdout.contains(", 1 deleted"), generate.stdout)
        XCTAssertFalse(repository.exists(oldFixture))
        XCTAssertTrue(repository.exists(newFixture))
        let clean = try repository.livecontract(["check", "delivery.yaml"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
    }

    func testAMovedSwiftCopyIsReportedRefusedAndPrunedOnlyOnRequest() throws {
        let repository = try generated()
        defer { repository.remove() }
        let copy = try repository.read(oldWidget)
        try editSchema(repository, oldWidget, newWidget)

        let check = try repository.livecontract(["check", "delivery.yaml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("\(oldWidget)"), check.stderr)
        XCTAssertTrue(check.stderr.contains("[drift-orphaned]"), check.stderr)
        XCTAssertTrue(check.stderr.contains("generate --prune"), check.stderr)

        // Without --prune: an error naming the file to delete, and nothing written or deleted.
        let refused = try repository.livecontract(["generate", "delivery.yaml"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("'\(oldWidget)' carries this schema's generated header but is no longer one of its outputs; delete it"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("nothing was written"), refused.stderr)
        XCTAssertEqual(try repository.read(oldWidget), copy, "the old copy is kept")
        XCTAssertFalse(repository.exists(newWidget), "nothing was written")

        let pruned = try repository.livecontract(["generate", "--prune", "delivery.yaml"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stdout.contains("deleted \(oldWidget)"), pruned.stdout)
        XCTAssertFalse(repository.exists(oldWidget))
        XCTAssertEqual(try repository.read(newWidget), copy, "the copy moved")
        XCTAssertEqual(try repository.livecontract(["check", "delivery.yaml"]).status, 0)
    }

    /// Hand-written files, a first header line alone, another schema's header and a file below
    /// another schema of the same file name are never reported or deleted.
    func testFilesThatAreNotThisSchemasAreNeverTouched() throws {
        let repository = try generated()
        defer { repository.remove() }
        let copy = try repository.read(oldWidget)
        let lines = copy.split(separator: "\n", omittingEmptySubsequences: false)
        let kept: [(String, String)] = [
            ("delivery/fixtures/hand.json", "{\n  \"note\": \"hand-written\"\n}\n"),
            ("delivery/targets/old/DeliveryAttributes.swift", "struct DeliveryAttributes {}\n"),
            ("delivery/targets/half/DeliveryAttributes.swift", lines[0] + "\nstruct DeliveryAttributes {}\n"),
            ("delivery/targets/other/DeliveryAttributes.swift", copy.replacingOccurrences(of: "from delivery.yaml;", with: "from other.yaml;")),
            ("delivery/nested/DeliveryAttributes.swift", copy),
        ]
        for (path, text) in kept { try repository.write(path, text) }
        // delivery/nested belongs to a schema of our file name there.
        try repository.write("delivery/nested/delivery.yaml", "livecontract: 1\nname: Other\nstate:\n  eta: int\noutputs:\n  swift: Other.swift\n")

        let check = try repository.livecontract(["check", "delivery.yaml"])
        XCTAssertEqual(check.status, 0, check.stderr)
        let pruned = try repository.livecontract(["generate", "--prune", "delivery.yaml"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertFalse(pruned.stdout.contains("deleted"), pruned.stdout)
        for (path, text) in kept {
            XCTAssertEqual(try repository.read(path), text, path)
        }
    }

    /// An orphan the working tree no longer has but the index still holds fails `--staged`.
    func testTheStagedCheckSeesOrphansInTheIndex() throws {
        let repository = try generated()
        defer { repository.remove() }
        try repository.run(["add", "-A"])
        try repository.run(["commit", "-qm", "contract"])
        try editSchema(repository, "\n  delivered:\n", "\n  handedOver:\n")
        XCTAssertEqual(try repository.livecontract(["generate", "--quiet", "delivery.yaml"]).status, 0)
        try repository.run(["add", "delivery.yaml", newFixture])

        XCTAssertEqual(try repository.livecontract(["check", "delivery.yaml"]).status, 0, "the working tree is clean")
        let staged = try repository.livecontract(["check", "--staged", "delivery.yaml"])
        XCTAssertEqual(staged.status, 1, staged.stderr)
        XCTAssertTrue(staged.stderr.contains("\(oldFixture)"), staged.stderr)
        XCTAssertTrue(staged.stderr.contains("[drift-orphaned]"), staged.stderr)

        try repository.run(["add", "-A"])
        let fixed = try repository.livecontract(["check", "--staged", "delivery.yaml"])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
    }
}
