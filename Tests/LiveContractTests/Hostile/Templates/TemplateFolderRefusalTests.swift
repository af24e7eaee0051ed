import Foundation
import XCTest
@testable import LiveContract

/// A `templates:` folder or `--templates DIR` that is missing, linked or broken: refused in every
/// format, never read through a symlink.
final class TemplateFolderRefusalTests: RepoFolderTestCase {
    /// `check --format json|sarif|github` with a `--templates` folder that is missing, or
    /// holds a linked or broken template, printed nothing on stdout (exit 2): a CI reader of
    /// the document got an empty file. Each format now carries the refusal as the schema's
    /// error, and a passing `ok` is never printed.
    func testMachineFormatsCarryATemplateRefusal() throws {
        try write("livecontract: 1\nname: A\nstate:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        try write("{{#fields}}\n", "broken/swift.mustache")
        try link("linked/kotlin.mustache", to: "/etc/passwd")
        let cases = [("missing", "templates-folder", "--templates 'missing' is not a folder"),
                     ("s.yaml", "templates-folder", "--templates 's.yaml' is not a folder"),
                     ("broken", "template", "broken/swift.mustache"),
                     ("linked", "template", "'linked/kotlin.mustache' is a symlink")]
        for (folder, rule, message) in cases {
            let json = try run(["check", "--format", "json", "--templates", folder, "s.yaml"])
            XCTAssertEqual(json.status, 2, "\(folder): \(json.stderr)")
            let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            XCTAssertEqual(parsed?["ok"] as? Bool, false, folder)
            let schema = (parsed?["schemas"] as? [[String: Any]])?.first
            XCTAssertEqual(schema?["valid"] as? Bool, false, folder)
            let diagnostic = (schema?["diagnostics"] as? [[String: Any]])?.first
            XCTAssertEqual(diagnostic?["rule"] as? String, rule, folder)
            XCTAssertTrue(json.stdout.contains(message), "\(folder): \(json.stdout)")
            XCTAssertFalse(json.stdout.contains("root:"), "the linked file is not read")
            let sarif = try run(["check", "--format", "sarif", "--templates", folder, "s.yaml"])
            XCTAssertEqual(sarif.status, 2)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)), folder)
            XCTAssertTrue(sarif.stdout.contains("\"ruleId\" : \"\(rule)\"") || sarif.stdout.contains("\"ruleId\": \"\(rule)\""), "\(folder): \(sarif.stdout)")
            let github = try run(["check", "--format", "github", "--templates", folder, "s.yaml"])
            XCTAssertEqual(github.status, 2)
            XCTAssertTrue(github.stdout.hasPrefix("::error "), "\(folder): \(github.stdout)")
            let text = try run(["check", "--templates", folder, "s.yaml"])
            XCTAssertEqual(text.status, 2)
            XCTAssertTrue(text.stderr.contains(message), "\(folder): \(text.stderr)")
        }
    }

    /// The schema's `templates:` folder was read through a committed symlink (`tl ->
    /// ../outside`, or a linked template inside it), rendering and quoting files from outside
    /// the repository; `--templates a/b` through a linked `a` too. Both are now read like
    /// outputs and named inputs: no link below the schema's (or current) folder is followed.
    func testTemplatesAreNotReadThroughASymlink() throws {
        try Data("SECRET {{nope}}".utf8).write(to: folder.appendingPathComponent("outside/swift.mustache"))
        try link("tl", to: "../outside")
        try link("real/sub", to: "../../outside")
        try link("t2/swift.mustache", to: "../../outside/swift.mustache")
        let cases = [("templates: tl\n", "s.yaml:3:12: error: templates folder 'tl' is a symlink", "[templates-folder]"),
                     ("templates: real/sub\n", "s.yaml:3:12: error: templates folder 'real/sub' is a symlink", "[templates-folder]"),
                     ("templates: t2\n", "t2/swift.mustache:1:1: error: cannot read the template: 't2/swift.mustache' is a symlink", "[template]")]
        for (key, message, rule) in cases {
            try write("livecontract: 1\nname: A\n" + key + "state:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
            for command in ["generate", "check"] {
                let result = try run([command, "s.yaml"])
                XCTAssertEqual(result.status, 2, "\(key) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), "\(key) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(rule), result.stderr)
                XCTAssertFalse(result.stderr.contains("nope"), "the file outside is not read")
            }
        }
        try write("livecontract: 1\nname: A\nstate:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        for folder in ["tl", "real/sub", "t2"] {
            let result = try run(["check", "--templates", folder, "s.yaml"])
            XCTAssertEqual(result.status, 2, "\(folder): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("nope"), "\(folder): \(result.stderr)")
        }
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("repo/A.swift").path))
        // A real folder still works.
        XCTAssertEqual(try run(["templates", "dump", "mine", "swift"]).status, 0)
        try write("livecontract: 1\nname: A\ntemplates: mine\nstate:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        XCTAssertEqual(try run(["generate", "s.yaml"]).status, 0)
        XCTAssertEqual(try run(["check", "--templates", "mine", "s.yaml"]).status, 0)
    }
}
