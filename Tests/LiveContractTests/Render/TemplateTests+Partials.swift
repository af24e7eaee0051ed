import Foundation
import XCTest
@testable import LiveContract

/// `{{> name}}`: a partial is rendered in place with the scopes open at its tag, looked up by
/// the caller (a `TemplateSet` in every real run) at render time.
extension TemplateTests {
    /// Parses every source of `templates` (name -> source) and renders `root` with the others
    /// as its partials.
    private func renderWithPartials(_ root: String, _ templates: [String: String], _ context: TemplateObject = [:]) throws(TemplateError) -> String {
        var parsed: [String: Template] = [:]
        for (name, source) in templates { parsed[name] = try Template(name: name, source: source) }
        let bytes = try parsed[root]!.renderUTF8(context, as: root, partials: { parsed[$0] })
        return String(decoding: bytes, as: UTF8.self)
    }

    private func partialError(_ root: String, _ templates: [String: String], _ context: TemplateObject = [:]) -> TemplateError? {
        do {
            _ = try renderWithPartials(root, templates, context)
            return nil
        } catch {
            return error
        }
    }

    func testPartialIsRenderedInPlaceWithTheContext() throws {
        let templates = ["t.mustache": "a {{> p}} b {{>p}}.", "p.mustache": "[{{x}}]"]
        XCTAssertEqual(try renderWithPartials("t.mustache", templates, ["x": .text("1")]), "a [1] b [1].")
        XCTAssertEqual(try Template(name: "t.mustache", source: "{{> one}}{{> two}}{{> one}}").partialNames, ["one.mustache", "two.mustache"])
    }

    /// Inside a partial, sections and variables resolve through every scope open at the tag:
    /// the list item first, then the outer context.
    func testPartialSeesTheScopesOpenAtItsTag() throws {
        let templates = [
            "t.mustache": "{{#items}}\n{{> item}}\n{{/items}}\n",
            "item.mustache": "{{name}} of {{owner}}{{#tags}} #{{.}}{{/tags}}{{^tags}} untagged{{/tags}}\n",
        ]
        let context: TemplateObject = [
            "owner": .text("ana"),
            "items": .list([
                .object(["name": .text("cup"), "tags": .list([.text("blue"), .text("big")])]),
                .object(["name": .text("pen"), "tags": .list([])]),
            ]),
        ]
        XCTAssertEqual(try renderWithPartials("t.mustache", templates, context), "cup of ana #blue #big\npen of ana untagged\n")
    }

    func testNestedPartials() throws {
        let templates = ["t.mustache": "<{{> a}}>", "a.mustache": "a({{> b}})", "b.mustache": "b({{> c}}{{> c}})", "c.mustache": "{{x}}"]
        XCTAssertEqual(try renderWithPartials("t.mustache", templates, ["x": .text("c")]), "<a(b(cc))>")
    }

    /// A partial alone on its line takes the line with it; its indentation goes before every
    /// line the partial writes, except empty ones (no trailing blanks).
    func testStandalonePartialTakesItsLineAndIndentsThePartial() throws {
        let templates = ["t.mustache": "{\n    {{> body}}\n}\n{{> body}}\n", "body.mustache": "one {{x}}\n\ntwo\n"]
        XCTAssertEqual(try renderWithPartials("t.mustache", templates, ["x": .text("1")]), "{\n    one 1\n\n    two\n}\none 1\n\ntwo\n")
        let crlf = ["t.mustache": "x\r\n  {{> p}}\r\ny", "p.mustache": "a\r\n\r\nb\r\n"]
        XCTAssertEqual(try renderWithPartials("t.mustache", crlf), "x\r\n  a\r\n\r\n  b\r\ny")
    }

    func testUnknownPartialIsAnErrorAtItsTag() {
        let error = partialError("t.mustache", ["t.mustache": "line\n  x {{> nope}}\n"])
        XCTAssertEqual(error?.templateName, "t.mustache")
        XCTAssertEqual(error.map { [$0.line, $0.column] }, [2, 5])
        XCTAssertTrue(error?.message.contains("unknown partial 'nope': there is no template 'nope.mustache'") == true, "\(String(describing: error))")
        // Without a template set no partial is known.
        do {
            _ = try Template(name: "t.mustache", source: "{{> p}}").render([:])
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual([error.line, error.column], [1, 1])
            XCTAssertTrue(error.message.contains("unknown partial 'p'"), error.message)
        }
    }

    /// An error inside a partial names the partial's file and position, and where it was included.
    func testErrorInsideAPartialNamesThePartialAndTheInclude() {
        let error = partialError("t.mustache", ["t.mustache": "a\n{{#on}}\n  {{> p}}\n{{/on}}\n", "p.mustache": "ok\n{{missing}}\n"], ["on": .flag(true)])
        XCTAssertEqual(error?.description, "p.mustache:2:1: error: unknown name 'missing'; no value with that name is in scope here; fix the spelling or remove the tag (included from t.mustache:3:3) [template]")
    }

