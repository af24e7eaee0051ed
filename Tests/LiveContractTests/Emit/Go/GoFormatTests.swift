import Foundation
import XCTest

/// The generated Go stays exactly what `gofmt` prints for the schema texts and names that
/// gofmt rewrites: docs with indented lines, list markers, blank lines, a lone line gofmt would
/// turn into a heading, trailing blanks, two single quotes or backquotes (curly quotes to
/// gofmt); names over 40 characters (where gofmt's alignment of `key: value` lines can
/// break); a field named like the types' `UnmarshalJSON` method; an empty struct. Generated
/// through the built binary, then `gofmt -l` and `go vet` of each toolchain.
final class GoFormatTests: XCTestCase {
    static let schema = """
        livecontract: 1
        name: Tricky
        doc: "\\n\\nTop doc  \\n\\n\\n  indented line\\n- a list item\\n# Heading\\n\\nLast, with '' and `` (gofmt makes them curly quotes)"
        attributes:
          aVeryLongAttributeNameThatGoesOnAndOnForeverAndEver: { type: string, doc: "- item one\\n- item two" }
          b: { type: int, doc: "trailing   " }
        state:
          x: int
          aVeryLongStateFieldNameThatGoesOnAndOnForeverAndEverMore: { type: int, doc: "    code block\\ntext" }
          y: { type: "[string: [int]]", default: {} }
          z: { type: "[Kind]" }
          e: { type: Empty, default: {} }
          short: { type: string, doc: "1. numbered\\n2. second" }
          q: double
          unmarshalJSON: int
        types:
          Kind: { enum: [a, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, c], unknown: a, doc: "  - weird\\n\\tTabbed" }
          Empty: { fields: {}, doc: "   \\n\\n  Alone\\n\\nAfter" }
        outputs:
          go: { path: go/tricky.go, package: tricky }

        """

    func testHostileDocsAndNamesStayAsGofmtPrintsThem() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let toolchains = try GoToolchains.find()
        let folder = TestSupport.temporaryDirectory("go-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("tricky.yaml"), atomically: true, encoding: .utf8)
        let generated = try TestSupport.run(TestSupport.binary.path, ["generate", "tricky.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let package = folder.appendingPathComponent("go")
        let text = try String(contentsOf: package.appendingPathComponent("tricky.go"), encoding: .utf8)
        XCTAssertTrue(text.contains("\tUnmarshalJSON_ int32"), "the field is renamed beside the method")
        XCTAssertTrue(text.contains("// Top doc\n// indented line\n// - a list item\n// # Heading\n// Last, with ' ' and ` ` (gofmt makes them curly quotes)\npackage tricky\n"), "the doc is one paragraph")
        try "module tricky\n\ngo 1.19\n".write(to: package.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        for go in toolchains {
            let gofmt = URL(fileURLWithPath: go.path).deletingLastPathComponent().appendingPathComponent("gofmt").path
            let format = try TestSupport.run(gofmt, ["-d", "tricky.go"], in: package)
            XCTAssertEqual(format.status, 0, format.stderr)
            XCTAssertEqual(format.stdout, "", "gofmt (\(go.version)) would change the file:\n\(format.stdout)")
            let vet = try TestSupport.run(go.path, ["vet", "./..."], in: package, environment: GoToolchains.environment(root: folder))
            XCTAssertEqual(vet.status, 0, "go vet (\(go.version)):\n\(vet.stdout)\(vet.stderr)")
        }
    }
}
