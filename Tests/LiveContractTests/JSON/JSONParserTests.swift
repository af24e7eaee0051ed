import XCTest
@testable import LiveContract

/// The strict RFC 8259 parser behind `validate`: what it accepts, the exact line:column of
/// every value and every error, duplicate keys, and the nesting cap.
final class JSONParserTests: XCTestCase {
    func parse(_ text: String) throws -> JSONDocument {
        try JSONParser().parse(Array(text.utf8))
    }

    /// The error for `text`, or a failure when it parses.
    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            _ = try JSONParser().parse(Array(text.utf8))
            XCTFail("expected a parse error for \(text)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testValuesAndPositions() throws {
        let text = "{\n  \"aps\": {\n    \"event\": \"update\",\n    \"timestamp\": 1742064420,\n    \"ok\": [true, false, null, -0.5e+3]\n  }\n}\n"
        let root = try parse(text).root
        XCTAssertEqual(root.line, 1)
        XCTAssertEqual(root.column, 1)
        let aps = try XCTUnwrap(root["aps"])
        XCTAssertEqual(aps.line, 2)
        XCTAssertEqual(aps.column, 10)
        XCTAssertEqual(aps["event"]?.kind, .string("update"))
        XCTAssertEqual(aps["event"]?.line, 3)
        XCTAssertEqual(aps["event"]?.column, 14)
        XCTAssertEqual(aps["timestamp"]?.kind, .number("1742064420"))
        guard case .array(let items)? = aps["ok"]?.kind else { return XCTFail("array expected") }
        XCTAssertEqual(items.map(\.kind), [.bool(true), .bool(false), .null, .number("-0.5e+3")])
        XCTAssertEqual(items[3].column, 31)
        guard case .object(let members) = aps.kind else { return XCTFail("object expected") }
        XCTAssertEqual(members.map(\.key), ["event", "timestamp", "ok"])
        XCTAssertEqual(members[1].line, 4)
        XCTAssertEqual(members[1].column, 5)
    }

    func testColumnsCountCharactersNotBytes() throws {
        let root = try parse("{\"name\": \"Zoë ✓ 🚗\", \"n\": 1}").root
        XCTAssertEqual(root["name"]?.kind, .string("Zoë ✓ 🚗"))
        // Z o ë space ✓ space 🚗 are 7 characters between the quotes.
        XCTAssertEqual(root["n"]?.column, 26)
    }

    func testEscapesAndSurrogatePairs() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u2028", "\ud83d\ude97"]"#).root
        guard case .array(let items) = root.kind else { return XCTFail() }
        XCTAssertEqual(items[0].kind, .string("\"\\/\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(items[1].kind, .string("é\u{2028}"))
        XCTAssertEqual(items[2].kind, .string("🚗"))
    }

    func testScalarsAtTopLevelAndByteOrderMark() throws {
        XCTAssertEqual(try parse(" 42 ").root.kind, .number("42"))
        XCTAssertEqual(try parse("\"x\"").root.kind, .string("x"))
        XCTAssertEqual(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)).root.kind, .object([]))
    }

    func testDuplicateKeysAreReportedWithBothLines() throws {
        let document = try parse("{\n  \"eta\": 1,\n  \"eta\": 2\n}")
        XCTAssertEqual(document.duplicates, [JSONDuplicateKey(key: "eta", line: 3, column: 3, firstLine: 2)])
        XCTAssertEqual(document.root["eta"]?.kind, .number("1"), "lookups see the first, as Foundation's decoder does")
    }

    func testSyntaxErrorsCarryPositionAndReason() {
        let cases: [(String, Int, Int, String)] = [
            ("{\"a\": 1,}", 1, 9, "no trailing comma"),
            ("[1, 2,]", 1, 7, "no trailing comma"),
            ("{'a': 1}", 1, 2, "object keys are double-quoted"),
            ("{\"a\": 'x'}", 1, 7, "double quotes"),
            ("{\"a\": 01}", 1, 8, "leading zeros"),
            ("{\"a\": 1.}", 1, 9, "after the decimal point"),
            ("{\"a\": -}", 1, 8, "digit after '-'"),
            ("{\"a\": 1e}", 1, 9, "exponent"),
            ("{\"a\": NaN}", 1, 7, "NaN and Infinity"),
            ("{\"a\": tru}", 1, 10, "expected 'true'"),
            ("{\"a\" 1}", 1, 6, "expected ':'"),
            ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
            ("[1 2]", 1, 4, "expected ',' or ']'"),
            ("{\"a\": \"x\ny\"}", 1, 9, "raw newline"),
            ("{\"a\": \"\\x\"}", 1, 9, "invalid escape"),
            ("{\"a\": \"\\u12\"}", 1, 12, "four hex digits"),
            ("{\"a\": \"\\ud83d\"}", 1, 14, "lone high surrogate"),
            ("{\"a\": \"\\ude97\"}", 1, 14, "lone low surrogate"),
            ("{\"a\": \"abc", 1, 11, "unterminated string"),
            ("{} {}", 1, 4, "after the JSON value"),
            ("// comment\n{}", 1, 1, "expected a JSON value"),
            ("", 1, 1, "end of file"),
            ("{\n  \"a\": 1,\n  \"b\": ]\n}", 3, 8, "expected a JSON value"),
        ]
        for (text, line, column, reason) in cases {
            guard let error = failure(text) else { continue }
            XCTAssertEqual(error.rule, "json-syntax", text)
            XCTAssertEqual(error.line, line, "\(text): \(error.message)")
            XCTAssertEqual(error.column, column, "\(text): \(error.message)")
            XCTAssertTrue(error.message.contains(reason), "\(text): \(error.message)")
        }
    }

    func testInvalidUTF8IsRefused() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            XCTAssertThrowsError(try JSONParser().parse(bytes)) { error in
                XCTAssertTrue((error as? JSONParseError)?.message.contains("invalid UTF-8") ?? false, "\(bytes)")
            }
        }
    }

    func testControlCharacterOutsideStringIsNamed() {
        XCTAssertEqual(failure("{\"a\":\u{1}1}")?.message.contains("byte 0x1"), true)
    }

    func testDepthCap() throws {
        XCTAssertNoThrow(try JSONParser(maxDepth: 3).parse(Array("[[[1]]]".utf8)))
        XCTAssertThrowsError(try JSONParser(maxDepth: 3).parse(Array("[[[[1]]]]".utf8))) { error in
            let error = error as? JSONParseError
            XCTAssertEqual(error?.rule, "json-too-deep")
            XCTAssertEqual(error?.column, 4)
        }
        let hostile = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser().parse(Array(hostile.utf8)), "a hostile file is refused, not a stack overflow")
    }

    func testNumbersKeepTheirSpelling() throws {
        let root = try parse("[3, 3.0, 1e2, 12345678901234567890123, -0]").root
        guard case .array(let items) = root.kind else { return XCTFail() }
        XCTAssertEqual(items.map(\.kind), ["3", "3.0", "1e2", "12345678901234567890123", "-0"].map { .number($0) })
    }
}
