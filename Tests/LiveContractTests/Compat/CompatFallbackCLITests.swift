import Foundation
import XCTest

/// A removed or renamed enum case behind an `unknown:` fallback, through the built binary:
/// a warning naming the old case and what it now shows, failing only with --strict.
final class CompatFallbackCLITests: XCTestCase {
    func testRemovedAndRenamedCaseWithFallbackWarnsAndFailsWithStrict() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("compat-fallback")
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = """
        livecontract: 1
        name: Parcel
        types:
          Step: { enum: [placed, arriving, delivered], unknown: placed }
        state:
          step: Step
        outputs: { swift: [Parcel.swift] }

        """
        try old.write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        try old.replacingOccurrences(of: "arriving", with: "approaching").write(to: folder.appendingPathComponent("renamed.yaml"), atomically: true, encoding: .utf8)
        try old.replacingOccurrences(of: "arriving, ", with: "").write(to: folder.appendingPathComponent("removed.yaml"), atomically: true, encoding: .utf8)
        func run(_ arguments: String...) throws -> TestSupport.RunResult {
            try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
        }
        let renamed = try run("compat", "renamed.yaml", "--against", "old.yaml")
        XCTAssertEqual(renamed.status, 0, renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("renamed.yaml:4:3: warning: enum Step lost 'arriving' (renamed to 'approaching'?): old pushes with 'arriving' now show 'placed' [compat-enum-case-fallback]"), renamed.stderr)
        XCTAssertTrue(renamed.stdout.contains("no breaking changes, 1 warning"), renamed.stdout)
        let strict = try run("compat", "--strict", "removed.yaml", "--against", "old.yaml")
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("warning: enum Step lost 'arriving': old pushes with 'arriving' now show 'placed'"), strict.stderr)
        let json = try run("compat", "--format", "json", "removed.yaml", "--against", "old.yaml")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(((document?["findings"] as? [[String: Any]])?.first?["rule"]) as? String, "compat-enum-case-fallback")
        let explained = try run("explain", "compat-enum-case-fallback")
        XCTAssertEqual(explained.status, 0)
        XCTAssertTrue(explained.stdout.contains("old pushes with 'arriving' now show 'placed'"), explained.stdout)
    }
}
