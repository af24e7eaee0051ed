import XCTest
@testable import LiveContract

/// The hostile-schema table (HostileSchemas) through the library: each input is refused with
/// the expected rule id at the exact line:column its `‸` marks, with every error positioned
/// and in lower case; plus the inputs whose point is speed or raw bytes.
final class SchemaDiagnosticsTests: XCTestCase {
    func testEveryHostileSchemaIsRefusedAtItsPosition() throws {
        XCTAssertGreaterThanOrEqual(HostileSchemas.all.count, 150)
        XCTAssertEqual(Set(HostileSchemas.all.map(\.name)).count, HostileSchemas.all.count, "case names are unique")
        for testCase in HostileSchemas.all {
            let (bytes, line, column) = testCase.source
            XCTAssertGreaterThan(line, 0, "\(testCase.name): no ‸ marker")
            do {
                _ = try SchemaLoader.load(bytes, path: "s.yaml")
                XCTFail("\(testCase.name): loaded without error")
            } catch {
                let errors = error.diagnostics.errors
                guard let match = errors.first(where: { $0.rule == testCase.rule }) else {
                    XCTFail("\(testCase.name): expected [\(testCase.rule)], got \(errors.map(\.description))")
                    continue
                }
                XCTAssertEqual(match.location?.line, line, "\(testCase.name): \(match)")
                XCTAssertEqual(match.location?.column, column, "\(testCase.name): \(match)")
                XCTAssertEqual(match.location?.file, "s.yaml")
                if let expected = testCase.message {
                    XCTAssertTrue(match.message.contains(expected), "\(testCase.name): \(match.message)")
                }
            }
        }
    }

    /// Messages start lower-case, and every error carries a position and a catalogued rule id.
    func testMessagesAreLowerCaseAndPositioned() {
        for testCase in HostileSchemas.all {
            let bytes = testCase.source.bytes
            guard case .failure(let error) = Result(catching: { () throws(DiagnosticsError) in try SchemaLoader.load(bytes, path: "s.yaml") }) else { continue }
            for diagnostic in error.diagnostics.items {
                XCTAssertNotNil(diagnostic.location, "\(testCase.name): \(diagnostic)")
                XCTAssertNotNil(RuleCatalog.entry(for: diagnostic.rule), "\(testCase.name): [\(diagnostic.rule)] is not in RuleCatalog")
                let first = diagnostic.message.first!
                XCTAssertFalse(first.isUppercase && first.isLetter, "\(testCase.name): \(diagnostic.message)")
            }
        }
    }

    func testHugeFileFailsFast() {
        let big = HostileSchemas.head + "doc: \"" + String(repeating: "x", count: 2 << 20) + "\"\n"
        XCTAssertThrowsError(try SchemaLoader.load(Array(big.utf8), path: "s.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.errors.first?.rule, "yaml-too-large")
        }
    }

    func testAliasBombIsRefusedAtOnce() {
        var yaml = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1...9 { yaml += "l\(level): &l\(level) [*\(level == 1 ? "a" : "l\(level - 1)"), *\(level == 1 ? "a" : "l\(level - 1)")]\n" }
        XCTAssertThrowsError(try SchemaLoader.load(Array(yaml.utf8), path: "s.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.errors.first?.rule, "yaml-anchor")
        }
    }

    func testHundredThousandBracketsFailFast() {
        let yaml = "doc: " + String(repeating: "[", count: 100_000)
        let start = ContinuousClock.now
        XCTAssertThrowsError(try SchemaLoader.load(Array(yaml.utf8), path: "s.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.errors.first?.rule, "yaml-too-deep")
        }
        // Not a benchmark: a guard against the quadratic path coming back (it took minutes).
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testInvalidUTF8() {
        var bytes = Array((HostileSchemas.head + "doc: ").utf8)
        bytes += [0xC3, 0x28, 0x0A]
        XCTAssertThrowsError(try SchemaLoader.load(bytes, path: "s.yaml")) { error in
            let diagnostic = (error as? DiagnosticsError)?.diagnostics.errors.first
            XCTAssertEqual(diagnostic?.rule, "yaml-invalid-utf8")
            XCTAssertEqual(diagnostic?.location?.line, 3)
            XCTAssertEqual(diagnostic?.location?.column, 6)
        }
    }

    func testAllErrorsAreReportedInOneRun() {
        let yaml = HostileSchemas.state("  hashValue: int\n  toString: int\n  a: { type: strnig }\n")
        XCTAssertThrowsError(try SchemaLoader.load(Array(yaml.utf8), path: "s.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.errors.count, 3)
        }
    }
}
