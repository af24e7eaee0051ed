import Foundation
import XCTest
@testable import LiveContract

/// `generate` writes all of its outputs or none: every limit is checked before the first
/// byte, a failure while writing rolls back, an ignored SIGINT stays ignored, and temporary
/// files of killed runs never block a later run. Through the built binary.
final class AllOrNothingTests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("all-or-nothing")
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func schema(_ swift: String) -> String {
        "livecontract: 1\nname: Leak\nattributes:\n  id: string\nstate:\n  step: int\noutputs:\n  swift: [\(swift)]\n"
    }

    func generate(_ schemaText: String, _ arguments: [String] = []) throws -> TestSupport.RunResult {
        try schemaText.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        return try TestSupport.run(TestSupport.binary.path, ["generate"] + arguments + ["s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
    }

    func contents() throws -> [String] {
        try HostileCLITests.snapshot(folder).keys.sorted()
    }

    /// A legal 240-byte output name whose temporary name is over NAME_MAX: refused at its
    /// position before anything (not even the earlier output or its folder) is written.
    func testTemporaryNameOverNameMaxIsRefusedBeforeTheFirstWrite() throws {
        let long = String(repeating: "B", count: 234) + ".swift"
        let result = try generate(schema("a/A.swift, b/\(long)"))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.yaml:8:22: error: the file name '\(long)' is too long"), result.stderr)
        XCTAssertTrue(result.stderr.contains("over the 255-byte limit of file names"), result.stderr)
        XCTAssertEqual(try contents(), ["s.yaml"], "nothing written, no folder made")
    }

    /// A path longer than PATH_MAX: refused with its position, and no empty folders left.
    func testPathOverPathMaxLeavesNoEmptyFolders() throws {
        let deep = Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/") + "/A.swift"
        let result = try generate(schema("a/A.swift, \(deep)"))
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.yaml:8:22: error: '\(deep)' is too long a path"), result.stderr)
        XCTAssertEqual(try contents(), ["s.yaml"])
    }

    /// A write that fails after planning (here a file-size limit hits the second, larger
    /// output) removes every temporary file and every folder the run created.
    func testAFailureWhileWritingRollsBackFilesAndFolders() throws {
        try schema("a/A.swift, b/c/B.swift").write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let cut = try TestSupport.run("/bin/sh", ["-c", "ulimit -f 1; exec \"$0\" generate s.yaml", TestSupport.binary.path], in: folder)
        XCTAssertEqual(cut.status, SIGXFSZ, cut.stderr)
        XCTAssertEqual(try contents(), ["s.yaml"], "no output, no temporary file, no folder left")
        // With SIGXFSZ ignored the write fails with EFBIG instead: an error at the position.
        let failed = try TestSupport.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" generate s.yaml", TestSupport.binary.path],
                                         in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(failed.status, 2, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("s.yaml:8:11: error: cannot write "), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("no output was changed [output-write]"), failed.stderr)
        XCTAssertEqual(try contents(), ["s.yaml"])
    }

    /// With SIGINT and SIGHUP ignored (nohup, a background job) a storm of them must not
    /// make the cleanup handler delete temporary files and re-raise into "ignore": the run
    /// completes and every output is whole.
    func testIgnoredSignalsStayIgnoredAndTheRunCompletes() throws {
        let fields = (0..<400).map { "  f\($0): { type: string, default: \"\(String(repeating: "x", count: 100))\" }\n" }.joined()
        let text = "livecontract: 1\nname: Big\nattributes:\n  id: string\nstate:\n" + fields + "outputs:\n  swift: [a/A.swift, b/B.swift]\n  typescript: t/A.ts\n  fixtures: fx\n"
        try text.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let script = "trap '' INT HUP; \"$0\" generate --quiet s.yaml & child=$!; while kill -0 $child 2>/dev/null; do kill -INT $child 2>/dev/null; kill -HUP $child 2>/dev/null; done; wait $child"
        let result = try TestSupport.run("/bin/sh", ["-c", script, TestSupport.binary.path], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let check = try TestSupport.run(TestSupport.binary.path, ["check", "s.yaml"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertFalse(try contents().contains { $0.hasSuffix(".tmp") })
    }

    /// A PID-1 run (a container) killed with SIGKILL leaves `.<name>.livecontract-1-<hex>.tmp`;
    /// the next PID-1 run is not blocked, and sweeps it even where the output is unchanged;
    /// `check` mentions stale temporary files first.
    func testStaleTemporariesOfPIDOneRunsAreSweptAndMentioned() throws {
        guard let unshare = TestSupport.which("unshare"),
              (try? TestSupport.run(unshare, ["-pf", "--mount-proc", "true"]).status) == 0 else {
            throw XCTSkip("needs unshare with PID namespaces")
        }
        XCTAssertEqual(try generate(schema("a/A.swift")).status, 0)
        let stale = [".A.swift.livecontract-1.tmp", ".A.swift.livecontract-1-00000000deadbeef.tmp"]
        for name in stale { try "half".write(to: folder.appendingPathComponent("a/" + name), atomically: false, encoding: .utf8) }
        let check = try TestSupport.run(unshare, ["-pf", "--mount-proc", TestSupport.binary.path, "check", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(check.status, 0, check.stderr)
        for name in stale {
            XCTAssertTrue(check.stderr.contains("s.yaml:8:11: note: stale temporary file 'a/\(name)'"), check.stderr)
        }
        let run = try TestSupport.run(unshare, ["-pf", "--mount-proc", TestSupport.binary.path, "generate", "s.yaml"], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("0 written, 1 unchanged"), run.stdout)
        XCTAssertEqual(try contents(), ["a", "a/A.swift", "s.yaml"], "the unchanged output's stale temporaries are swept")
    }
}
