import Foundation
import XCTest
@testable import LiveContract

/// `raw: int` enums (Swift `enum X: Int`) through the loader, the built binary, validate and
/// the fingerprint. The harnesses compile and run every output over schema/focus.yaml.
final class EnumIntRawTests: XCTestCase {
    static func schema(types: String, state: String = "  level: { type: Level, default: low }\n") -> String {
        "livecontract: 1\nname: Team\nstate:\n" + state + "types:\n" + types + "outputs:\n  swift: [A.swift]\n  fixtures: fx\n"
    }

    func load(_ text: String) throws -> Contract { try SchemaLoader.load(Array(text.utf8), path: "s.yaml").0 }

    func errors(_ text: String) -> [String] {
        do {
            _ = try SchemaLoader.load(Array(text.utf8), path: "s.yaml")
            return []
        } catch {
            return error.diagnostics.items.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
        }
    }

    /// Swift's numbering: the first case 0, then the previous raw value + 1, explicit values
    /// anywhere (negative too), the list and the mapping form alike.
    func testImplicitAndExplicitRawValuesFollowSwift() throws {
        let mixed = try load(Self.schema(types: "  Level: { enum: [low, { mid: 10 }, high, { top: -3 }, over], raw: int }\n"))
        let level = try XCTUnwrap(mixed.type(named: "Level")?.enumType)
        XCTAssertEqual(level.rawType, .int)
        XCTAssertEqual(level.rawValues, ["0", "10", "11", "-3", "-2"])
        let mapping = try load(Self.schema(types: "  Level: { enum: { low: 0, mid: 10, high: 11, top: -3, over: -2 }, raw: int }\n"))
        XCTAssertEqual(mapping.type(named: "Level")?.enumType?.rawValues, level.rawValues)
        XCTAssertEqual(Fingerprint.of(mixed), Fingerprint.of(mapping))
        let swift = try XCTUnwrap(TestSupport.templateContexts(mixed)["swift.mustache"])
        guard case .list(let enums)? = swift["enums"], case .object(let object)? = enums.first, case .list(let cases)? = object["cases"] else {
            return XCTFail("no enum context")
        }
        XCTAssertEqual(cases.compactMap { if case .text(let text) = $0 { return text } else { return nil } },
                       ["low", "mid = 10", "high", "top = -3", "over"])
    }

    /// Exactly one error (nothing cascades from the refused case), starting with `prefix`.
    func assertOne(_ schema: String, startsWith prefix: String, line: UInt = #line) {
        let found = errors(schema)
        XCTAssertEqual(found.count, 1, "\(found)", line: line)
        XCTAssertTrue(found.first?.hasPrefix(prefix) == true, "\(found)", line: line)
    }

    func testWrongRawKindsAreErrorsWithTheFix() {
        XCTAssertEqual(errors(Self.schema(types: "  Level: { enum: [{ low: \"1\" }], raw: int }\n")),
                       ["6:26 [enum-raw-type] the raw value '1' of case 'low' of 'Level' is text, but 'Level' has `raw: int`; write a decimal integer such as { low: 1 }, or drop `raw: int` for a String-raw enum (1 more error follows from this one)"])
        XCTAssertEqual(errors(Self.schema(types: "  Level: { enum: [{ low: 5 }] }\n")),
                       ["6:26 [enum-raw-type] the raw value 5 of case 'low' of 'Level' is a number, but 'Level' is a String-raw enum; add `raw: int` for Swift `enum Level: Int` (the wire carries a number), or quote it (\"5\") for the text (1 more error follows from this one)"])
        assertOne(Self.schema(types: "  Level: { enum: [low], raw: number }\n"), startsWith: "6:30 [enum-raw-type] `raw` of 'Level' must be `int` or `string")
        assertOne(Self.schema(types: "  Level: { enum: [{ low: 2147483648 }], raw: int }\n"), startsWith: "6:26 [enum-raw-type] the raw value 2147483648 of case 'low' of 'Level' is outside the 32-bit r")
        assertOne(Self.schema(types: "  Level: { enum: [{ low: 0x10 }], raw: int }\n"), startsWith: "6:26 [enum-raw-type] the raw value '0x10' of case 'low' of 'Level'")
        assertOne(Self.schema(types: "  Level: { enum: [{ a: 1 }, { low: 0 }, b], raw: int }\n"), startsWith: "6:41 [duplicate-name] cases 'a' and 'b' of 'Level' both have the raw value '1'; raw value")
        assertOne(Self.schema(types: "  Level: { enum: [{ low: 2147483647 }, over], raw: int }\n"), startsWith: "6:40 [enum-raw-type] case 'over' of 'Level' would take the implicit raw value 2147483648, outside")
    }

    /// Through the built binary: exit 2, file:line:col with the rule, nothing written.
    func testCLIRefusesATextRawValueAndWritesNothing() throws {
        let folder = TestSupport.temporaryDirectory("intraw")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema(types: "  Level: { enum: [low, { high: \"5\" }], raw: int }\n").write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.yaml:6:32: error: the raw value '5' of case 'high' of 'Level' is text, but 'Level' has `raw: int`"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[enum-raw-type]"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.yaml"])
    }

    /// The raw type is part of the wire: text "0" and the number 0 are different contracts.
    func testFingerprintSeesTheRawType() throws {
        let text = try load(Self.schema(types: "  Level: { enum: [{ low: \"0\" }, { high: \"1\" }] }\n"))
        let number = try load(Self.schema(types: "  Level: { enum: [low, high], raw: int }\n"))
        XCTAssertEqual(text.type(named: "Level")?.enumType?.rawValues, number.type(named: "Level")?.enumType?.rawValues)
        XCTAssertNotEqual(Fingerprint.of(text), Fingerprint.of(number))
        XCTAssertNotEqual(Fingerprint.of(number), Fingerprint.of(try load(Self.schema(types: "  Level: { enum: [low, { high: 2 }], raw: int }\n"))))
    }

    /// validate reads the number as Swift's decoder does: a known raw value passes, an unknown
    /// one fails without `unknown:`, text fails with the fix, a fraction fails.
    func testValidateReadsNumbers() throws {
        let contract = try load(Self.schema(types: "  Level: { enum: [low, { high: 5 }], raw: int }\n", state: "  level: { type: Level }\n"))
        func rules(_ state: String) -> [String] {
            PayloadChecker.validate(Array(state.utf8), path: "p.json", contract: contract, kind: .contentState).diagnostics.map { "[\($0.rule)] \($0.message)" }
        }
        XCTAssertEqual(rules(#"{"level":5}"#), [])
        XCTAssertEqual(rules(#"{"level":2}"#).map { String($0.prefix(70)) }, ["[payload-unknown-enum] level: dataCorrupted: cannot initialize Level f"])
        XCTAssertTrue(rules(#"{"level":"5"}"#).first?.contains("Level has integer raw values (Swift `enum Level: Int`): send the number 5 without quotes") == true, "\(rules(#"{"level":"5"}"#))")
        XCTAssertEqual(rules(#"{"level":5.5}"#).map { String($0.prefix(40)) }, ["[payload-type-mismatch] level: dataCorru"])
    }
}
