import Foundation
import XCTest

/// An enum of thousands of cases: the check that no two cases become one Kotlin constant
/// compared each case with every earlier one, converting both every time, so 4,000 cases
/// took a minute and 8,000 never finished in a pre-commit hook. Through the built binary:
/// 10,000 cases generate quickly, and two cases that collide are still refused, naming both.
final class HostileEnumScaleTests: XCTestCase {
    func generate(_ yaml: String) throws -> (TestSupport.RunResult, TimeInterval, [String]) {
        let folder = TestSupport.temporaryDirectory("enum-scale")
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let start = Date()
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        return (result, Date().timeIntervalSince(start), files)
    }

    func schema(_ cases: [String]) -> String {
        "livecontract: 1\nname: Big\nstate:\n  pick: { type: Pick }\ntypes:\n  Pick: { enum: [\(cases.joined(separator: ", "))] }\n"
            + "outputs:\n  kotlin: { path: Big.kt, package: a.b }\n  typescript: Big.ts\n"
    }

    func testTenThousandEnumCasesGenerateQuickly() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let (result, elapsed, files) = try generate(schema((0..<10_000).map { "case\($0)" }))
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(500)))
        XCTAssertLessThan(elapsed, 30, "10,000 enum cases took \(elapsed) s (debug build)")
        XCTAssertEqual(files, ["Big.kt", "Big.ts", "s.yaml"])
    }

    func testCasesThatBecomeOneKotlinConstantAreStillRefused() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let (result, _, files) = try generate(schema((0..<2_000).map { "case\($0)" } + ["fooBar", "foo_bar"]))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.yaml:6:18916: error: cases 'fooBar' and 'foo_bar' of 'Pick' both become FOO_BAR in Kotlin; rename one [name-collision]"),
                      result.stderr)
        XCTAssertEqual(files, ["s.yaml"], "nothing written")
    }
}
