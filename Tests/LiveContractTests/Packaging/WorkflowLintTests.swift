import Foundation
import XCTest

/// The release workflow and the GitHub Action cannot run here, so they are held to the two
/// linters GitHub workflows have (actionlint, with shellcheck on every `run:` script, and
/// zizmor's security audits, pedantic persona) with no finding allowed, and to the rules the
/// linters leave to us: every action pinned by commit, no job with more than it declares, and
/// the tag compared with VERSION before anything is built.
final class WorkflowLintTests: XCTestCase {
    let workflow = ".github/workflows/release.yml"

    func lint(_ tool: String, _ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(try TestSupport.requireTool(tool), arguments, in: TestSupport.repoRoot, environment: ["NO_COLOR": "1"])
    }

    func testActionlintFindsNothing() throws {
        // actionlint runs shellcheck on each run: script when it is on PATH; require it so a
        // missing shellcheck cannot quietly skip that half.
        _ = try TestSupport.requireTool("shellcheck")
        let result = try lint("actionlint", ["-no-color", "-oneline", workflow])
        XCTAssertEqual(result.status, 0, "actionlint:\n\(result.stdout)\(result.stderr)")
        XCTAssertEqual(result.stdout, "")
    }

    func testZizmorFindsNothingInTheWorkflowOrTheAction() throws {
        let result = try lint("zizmor", ["--offline", "--persona", "pedantic", "--no-progress", workflow, "action.yml"])
        XCTAssertEqual(result.status, 0, "zizmor:\n\(result.stdout)\(result.stderr)")
        XCTAssertTrue(result.stdout.contains("No findings to report"), result.stdout)
    }

    func testEveryActionIsPinnedByCommitAndEveryJobDeclaresItsPermissions() throws {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent(workflow), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let uses = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- uses:") || $0.trimmingCharacters(in: .whitespaces).hasPrefix("uses:") }
        XCTAssertFalse(uses.isEmpty)
        let pinned = try NSRegularExpression(pattern: #"uses: [A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40} # v[0-9][0-9.]*$"#)
        for line in uses {
            XCTAssertNotNil(pinned.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "not pinned by commit with its version beside it: \(line)")
        }
        XCTAssertTrue(lines.contains("permissions: {}"), "the workflow's default must grant nothing")
        let jobs = lines.drop { $0 != "jobs:" }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        XCTAssertEqual(jobs.count, 6, "\(jobs)")
        for job in jobs {
            let body = lines.drop { $0 != job }.dropFirst().prefix { $0.isEmpty || $0.hasPrefix("   ") }
            XCTAssertTrue(body.contains("    permissions:"), "\(job) declares no permissions")
        }
    }

    /// The version job's own script, run with GitHub's TAG: v<VERSION> passes and writes the
    /// version output, any other tag fails before a build starts.
    func testReleaseRefusesATagThatIsNotVersion() throws {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent(workflow), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try XCTUnwrap(lines.firstIndex(of: "      - id: version"))
        let run = try XCTUnwrap(lines[start...].firstIndex(of: "        run: |"))
        let script = lines[(run + 1)...].prefix { $0.hasPrefix("          ") || $0.isEmpty }
            .map { String($0.dropFirst(min(10, $0.count))) }.joined(separator: "\n")
        let work = TestSupport.temporaryDirectory("lc-tag")
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("output")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let good = try TestSupport.run("/bin/bash", ["-eo", "pipefail", "-c", script], in: TestSupport.repoRoot,
                                       environment: ["TAG": "v\(ReleaseTarball.version)", "GITHUB_OUTPUT": output.path])
        XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "version=\(ReleaseTarball.version)\n")
        let bad = try TestSupport.run("/bin/bash", ["-eo", "pipefail", "-c", script], in: TestSupport.repoRoot,
                                      environment: ["TAG": "v\(ReleaseTarball.version).1", "GITHUB_OUTPUT": output.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.contains("::error::the tag v\(ReleaseTarball.version).1 does not match VERSION (\(ReleaseTarball.version))"), bad.stdout)
    }

    func testActionPassesInputsToItsScriptsOnlyThroughTheEnvironment() throws {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let runs = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("run:") }
        XCTAssertEqual(runs.count, 2)
        for line in runs { XCTAssertFalse(line.contains("${{"), "an expression inside run: is pasted into the script: \(line)") }
    }
}
