import Foundation
import XCTest

/// The GitHub Actions runner reads a log line as a workflow command when, after leading
/// blanks, it starts with `::`, and reads `##[` anywhere in a line as the older form
/// (`##[error]`, `##[stop-commands]token`, which silences every later annotation). Lines from
/// committed files (a diff), file names (a payload named `::error title=Forged::x.json`) and
/// schema text must never form one, in any command's `--format github`. Through the binary.
final class GitHubLogCommandTests: XCTestCase {
    static let planted = ["  ::error title=Forged::planted by a diff line", "// ##[error title=Forged]planted", "##[stop-commands]hide",
                          "\t::warning file=README.md::planted", "x ##[add-mask]planted"]

    /// Every line of `log` the runner would take as a command is one of ours: an annotation
    /// without the forged title, a group or its end. No `##[` anywhere.
    static func assertOnlyOurCommands(_ log: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(log.contains("##["), "a line holds the older command form:\n\(log.prefix(4000))", file: file, line: line)
        for text in log.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("::") else { continue }
            let ours = ["::error ", "::warning ", "::notice ", "::group::livecontract ", "::endgroup::"].contains { trimmed.hasPrefix($0) }
            XCTAssertTrue(ours && text.first == ":", "not one of livecontract's commands: \(text)", file: file, line: line)
            // An annotation's properties, as the runner splits them: only ours, titled by us.
            guard trimmed.hasPrefix("::error ") || trimmed.hasPrefix("::warning ") || trimmed.hasPrefix("::notice ") else { continue }
            let properties = trimmed.drop { $0 != " " }.dropFirst().prefix { $0 != ":" }
            for property in properties.split(separator: ",") {
                let key = property.prefix { $0 != "=" }, value = property.drop { $0 != "=" }.dropFirst()
                XCTAssertTrue(["file", "line", "col", "endLine", "endColumn", "title"].contains(String(key)), "a property not ours: \(text)", file: file, line: line)
                if key == "title" { XCTAssertTrue(value.hasPrefix("livecontract"), "a forged title: \(text)", file: file, line: line) }
            }
        }
    }

    func testCheckDiffLinesNeverFormCommands() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("github-commands")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n  swift: X.swift\n"
            .write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder).status, 0)
        for name in ["x.ts", "X.swift"] {
            let url = folder.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            try (text + Self.planted.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "--format", "github", "s.yaml"], in: folder,
                                         environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("::group::livecontract diff x.ts"), result.stdout)
        // The planted lines are still shown, spelled so the runner reads them as text.
        XCTAssertTrue(result.stdout.contains("\n-// #\\u{23}[error title=Forged]planted\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\n-x #\\u{23}[add-mask]planted\n"), result.stdout)
        Self.assertOnlyOurCommands(result.stdout)
    }

    func testValidatePayloadNamedLikeACommand() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("github-payload")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n".write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        var failures: [String] = []
        for name in ["::error title=Forged::x.json", "##[stop-commands]x.json"] {
            for body in ["{\"aps\":{\"content-state\":{\"eta\":\"##[error]x\"}}}", "{\"aps\":{\"content-state\":{\"eta\":1}}}"] {
                try body.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                let result = try TestSupport.run(TestSupport.binary.path, ["validate", "--schema", "s.yaml", "--format", "github", name], in: folder,
                                                 environment: ["NO_COLOR": "1"])
                if result.status > 1 { failures.append("\(name): exit \(result.status) \(result.stderr)") }
                Self.assertOnlyOurCommands(result.stdout + result.stderr)
            }
        }
        XCTAssertEqual(failures, [])
    }

    func testCompatAgainstAFileNamedLikeACommand() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("github-compat")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "livecontract: 1\nname: Ride\nstate:\n  eta: int\n  stops: int\noutputs:\n  typescript: x.ts\n".write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        for name in ["::error title=Forged::old.yaml", "##[stop-commands]old.yaml"] {
            try "livecontract: 1\nname: Ride\ndoc: \"##[error title=Forged]x\"\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n"
                .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let result = try TestSupport.run(TestSupport.binary.path, ["compat", "--against", name, "--format", "github", "s.yaml"], in: folder,
                                             environment: ["NO_COLOR": "1"])
            XCTAssertLessThanOrEqual(result.status, 1, result.stdout + result.stderr)
            Self.assertOnlyOurCommands(result.stdout + result.stderr)
        }
    }

    func testSchemaErrorsFromAFileNamedLikeACommand() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("github-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "::error title=Forged::s.yaml"
        try "livecontract: 1\nname: Ride\nstate:\n  \"##[error]\": int\n  eta: strng\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        for command in ["check", "compat"] {
            let arguments = command == "compat" ? ["compat", "--against", name, "--format", "github", name] : ["check", "--no-cache", "--format", "github", name]
            let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
            XCTAssertEqual(result.status, 2, command + ": " + result.stdout + result.stderr)
            Self.assertOnlyOurCommands(result.stdout + result.stderr)
        }
    }
}
