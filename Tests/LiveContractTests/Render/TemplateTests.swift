import XCTest
@testable import LiveContract

final class TemplateTests: XCTestCase {
    private func render(_ source: String, _ context: TemplateObject = [:],
                        file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return try Template(name: "t.mustache", source: source).render(context)
        } catch {
            XCTFail("unexpected error: \(error)", file: file, line: line)
            return nil
        }
    }

    private func parseError(_ source: String) -> TemplateError? {
        do {
            _ = try Template(name: "t.mustache", source: source)
            return nil
        } catch {
            return error
        }
    }

    private func renderError(_ source: String, _ context: TemplateObject = [:],
                             file: StaticString = #filePath, line: UInt = #line) -> TemplateError? {
        let template: Template
        do {
            template = try Template(name: "t.mustache", source: source)
        } catch {
            XCTFail("unexpected parse error: \(error)", file: file, line: line)
            return nil
        }
        do {
            _ = try template.render(context)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(_ error: TemplateError?, line: Int, column: Int, contains fragment: String,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let error else { return XCTFail("expected an error", file: file, line: sourceLine) }
        XCTAssertEqual(error.templateName, "t.mustache", file: file, line: sourceLine)
        XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: sourceLine)
        XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: sourceLine)
        XCTAssertTrue(error.message.contains(fragment), "\(error.message) should contain \(fragment)", file: file, line: sourceLine)
        XCTAssertEqual(error.message.first.map { $0.isUppercase }, false, "message starts lower case", file: file, line: sourceLine)
    }

    // MARK: Variables

    func testVariableInsertsTextVerbatimWithoutEscaping() {
        XCTAssertEqual(render("Hello, {{name}}!", ["name": .text("<World & \"you\">")]), "Hello, <World & \"you\">!")
        XCTAssertEqual(render("{{a}}{{b}}", ["a": .text("x"), "b": .text("y")]), "xy")
        XCTAssertEqual(render("no tags at all\n"), "no tags at all\n")
        XCTAssertEqual(render(""), "")
        XCTAssertEqual(render("{{ name }}|{{\tname\t}}", ["name": .text("n")]), "n|n")
        XCTAssertEqual(render("single { and } braces }} stay"), "single { and } braces }} stay")
        XCTAssertEqual(render("é {{x}} ü", ["x": .text("ß")]), "é ß ü")
    }

    func testFlagVariableRendersTrueOrFalse() {
        XCTAssertEqual(render("{{a}} {{b}}", ["a": .flag(true), "b": .flag(false)]), "true false")
    }

    func testListOrObjectAsVariableIsRenderError() {
        assertError(renderError("x\n  {{items}}", ["items": .list([])]), line: 2, column: 3, contains: "is a list")
        assertError(renderError("{{o}}", ["o": .object([:])]), line: 1, column: 1, contains: "is an object")
    }

    func testDottedNamesLookUpMembers() {
        let context: TemplateObject = [
            "a": .object(["b": .object(["c": .text("deep")]), "t": .text("top")]),
        ]
        XCTAssertEqual(render("{{a.t}}/{{ a.b.c }}", context), "top/deep")
        XCTAssertEqual(render("{{#a.b}}{{c}}{{/a.b}}", context), "deep")
    }

    func testDottedNameErrors() {
        let context: TemplateObject = ["a": .object(["t": .text("top")])]
        assertError(renderError("  {{a.nope}}", context), line: 1, column: 3, contains: "'a' has no member 'nope'")
        assertError(renderError("{{a.t.x}}", context), line: 1, column: 1, contains: "'a.t' is text, not an object")
        assertError(renderError("{{zz.t}}", context), line: 1, column: 1, contains: "unknown name 'zz' in 'zz.t'")
    }

    // MARK: Sections

    func testSectionOverListOfObjectsPushesScope() {
        let context: TemplateObject = ["fields": .list([
            .object(["name": .text("id"), "type": .text("Int")]),
            .object(["name": .text("title"), "type": .text("String")]),
        ])]
        XCTAssertEqual(render("{{#fields}}{{name}}: {{type}}; {{/fields}}", context), "id: Int; title: String; ")
    }

    func testSectionOverListOfTextUsesDot() {
        XCTAssertEqual(render("{{#xs}}[{{.}}]{{/xs}}", ["xs": .list([.text("a"), .text("b"), .flag(true)])]), "[a][b][true]")
        XCTAssertEqual(render("{{#xs}}{{#.}}<{{.}}>{{/.}}{{/xs}}", ["xs": .list([.list([.text("1"), .text("2")]), .list([.text("3")])])]), "<1><2><3>")
    }

    func testSectionOverFlagTextAndObject() {
        XCTAssertEqual(render("{{#on}}yes{{/on}}", ["on": .flag(true)]), "yes")
        XCTAssertEqual(render("{{#t}}<{{.}}>{{/t}}", ["t": .text("hi")]), "<hi>")
        XCTAssertEqual(render("{{#o}}{{k}}{{/o}}", ["o": .object(["k": .text("v")])]), "v")
        XCTAssertEqual(render("{{#o}}empty object renders once{{/o}}", ["o": .object([:])]), "empty object renders once")
    }

    func testFalsySectionsRenderNothing() {
        XCTAssertEqual(render("a{{#v}}X{{/v}}b", ["v": .flag(false)]), "ab")
        XCTAssertEqual(render("a{{#v}}X{{/v}}b", ["v": .list([])]), "ab")
        XCTAssertEqual(render("a{{#v}}X{{/v}}b", ["v": .text("")]), "ab")
    }

    func testInvertedSectionRendersExactlyWhenSectionWouldNot() {
        let cases: [(TemplateValue, String)] = [
            (.flag(false), "inv"), (.list([]), "inv"), (.text(""), "inv"),
            (.flag(true), "sec"), (.list([.text("x")]), "sec"), (.text("x"), "sec"), (.object([:]), "sec"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(render("{{#v}}sec{{/v}}{{^v}}inv{{/v}}", ["v": value]), expected, "\(value)")
        }
        XCTAssertEqual(render("{{^ v }}{{w}}{{/ v }}", ["v": .flag(false), "w": .text("outer")]), "outer")
    }

    func testNestedScopesLookOutward() {
        let context: TemplateObject = [
            "type": .text("Attributes"),
            "groups": .list([.object(["group": .text("g1"), "items": .list([.object(["name": .text("a")]), .object(["name": .text("b")])])])]),
        ]
        XCTAssertEqual(render("{{#groups}}{{#items}}{{type}}.{{group}}.{{name}} {{/items}}{{/groups}}", context),
                       "Attributes.g1.a Attributes.g1.b ")
    }

    func testInnerScopeShadowsOuterAndNonObjectItemsHoldNoNames() {
        let context: TemplateObject = [
            "name": .text("outer"),
            "xs": .list([.object(["name": .text("inner")]), .text("plain")]),
        ]
        XCTAssertEqual(render("{{#xs}}{{name}},{{/xs}}{{name}}", context), "inner,outer,outer")
    }

    func testDotAtTopLevelIsTheContextObject() {
        assertError(renderError("{{.}}", ["a": .text("x")]), line: 1, column: 1, contains: "is an object")
        XCTAssertEqual(render("{{#.}}{{a}}{{/.}}", ["a": .text("x")]), "x")
    }

    // MARK: Comments

    func testCommentsRenderNothing() {
        XCTAssertEqual(render("a{{! note }}b{{!}}c"), "abc")
        XCTAssertEqual(render("a{{! spans\nlines {{ with braces }}b"), "ab")
        XCTAssertEqual(render("a{{ ! spaced }}b"), "ab")
    }

    // MARK: Standalone lines

    func testStandaloneSectionLinesVanishWithIndentation() {
        let source = "struct S {\n    {{#fields}}\n    let {{name}}: Int\n    {{/fields}}\n\t{{^fields}}\n    // none\n  \t{{/fields}}\n}\n"
        let context: TemplateObject = ["fields": .list([.object(["name": .text("a")]), .object(["name": .text("b")])])]
        XCTAssertEqual(render(source, context), "struct S {\n    let a: Int\n    let b: Int\n}\n")
        XCTAssertEqual(render(source, ["fields": .list([])]), "struct S {\n    // none\n}\n")
    }

    func testStandaloneCommentLinesVanish() {
        XCTAssertEqual(render("a\n  {{! note }}  \nb\n"), "a\nb\n")
        XCTAssertEqual(render("a\n{{! multi\nline }}\nb\n"), "a\nb\n")
        XCTAssertEqual(render("{{! first line }}\nb"), "b")
    }

    func testStandaloneOnLastLineWithoutNewline() {
        XCTAssertEqual(render("{{#on}}\nbody\n  {{/on}}", ["on": .flag(true)]), "body\n")
        XCTAssertEqual(render("x\n  {{! trailing }}  "), "x\n")
        XCTAssertEqual(render("a\n{{^on}}\nb\n{{/on}}", ["on": .flag(true)]), "a\n")
    }

    func testStandaloneWithCRLF() {
        let source = "a\r\n  {{#on}}\r\n  b\r\n  {{/on}}\r\n{{! c }}\r\nd\r\n"
        XCTAssertEqual(render(source, ["on": .flag(true)]), "a\r\n  b\r\nd\r\n")
        XCTAssertEqual(render(source, ["on": .flag(false)]), "a\r\nd\r\n")
        XCTAssertEqual(render("x\r\n  {{! c }}"), "x\r\n")
        XCTAssertEqual(render("x\r\n  {{#on}}{{/on}}\r\n", ["on": .flag(true)]), "x\r\n  \r\n")
    }

    func testVariableAloneOnLineIsNotRemoved() {
        XCTAssertEqual(render("a\n  {{v}}\nb\n", ["v": .text("")]), "a\n  \nb\n")
        XCTAssertEqual(render("a\n{{v}}\nb", ["v": .text("x")]), "a\nx\nb")
    }

    func testTagsSharingALineAreNotStandalone() {
        XCTAssertEqual(render("  {{#on}}x{{/on}}\n", ["on": .flag(true)]), "  x\n")
        XCTAssertEqual(render("  {{#on}}{{/on}}\n", ["on": .flag(true)]), "  \n")
        XCTAssertEqual(render("a {{! c }}\nb"), "a \nb")
        XCTAssertEqual(render("{{#on}} x\n{{/on}}", ["on": .flag(true)]), " x\n")
    }

    // MARK: Parse errors

    func testUnclosedTag() {
        assertError(parseError("line one\n  ab {{name"), line: 2, column: 6, contains: "unclosed tag")
        assertError(parseError("{{name\n}}"), line: 1, column: 1, contains: "add '}}'")
        assertError(parseError("x {{! comment never ends\n"), line: 1, column: 3, contains: "unclosed tag")
        assertError(parseError("{{a}"), line: 1, column: 1, contains: "unclosed tag")
    }

    func testUnclosedSection() {
        assertError(parseError("a\n\n   {{#items}}\n{{name}}\n"), line: 3, column: 4, contains: "unclosed section 'items'; add '{{/items}}'")
        assertError(parseError("{{#a}}{{/a}}\n{{^b}}{{#c}}{{/c}}"), line: 2, column: 1, contains: "unclosed section 'b'")
    }

    func testMismatchedClose() {
        assertError(parseError("{{#a}}\n  x\n  {{/b}}\n"), line: 3, column: 3, contains: "'{{/b}}' does not match the open section 'a' (opened at 1:1)")
        assertError(parseError("{{#a}}{{#b}}{{/a}}{{/b}}"), line: 1, column: 13, contains: "close 'b' first")
    }

    func testEmptyTagName() {
        assertError(parseError("ab{{}}"), line: 1, column: 3, contains: "'{{}}' has no name")
        assertError(parseError("x\n{{  }}"), line: 2, column: 1, contains: "has no name")
        assertError(parseError("{{# }}{{/ }}"), line: 1, column: 1, contains: "'{{#}}' has no name")
        assertError(parseError("{{^}}"), line: 1, column: 1, contains: "'{{^}}' has no name")
    }

    func testStrayClose() {
        assertError(parseError("text\n    {{/x}}\n"), line: 2, column: 5, contains: "'{{/x}}' closes a section that was never opened")
        assertError(parseError("{{#a}}{{/a}}{{/a}}"), line: 1, column: 13, contains: "never opened")
    }

    func testUnsupportedTagsAndInvalidNames() {
        assertError(parseError("{{{raw}}}"), line: 1, column: 1, contains: "unsupported tag '{{{'")
        assertError(parseError("a {{<x}}"), line: 1, column: 3, contains: "unsupported tag '{{<'")
        assertError(parseError("{{&x}}"), line: 1, column: 1, contains: "unsupported tag")
        assertError(parseError("{{a b}}"), line: 1, column: 1, contains: "invalid name 'a b'")
        assertError(parseError("{{a..b}}"), line: 1, column: 1, contains: "invalid name")
        assertError(parseError("{{#.a}}{{/.a}}"), line: 1, column: 1, contains: "invalid name")
    }

    func testColumnsCountCharactersNotBytes() {
        assertError(parseError("éé {{/x}}"), line: 1, column: 4, contains: "never opened")
    }

    // MARK: Render errors

    func testUnknownNameIsErrorWithPosition() {
        assertError(renderError("Hello\n  {{titel}}", ["title": .text("x")]), line: 2, column: 3, contains: "unknown name 'titel'")
        assertError(renderError("{{#itemz}}{{/itemz}}", ["items": .list([])]), line: 1, column: 1, contains: "unknown name 'itemz'")
        assertError(renderError("\n\n {{^missing}}x{{/missing}}"), line: 3, column: 2, contains: "unknown name 'missing'")
        assertError(renderError("{{#xs}}\n{{nam}}\n{{/xs}}", ["xs": .list([.object(["name": .text("a")])])]), line: 2, column: 1, contains: "unknown name 'nam'")
        XCTAssertNil(renderError("{{#xs}}{{nam}}{{/xs}}", ["xs": .list([])]), "bodies that never render are not looked up")
    }

    func testErrorDescriptionFormat() {
        let error = TemplateError(templateName: "custom/swift.mustache", line: 4, column: 7, message: "unknown name 'x'")
        XCTAssertEqual(error.description, "custom/swift.mustache:4:7: error: unknown name 'x' [template]")
        XCTAssertEqual("\(parseError("{{/x}}")!)", "t.mustache:1:1: error: '{{/x}}' closes a section that was never opened; remove it or add '{{#x}}' before it [template]")
    }

    /// Files are written from `renderUTF8` without decoding, so a user template with broken
    /// UTF-8 must still give well-formed output (each bad byte reads as U+FFFD) and the same
    /// text as `render`.
    func testInvalidUTF8InTemplateSourceRendersAsReplacementCharacters() throws {
        let source: [UInt8] = Array("a\u{E9}".utf8) + [0xFF, 0xC3] + Array(" {{x}}\n".utf8)
        let template = try Template(name: "bad.mustache", utf8: source)
        let bytes = try template.renderUTF8(["x": .text("\u{DF}")])
        XCTAssertNotNil(String(validating: bytes, as: UTF8.self), "rendered bytes are well-formed UTF-8")
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "a\u{E9}\u{FFFD}\u{FFFD} \u{DF}\n")
        XCTAssertEqual(try template.render(["x": .text("\u{DF}")]), "a\u{E9}\u{FFFD}\u{FFFD} \u{DF}\n")
    }

    /// Output far smaller than the room reserved for it (twice the template) is copied out
    /// exactly, down to none at all.
    func testLargeTemplateWithLittleOrNoOutput() throws {
        let body = String(repeating: "text that a false section drops\n", count: 400)
        let template = try Template(name: "big.mustache", source: "{{#on}}\n\(body){{/on}}\n{{#off}}\n\(body){{/off}}\n")
        XCTAssertEqual(try template.renderUTF8(["on": .flag(false), "off": .flag(false)]), [])
        let small = try template.renderUTF8(["on": .flag(true), "off": .flag(false)])
        XCTAssertEqual(String(decoding: small, as: UTF8.self), body)
        XCTAssertEqual(try template.render(["on": .flag(false), "off": .flag(false)]), "")
    }

    // MARK: Scale and determinism

    func testLargeRenderIsCompleteAndRepeatable() throws {
        let fields = (0..<10_000).map { TemplateValue.object(["name": .text("f\($0)"), "optional": .flag($0 % 2 == 0)]) }
        let template = try Template(name: "big.mustache", source: "{{#fields}}\n  let {{name}}: Int{{#optional}}?{{/optional}}\n{{/fields}}\n")
        let first = try template.render(["fields": .list(fields)])
        XCTAssertEqual(first.split(separator: "\n").count, 10_000)
        XCTAssertTrue(first.hasPrefix("  let f0: Int?\n  let f1: Int\n"))
        XCTAssertTrue(first.hasSuffix("  let f9999: Int\n"))
        XCTAssertEqual(try template.render(["fields": .list(fields)]), first)
    }
}
