import Foundation
import XCTest
@testable import LiveContract

/// Writes a hostile repository can steer through what it commits (a symlink, a folder named
/// like the git folder, another schema's outputs), through the built binary: each is refused
/// at the output's line and column with its rule id, and nothing is written, even where
/// `--force` allows writing through a symlink.
final class HostileWriteTests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-write")
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func run(_ arguments: [String], in subfolder: String = "") throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder.appendingPathComponent(subfolder), environment: ["NO_COLOR": "1"])
    }

    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func schema(_ outputs: String, name: String = "Leak") -> String {
        "livecontract: 1\nname: \(name)\nstate:\n  step: int\noutputs:\n" + outputs
    }

    /// A committed symlink `hooks -> .git/hooks`: `--force` lets a write go through a symlink,
    /// but never into the git folder it resolves to (a hook or `config` there runs code).
    func testForceNeverWritesIntoTheGitFolderThroughASymlink() throws {
        try manager.createDirectory(at: folder.appendingPathComponent(".git/hooks"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("hooks").path, withDestinationPath: ".git/hooks")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("repo").path, withDestinationPath: ".")
        let cases = [("  swift: [hooks/pre-commit]\n", 6, 11, ".git/hooks/pre-commit"),
                     ("  python: repo/hooks/pre-push.py\n", 6, 11, ".git/hooks/pre-push.py"),
                     ("  json-schema: hooks\n", 6, 16, ".git/hooks/content-state.schema.json"),
                     ("  go: { path: hooks/x/post-checkout.go, package: x }\n", 6, 15, ".git/hooks/x/post-checkout.go")]
        for (outputs, line, column, target) in cases {
            try write(schema(outputs), "s.yaml")
            let before = try HostileCLITests.snapshot(folder)
            let result = try run(["generate", "--force", "s.yaml"])
            XCTAssertEqual(result.status, 2, "\(outputs): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("s.yaml:\(line):\(column): error: "), "\(outputs): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("never writes into a git folder"), "\(outputs): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[output-path]"), "\(outputs): \(result.stderr)")
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(outputs): the folder changed")
            XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent(target).path), target)
        }
    }

    /// `templates dump` into a symlink to the git folder is refused like a literal `.git` path.
    func testTemplatesDumpNeverWritesIntoTheGitFolderThroughASymlink() throws {
        try manager.createDirectory(at: folder.appendingPathComponent(".git/hooks"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("t").path, withDestinationPath: ".git/hooks")
        let result = try run(["templates", "dump", "t"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("never writes into a git folder"), result.stderr)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent(".git/hooks").path), [])
    }

    /// Two schemas both named `livecontract.yaml`: the outer one must not take over (or print)
    /// what the inner one generated, though both headers read `from livecontract.yaml`.
    func testASchemaOfTheSameFileNameNearerTheFileOwnsIt() throws {
        try write(schema("  swift: [Out.swift]\n", name: "Inner"), "apps/a/livecontract.yaml")
        try write(schema("  swift: [a/Out.swift]\n  typescript: a/fresh.ts\n", name: "Outer"), "apps/livecontract.yaml")
        XCTAssertEqual(try run(["generate", "apps/a/livecontract.yaml"]).status, 0)
        let inner = try Data(contentsOf: folder.appendingPathComponent("apps/a/Out.swift"))
        let result = try run(["generate", "apps/livecontract.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("apps/livecontract.yaml:6:11: error: 'apps/a/Out.swift' is owned by apps/a/livecontract.yaml"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[output-not-ours]"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("apps/a/Out.swift")), inner, "the inner schema's file is untouched")
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("apps/a/fresh.ts").path), "nothing is written")
        for format in ["text", "json", "github"] {
            let check = try run(["check", "--format", format, "apps/livecontract.yaml"])
            XCTAssertEqual(check.status, 1, check.stderr)
            XCTAssertTrue((check.stdout + check.stderr).contains("belongs to apps/a/livecontract.yaml"), format + check.stdout)
            XCTAssertFalse((check.stdout + check.stderr).contains("InnerAttributes"), "\(format) printed the other schema's file")
        }
        // The inner schema still owns and updates its file; a nearer schema that does not name
        // the file leaves it to the outer one; --force takes it over.
        XCTAssertEqual(try run(["check", "apps/a/livecontract.yaml"]).status, 0)
        try write(schema("  swift: [Other.swift]\n", name: "Inner"), "apps/a/livecontract.yaml")
        XCTAssertEqual(try run(["generate", "apps/livecontract.yaml"]).status, 0)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("apps/a/Out.swift"), encoding: .utf8).contains("OuterAttributes"))
    }

    /// `init` and `import --output` write a schema where they are told, but not into the git
    /// folder, spelled out or reached through a symlink.
    func testInitAndImportNeverWriteIntoTheGitFolder() throws {
        try manager.createDirectory(at: folder.appendingPathComponent(".git/hooks"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("g").path, withDestinationPath: ".git")
        try write("struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var n: Int }\n}\n", ".git/A.swift")
        for arguments in [["init", "--output", ".git/hooks/pre-commit"], ["init", "--output", ".GIT/config"], ["init", "--force", "--output", "g/config"],
                          ["import", "--output", "g/post-checkout", "g/A.swift"]] {
            let before = try HostileCLITests.snapshot(folder)
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("never writes into a git folder"), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[output-path]"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(arguments): the folder changed")
        }
    }
}
