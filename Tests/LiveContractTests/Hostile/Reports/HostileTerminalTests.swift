import Foundation
import XCTest
@testable import LiveContract

/// Whatever the tool prints, text it was given (arguments, file names, schema strings, Swift
/// doc comments, JSON keys) reaches the terminal with its control characters escaped: no
/// argument or committed file can clear the screen, set the title or the clipboard, or hide
/// and reorder text. Through the built binary; machine formats stay parseable and carry the
/// same strings.
final class HostileTerminalTests: XCTestCase {
    var folder: URL!
    /// ESC sequences (clear screen, OSC title + BEL, OSC 52 clipboard), CR, C1 CSI, NEL,
    /// bidi override, zero-width space, line separator, DEL.
    static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\r\u{9B}31m\u{85}\u{202E}\u{200B}\u{2028}\u{7F}"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-terminal")
        let schema = "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\noutputs:\n  swift: out/Demo.swift\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
    }

    /// No scalar the terminal would act on, in either stream; `shown` must appear escaped.
    func assertVisible(_ result: TestSupport.RunResult, _ label: String, shown: String = "\\u{1B}", file: StaticString = #filePath, line: UInt = #line) {
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            if let bad = text.unicodeScalars.first(where: TerminalText.isEscaped) {
                XCTFail("\(label): \(name) holds U+\(String(bad.value, radix: 16)): \(text.debugDescription)", file: file, line: line)
            }
        }
        XCTAssertTrue((result.stdout + result.stderr).contains(shown), "\(label): expected \(shown) in \(result.stderr.debugDescription)", file: file, line: line)
    }

    func testArgumentsEchoedInUsageErrorsAreEscaped() throws {
        let h = Self.hostile
        let commands: [[String]] = [
            ["help", h], [h], ["generate" + h], ["check", "--format", h], ["check", "--bogus" + h], ["validate", "--kind", h, "p.json"],
            ["explain", h], ["templates", h], ["templates", "dump", "t", h], ["generate", "--templates", h],
            ["generate", h + ".yaml"], ["check", h + ".yaml"], ["compat", "s.yaml", "--against", h], ["compat", "s.yaml", "--against", "git:" + h],
            ["validate", "--schema", "s.yaml", h + ".json"], ["validate", "--schema", h, "p.json"], ["import", h + ".swift"], ["init", h],
            ["init", "--output", "x/" + h + "/.git/s.yaml"],
        ]
        for arguments in commands {
            let result = try run(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            assertVisible(result, "\(arguments.map(\.debugDescription))")
        }
    }

    /// A payload's keys are quoted in findings, and its file name in the summary; the JSON
    /// and SARIF reports stay valid JSON, holding the very same file name.
    func testPayloadTextIsEscapedInTextAndJSON() throws {
        let key = "x" + Self.hostile
        let name = "p" + Self.hostile + ".json"
        let payload = #"{"aps":{"event":"update","timestamp":1742064420,"content-state":{"title":"a",\#(JSONWriter.compact(.string(key))):1}}}"#
        try Data(payload.utf8).write(to: folder.appendingPathComponent(name))
        let text = try run(["validate", "--schema", "s.yaml", name])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stderr.contains("has no field 'x\\u{1B}[2J\\u{1B}]0;owned\\u{7}"), text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("p\\u{1B}[2J"), text.stdout)
        assertVisible(text, "validate text")
        // JSON writes the name with JSON's escapes (the same string to a parser); SARIF,
        // like every diagnostic, carries the location in its visible spelling.
        for (format, shown) in [("json", "\\u001b"), ("sarif", "x\\\\u{1B}[2J")] {
            let result = try run(["validate", "--schema", "s.yaml", "--format", format, name])
            assertVisible(result, "validate \(format)", shown: shown)
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            if format == "json" {
                XCTAssertTrue(Self.strings(in: document).contains(name), "the file name is not in the document: \(result.stdout)")
            }
        }
    }

    /// A doc comment of an imported struct with raw controls: the printed schema escapes them
    /// in YAML's own syntax, so the printed text is a valid schema with the same doc.
    func testImportedDocCommentsPrintEscapedAsValidYAML() throws {
        let doc = "Title" + Self.hostile.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\u{2028}", with: "")
        let swift = "import ActivityKit\n/// \(doc)\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        /// \(doc)\n        var title: String\n    }\n}\n"
        try Data(swift.utf8).write(to: folder.appendingPathComponent("DemoAttributes.swift"))
        let result = try run(["import", "DemoAttributes.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        assertVisible(result, "import", shown: "\\u001B")
        try Data(result.stdout.utf8).write(to: folder.appendingPathComponent("imported.yaml"))
        let (contract, _) = try SchemaLoader.load(Array(result.stdout.utf8), path: "imported.yaml")
        XCTAssertEqual(contract.state.first?.doc, doc)
    }

    /// The console keeps only the colour sequences of the tool's own renderers.
    func testColourModeKeepsOnlySGRSequences() {
        let painted = "\u{1B}[1;31merror:\u{1B}[0m " + Self.hostile
        let shown = TerminalText.visible(painted, keepingColour: true)
        XCTAssertTrue(shown.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m \\u{1B}[2J\\u{1B}]0;owned\\u{7}"), shown.debugDescription)
        XCTAssertEqual(shown.unicodeScalars.filter { $0 == "\u{1B}" }.count, 2, shown.debugDescription)
        XCTAssertFalse(TerminalText.visible(painted).unicodeScalars.contains(where: TerminalText.isEscaped))
        let diagnostic = Diagnostic(.error, "bad " + Self.hostile, at: SourceLocation(file: "\u{1B}[8m.yaml", line: 1, column: 1), rule: "r")
        let coloured = DiagnosticText.render(diagnostic, colour: true)
        XCTAssertEqual(TerminalText.visible(coloured, keepingColour: true), coloured)
        XCTAssertFalse(coloured.contains("\u{1B}[8m"), coloured.debugDescription)
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let list as [Any]: return list.flatMap(strings)
        case let object as [String: Any]: return object.keys.map { $0 } + object.values.flatMap(strings)
        default: return []
        }
    }
}
