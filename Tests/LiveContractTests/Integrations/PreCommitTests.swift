import Foundation
import XCTest
@testable import LiveContract

/// The hooks of .pre-commit-hooks.yaml, run by the real pre-commit tool (from PyPI; scripts/setup
/// --test installs it) in throw-away git repositories: a clean commit passes, a drifted copy
/// fails the commit. The `-prebuilt` hooks (`language: python`) install the release wheel that
/// scripts/package built (ReleaseDist), offline, with no Swift on PATH; the `-system` hooks use
/// the binary under test. The `language: swift` hooks make pre-commit build this package cold
/// (`swift build -c release`, 4 to 14 minutes here), so that proof runs only when
/// LIVECONTRACT_TEST_SWIFT_HOOK=1 (docs/install.md).
final class PreCommitTests: XCTestCase {
    var work: URL!
    var git = ""
    var preCommit = ""

    override func setUpWithError() throws {
        preCommit = try TestSupport.requireTool("pre-commit")
        git = try TestSupport.requireTool("git")
        work = TestSupport.temporaryDirectory("lc-pre-commit")
    }

    override func tearDownWithError() throws {
        if let work { try? FileManager.default.removeItem(at: work) }
    }

    /// Git and pre-commit kept inside `work`: no user config, no shared hook cache.
    var environment: [String: String] {
        [
            "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "PRE_COMMIT_HOME": work.appendingPathComponent("cache").path,
            "PATH": TestSupport.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "NO_COLOR": "1",
        ]
    }

    /// The environment of a machine without Swift that installs from a local folder: PATH
    /// without any folder holding `swift` or the livecontract under test, pip without an index.
    func offline(findLinks: URL) -> [String: String] {
        let ambient = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        let bare = ambient.filter { folder in
            !FileManager.default.isExecutableFile(atPath: folder + "/swift")
                && !FileManager.default.isExecutableFile(atPath: folder + "/livecontract")
        }
        return environment.merging(["PATH": bare.joined(separator: ":"), "PIP_NO_INDEX": "1",
                                    "PIP_FIND_LINKS": findLinks.path, "PIP_DISABLE_PIP_VERSION_CHECK": "1"]) { $1 }
    }

    @discardableResult
    func sh(_ tool: String, _ arguments: [String], in folder: URL, expect status: Int32? = 0, environment: [String: String]? = nil,
            file: StaticString = #filePath, line: UInt = #line) throws -> TestSupport.RunResult {
        let result = try TestSupport.run(tool, arguments, in: folder, environment: environment ?? self.environment)
        if let status {
            XCTAssertEqual(result.status, status, "\(tool) \(arguments.joined(separator: " ")):\n\(result.stdout)\n\(result.stderr)", file: file, line: line)
        }
        return result
    }

