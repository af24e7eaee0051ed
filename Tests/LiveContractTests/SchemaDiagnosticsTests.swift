import XCTest
@testable import LiveContract

/// Table-driven hostile and mistaken schemas. Each input marks where the error must land
/// with `‸` (removed before parsing); the test asserts the rule id and the exact line:column.
final class SchemaDiagnosticsTests: XCTestCase {
    /// A valid schema prefix most cases extend.
    static let head = "livecontract: 1\nname: Delivery\n"
    static let outputs = "outputs:\n  swift: [out/A.swift]\n"

    struct Case {
        var name: String
        var yaml: String
        var rule: String
        var message: String? = nil
    }

    static func state(_ body: String) -> String { head + "state:\n" + body + outputs }

    static let cases: [Case] = [
        // YAML level
        Case(name: "empty file", yaml: "‸", rule: "yaml-empty"),
        Case(name: "only a comment", yaml: "‸# nothing\n", rule: "yaml-empty"),
        Case(name: "root is a list", yaml: "‸- a\n- b\n", rule: "schema-shape"),
        Case(name: "root is text", yaml: "‸hello\n", rule: "schema-shape"),
        Case(name: "unclosed flow mapping", yaml: head + "state:\n  a: { type: string\n‸", rule: "yaml-syntax"),
        Case(name: "tab indentation", yaml: head + "state:\n‸\ta: int\n", rule: "yaml-syntax"),
        Case(name: "anchor", yaml: head + "state:\n  a: ‸&x { type: int }\n" + outputs, rule: "yaml-anchor"),
        Case(name: "alias", yaml: head + "state:\n  a: { type: int }\n  b: ‸*x\n" + outputs, rule: "yaml-alias"),
        Case(name: "merge key", yaml: head + "state:\n  a:\n    ‸<<: { type: int }\n" + outputs, rule: "yaml-merge-key"),
        Case(name: "explicit tag", yaml: head + "state:\n  a: { type: ‸!!str int }\n" + outputs, rule: "yaml-tag"),
        Case(name: "local tag", yaml: head + "state:\n  a: ‸!thing { type: int }\n" + outputs, rule: "yaml-tag"),
        Case(name: "directive", yaml: "‸%YAML 1.1\n---\nlivecontract: 1\n", rule: "yaml-tag"),
        Case(name: "two documents", yaml: head + "state: {}\n" + outputs + "‸---\nname: Other\n", rule: "yaml-multiple-documents"),
        Case(name: "duplicate top key", yaml: head + "state: {}\n‸name: Again\n" + outputs, rule: "yaml-duplicate-key"),
        Case(name: "duplicate field", yaml: state("  a: int\n  ‸a: string\n"), rule: "yaml-duplicate-key"),
        Case(name: "duplicate key in flow", yaml: state("  a: { type: int, ‸type: string }\n"), rule: "yaml-duplicate-key"),
        Case(name: "list as key", yaml: head + "state:\n  ‸[a, b]: int\n" + outputs, rule: "yaml-key"),
        Case(name: "mapping as key", yaml: head + "state:\n  ‸{ a: 1 }: int\n" + outputs, rule: "yaml-key"),
        Case(name: "NUL byte", yaml: head + "doc: a‸\u{0}b\n", rule: "yaml-invalid-utf8"),
        Case(name: "deep nesting", yaml: head + "doc: " + String(repeating: "[", count: 31) + "‸[" + String(repeating: "]", count: 32) + "\n", rule: "yaml-too-deep"),
        // Top level
        Case(name: "missing version", yaml: "‸name: Delivery\nstate: {}\n" + outputs, rule: "missing-key"),
        Case(name: "wrong version", yaml: "livecontract: ‸2\nname: Delivery\nstate: {}\n" + outputs, rule: "schema-version"),
        Case(name: "quoted version", yaml: "livecontract: ‸\"1\"\nname: Delivery\nstate: {}\n" + outputs, rule: "schema-version"),
        Case(name: "unknown top key", yaml: head + "state: {}\n‸staet: {}\n" + outputs, rule: "unknown-key", message: "did you mean 'state'?"),
        Case(name: "missing state", yaml: "‸livecontract: 1\nname: Delivery\n" + outputs, rule: "missing-key"),
        Case(name: "missing outputs", yaml: "‸livecontract: 1\nname: Delivery\nstate: {}\n", rule: "missing-key"),
        Case(name: "bad access", yaml: head + "access: ‸open\nstate: {}\n" + outputs, rule: "schema-value"),
        Case(name: "lower-case name", yaml: "livecontract: 1\nname: ‸delivery\nstate: {}\n" + outputs, rule: "invalid-name"),
        Case(name: "framework type name", yaml: "livecontract: 1\nname: ‸Activity\nstate: {}\n" + outputs, rule: "reserved-name"),
        Case(name: "non-ASCII name", yaml: "livecontract: 1\nname: ‸Délivery\nstate: {}\n" + outputs, rule: "invalid-name"),
        // Field names
        Case(name: "Swift keyword field", yaml: state("  ‸class: string\n"), rule: "reserved-name", message: "Swift keyword"),
        Case(name: "Kotlin keyword field", yaml: state("  ‸fun: string\n"), rule: "reserved-name", message: "Kotlin keyword"),
        Case(name: "Kotlin val", yaml: state("  ‸val: string\n"), rule: "reserved-name"),
        Case(name: "Kotlin when", yaml: state("  ‸when: date\n"), rule: "reserved-name"),
        Case(name: "TypeScript keyword field", yaml: state("  ‸function: string\n"), rule: "reserved-name", message: "TypeScript keyword"),
        Case(name: "default field", yaml: state("  ‸default: string\n"), rule: "reserved-name"),
        Case(name: "in field", yaml: state("  ‸in: int\n"), rule: "reserved-name"),
        Case(name: "object field", yaml: state("  ‸object: int\n"), rule: "reserved-name"),
        Case(name: "self field", yaml: state("  ‸self: int\n"), rule: "reserved-name"),
        Case(name: "description member", yaml: state("  ‸description: string\n"), rule: "reserved-name"),
        Case(name: "hashValue member", yaml: state("  ‸hashValue: int\n"), rule: "reserved-name"),
        Case(name: "copy member", yaml: state("  ‸copy: string\n"), rule: "reserved-name"),
        Case(name: "hashCode member", yaml: state("  ‸hashCode: int\n"), rule: "reserved-name"),
        Case(name: "toString member", yaml: state("  ‸toString: string\n"), rule: "reserved-name"),
        Case(name: "constructor member", yaml: state("  ‸constructor: string\n"), rule: "reserved-name"),
        Case(name: "__proto__ member", yaml: state("  ‸__proto__: string\n"), rule: "invalid-name"),
        Case(name: "componentN", yaml: state("  ‸component1: string\n"), rule: "reserved-name"),
        Case(name: "FCM from", yaml: state("  ‸from: string\n"), rule: "fcm-reserved-key"),
        Case(name: "FCM google prefix", yaml: state("  ‸googleId: string\n"), rule: "fcm-reserved-key"),
        Case(name: "FCM reserved bridge name", yaml: state("  a: { type: string, bridgeName: ‸gcmThing }\n"), rule: "fcm-reserved-key"),
        Case(name: "capitalised field", yaml: state("  ‸Status: string\n"), rule: "invalid-name"),
        Case(name: "dash in field", yaml: state("  ‸eta-ms: date\n"), rule: "invalid-name"),
        Case(name: "case collision", yaml: state("  eta: date\n  ‸ETA: date\n"), rule: "invalid-name"),
        Case(name: "constant collision", yaml: state("  fooBar: int\n  ‸foo_bar: int\n"), rule: "name-collision"),
        Case(name: "bridge name collision", yaml: state("  a: { type: int, bridgeName: b }\n  ‸b: int\n"), rule: "name-collision"),
        // Types
        Case(name: "unknown type", yaml: state("  a: { type: ‸strnig }\n"), rule: "unknown-type", message: "did you mean 'string'?"),
        Case(name: "unknown custom type", yaml: state("  a: ‸Stpe\n") .replacingOccurrences(of: "outputs:", with: "types:\n  Step: { enum: [a] }\noutputs:"), rule: "unknown-type", message: "did you mean 'Step'?"),
        Case(name: "list of optionals", yaml: state("  a: { type: ‸\"[int?]\" }\n"), rule: "unsupported-type"),
        Case(name: "list of lists", yaml: state("  a: { type: ‸\"[[int]]\" }\n"), rule: "unsupported-type"),
        Case(name: "missing type", yaml: state("  a: ‸{ doc: hi }\n"), rule: "missing-key"),
        Case(name: "unknown field key", yaml: state("  a: { type: string, ‸maxLenght: 4 }\n"), rule: "unknown-key", message: "did you mean 'maxLength'?"),
        Case(name: "comma in flow doc", yaml: state("  a: { type: string, doc: one, ‸two }\n"), rule: "unknown-key", message: "quote text"),
        Case(name: "enum and fields", yaml: head + "state: {}\ntypes:\n  T: ‸{ enum: [a], fields: { b: int } }\n" + outputs, rule: "schema-shape"),
        Case(name: "empty enum", yaml: head + "state: {}\ntypes:\n  T: { enum: ‸[] }\n" + outputs, rule: "schema-shape"),
        Case(name: "duplicate enum case", yaml: head + "state: {}\ntypes:\n  T: { enum: [a, ‸a] }\n" + outputs, rule: "duplicate-name"),
        Case(name: "keyword enum case", yaml: head + "state: {}\ntypes:\n  T: { enum: [‸default] }\n" + outputs, rule: "reserved-name"),
        Case(name: "rawValue enum case", yaml: head + "state: {}\ntypes:\n  T: { enum: [‸rawValue] }\n" + outputs, rule: "reserved-name"),
        Case(name: "unknown fallback not a case", yaml: head + "state: {}\ntypes:\n  T: { enum: [a, b], unknown: ‸c }\n" + outputs, rule: "unknown-case"),
        Case(name: "built-in type name", yaml: head + "state: {}\ntypes:\n  ‸date: { enum: [a] }\n" + outputs, rule: "reserved-name"),
        Case(name: "framework type in types", yaml: head + "state: {}\ntypes:\n  ‸URL: { enum: [a] }\n" + outputs, rule: "reserved-name"),
        Case(name: "generated type name", yaml: head + "state: {}\ntypes:\n  ‸State: { enum: [a] }\n" + outputs, rule: "reserved-name"),
        Case(name: "generated member name", yaml: state("  ‸toContentState: int\n"), rule: "reserved-name"),
        Case(name: "prefixed type collision", yaml: head + "state: {}\ntypes:\n  Event: { enum: [a] }\n  ‸DeliveryEvent: { enum: [b] }\n" + outputs, rule: "name-collision"),
        Case(name: "Apns suffix collision", yaml: head + "state: {}\ntypes:\n  Score: { fields: { a: int } }\n  ‸ScoreApns: { enum: [b] }\n" + outputs, rule: "name-collision"),
        Case(name: "constant collision across sections", yaml: head + "attributes:\n  stopsRemaining: int\nstate:\n  ‸stops_remaining: int\n" + outputs, rule: "name-collision"),
        Case(name: "struct cycle", yaml: head + "state: {}\ntypes:\n  ‸A: { fields: { b: B } }\n  B: { fields: { a: A } }\n" + outputs, rule: "type-cycle"),
        // Values
        Case(name: "YAML 1.1 yes", yaml: state("  a: { type: bool, default: ‸yes }\n"), rule: "yaml11-boolean"),
        Case(name: "YAML 1.1 on", yaml: state("  a: { type: bool, default: ‸on }\n"), rule: "yaml11-boolean"),
        Case(name: "octal int", yaml: state("  a: { type: int, default: ‸0777 }\n"), rule: "yaml11-number"),
        Case(name: "sexagesimal", yaml: state("  a: { type: int, default: ‸1:30 }\n"), rule: "yaml11-number"),
        Case(name: "quoted number", yaml: state("  a: { type: int, default: ‸\"3\" }\n"), rule: "value-type"),
        Case(name: "int overflow", yaml: state("  a: { type: int, default: ‸2147483648 }\n"), rule: "value-out-of-range"),
        Case(name: "NaN", yaml: state("  a: { type: double, default: ‸.nan }\n"), rule: "value-not-finite"),
        Case(name: "Infinity", yaml: state("  a: { type: double, max: ‸.inf }\n"), rule: "value-not-finite"),
        Case(name: "min above max", yaml: state("  a: { type: int, min: 5, max: ‸1 }\n"), rule: "schema-value"),
        Case(name: "default below min", yaml: state("  a: { type: int, min: 0, default: ‸-1 }\n"), rule: "value-out-of-range"),
        Case(name: "default too long", yaml: state("  a: { type: string, maxLength: 3, default: ‸abcd }\n"), rule: "value-too-long"),
        Case(name: "default null", yaml: state("  a: { type: string, default: ‸null }\n"), rule: "schema-value"),
        Case(name: "default wrong type", yaml: state("  a: { type: date, default: ‸tomorrow }\n"), rule: "value-type"),
        Case(name: "reversed range", yaml: state("  a: { type: dateRange, default: ‸[\"2025-01-02T00:00:00Z\", \"2025-01-01T00:00:00Z\"] }\n"), rule: "range-order"),
        Case(name: "min on string", yaml: state("  a: { type: string, ‸min: 1 }\n"), rule: "schema-shape"),
        Case(name: "zero maxLength", yaml: state("  a: { type: string, maxLength: ‸0 }\n"), rule: "schema-value"),
        Case(name: "date not UTC", yaml: state("  a: { type: date, default: ‸\"2025-03-15T19:00:00+01:00\" }\n"), rule: "value-type"),
        Case(name: "impossible date", yaml: state("  a: { type: date, default: ‸\"2025-02-30T00:00:00Z\" }\n"), rule: "value-type"),
        Case(name: "relative url", yaml: state("  a: { type: url, default: ‸/path }\n"), rule: "value-type"),
        Case(name: "enum default not a case", yaml: state("  a: { type: T, default: ‸c }\n").replacingOccurrences(of: "outputs:", with: "types:\n  T: { enum: [a, b] }\noutputs:"), rule: "unknown-case"),
        // Examples
        Case(name: "example missing required", yaml: head + "state:\n  a: int\nexamples:\n  one:\n    state: ‸{ }\n" + outputs, rule: "missing-value"),
        Case(name: "example unknown field", yaml: head + "state:\n  a: int\nexamples:\n  one:\n    state: { a: 1, ‸b: 2 }\n" + outputs, rule: "unknown-key"),
        Case(name: "example without state", yaml: head + "state:\n  a: int\nexamples:\n  ‸one: { attributes: {} }\n" + outputs, rule: "missing-key"),
        Case(name: "example bad value", yaml: head + "state:\n  a: int\nexamples:\n  one:\n    state: { a: ‸many }\n" + outputs, rule: "value-type"),
        // Outputs
        Case(name: "absolute output", yaml: head + "state: {}\noutputs:\n  swift: [‸/etc/A.swift]\n", rule: "output-path"),
        Case(name: "parent output", yaml: head + "state: {}\noutputs:\n  swift: [‸../A.swift]\n", rule: "output-path"),
        Case(name: "hidden parent output", yaml: head + "state: {}\noutputs:\n  swift: [‸a/../../A.swift]\n", rule: "output-path"),
        Case(name: "colliding outputs", yaml: head + "state: {}\noutputs:\n  swift: [a/A.swift, ‸a/a.swift]\n", rule: "output-collision"),
        Case(name: "kotlin without package", yaml: head + "state: {}\noutputs:\n  kotlin: ‸out/A.kt\n", rule: "missing-key"),
        Case(name: "kotlin keyword package", yaml: head + "state: {}\noutputs:\n  kotlin: { path: A.kt, package: ‸com.fun.app }\n", rule: "invalid-name"),
        Case(name: "unknown output", yaml: head + "state: {}\noutputs:\n  ‸swfit: [A.swift]\n", rule: "unknown-key", message: "did you mean 'swift'?"),
    ]

