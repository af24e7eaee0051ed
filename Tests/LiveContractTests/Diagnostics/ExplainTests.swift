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

    /// A prefix of several ids lists every rule it starts (`payload-date` once suggested
    /// `payload-kind` instead of the `payload-date-*` rules); a prefix of one id explains it.
    func testAPrefixListsEveryRuleItStarts() throws {
        for prefix in ["payload-date", "compat-enum", "drift-"] {
            let family = RuleCatalog.entries.filter { $0.id.hasPrefix(prefix) }
            XCTAssertGreaterThan(family.count, 1, prefix)
            let listed = try run("explain", prefix)
            XCTAssertEqual(listed.status, 0, listed.stderr)
            XCTAssertTrue(listed.stdout.hasPrefix("\(family.count) rules start with '\(prefix)'"), listed.stdout)
            for entry in family {
                XCTAssertTrue(listed.stdout.contains("  \(entry.id) "), "\(prefix): \(entry.id) missing from\n\(listed.stdout)")
            }
            XCTAssertEqual(listed.stdout.split(separator: "\n").count, family.count + 1, "only the rules the prefix starts")
        }
        let unique = try XCTUnwrap(RuleCatalog.entries.first { entry in RuleCatalog.entries.filter { $0.id.hasPrefix(String(entry.id.dropLast())) }.count == 1 })
        let one = try run("explain", String(unique.id.dropLast()))
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("\(unique.id): \(unique.summary)"), one.stdout)
        XCTAssertEqual(try run("explain", "payload-datex").status, 64, "a prefix of nothing is still unknown")
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
