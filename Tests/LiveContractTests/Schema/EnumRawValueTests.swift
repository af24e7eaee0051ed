import XCTest
@testable import LiveContract

/// Enum raw values and names shared by attributes and state, from the loader through the
/// generated text, validate, compat and the fingerprint. The harnesses compile and run the
/// same forms (schema/sports.yaml, schema/keywordcases.yaml, schema/keywordfields.yaml).
final class EnumRawValueTests: XCTestCase {
    static func schema(types: String, state: String = "  plan: { type: Plan, default: solo }\n", attributes: String = "") -> String {
        "livecontract: 1\nname: Team\n" + (attributes.isEmpty ? "" : "attributes:\n" + attributes)
            + "state:\n" + state + "types:\n" + types + "outputs:\n  swift: [A.swift]\n"
    }

    func load(_ text: String) throws -> Contract {
        try SchemaLoader.load(Array(text.utf8), path: "s.yaml").0
    }

    func errors(_ text: String) -> [Diagnostic] {
        do {
            _ = try SchemaLoader.load(Array(text.utf8), path: "s.yaml")
            return []
        } catch {
            return error.diagnostics.items
        }
    }

    func testItemAndMappingFormsGiveTheSameRawValues() throws {
        let items = try load(Self.schema(types: "  Plan: { enum: [team, { solo: SOLO }], unknown: team }\n"))
        let mapping = try load(Self.schema(types: "  Plan: { enum: { team: team, solo: SOLO }, unknown: team }\n"))
        for contract in [items, mapping] {
            let plan = try XCTUnwrap(contract.type(named: "Plan")?.enumType)
            XCTAssertEqual(plan.cases, ["team", "solo"])
            XCTAssertEqual(plan.rawValues, ["team", "SOLO"])
            XCTAssertEqual(plan.unknownCase, "team")
        }
        XCTAssertEqual(Fingerprint.of(items), Fingerprint.of(mapping))
    }

    func testRawValueIsTheWireAndTheSwiftCaseKeepsItsName() throws {
        let contract = try load(Self.schema(types: "  Plan: { enum: [team, { solo: SOLO }, { default: \"the \\\"default\\\" $plan\" }] }\n"))
        let swift = try XCTUnwrap(TestSupport.templateContexts(contract)["swift.mustache"])
        guard case .list(let enums)? = swift["enums"], case .object(let plan)? = enums.first,
              case .list(let cases)? = plan["cases"] else { return XCTFail("no enum context") }
        XCTAssertEqual(cases.compactMap { if case .text(let text) = $0 { return text } else { return nil } },
                       ["team", "solo = \"SOLO\"", "`default` = \"the \\\"default\\\" $plan\""])
        let shapes = WireShapes(contract: contract)
        XCTAssertEqual(shapes.fcmString(.enumCase("solo"), type: .enumeration("Plan")), "SOLO")
        XCTAssertEqual(TypeScriptSyntax(contract: contract).literal(.enumCase("solo"), type: .enumeration("Plan")), "'SOLO'")
    }

    func testRawValuesMustBeUniqueAndTheSecondIsReported() {
        let found = errors(Self.schema(types: "  Plan: { enum: [team, { solo: team }] }\n", state: "  plan: { type: Plan? }\n"))
        XCTAssertEqual(found.map(\.rule), ["duplicate-name"])
        XCTAssertTrue(found.first?.message.contains("'team' and 'solo'") == true, found.first?.message ?? "")
    }

    func testFingerprintAndCompatSeeARawValueChange() throws {
        let old = Self.schema(types: "  Plan: { enum: [team, { solo: SOLO }] }\n")
        let new = Self.schema(types: "  Plan: { enum: [team, { solo: Solo }] }\n")
        XCTAssertNotEqual(Fingerprint.of(try load(old)), Fingerprint.of(try load(new)))
        XCTAssertEqual(Fingerprint.of(try load(Self.schema(types: "  Plan: { enum: [team, solo] }\n"))),
                       Fingerprint.of(try load(Self.schema(types: "  Plan: { enum: [team, { solo: solo }] }\n"))),
                       "a raw value equal to the name keeps the old fingerprint")
        guard case .success(let findings) = Compat.compare(newBytes: Array(new.utf8), newPath: "new.yaml", oldBytes: Array(old.utf8), oldLabel: "old.yaml") else {
            return XCTFail("compat failed")
        }
        XCTAssertTrue(findings.contains { $0.rule == "compat-enum-case-removed" && $0.severity == .error }, findings.map(\.message).joined(separator: "\n"))
    }

    func testValidateReadsRawValues() throws {
        let contract = try load(Self.schema(types: "  Plan: { enum: [team, { solo: SOLO }] }\n"))
        let good = PayloadChecker.validate(Array(#"{"plan":"SOLO"}"#.utf8), path: "p.json", contract: contract, kind: .contentState)
        XCTAssertFalse(good.diagnostics.contains { $0.rule == "payload-unknown-enum" }, good.diagnostics.map(\.description).joined(separator: "\n"))
        let bad = PayloadChecker.validate(Array(#"{"plan":"solo"}"#.utf8), path: "p.json", contract: contract, kind: .contentState)
        XCTAssertTrue(bad.diagnostics.contains { $0.rule == "payload-unknown-enum" }, bad.diagnostics.map(\.description).joined(separator: "\n"))
    }

    func testAttributesAndStateShareANameWithTheirOwnKeys() throws {
        let text = Self.schema(types: "  Plan: { enum: [team] }\n", state: "  duration: { type: int, bridgeName: remaining }\n",
                               attributes: "  duration: int\n")
        let contract = try load(text)
        let kotlin = try XCTUnwrap(TestSupport.templateContexts(contract)["kotlin.mustache"])
        guard case .list(let keys)? = kotlin["keys"] else { return XCTFail("no keys") }
        let constants = keys.compactMap { key -> String? in
            guard case .object(let members) = key, case .text(let constant)? = members["constant"] else { return nil }
            return constant
        }
        XCTAssertEqual(constants, ["ATTRIBUTES_DURATION", "DURATION"])
        let clash = errors(Self.schema(types: "  Plan: { enum: [team] }\n", state: "  duration: int\n", attributes: "  duration: int\n"))
        XCTAssertEqual(clash.map(\.rule), ["name-collision"])
        XCTAssertTrue(clash.first?.message.contains("set bridgeName") == true, clash.first?.message ?? "")
    }

    func testKeywordsAreAcceptedAndWhatStaysRefusedSaysWhy() {
        for name in ["type", "description", "default", "unknown", "none", "error", "self", "class", "copy"] {
            XCTAssertEqual(errors(Self.schema(types: "  Plan: { enum: [\(name)] }\n", state: "  \(name): { type: Plan? }\n")).map(\.description), [], name)
        }
        let hash = errors(Self.schema(types: "  Plan: { enum: [team] }\n", state: "  hashValue: int\n"))
        XCTAssertEqual(hash.map(\.rule), ["reserved-name"])
        XCTAssertTrue(hash.first?.message.contains("Swift") == true, hash.first?.message ?? "")
        let rawValue = errors(Self.schema(types: "  Plan: { enum: [rawValue] }\n", state: "  plan: { type: Plan? }\n"))
        XCTAssertEqual(rawValue.map(\.rule), ["reserved-name"])
        XCTAssertTrue(rawValue.first?.message.contains("raw value") == true, rawValue.first?.message ?? "")
    }
}
