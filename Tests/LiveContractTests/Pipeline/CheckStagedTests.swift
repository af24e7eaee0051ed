import Foundation
import XCTest

/// `check --staged` checks what the commit will contain. The scenario of issue 33, in a real
/// repository through the built binary: a widget copy with `courierName` renamed to
/// `riderName` is staged, then `generate --force` repairs the working tree without staging
/// it. `check` (the working tree) passes; `check --staged` fails, and so does a plain git
/// pre-commit hook running it, until the repaired copy is staged.
final class CheckStagedTests: XCTestCase {
    let widget = "delivery/targets/widgets/DeliveryAttributes.swift"

    /// A repository with the delivery schema and its outputs committed.
    func repositoryInSync() throws -> GitRepository {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let repository = try GitRepository("staged")
        try repository.copySchema("delivery", to: "delivery.yaml")
        let generated = try repository.livecontract(["generate", "--quiet", "delivery.yaml"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        try repository.run(["add", "-A"])
        try repository.run(["commit", "-qm", "contract"])
        return repository
    }

    /// Stages the renamed widget copy, then puts the generated one back in the working tree only.
    func stageDriftedWidget(_ repository: GitRepository) throws {
        let good = try repository.read(widget)
        XCTAssertTrue(good.contains("courierName"))
        try repository.write(widget, good.replacingOccurrences(of: "courierName", with: "riderName"))
        try repository.run(["add", widget])
        let repaired = try repository.livecontract(["generate", "--force", "--quiet", "delivery.yaml"])
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertEqual(try repository.read(widget), good, "the working tree holds the generated copy again")
    }

    func testTheStagedDriftFailsWhileTheWorkingTreePasses() throws {
        let repository = try repositoryInSync()
        defer { repository.remove() }
        try stageDriftedWidget(repository)

        let workingTree = try repository.livecontract(["check", "delivery.yaml"])
        XCTAssertEqual(workingTree.status, 0, "the working tree is in sync: \(workingTree.stderr)")

        let staged = try repository.livecontract(["check", "--staged", "delivery.yaml"])
        XCTAssertEqual(staged.status, 1, staged.stdout + staged.stderr)
        XCTAssertTrue(staged.stderr.contains("\(widget): error:") || staged.stderr.contains(widget), staged.stderr)
        XCTAssertTrue(staged.stderr.contains("riderName"), "the contract meaning names the staged field: \(staged.stderr)")
        XCTAssertFalse(staged.stderr.contains("livecontract-staged-"), "paths are the repository's, not the temporary copy's: \(staged.stderr)")

        let json = try repository.livecontract(["check", "--staged", "--format", "json", "delivery.yaml"])
        XCTAssertEqual(json.status, 1)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["ok"] as? Bool, false)
        XCTAssertTrue(json.stdout.contains(widget), json.stdout)

        // From a folder below the top, with the default schema name spelled as a relative path.
        let below = try repository.livecontract(["check", "--staged", "--quiet", "../../delivery.yaml"], in: "delivery/server")
        XCTAssertEqual(below.status, 1, below.stderr)

        // Staging the repaired copy makes the staged check pass.
        try repository.run(["add", widget])
        let fixed = try repository.livecontract(["check", "--staged", "delivery.yaml"])
        XCTAssertEqual(fixed.status, 0, fixed.stdout + fixed.stderr)
        XCTAssertTrue(fixed.stdout.contains("in sync"), fixed.stdout)
    }

    /// The README's plain hook, `exec livecontract check --staged --quiet`, run by git itself.
    func testThePlainPreCommitHookRefusesTheStagedDrift() throws {
        let repository = try repositoryInSync()
        defer { repository.remove() }
        try stageDriftedWidget(repository)
        let hook = repository.url(".git/hooks/pre-commit")
        try "#!/bin/sh\nexec livecontract check --staged --quiet delivery.yaml\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let path = TestSupport.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let head = try repository.run(["rev-parse", "HEAD"]).stdout

        let refused = try repository.run(["commit", "-qm", "drifted widget"], allowFailure: true, environment: ["PATH": path, "NO_COLOR": "1"])
        XCTAssertNotEqual(refused.status, 0, "the hook let the drifted copy through: \(refused.stdout)")
        XCTAssertTrue(refused.stderr.contains("riderName"), refused.stderr)
        XCTAssertEqual(try repository.run(["rev-parse", "HEAD"]).stdout, head, "nothing was committed")

        // `git commit -a` commits the working tree through a temporary index (GIT_INDEX_FILE):
        // the hook reads that index, which holds the repaired copy, so this commit passes.
        try repository.write("delivery/notes.txt", "unrelated\n")
        try repository.run(["add", "delivery/notes.txt"])
        let all = try repository.run(["commit", "-aqm", "repaired"], allowFailure: true, environment: ["PATH": path, "NO_COLOR": "1"])
        XCTAssertEqual(all.status, 0, "the hook read the wrong index: \(all.stderr)")
        XCTAssertNotEqual(try repository.run(["rev-parse", "HEAD"]).stdout, head)
    }

    func testOutsideARepositoryItSaysSo() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("staged-outside")
        defer { try? FileManager.default.removeItem(at: folder) }
        try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/ride.yaml"), encoding: .utf8)
            .write(to: folder.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["check", "--staged", "ride.yaml"], in: folder,
                                         environment: ["NO_COLOR": "1", "GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("is not inside a git repository"), result.stderr)
        XCTAssertTrue(result.stderr.contains("run `livecontract check` to check the working tree"), result.stderr)
    }

    /// The reads go through git's plumbing only: a configured diff tool, a trace file or a
    /// filter named in the environment never runs or is written.
    func testGitVariablesCannotRunOrWriteAnything() throws {
        let repository = try repositoryInSync()
        defer { repository.remove() }
        try stageDriftedWidget(repository)
        let trace = repository.url("trace.txt")
        let result = try repository.livecontract(["check", "--staged", "--quiet", "delivery.yaml"], environment: [
            "GIT_TRACE": trace.path, "GIT_EXTERNAL_DIFF": "touch \(repository.url("ran").path)",
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": "touch \(repository.url("ran").path)",
        ])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(repository.exists("trace.txt"), "GIT_TRACE reached git")
        XCTAssertFalse(repository.exists("ran"), "a command from the environment ran")
    }
}
