import Foundation
import XCTest
@testable import LiveContract

/// `livecontract explain RULE` prints a rule's meaning, an example and the fix from RuleCatalog.
final class ExplainTests: XCTestCase {
    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, environment: ["NO_COLOR": "1"])
    }

    func testExplainPrintsMeaningExampleAndFix() throws {
        let info = try XCTUnwrap(RuleCatalog.entry(for: "import-unsupported"))
        let explained = try run("explain", "import-unsupported")
        XCTAssertEqual(explained.status, 0, explained.stderr)
        let example = info.example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        XCTAssertEqual(explained.stdout, "import-unsupported: \(info.summary)\n\nexample:\n\(example)\n\nfix: \(info.fix)\n")
        XCTAssertEqual(try run("explain", "[import-unsupported]").stdout, explained.stdout, "the bracketed form copied from a diagnostic works too")
    }

    func testUnknownRuleIsAUsageErrorWithASuggestion() throws {
        let unknown = try run("explain", "import-unsuported")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("no rule 'import-unsuported'; did you mean 'import-unsupported'?"), unknown.stderr)
    }

    func testWithoutARuleEveryRuleIsListed() throws {
        let listed = try run("explain")
        XCTAssertEqual(listed.status, 0)
        for entry in RuleCatalog.entries {
            XCTAssertTrue(listed.stdout.contains("  \(entry.id) "), entry.id)
        }
    }

    /// The rules `import` and the `templates:` key introduce can all be explained.
    func testRulesOfThisAreaAreInTheCatalog() {
        for id in ["import-unsupported", "import-changed", "import-syntax", "import-no-attributes", "templates-folder"] {
            let entry = RuleCatalog.entry(for: id)
            XCTAssertNotNil(entry, id)
            XCTAssertFalse(entry?.example.isEmpty ?? true, id)
        }
    }
}
