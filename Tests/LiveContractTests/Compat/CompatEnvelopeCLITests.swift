import Foundation
import XCTest

/// A renamed FCM envelope key through the built binary: an error at `envelope:` naming both
/// keys and what the Android service does with a message that lacks it; unchanged keys and a
/// rename to the default spelling that is already in use are not findings.
final class CompatEnvelopeCLITests: XCTestCase {
    func testRenamedEnvelopeKeyIsBreakingAndUnchangedKeysAreNot() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("compat-envelope")
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = """
        livecontract: 1
        name: Parcel
        state:
          count: int
        envelope: { activityId: id, staleAt: staleMs }
        outputs: { swift: [Parcel.swift] }

        """
        try old.write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        try old.replacingOccurrences(of: "activityId: id", with: "activityId: activity").write(to: folder.appendingPathComponent("renamed.yaml"), atomically: true, encoding: .utf8)
        try old.replacingOccurrences(of: "envelope: { activityId: id, staleAt: staleMs }", with: "envelope: { staleAt: staleMs }")
            .write(to: folder.appendingPathComponent("default.yaml"), atomically: true, encoding: .utf8)
        try old.replacingOccurrences(of: "count: int", with: "count: int\n  note: { type: string, default: \"\" }").write(to: folder.appendingPathComponent("same.yaml"), atomically: true, encoding: .utf8)
        func run(_ arguments: String...) throws -> TestSupport.RunResult {
            try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
        }
        let renamed = try run("compat", "renamed.yaml", "--against", "old.yaml")
        XCTAssertEqual(renamed.status, 1, renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("renamed.yaml:5:1: error: the FCM envelope key for activityId changed from 'id' to 'activity' [compat-envelope-key-renamed]"), renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("drop-unaddressed"), renamed.stderr)
        // Dropping the rename goes back to the default key: also a change of the key on the wire.
        let back = try run("compat", "default.yaml", "--against", "old.yaml")
        XCTAssertEqual(back.status, 1, back.stderr)
        XCTAssertTrue(back.stderr.contains("changed from 'id' to 'activityId'"), back.stderr)
        XCTAssertFalse(back.stderr.contains("staleAt"), back.stderr)
        // A date key renamed loses the date, not the message: a warning, an error with --strict.
        try old.replacingOccurrences(of: "staleAt: staleMs", with: "staleAt: staleAtMillis").write(to: folder.appendingPathComponent("stale.yaml"), atomically: true, encoding: .utf8)
        let stale = try run("compat", "stale.yaml", "--against", "old.yaml")
        XCTAssertEqual(stale.status, 0, stale.stderr)
        XCTAssertTrue(stale.stderr.contains("stale.yaml:5:1: warning: the FCM envelope key for staleAt changed from 'staleMs' to 'staleAtMillis' [compat-envelope-key-renamed]"), stale.stderr)
        XCTAssertEqual(try run("compat", "--strict", "stale.yaml", "--against", "old.yaml").status, 1)
        let same = try run("compat", "same.yaml", "--against", "old.yaml")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertFalse(same.stderr.contains("compat-envelope-key-renamed"), same.stderr)
        let explained = try run("explain", "compat-envelope-key-renamed")
        XCTAssertEqual(explained.status, 0)
        XCTAssertTrue(explained.stdout.contains("envelope"), explained.stdout)
    }
}
