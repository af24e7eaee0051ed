import Foundation
import XCTest
@testable import LiveContract

/// Red-team round six, through the built binary: writes of files named on the command line
/// (`templates dump`, `init`, `import --output`) through committed symlinks, invisible
/// characters in messages, what a YAML 1.1 number is called, and the size of a `validate`
/// report of a payload made of one mistake repeated.
final class HostileRound6Tests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-round6")
        try manager.createDirectory(at: folder.appendingPathComponent("repo"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("outside"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder.appendingPathComponent("repo"), environment: ["NO_COLOR": "1"])
    }

    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent("repo").appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func link(_ name: String, to target: String) throws {
        let url = folder.appendingPathComponent("repo").appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

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

    /// U+00AD (soft hyphen), like every format character, is named and escaped, never shown
    /// raw, in text and in JSON (where a parser still reads the same string).
    func testFormatCharactersInMessagesAreEscaped() throws {
        try write("livecontract: 1\nname: A\nstate:\n  a: { type: int, apnsName: \"a\u{AD}b\" }\n  b: { type: int, apnsName: \"c\u{E0041}d\" }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        let text = try run(["check", "s.yaml"])
        XCTAssertEqual(text.status, 2, text.stderr)
        XCTAssertTrue(text.stderr.contains("s.yaml:4:29: error: apnsName 'a\\u{AD}b' holds 'U+00AD'"), text.stderr)
        XCTAssertTrue(text.stderr.contains("apnsName 'c\\u{E0041}d' holds 'cU+E0041'"), text.stderr)
        XCTAssertFalse(text.stderr.unicodeScalars.contains { $0.properties.generalCategory == .format }, text.stderr)
        let json = try run(["check", "--format", "json", "s.yaml"])
        XCTAssertFalse(json.stdout.unicodeScalars.contains { $0.properties.generalCategory == .format }, json.stdout)
        // A JSON reader gets the visible spelling a terminal shows, as for bidi controls.
        XCTAssertTrue(json.stdout.contains("a\\\\u{AD}b"), json.stdout)
        XCTAssertTrue(json.stdout.contains("c\\\\u{E0041}d"), json.stdout)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["ok"] as? Bool, false)
        XCTAssertFalse(String(describing: parsed).unicodeScalars.contains { $0.properties.generalCategory == .format })
        XCTAssertEqual(TerminalText.json("\"x\u{E0041}\""), "\"x\\uDB40\\uDC41\"", "beyond U+FFFF as a surrogate pair")
        XCTAssertEqual(TerminalText.visible("x\u{AD}\u{180E}\u{E0020}y"), "x\\u{AD}\\u{180E}\\u{E0020}y")
        XCTAssertEqual(TerminalText.visible("é 🇫🇷 👍🏽"), "é 🇫🇷 👍🏽", "visible text is left alone")
    }

    /// `0x10` is hexadecimal, not "octal or sexagesimal": each YAML 1.1 form is named with
    /// the decimal to write.
    func testYAML11NumbersAreNamedWithTheDecimalToWrite() throws {
        let cases = [("0x10", "'0x10' is a hexadecimal number (16)", "write the decimal 16"),
                     ("-0x1F", "'-0x1F' is a hexadecimal number (-31)", "write the decimal -31"),
                     ("0777", "'0777' is a YAML 1.1 octal number (511)", "write the decimal you mean: 511, or 777"),
                     ("0o17", "'0o17' is a YAML 1.2 octal number (15)", "write the decimal 15"),
                     ("0b101", "'0b101' is a YAML 1.1 binary number (5)", "write the decimal 5"),
                     ("1:30", "'1:30' is a YAML 1.1 base-60 (sexagesimal) number (90)", "write the decimal 90"),
                     ("09", "'09' has a leading zero", "write 9"),
                     ("0xFFFFFFFFFFFFFFFFFFFF", "'0xFFFFFFFFFFFFFFFFFFFF' is a hexadecimal number, which", "write a plain decimal")]
        for (value, what, fix) in cases {
            try write("livecontract: 1\nname: A\nstate:\n  b: { type: int, default: \(value) }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
            let result = try run(["check", "s.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("s.yaml:4:28: error: default of 'b': \(what)"), "\(value): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(fix + " [yaml11-number]"), "\(value): \(result.stderr)")
            XCTAssertFalse(value.hasPrefix("0x") && result.stderr.contains("octal"), result.stderr)
        }
    }

    /// 60,000 unknown keys: 20 warnings and one note saying how many more, in every format,
    /// with the summary counting them all.
    func testValidateCapsRepeatedFindingsOfOneRule() throws {
        try write("livecontract: 1\nname: A\nstate:\n  a: { type: int }\noutputs:\n  swift: [A.swift]\n", "s.yaml")
        var payload = "{\"a\":1"
        for index in 0..<60_000 { payload += ",\"k\(index)\":1" }
        // And a second rule repeated, so each rule gets its own cap.
        payload += ",\"a\":2,\"a\":3}"
        try write(payload, "p.json")
        let text = try run(["validate", "--schema", "s.yaml", "p.json"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertLessThan(text.stderr.utf8.count, 10_000)
        XCTAssertEqual(text.stderr.components(separatedBy: "[payload-unknown-key]").count - 1, 21, text.stderr)
        XCTAssertTrue(text.stderr.contains("note: 59980 more payload-unknown-key warnings like the 20 above are left out"), text.stderr)
        XCTAssertTrue(text.stderr.contains("[payload-duplicate-key]"), text.stderr)
        XCTAssertTrue((text.stdout + text.stderr).contains("2 errors, 60000 warnings"), text.stdout + text.stderr)
        let strict = try run(["validate", "--strict", "--schema", "s.yaml", "p.json"])
        XCTAssertEqual(strict.status, 1)
        let json = try run(["validate", "--format", "json", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(json.stdout.utf8.count, 20_000)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["ok"] as? Bool, false)
        let diagnostics = ((parsed?["payloads"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]]) ?? []
        XCTAssertEqual(diagnostics.filter { $0["rule"] as? String == "payload-unknown-key" }.count, 21)
        XCTAssertEqual(diagnostics.filter { $0["severity"] as? String == "note" }.count, 1)
        let github = try run(["validate", "--format", "github", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(github.stdout.utf8.count, 10_000)
        XCTAssertTrue(github.stdout.contains("::notice file=p.json,line=1,"), github.stdout)
        let sarif = try run(["validate", "--format", "sarif", "--schema", "s.yaml", "p.json"])
        XCTAssertLessThan(sarif.stdout.utf8.count, 40_000)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)))
    }

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

    /// The same cap on a schema of 2,000 misspelt types (text and JSON, with a true error
    /// count) and on `import` of a struct of 2,000 fields with initial values (one note each).
    func testSchemaAndImportFindingsAreCappedPerRule() throws {
        var schema = "livecontract: 1\nname: A\nstate:\n"
        for index in 0..<2_000 { schema += "  f\(index): { type: strin }\n" }
        try write(schema + "outputs:\n  swift: [A.swift]\n", "s.yaml")
        let text = try run(["check", "s.yaml"])
        XCTAssertEqual(text.status, 2, text.stderr)
        XCTAssertEqual(text.stderr.components(separatedBy: "[unknown-type]").count - 1, 21, text.stderr)
        XCTAssertTrue(text.stderr.contains("s.yaml:24:"), "the note is at the first one left out: \(text.stderr)")
        XCTAssertTrue(text.stderr.contains("note: 1980 more unknown-type errors like the 20 above are left out"), text.stderr)
        let json = try run(["check", "--format", "json", "s.yaml"])
        XCTAssertEqual(json.status, 2)
        XCTAssertLessThan(json.stdout.utf8.count, 20_000)
        XCTAssertTrue(json.stdout.contains("\"ok\": false") || json.stdout.contains("\"ok\" : false"), json.stdout)
        let github = try run(["check", "--format", "github", "s.yaml"])
        XCTAssertTrue(github.stdout.contains("s.yaml; 2000 errors)"), github.stdout)
        var swift = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n"
        for index in 0..<2_000 { swift += "        var f\(index): Int = 1\n" }
        try write(swift + "    }\n}\n", "A.swift")
        let imported = try run(["import", "A.swift"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr.components(separatedBy: "[import-changed]").count - 1, 21, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("f1999:"), "the schema itself is whole")
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

    /// The cap keeps order and counts for the library's callers.
    func testCappedDiagnosticsKeepsTheFirstOfEachRule() {
        let location = { (line: Int) in SourceLocation(file: "p.json", line: line, column: 1) }
        var all: [Diagnostic] = []
        for line in 1...5 { all.append(Diagnostic(.warning, "w\(line)", at: location(line), rule: "x")) }
        all.append(Diagnostic(.error, "e", at: location(6), rule: "x"))
        let capped = CappedDiagnostics(all, perRule: 2)
        XCTAssertEqual(capped.items.map(\.message).prefix(2), ["w1", "w2"])
        XCTAssertEqual(capped.items[2].severity, .note)
        XCTAssertEqual(capped.items[2].location, location(3))
        XCTAssertTrue(capped.items[2].message.hasPrefix("3 more x warnings"), capped.items[2].message)
        XCTAssertEqual(capped.items.last?.message, "e")
        XCTAssertEqual(capped.leftOutWarnings, 3)
        XCTAssertEqual(capped.leftOutErrors, 0)
        XCTAssertEqual(CappedDiagnostics(Array(all.prefix(2)), perRule: 2).items, Array(all.prefix(2)))
    }
}
