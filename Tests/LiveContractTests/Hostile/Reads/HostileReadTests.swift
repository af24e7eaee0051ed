import Foundation
import XCTest
@testable import LiveContract

/// What `check` and `generate` read, through the built binary: no symlink below the schema's
/// folder is followed, a file we did not generate is never printed, ownership names the
/// schema, and echoed file content cannot drive the terminal.
final class HostileReadTests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-read")
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    }

    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func schema(_ outputs: String) -> String {
        "livecontract: 1\nname: Leak\nattributes:\n  id: string\nstate:\n  step: int\noutputs:\n" + outputs
    }

    /// `ln -s /proc/self p` with `swift: [p/environ]`: check must not print the environment
    /// (CI secrets) in any format, and reports the file as unreadable, like generate refuses it.
    func testCheckDoesNotFollowASymlinkedFolderOrPrintWhatItReads() throws {
        try write(schema("  swift: [p/environ]\n"), "s.yaml")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("p").path, withDestinationPath: "/proc/self")
        let secret = ["LIVECONTRACT_TEST_SECRET": "hunter2-\(UUID().uuidString)"]
        for format in ["text", "json", "github"] {
            for quiet in [[], ["--quiet"]] {
                let result = try run(["check", "--format", format] + quiet + ["s.yaml"], environment: secret)
                XCTAssertEqual(result.status, 1, "\(format): \(result.stderr)")
                let printed = result.stdout + result.stderr
                XCTAssertFalse(printed.contains(secret.values.first!), "\(format) leaked the environment")
                XCTAssertFalse(printed.contains("PATH="), "\(format) leaked the environment")
                XCTAssertTrue(printed.contains("'p' is a symlink, which is not followed"), "\(format): \(printed)")
            }
        }
        let generate = try run(["generate", "s.yaml"])
        XCTAssertEqual(generate.status, 2)
        XCTAssertTrue(generate.stderr.contains("s.yaml:8:11: error: 'p' is a symlink"), generate.stderr)
    }

    /// A FIFO or a device where an output (or the schema, or a payload) belongs is refused at
    /// once instead of hanging or reading forever.
    func testFIFOsAndDevicesAreRefusedWithoutBlocking() throws {
        try write(schema("  swift: [out/A.swift]\n"), "s.yaml")
        try manager.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("out/A.swift").path, 0o644), 0)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo.yaml").path, 0o644), 0)
        let start = Date()
        let check = try run(["check", "s.yaml"])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("not a regular file"), check.stdout + check.stderr)
        let generate = try run(["generate", "s.yaml"])
        XCTAssertEqual(generate.status, 2)
        XCTAssertTrue(generate.stderr.contains("s.yaml:8:11: error: 'out/A.swift' exists and is not a regular file"), generate.stderr)
        for schemaPath in ["fifo.yaml", "/dev/zero"] {
            let result = try run(["generate", schemaPath])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("is not a regular file"), result.stderr)
        }
        let validate = try run(["validate", "--schema", "s.yaml", "/dev/zero", "fifo.yaml"])
        XCTAssertEqual(validate.status, 2, validate.stderr)
        XCTAssertEqual(validate.stderr.components(separatedBy: "cannot read the payload file: not a regular file").count, 3, validate.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "nothing blocked")
    }

    /// A payload over the cap is refused before it is parsed.
    func testOversizedPayloadIsRefusedBeforeParsing() throws {
        try write(schema("  swift: [out/A.swift]\n"), "s.yaml")
        try write("[" + String(repeating: "1,", count: 600_000) + "1]", "big.json")
        let result = try run(["validate", "--schema", "s.yaml", "big.json"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("big.json:1:1: error: cannot read the payload file: larger than the 1 MiB limit [payload-kind]"), result.stderr)
    }

    /// Ownership: `b.yaml` may not overwrite what `a.yaml` generated, and a hand-written file
    /// whose first line only looks like our header is not ours either.
    func testAnotherSchemasFileAndAForgedHeaderAreNotOverwritten() throws {
        try write(schema("  swift: [out/A.swift]\n"), "a.yaml")
        try write(schema("  swift: [out/A.swift]\n").replacingOccurrences(of: "step: int", with: "step: string"), "b.yaml")
        XCTAssertEqual(try run(["generate", "a.yaml"]).status, 0)
        let output = folder.appendingPathComponent("out/A.swift")
        let ownedByA = try Data(contentsOf: output)
        let refused = try run(["generate", "b.yaml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("b.yaml:8:11: error: 'out/A.swift' is owned by a.yaml"), refused.stderr)
        XCTAssertEqual(try Data(contentsOf: output), ownedByA)
        let check = try run(["check", "b.yaml"])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue((check.stdout + check.stderr).contains("renamed: the header names 'a.yaml' as its schema, not 'b.yaml'"), check.stdout + check.stderr)
        XCTAssertTrue((check.stdout + check.stderr).contains("its content is not shown"), check.stdout + check.stderr)
        XCTAssertFalse((check.stdout + check.stderr).contains("@@"), "no diff of another schema's file")

        let forged = "// generated by livecontract from a.yaml; do not edit\nlet handWritten = true\n"
        try forged.write(to: output, atomically: true, encoding: .utf8)
        let second = try run(["generate", "a.yaml"])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.stderr.contains("was not generated by livecontract"), second.stderr)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), forged)
        let forcedCheck = try run(["check", "a.yaml"])
        XCTAssertFalse((forcedCheck.stdout + forcedCheck.stderr).contains("handWritten"), "a forged file is not printed")
        XCTAssertEqual(try run(["generate", "--force", "a.yaml"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: output), ownedByA)
    }

    /// Terminal escapes in a hand-edited output (OSC 52 clipboard, a title, clear screen, a
    /// bidi override, CR) reach no format of `check` raw.
    func testEscapesInAHandEditedOutputAreShownEscaped() throws {
        try write(schema("  swift: [out/A.swift]\n"), "s.yaml")
        XCTAssertEqual(try run(["generate", "s.yaml"]).status, 0)
        let output = folder.appendingPathComponent("out/A.swift")
        var text = try String(contentsOf: output, encoding: .utf8)
        text += "// \u{1B}]52;c;aGFja2Vk\u{07} \u{1B}]0;title\u{07} \u{1B}[2J \u{202E}evil\u{2028}x\r\u{85}\u{7F}\n"
        try text.write(to: output, atomically: true, encoding: .utf8)
        for format in ["text", "json", "github"] {
            let result = try run(["check", "--format", format, "s.yaml"])
            XCTAssertEqual(result.status, 1, result.stderr)
            let printed = result.stdout + result.stderr
            for raw: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{202E}", "\u{2028}", "\r", "\u{85}", "\u{7F}"] {
                XCTAssertFalse(printed.unicodeScalars.contains(raw), "\(format) printed U+\(String(raw.value, radix: 16)) raw")
            }
            XCTAssertTrue(printed.contains("\\u{1B}]52;c;aGFja2Vk\\u{7}") || printed.contains("\\\\u{1B}]52;c;aGFja2Vk\\\\u{7}"), "\(format): \(printed)")
        }
    }

    /// `compat --against git:REF` passes the ref and path to git as data: `git:--output=FILE`
    /// is refused and no FILE appears, nor with the option hidden in the path part.
    func testGitRefsAndPathsAreNeverOptions() throws {
        let git = try TestSupport.requireTool("git")
        try write(schema("  swift: [out/A.swift]\n"), "livecontract.yaml")
        for arguments in [["init", "-q"], ["add", "livecontract.yaml"], ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "s"]] {
            XCTAssertEqual(try TestSupport.run(git, arguments, in: folder).status, 0)
        }
        for against in ["git:--output=FILE", "git:-p", "git:HEAD:--output=FILE", "git:--output=FILE:livecontract.yaml", "git:HEAD --output=FILE"] {
            let result = try run(["compat", "--against", against])
            XCTAssertEqual(result.status, 2, "\(against): \(result.stderr)")
            XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("FILE").path), "\(against) made git write FILE")
        }
        let refused = try run(["compat", "--against", "git:--output=FILE"])
        XCTAssertTrue(refused.stderr.contains("'--output=FILE' is not a git revision (it starts with '-')"), refused.stderr)
        let fine = try run(["compat", "--against", "git:HEAD"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    /// A UTF-8 byte-order mark at the start of a schema (Windows editors) is accepted, and
    /// positions after it are unchanged.
    func testByteOrderMarkIsAccepted() throws {
        let text = schema("  swift: [out/A.swift]\n")
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: folder.appendingPathComponent("s.yaml"))
        let result = try run(["generate", "s.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(manager.fileExists(atPath: folder.appendingPathComponent("out/A.swift").path))
        try Data([0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "step: int", with: "step: nope").utf8)).write(to: folder.appendingPathComponent("s.yaml"))
        let bad = try run(["generate", "s.yaml"])
        XCTAssertTrue(bad.stderr.contains("s.yaml:6:9: error: unknown type 'nope'"), bad.stderr)
    }
}

/// `GeneratedHeader.parse` and `ownership`: both header forms, the fingerprint line, and
/// what is not enough (a first line alone, another schema's name).
final class GeneratedHeaderParseTests: XCTestCase {
    func testBothFormsAndWhatIsNotEnough() {
        let code = "// generated by livecontract from a.yaml; do not edit\n// contract fingerprint: 0123456789abcdef\n\nstruct A {}\n"
        XCTAssertEqual(GeneratedHeader.parse(code)?.schema, "a.yaml")
        XCTAssertEqual(GeneratedHeader.parse(code)?.fingerprint, "0123456789abcdef")
        let json = "{\n  \"comment\": \"generated by livecontract from a.yaml; do not edit\",\n  \"fingerprint\": \"0123456789abcdef\",\n  \"cases\": []\n}\n"
        XCTAssertEqual(GeneratedHeader.parse(json)?.schema, "a.yaml")
        XCTAssertEqual(GeneratedHeader.parse(json)?.fingerprint, "0123456789abcdef")
        let firstLineOnly = "// generated by livecontract from a.yaml; do not edit\nlet mine = 1\n"
        XCTAssertEqual(GeneratedHeader.parse(firstLineOnly)?.schema, "a.yaml")
        XCTAssertNil(GeneratedHeader.parse(firstLineOnly)?.fingerprint)
        XCTAssertNil(GeneratedHeader.parse("struct A {}\n"))
        let generated = Array(code.utf8)
        XCTAssertEqual(GeneratedHeader.ownership(of: code.replacingOccurrences(of: "struct A", with: "struct B"), generated: generated), .ours)
        XCTAssertEqual(GeneratedHeader.ownership(of: firstLineOnly, generated: generated), .notGenerated)
        XCTAssertEqual(GeneratedHeader.ownership(of: code.replacingOccurrences(of: "a.yaml", with: "b.yaml"), generated: generated), .otherSchema("b.yaml"))
        XCTAssertEqual(GeneratedHeader.ownership(of: code.replacingOccurrences(of: "0123456789abcdef", with: "not-hex"), generated: generated), .notGenerated)
    }
}