    /// A git repository with this package's sources as they are now (uncommitted edits
    /// included), standing in for the published livecontract repository; returns its commit.
    func hookRepository() throws -> (URL, String) {
        let repo = work.appendingPathComponent("livecontract")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        for item in ["Package.swift", ".pre-commit-hooks.yaml", "Sources", "templates", "Plugins", "Tests/LiveContractTests",
                     "VERSION", "pyproject.toml", "packaging/pypi"] {
            let source = TestSupport.repoRoot.appendingPathComponent(item)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let target = repo.appendingPathComponent(item)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        try sh(git, ["init", "-q"], in: repo)
        try sh(git, ["add", "-A"], in: repo)
        try sh(git, ["commit", "-q", "-m", "livecontract"], in: repo)
        let head = try sh(git, ["rev-parse", "HEAD"], in: repo).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return (repo, head)
    }

    /// An app repository with a scaffolded schema, its generated files and the hook config.
    func appRepository(hooks: [String], repo: URL, rev: String) throws -> URL {
        let app = work.appendingPathComponent("app-\(hooks.joined(separator: "-"))")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try sh(TestSupport.binary.path, ["init", "Delivery"], in: app)
        try sh(TestSupport.binary.path, ["generate", "--quiet"], in: app)
        let ids = hooks.map { "      - id: \($0)" }.joined(separator: "\n")
        try "repos:\n  - repo: \(repo.path)\n    rev: \(rev)\n    hooks:\n\(ids)\n"
            .write(to: app.appendingPathComponent(".pre-commit-config.yaml"), atomically: true, encoding: .utf8)
        try sh(git, ["init", "-q"], in: app)
        try sh(preCommit, ["install"], in: app)
        return app
    }

    var widgetCopy: String { "targets/widget/DeliveryAttributes.swift" }

    func commitCount(_ app: URL) throws -> Int {
        Int(try sh(git, ["rev-list", "--count", "HEAD"], in: app).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Renames a field in the widget's copy: the drift that compiles and silently breaks.
    func drift(_ app: URL) throws {
        let url = app.appendingPathComponent(widgetCopy)
        let text = try String(contentsOf: url, encoding: .utf8)
        try text.replacingOccurrences(of: "var status: String", with: "var headline: String").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The hook for machines without Swift: pre-commit runs `pip install .` in the hook
    /// repository, whose in-tree backend asks for `livecontract==VERSION`; pip finds the release
    /// wheel in the local folder (no index), and the installed binary checks every commit.
    func testPrebuiltHookInstallsTheWheelOfflineAndFailsADriftedCommit() throws {
        let dist = try ReleaseDist.shared()
        let (repo, rev) = try hookRepository()
        let app = try appRepository(hooks: ["livecontract-check-prebuilt"], repo: repo, rev: rev)
        let env = offline(findLinks: dist.folder)
        try sh(git, ["add", "-A"], in: app, environment: env)
        let clean = try sh(git, ["commit", "-m", "contract"], in: app, environment: env)
        let log = clean.stdout + clean.stderr
        XCTAssertTrue(log.contains("livecontract check") && log.contains("Passed"), log)
        let installed = try FileManager.default.subpathsOfDirectory(atPath: work.appendingPathComponent("cache").path)
            .filter { $0.hasSuffix("/bin/livecontract") }
        XCTAssertEqual(installed.count, 1, "pre-commit's virtualenv holds the wheel's binary: \(installed)")

        try drift(app)
        try sh(git, ["add", "-A"], in: app, environment: env)
        let refused = try sh(git, ["commit", "-m", "drift"], in: app, expect: 1, environment: env)
        let output = refused.stdout + refused.stderr
        XCTAssertTrue(output.contains("Failed"), output)
        XCTAssertTrue(output.contains("\(widgetCopy): hand-edited"), output)
        XCTAssertTrue(output.contains("+        public var status: String"), output)
        XCTAssertEqual(try commitCount(app), 1, "the drifted commit was not made")
    }

    /// The hook for people who build from source: pre-commit builds livecontract with
    /// `language: swift` (cold, minutes), then runs it on every commit. Opt-in, see above.
    func testSwiftHookBuiltByPreCommitFailsADriftedCommit() throws {
        guard ProcessInfo.processInfo.environment["LIVECONTRACT_TEST_SWIFT_HOOK"] == "1" else {
            throw XCTSkip("builds this package cold inside pre-commit (minutes); set LIVECONTRACT_TEST_SWIFT_HOOK=1 to run it")
        }
        let (repo, rev) = try hookRepository()
        let app = try appRepository(hooks: ["livecontract-check"], repo: repo, rev: rev)
        try sh(git, ["add", "-A"], in: app)
        let clean = try sh(git, ["commit", "-m", "contract"], in: app)
        let log = clean.stdout + clean.stderr
        XCTAssertTrue(log.contains("livecontract check") && log.contains("Passed"), log)

        try drift(app)
        try sh(git, ["add", "-A"], in: app)
        let refused = try sh(git, ["commit", "-m", "drift"], in: app, expect: 1)
        let output = refused.stdout + refused.stderr
        XCTAssertTrue(output.contains("Failed"), output)
        XCTAssertTrue(output.contains("\(widgetCopy): hand-edited"), output)
        XCTAssertTrue(output.contains("+        public var status: String"), output)
        XCTAssertEqual(try commitCount(app), 1, "the drifted commit was not made")
    }

    /// The `-system` hooks with an installed binary: check blocks drift; generate rewrites
    /// the copy, fails that commit so the change is reviewed, and the next commit passes.
    func testSystemHooksCheckAndGenerate() throws {
        let (repo, rev) = try hookRepository()
        let app = try appRepository(hooks: ["livecontract-check-system"], repo: repo, rev: rev)
        try sh(git, ["add", "-A"], in: app)
        try sh(git, ["commit", "-q", "-m", "contract"], in: app)
        try drift(app)
        try sh(git, ["commit", "-q", "-am", "drift"], in: app, expect: 1)
        XCTAssertEqual(try commitCount(app), 1)

        let generating = try appRepository(hooks: ["livecontract-generate-system"], repo: repo, rev: rev)
        try sh(git, ["add", "-A"], in: generating)
        try sh(git, ["commit", "-q", "-m", "contract"], in: generating)
        try drift(generating)
        let rewritten = try sh(git, ["commit", "-am", "drift"], in: generating, expect: 1)
        XCTAssertTrue((rewritten.stdout + rewritten.stderr).contains("files were modified by this hook"), rewritten.stdout)
        XCTAssertFalse(try String(contentsOf: generating.appendingPathComponent(widgetCopy), encoding: .utf8).contains("headline"), "generate restored the copy")
        try sh(git, ["add", "-A"], in: generating)
        XCTAssertEqual(try sh(git, ["status", "--porcelain"], in: generating).stdout, "", "after staging the hook's rewrite nothing differs from the clean commit")
    }
}
