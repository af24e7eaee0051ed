import Foundation
import XCTest
@testable import LiveContract

/// VERSION at the root is the one version (scripts/version prints it for the wheel, the npm
/// packages, the formula and the action); the binary's copy, ToolVersion.number, must say the
/// same, and `--version` prints it with the commit, or "unknown commit" for a build that
/// scripts/build-release did not stamp (as `swift build` for these tests is not).
final class BinaryVersionTests: XCTestCase {
    func testBinaryVersionIsTheVersionFile() throws {
        let file = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("VERSION"), encoding: .utf8)
        XCTAssertEqual(ToolVersion.number, file.trimmingCharacters(in: .whitespacesAndNewlines),
                       "VERSION changed: update Sources/LiveContract/Support/ToolVersion.swift to match")
        XCTAssertEqual(SARIF.toolVersion, ToolVersion.number)
        let printed = try TestSupport.run(TestSupport.repoRoot.appendingPathComponent("scripts/version").path, [])
        XCTAssertEqual(printed.stdout, ToolVersion.number + "\n")
    }

    func testUnstampedBuildSaysUnknownCommit() throws {
        let version = try TestSupport.run(TestSupport.binary.path, ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "livecontract \(ToolVersion.number) (unknown commit)\n")
    }
}