    func testEveryHostileSchemaIsRefusedAtItsPosition() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 60)
        for testCase in Self.cases {
            let (source, line, column) = Self.locateMarker(testCase.yaml)
            do {
                _ = try SchemaLoader.load(Array(source.utf8), path: "s.yaml")
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

    /// Messages start lower-case and every error carries a position.
    func testMessagesAreLowerCaseAndPositioned() {
        for testCase in Self.cases {
            let (source, _, _) = Self.locateMarker(testCase.yaml)
            guard case .failure(let error) = Result(catching: { () throws(DiagnosticsError) in try SchemaLoader.load(Array(source.utf8), path: "s.yaml") }) else { continue }
            for diagnostic in error.diagnostics.items {
                XCTAssertNotNil(diagnostic.location, "\(testCase.name): \(diagnostic)")
                let first = diagnostic.message.first!
                XCTAssertFalse(first.isUppercase && first.isLetter, "\(testCase.name): \(diagnostic.message)")
            }
        }
    }

    func testHugeFileFailsFast() {
        let big = Self.head + "doc: \"" + String(repeating: "x", count: 2 << 20) + "\"\n"
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
        var bytes = Array((Self.head + "doc: ").utf8)
        bytes += [0xC3, 0x28, 0x0A]
        XCTAssertThrowsError(try SchemaLoader.load(bytes, path: "s.yaml")) { error in
            let diagnostic = (error as? DiagnosticsError)?.diagnostics.errors.first
            XCTAssertEqual(diagnostic?.rule, "yaml-invalid-utf8")
            XCTAssertEqual(diagnostic?.location?.line, 3)
            XCTAssertEqual(diagnostic?.location?.column, 6)
        }
    }

    func testAllErrorsAreReportedInOneRun() {
        let yaml = Self.state("  class: string\n  fun: int\n  a: { type: strnig }\n")
        XCTAssertThrowsError(try SchemaLoader.load(Array(yaml.utf8), path: "s.yaml")) { error in
            XCTAssertEqual((error as? DiagnosticsError)?.diagnostics.errors.count, 3)
        }
    }

    /// Returns the source without `‸` and the 1-based line and column where it stood.
    static func locateMarker(_ text: String) -> (String, Int, Int) {
        var line = 1, column = 1
        var output = ""
        var found: (Int, Int)?
        for character in text {
            if character == "‸" {
                found = (line, column)
                continue
            }
            output.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        let position = found ?? (0, 0)
        return (output, position.0, position.1)
    }
}
