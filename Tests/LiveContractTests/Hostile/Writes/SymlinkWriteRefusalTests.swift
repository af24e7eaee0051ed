import Foundation
import XCTest
@testable import LiveContract

/// Files named on the command line (`templates dump`, `init --output`, `import --output`) are
/// never written through a committed symlink, and an output no run can write (a name over
/// NAME_MAX, a path over PATH_MAX) is refused by check as it is by generate.
final class SymlinkWriteRefusalTests: RepoFolderTestCase {
    /// A committed `t -> ../outside` (a folder on the way) or `t/swift.mustache -> ...` (the
    /// file itself): `templates dump` refuses both, with or without --force, and writes
    /// nothing anywhere, as `generate` refuses an output through a link.
    func testTemplatesDumpNeverWritesThroughASymlink() throws {
        try link("t", to: "../outside")
        try link("deep/a", to: "../../outside")
        try link("f/swift.mustache", to: "../../outside/victim")
        try Data("keep".utf8).write(to: folder.appendingPathComponent("outside/victim"))
        let cases: [([String], String)] = [
            (["templates", "dump", "t"], "'t' is a symlink"),
            (["templates", "dump", "t", "swift"], "'t' is a symlink"),
            (["templates", "dump", "deep/a/b", "swift"], "'deep/a' is a symlink"),
            (["templates", "dump", "f", "swift"], "'f/swift.mustache' is a symlink"),
            (["templates", "dump", "--force", "f", "swift"], "'f/swift.mustache' is a symlink"),
            (["templates", "dump", folder.appendingPathComponent("repo/t").path], "/repo/t' is a symlink"),
        ]
        for (arguments, message) in cases {
            let before = try HostileCLITests.snapshot(folder)
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[output-symlink]"), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stdout.contains("wrote"), "\(arguments): \(result.stdout)")
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(arguments): something was written")
        }
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("outside").path), ["victim"])
        // A dangling link would create its target.
        try link("g/swift.mustache", to: "../../outside/missing")
        let dangling = try run(["templates", "dump", "--force", "g", "swift"])
        XCTAssertEqual(dangling.status, 2, dangling.stderr)
        XCTAssertTrue(dangling.stderr.contains("'g/swift.mustache' is a symlink"), dangling.stderr)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("outside").path), ["victim"])
        // A real folder still works, and all of a dump is refused when one file is.
        XCTAssertEqual(try run(["templates", "dump", "mine"]).status, 0)
        try manager.removeItem(at: folder.appendingPathComponent("repo/mine/swift.mustache"))
        try link("mine/swift.mustache", to: "../../outside/victim")
        try manager.removeItem(at: folder.appendingPathComponent("repo/mine/kotlin.mustache"))
        let partial = try run(["templates", "dump", "mine"])
        XCTAssertEqual(partial.status, 2, partial.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("repo/mine/kotlin.mustache").path), "nothing is written when one file is refused")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("outside/victim"), encoding: .utf8), "keep")
    }

    /// `init --output` and `import --output` are held to the same rule.
    func testInitAndImportNeverWriteThroughASymlink() throws {
        try link("o", to: "../outside")
        try link("s.yaml", to: "../outside/s.yaml")
        try write("struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var n: Int }\n}\n", "A.swift")
        for (arguments, link) in [(["init", "--output", "o/livecontract.yaml"], "o"), (["init", "--force", "--output", "o/livecontract.yaml"], "o"),
                                  (["import", "--force", "--output", "s.yaml", "A.swift"], "s.yaml")] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("'\(link)' is a symlink; livecontract does not write through symlinks"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("outside").path), [], "\(arguments)")
        }
        XCTAssertEqual(try run(["init", "--output", "sub/livecontract.yaml"]).status, 0, "a real folder is created and written")
        let fresh = folder.appendingPathComponent("fresh/a/b.yaml").path
        XCTAssertEqual(try run(["init", "--output", fresh]).status, 0, "folders outside the current one are made too")
        XCTAssertTrue(manager.fileExists(atPath: fresh))
        // A name Windows cannot check out (a control character, a backslash) is refused like
        // a device name, and a line break in it cannot split the message.
        for name in ["a\nb.yaml", "a\u{1B}b.yaml", "a\\b.yaml"] {
            let result = try run(["init", "--output", name])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("which Windows does not allow in a file name"), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("repo").appendingPathComponent(name).path))
        }
    }

    /// An output no run can write (a fixture named after a 250-byte example: its temporary
    /// name is over NAME_MAX; a path over PATH_MAX) was refused by generate (exit 2) while
    /// check called it "missing; run generate" (exit 1, `valid: true`), a loop with no way
    /// out. Both now refuse the schema at the output's position.
    func testAnUnwritableOutputIsInvalidForCheckToo() throws {
        let example = String(repeating: "e", count: 250)
        let deep = Array(repeating: String(repeating: "d", count: 200), count: 21).joined(separator: "/") + "/A.swift"
        let schemas = [("livecontract: 1\nname: A\nstate:\n  a: { type: int }\nexamples:\n  \(example):\n    state: { a: 1 }\noutputs:\n  fixtures: fx\n",
                        "s.yaml:9:13: error: the file name '\(example).json' is too long"),
                       ("livecontract: 1\nname: A\nstate:\n  a: { type: int }\noutputs:\n  swift: [\(deep)]\n",
                        "s.yaml:6:11: error: '\(deep)' is too long a path")]
        for (schema, message) in schemas {
            try write(schema, "s.yaml")
            for command in ["generate", "check"] {
                let result = try run([command, "s.yaml"])
                XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), "\(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("[output-path]"), result.stderr)
                XCTAssertFalse(result.stderr.contains("run `livecontract generate"), result.stderr)
            }
            let json = try run(["check", "--format", "json", "s.yaml"])
            XCTAssertEqual(json.status, 2)
            let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            XCTAssertEqual((parsed?["schemas"] as? [[String: Any]])?.first?["valid"] as? Bool, false)
            XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("repo").path), ["s.yaml"])
        }
    }
}
