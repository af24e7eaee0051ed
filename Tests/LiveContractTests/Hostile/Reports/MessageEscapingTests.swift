import Foundation
import XCTest
@testable import LiveContract

/// Invisible characters in what the tool was given never reach a report raw.
final class MessageEscapingTests: RepoFolderTestCase {
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
}
