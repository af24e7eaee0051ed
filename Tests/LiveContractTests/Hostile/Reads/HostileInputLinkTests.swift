import Foundation
import XCTest
@testable import LiveContract

/// Inputs named on the command line (schema, `--schema`, payloads, `--against`, Swift files to
/// import), through the built binary: a symlink the checked-out repository could commit is
/// never followed below the current folder, so no message quotes a file outside it.
final class HostileInputLinkTests: XCTestCase {
    var folder: URL!
    var outside: URL!
    let manager = FileManager.default
    let secret = "gho_livecontract_test_\(UUID().uuidString.prefix(8))"

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-input-link")
        outside = TestSupport.temporaryDirectory("hostile-input-secret")
        // A credentials file that parses as YAML and JSON: every message about it would name
        // its keys and values (`unknown key ...`, `found '...'`).
        try "{\"\(secret)\": {\"oauth_token\": \"\(secret)\"}}\n".write(to: outside.appendingPathComponent("hosts.yml"), atomically: true, encoding: .utf8)
        try "\(secret)=1\n".write(to: outside.appendingPathComponent("env"), atomically: true, encoding: .utf8)
        try manager.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        try "livecontract: 1\nname: Leak\nattributes:\n  id: string\nstate:\n  step: int\noutputs:\n  swift: [Out.swift]\n".write(to: folder.appendingPathComponent("real.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
        if let outside { try? manager.removeItem(at: outside) }
    }

    func link(_ name: String, to target: String) throws {
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func assertRefused(_ arguments: [String], link: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(arguments)
        let printed = result.stdout + result.stderr
        XCTAssertEqual(result.status, 2, "\(arguments): \(printed)", file: file, line: line)
        XCTAssertFalse(printed.contains(secret), "\(arguments) printed the linked file: \(printed)", file: file, line: line)
        XCTAssertTrue(printed.contains("'\(link)' is a symlink"), "\(arguments): \(printed)", file: file, line: line)
    }

    /// `livecontract.yaml -> ~/.config/gh/hosts.yml`: the default schema of `check` in CI.
    func testASymlinkedSchemaIsRefusedByEveryCommandWithoutQuotingIt() throws {
        try link("livecontract.yaml", to: outside.appendingPathComponent("hosts.yml").path)
        for format in ["text", "json", "github", "sarif"] {
            try assertRefused(["check", "--format", format], link: "livecontract.yaml")
            try assertRefused(["validate", "--format", format, "-"], link: "livecontract.yaml")
            try assertRefused(["compat", "--format", format, "real.yaml", "--against", "livecontract.yaml"], link: "livecontract.yaml")
        }
        try assertRefused(["generate"], link: "livecontract.yaml")
        try assertRefused(["generate", "--force"], link: "livecontract.yaml")
        try assertRefused(["templates", "which"], link: "livecontract.yaml")
        try assertRefused(["check", "\(folder.path)/livecontract.yaml"], link: "\(folder.path)/livecontract.yaml")
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.path).sorted(), ["config", "livecontract.yaml", "real.yaml"], "nothing may be written")
    }

    /// A committed folder link (`config -> /home/runner/.config/gh`) on the way is refused too,
    /// relative or absolute below the current folder, with `./` or `..` in the path.
    func testASymlinkedFolderOnTheWayIsRefused() throws {
        try link("secrets", to: outside.path)
        try assertRefused(["check", "secrets/hosts.yml"], link: "secrets")
        try assertRefused(["check", "./secrets/hosts.yml"], link: "./secrets")
        try assertRefused(["check", "config/../secrets/hosts.yml"], link: "config/../secrets")
        try assertRefused(["check", "\(folder.path)/secrets/hosts.yml"], link: "\(folder.path)/secrets")
        try assertRefused(["validate", "--schema", "real.yaml", "secrets/env"], link: "secrets")
    }

    /// Payloads and Swift files to import: a link to a secret is refused, not parsed and quoted.
    func testSymlinkedPayloadsAndImportFilesAreRefused() throws {
        try link("push.json", to: outside.appendingPathComponent("hosts.yml").path)
        try link("Model.swift", to: outside.appendingPathComponent("env").path)
        try assertRefused(["validate", "--schema", "real.yaml", "push.json"], link: "push.json")
        try assertRefused(["validate", "--schema", "real.yaml", "--format", "json", "push.json"], link: "push.json")
        try assertRefused(["import", "Model.swift"], link: "Model.swift")
    }

    /// The control: the same files named by their real paths are read (a path the user typed
    /// outside the current folder is theirs), so only the link is refused.
    func testTheRealPathsStillWork() throws {
        XCTAssertEqual(try run(["generate", "real.yaml"]).status, 0)
        XCTAssertEqual(try run(["check", "real.yaml"]).status, 0)
        XCTAssertEqual(try run(["check", "./config/../real.yaml"]).status, 0)
        XCTAssertEqual(try run(["check", "\(folder.path)/real.yaml"]).status, 0)
        let outsideSchema = try run(["check", outside.appendingPathComponent("hosts.yml").path])
        XCTAssertEqual(outsideSchema.status, 2, "an invalid schema the user named is still read and reported")
        XCTAssertTrue(outsideSchema.stderr.contains("unknown key"), outsideSchema.stderr)
    }

    /// The split that decides which folders are the user's (followed) and which the
    /// repository's (not followed).
    func testTheCurrentFolderSplitsAPath() {
        XCTAssertEqual(FileSystem.splitAtCurrentFolder("a/b.yaml", currentFolder: "/w").base, ".")
        XCTAssertEqual(FileSystem.splitAtCurrentFolder("/w/a/b.yaml", currentFolder: "/w").relative, "a/b.yaml")
        XCTAssertEqual(FileSystem.splitAtCurrentFolder("/wx/b.yaml", currentFolder: "/w").base, "/wx")
        XCTAssertEqual(FileSystem.splitAtCurrentFolder("/etc/x.yaml", currentFolder: "/").relative, "x.yaml")
    }
}