    func testIncludeCyclesAreRefused() {
        let cycle = partialError("a.mustache", ["a.mustache": "a {{> b}}", "b.mustache": "b\n {{> a}}"])
        XCTAssertEqual(cycle?.templateName, "b.mustache")
        XCTAssertEqual(cycle.map { [$0.line, $0.column] }, [2, 2])
        XCTAssertTrue(cycle?.message.hasPrefix("partial 'a' includes itself (a.mustache -> b.mustache -> a.mustache); a partial cannot include a template that is still being rendered") == true, "\(String(describing: cycle))")
        XCTAssertTrue(cycle?.message.hasSuffix("(included from a.mustache:1:3)") == true, "\(String(describing: cycle))")
        let itself = partialError("a.mustache", ["a.mustache": "{{#x}}{{> a}}{{/x}}"], ["x": .flag(true)])
        XCTAssertTrue(itself?.message.contains("(a.mustache -> a.mustache)") == true, "\(String(describing: itself))")
        // A cycle on a path the context never takes renders nothing of it and is no error.
        XCTAssertEqual(try renderWithPartials("a.mustache", ["a.mustache": "{{#x}}{{> a}}{{/x}}done"], ["x": .flag(false)]), "done")
    }

    func testPartialDepthIsCapped() {
        let count = Template.maxPartialDepth + 2
        var templates: [String: String] = [:]
        for level in 0..<count { templates["p\(level).mustache"] = "{{> p\(level + 1)}}" }
        templates["p\(count).mustache"] = "end"
        let error = partialError("p0.mustache", templates)
        XCTAssertTrue(error?.message.contains("partials nest more than \(Template.maxPartialDepth) deep (p0.mustache -> p1.mustache") == true, "\(String(describing: error))")
        XCTAssertEqual(error?.templateName, "p\(Template.maxPartialDepth).mustache")
        templates["p\(Template.maxPartialDepth).mustache"] = "end"
        XCTAssertEqual(try renderWithPartials("p0.mustache", templates), "end", "the cap itself is allowed")
    }

    func testPartialTagSyntaxErrors() {
        for (source, fragment) in [("{{>}}", "'{{>}}' names no partial"), ("{{> a.b}}", "invalid partial name 'a.b'"),
                                   ("{{> kotlin-runtime.mustache}}", "e.g. '{{> kotlin-runtime}}'"), ("{{> a b}}", "invalid partial name 'a b'")] {
            do {
                _ = try Template(name: "t.mustache", source: "x\n " + source)
                XCTFail("\(source) parsed; expected \(fragment)")
            } catch {
                XCTAssertEqual([error.line, error.column], [2, 2], source)
                XCTAssertTrue(error.message.contains(fragment), "\(source): \(error.message)")
            }
        }
    }

    /// A file named like a built-in partial in a templates folder replaces it for every
    /// template that includes it, at render time; `partials(of:)` and `origin` say so.
    func testOverriddenPartialWinsForTheTemplatesThatIncludeIt() throws {
        let folder = TestSupport.temporaryDirectory("lc-partial")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "// runtime of {{name}}\n".write(to: folder.appendingPathComponent("typescript-runtime.mustache"), atomically: true, encoding: .utf8)
        let bytes = Array(try Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/sports.yaml")))
        let contract = try SchemaLoader.load(bytes, path: "sports.yaml").0
        let context = try XCTUnwrap(TestSupport.templateContexts(contract)["typescript.mustache"])
        let builtIn = try TemplateSet.builtIn()
        var set = builtIn
        try set.override(from: folder.path, fileSystem: FileSystem())
        XCTAssertEqual(set.origin("typescript-runtime.mustache"), folder.appendingPathComponent("typescript-runtime.mustache").path)
        XCTAssertEqual(set.origin("typescript.mustache"), TemplateSet.builtInOrigin)
        XCTAssertEqual(set.partials(of: "typescript.mustache"), ["typescript-client.mustache", "typescript-runtime.mustache"])
        let original = String(decoding: try builtIn.render("typescript.mustache", context), as: UTF8.self)
        let replaced = String(decoding: try set.render("typescript.mustache", context), as: UTF8.self)
        XCTAssertTrue(original.contains("\nconst lc = {\n"))
        XCTAssertFalse(replaced.contains("const lc = {"))
        XCTAssertTrue(replaced.hasSuffix("\n// runtime of \(contract.name)\n"), String(replaced.suffix(200)))
        let head = original.components(separatedBy: "/** The result of reading one FCM string")[0]
        XCTAssertTrue(replaced.hasPrefix(head), "the rest of the file is the built-in template's")
    }
}
