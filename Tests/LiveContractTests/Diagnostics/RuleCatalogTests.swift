import Foundation
import XCTest
@testable import LiveContract

/// Every rule id a command can report is explained in RuleCatalog, and docs/rules.md is the
/// catalog rendered. After adding a rule, regenerate the page with
/// `LIVECONTRACT_UPDATE_GOLDENS=1 swift test --filter RuleCatalogTests` and review the diff.
final class RuleCatalogTests: XCTestCase {
    static let docPath = TestSupport.repoRoot.appendingPathComponent("docs/rules.md")

    /// Rule ids written in the sources: `rule: "x"` (or a `rule: String = "x"` default),
    /// `finding("x", ...)`, other `"compat-x"`
    /// literals, and the `drift-<kind>` ids `check` builds from its finding kinds.
    static func emittedRuleIDs() throws -> Set<String> {
        let sources = TestSupport.repoRoot.appendingPathComponent("Sources")
        let patterns = [#"rule: (?:String = )?"([a-z0-9]+(?:-[a-z0-9]+)*)""#, #"finding\("([a-z0-9-]+)""#, #""(compat-[a-z0-9-]+)""#]
        var ids: Set<String> = []
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.lastPathComponent.hasPrefix("RuleCatalog") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for pattern in patterns {
                let regex = try NSRegularExpression(pattern: pattern)
                for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    ids.insert(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        ids.formUnion(CheckFinding.Kind.allCases.map { "drift-" + $0.rawValue })
        return ids
    }

    func testEveryEmittedRuleHasAnEntry() throws {
        let emitted = try Self.emittedRuleIDs()
        XCTAssertGreaterThan(emitted.count, 40)
        let missing = emitted.subtracting(RuleCatalog.entries.map(\.id)).sorted()
        XCTAssertEqual(missing, [], "add these to the RuleCatalog+<Area>.swift they belong to")
    }

    func testEveryEntryIsEmittedSomewhere() throws {
        let emitted = try Self.emittedRuleIDs()
        let stale = RuleCatalog.entries.map(\.id).filter { !emitted.contains($0) }
        XCTAssertEqual(stale, [], "catalog entries no source reports")
    }

    func testEntriesAreUniqueSortedAndComplete() {
        let ids = RuleCatalog.entries.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "one entry per id")
        for family in RuleCatalog.families {
            XCTAssertEqual(family.rules.map(\.id), family.rules.map(\.id).sorted(), "\(family.title): keep the entries sorted by id")
        }
        for entry in RuleCatalog.entries {
            XCTAssertNotNil(entry.id.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression), entry.id)
            for (part, text) in [("summary", entry.summary), ("example", entry.example), ("fix", entry.fix)] {
                XCTAssertFalse(text.isEmpty, "\(entry.id): empty \(part)")
            }
            XCTAssertFalse(entry.summary.first!.isUppercase, "\(entry.id): summaries start lower-case")
            XCTAssertFalse(entry.fix.first!.isUppercase, "\(entry.id): fixes start lower-case")
        }
    }

    /// docs/rules.md is generated from the catalog, so it lists every rule with its example
    /// and fix, and nothing else.
    func testRulesPageMatchesTheCatalog() throws {
        let page = Self.renderPage()
        if ProcessInfo.processInfo.environment["LIVECONTRACT_UPDATE_GOLDENS"] == "1" {
            try page.write(to: Self.docPath, atomically: true, encoding: .utf8)
            return
        }
        let committed = (try? String(contentsOf: Self.docPath, encoding: .utf8)) ?? ""
        XCTAssertTrue(committed == page, "docs/rules.md is out of date; run LIVECONTRACT_UPDATE_GOLDENS=1 swift test --filter RuleCatalogTests\n"
                      + UnifiedDiff.render(old: committed, new: page, oldLabel: "docs/rules.md", newLabel: "catalog"))
        for entry in RuleCatalog.entries {
            XCTAssertTrue(committed.contains("\n### `\(entry.id)`\n"), entry.id)
        }
    }

    /// The page: an index, then each area's rules with what they mean, an example and the fix.
    static func renderPage() -> String {
        var text = """
        # Rule ids

        Every diagnostic ends with a rule id in brackets, e.g.
        `schema/delivery.yaml:7:5: error: 'fooBar' and 'foo_bar' both become FOO_BAR in the Kotlin key constants; rename one [name-collision]`.
        `livecontract explain RULE` prints the entry below for one rule. This page is generated from
        `Sources/LiveContract/Diagnostics/RuleCatalog+*.swift` by `RuleCatalogTests`; edit the catalog,
        not this page.

        """
        for family in RuleCatalog.families {
            text += "\n- **\(family.title)**: " + family.rules.map { "[`\($0.id)`](#\($0.id))" }.joined(separator: ", ") + "\n"
        }
        for family in RuleCatalog.families {
            text += "\n## \(family.title)\n"
            for rule in family.rules {
                text += "\n### `\(rule.id)`\n\n\(Self.sentence(rule.summary))\n\n```\n\(rule.example)\n```\n\nFix: \(rule.fix)\(rule.fix.hasSuffix(".") ? "" : ".")\n"
            }
        }
        return text
    }

    /// The summary as a sentence: capital first letter, full stop.
    static func sentence(_ text: String) -> String {
        let capital = text.prefix(1).uppercased() + text.dropFirst()
        return capital.hasSuffix(".") ? capital : capital + "."
    }
}
