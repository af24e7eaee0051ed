import XCTest
@testable import LiveContract

/// Every `compat` rule on a real-shaped schema change, with who breaks and who does not, plus
/// the changes that must stay silent (optional fields, enum cases behind a fallback, renamed
/// types of the same shape, docs).
final class CompatTests: XCTestCase {
    /// A delivery card with an enum, an enum with a fallback, a struct and an optional URL.
    static let base = """
    livecontract: 1
    name: Delivery
    attributes:
      orderId: { type: string, maxLength: 32 }
    state:
      status: { type: string, maxLength: 64 }
      progress: { type: double, min: 0, max: 1 }
      eta: { type: date, bridgeName: etaEpochMillis }
      stopsRemaining: { type: int, min: 0 }
      courierName: { type: string, maxLength: 40 }
      riderReassigned: { type: bool, default: false }
      step: { type: Step }
      phase: { type: Phase }
      vehicle: { type: Vehicle }
      photo: { type: url?, maxLength: 200 }
    types:
      Step: { enum: [placed, pickedUp, arriving, delivered] }
      Phase: { enum: [waiting, moving], unknown: waiting }
      Vehicle: { fields: { model: { type: string, maxLength: 20 }, plate: { type: string, maxLength: 10 } } }
      Unused: { enum: [a, b] }
    outputs:
      swift: [A.swift]
    """

    func compare(_ new: String, old: String = base, file: StaticString = #filePath, line: UInt = #line) -> [CompatFinding] {
        switch Compat.compare(newBytes: Array(new.utf8), newPath: "new.yaml", oldBytes: Array(old.utf8), oldLabel: "old.yaml") {
        case .success(let findings): return findings
        case .failure(let error):
            XCTFail(error.diagnostics.items.map(\.description).joined(separator: "\n"), file: file, line: line)
            return []
        }
    }

    /// `base` with one text replaced (the replacement must happen).
    func changed(_ target: String, _ replacement: String, in text: String = base, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertTrue(text.contains(target), "base lacks \(target)", file: file, line: line)
        return text.replacingOccurrences(of: target, with: replacement)
    }

    func only(_ findings: [CompatFinding], file: StaticString = #filePath, line: UInt = #line) -> CompatFinding? {
        XCTAssertEqual(findings.count, 1, findings.map { "\($0.rule): \($0.message)" }.joined(separator: "\n"), file: file, line: line)
        return findings.first
    }

    func audiences(_ finding: CompatFinding?) -> Set<Audience> { Set(finding?.impacts.map(\.audience) ?? []) }

    func testNoChangeAndCosmeticChangesAreSilent() {
        XCTAssertTrue(compare(Self.base).isEmpty)
        let cosmetic = changed("  status: { type: string, maxLength: 64 }", "  status: { type: string, maxLength: 64, doc: Headline }")
            .replacingOccurrences(of: "swift: [A.swift]", with: "swift: [B.swift]")
        XCTAssertTrue(compare(cosmetic).isEmpty)
    }

    func testSafeAdditionsAreSilent() {
        let optional = changed("  photo:", "  note: { type: string?, maxLength: 10 }\n  tip: { type: int, default: 0 }\n  photo:")
        XCTAssertTrue(compare(optional).isEmpty)
        let behindFallback = changed("[waiting, moving], unknown: waiting", "[waiting, moving, arrived], unknown: waiting")
        XCTAssertTrue(compare(behindFallback).isEmpty, "old widgets decode the new case as the fallback")
        let renamedType = changed("step: { type: Step }", "step: { type: Stage }")
            .replacingOccurrences(of: "  Step: {", with: "  Stage: {")
        XCTAssertTrue(compare(renamedType).isEmpty, "Codable JSON never spells nested type names")
        XCTAssertTrue(compare(changed("Unused: { enum: [a, b] }", "Unused: { enum: [a] }")).isEmpty, "a type no field uses has no wire effect")
        XCTAssertTrue(compare(changed("  photo: { type: url?, maxLength: 200 }\n", "")).isEmpty, "old widgets treat a missing optional as nil")
    }

    func testRequiredFieldAddedBreaksNewWidgetsOldServersAndRunningActivities() {
        let finding = only(compare(changed("  photo:", "  tipCents: { type: int }\n  photo:")))
        XCTAssertEqual(finding?.rule, "compat-field-added-required")
        XCTAssertEqual(finding?.severity, .error)
        XCTAssertEqual(finding?.location.line, 15)
        XCTAssertEqual(audiences(finding), [.newWidgetOldServer, .runningActivities, .android])
        XCTAssertTrue(finding?.impacts.first?.text.contains("keyNotFound 'tipCents'") ?? false)
        XCTAssertTrue(finding?.fix.contains("`default:`") ?? false)
    }

    func testRequiredAttributeAddedBreaksRunningActivitiesForTheirLifetime() {
        let finding = only(compare(changed("  orderId: { type: string, maxLength: 32 }", "  orderId: { type: string, maxLength: 32 }\n  store: { type: string, maxLength: 32 }")))
        XCTAssertEqual(finding?.rule, "compat-field-added-required")
        let running = finding?.impacts.first { $0.audience == .runningActivities }
        XCTAssertTrue(running?.text.contains("for the rest of their life") ?? false, running?.text ?? "")
        XCTAssertTrue(finding?.impacts.first { $0.audience == .newWidgetOldServer }?.text.contains("push-to-start") ?? false)
    }

    func testRequiredFieldRemovedBreaksOldWidgets() {
        let finding = only(compare(changed("  courierName: { type: string, maxLength: 40 }\n", "")))
        XCTAssertEqual(finding?.rule, "compat-field-removed")
        XCTAssertEqual(audiences(finding), [.oldWidgetNewServer, .android])
        XCTAssertTrue(finding?.message.contains("it was at old.yaml:10") ?? false, finding?.message ?? "")
        XCTAssertEqual(finding?.location.line, 10, "points at the surviving neighbour in the new schema")
    }

    func testRenameBreaksEveryone() {
        let finding = only(compare(changed("  courierName:", "  riderName:")))
        XCTAssertEqual(finding?.rule, "compat-field-renamed")
        XCTAssertEqual(audiences(finding), [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities, .android])
        XCTAssertTrue(finding?.message.contains("'courierName' was renamed to 'riderName'") ?? false)
    }

    func testRenameKeepingTheBridgeNameSparesAndroid() {
        let finding = only(compare(changed("  courierName: { type: string, maxLength: 40 }", "  riderName: { type: string, maxLength: 40, bridgeName: courierName }")))
        XCTAssertEqual(finding?.rule, "compat-field-renamed")
        XCTAssertFalse(audiences(finding).contains(.android))
        XCTAssertTrue(finding?.message.contains("FCM/JS name 'courierName' kept") ?? false)
    }

    func testFieldMovedBetweenAttributesAndState() {
        let moved = changed("  orderId: { type: string, maxLength: 32 }\n", "")
            .replacingOccurrences(of: "  photo:", with: "  orderId: { type: string, maxLength: 32 }\n  photo:")
        let finding = only(compare(moved.replacingOccurrences(of: "attributes:\n", with: "attributes: {}\n")))
        XCTAssertEqual(finding?.rule, "compat-field-moved")
        XCTAssertTrue(audiences(finding).isSuperset(of: [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities]))
        XCTAssertFalse(audiences(finding).contains(.android), "FCM carries attributes and state in one flat map")
    }

    func testTypeChangesAreDirectionAware() {
        let widened = only(compare(changed("stopsRemaining: { type: int, min: 0 }", "stopsRemaining: { type: double, min: 0 }")))
        XCTAssertEqual(widened?.rule, "compat-type-changed")
        XCTAssertEqual(audiences(widened), [.oldWidgetNewServer, .android], "a Double reads old integers; an old Int cannot read 0.5")
        let narrowed = only(compare(changed("progress: { type: double, min: 0, max: 1 }", "progress: { type: int, min: 0, max: 1 }")))
        XCTAssertEqual(audiences(narrowed), [.newWidgetOldServer, .runningActivities, .android])
        let retyped = only(compare(changed("status: { type: string, maxLength: 64 }", "status: { type: int }")))
        XCTAssertEqual(audiences(retyped), [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities, .android])
        XCTAssertTrue(retyped?.impacts.first?.text.contains("typeMismatch: Int cannot decode a string") ?? false)
    }

    /// int32 -> int64 widens one way only; uuid -> string is safe for the reader, not back.
    func testNewTypeChangesAreDirectionAware() {
        let widened = only(compare(changed("stopsRemaining: { type: int, min: 0 }", "stopsRemaining: { type: int64, min: 0 }")))
        XCTAssertEqual(widened?.rule, "compat-type-changed")
        XCTAssertEqual(audiences(widened), [.oldWidgetNewServer, .android], "an Int64 reads old int values; an old 32-bit int cannot read every Int64")
        let sized = only(compare(changed("stopsRemaining: { type: int, min: 0 }", "stopsRemaining: { type: uint8, min: 0 }")))
        XCTAssertEqual(audiences(sized), [.newWidgetOldServer, .runningActivities, .android], "a UInt8 cannot read every old int")
        let toString = only(compare(changed("orderId: { type: string, maxLength: 32 }", "orderId: { type: uuid }")))
        XCTAssertEqual(audiences(toString), [.newWidgetOldServer, .runningActivities, .android], "a UUID reader refuses old non-UUID text")
    }

    /// A map's value type is judged like a list's element type; a map is no list.
    func testMapValueTypeChangesAreBreaking() {
        let base = changed("stopsRemaining: { type: int, min: 0 }", "stopsRemaining: { type: \"[string: int]\" }")
        let retyped = only(compare(changed("stopsRemaining: { type: \"[string: int]\" }", "stopsRemaining: { type: \"[string: string]\" }", in: base), old: base))
        XCTAssertEqual(retyped?.rule, "compat-type-changed")
        XCTAssertEqual(audiences(retyped), [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities, .android])
        XCTAssertTrue(retyped?.impacts.first?.text.contains("map values: typeMismatch") ?? false, retyped?.impacts.first?.text ?? "")
        let widened = only(compare(changed("stopsRemaining: { type: \"[string: int]\" }", "stopsRemaining: { type: \"[string: int64]\" }", in: base), old: base))
        XCTAssertEqual(audiences(widened), [.oldWidgetNewServer, .android], "Int64 values read old int values, not the other way round")
        let toList = only(compare(changed("stopsRemaining: { type: \"[string: int]\" }", "stopsRemaining: { type: \"[int]\" }", in: base), old: base))
        XCTAssertEqual(toList?.rule, "compat-type-changed")
        XCTAssertTrue(compare(base, old: base).isEmpty, "an unchanged map is no change")
    }

    func testDateToDoubleDecodesButMisreads() {
        let finding = only(compare(changed("eta: { type: date, bridgeName: etaEpochMillis }", "eta: { type: double, bridgeName: etaEpochMillis }")))
        XCTAssertEqual(finding?.rule, "compat-type-changed")
        XCTAssertEqual(finding?.severity, .error)
        XCTAssertTrue(finding?.impacts.allSatisfy { $0.effect == .misreads } ?? false)
    }

    func testOptionalityChanges() {
        let required = only(compare(changed("photo: { type: url?, maxLength: 200 }", "photo: { type: url, maxLength: 200 }")))
        XCTAssertEqual(required?.rule, "compat-now-required")
        XCTAssertEqual(audiences(required), [.newWidgetOldServer, .runningActivities, .android])
        let defaultRemoved = only(compare(changed("riderReassigned: { type: bool, default: false }", "riderReassigned: { type: bool }")))
        XCTAssertEqual(defaultRemoved?.rule, "compat-now-required")
        XCTAssertTrue(defaultRemoved?.message.contains("had a default") ?? false)
        let optional = only(compare(changed("courierName: { type: string, maxLength: 40 }", "courierName: { type: string?, maxLength: 40 }")))
        XCTAssertEqual(optional?.rule, "compat-now-optional")
        XCTAssertEqual(optional?.severity, .error)
        XCTAssertEqual(audiences(optional), [.oldWidgetNewServer, .android])
        let defaulted = only(compare(changed("courierName: { type: string, maxLength: 40 }", "courierName: { type: string, maxLength: 40, default: Courier }")))
        XCTAssertEqual(defaulted?.rule, "compat-now-optional")
        XCTAssertEqual(defaulted?.severity, .warning, "a new default only matters if servers start leaving the key out")
    }

    func testBridgeNameChangeBreaksAndroidOnly() {
        let finding = only(compare(changed("bridgeName: etaEpochMillis", "bridgeName: etaMs")))
        XCTAssertEqual(finding?.rule, "compat-bridge-name-changed")
        XCTAssertEqual(audiences(finding), [.android])
        XCTAssertEqual(finding?.impacts.count, 2, "both directions")
        XCTAssertTrue(finding?.fix.contains("over-the-air JS update") ?? false)
    }

    func testBridgeNameChangeOnOptionalFieldWarns() {
        let finding = only(compare(changed("photo: { type: url?, maxLength: 200 }", "photo: { type: url?, maxLength: 200, bridgeName: photoUrl }")))
        XCTAssertEqual(finding?.rule, "compat-bridge-name-changed")
        XCTAssertEqual(finding?.severity, .warning)
    }

    func testTypeNameChangeBreaksEveryIOSAudience() {
        let finding = only(compare(changed("name: Delivery", "name: Order")))
        XCTAssertEqual(finding?.rule, "compat-type-name-changed")
        XCTAssertEqual(audiences(finding), [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities])
        XCTAssertTrue(finding?.message.contains("DeliveryAttributes to OrderAttributes") ?? false)
    }

    func testEnumCaseAddedWithoutFallbackBreaksOldWidgets() {
        let finding = only(compare(changed("[placed, pickedUp, arriving, delivered]", "[placed, pickedUp, arriving, delivered, cancelled]")))
        XCTAssertEqual(finding?.rule, "compat-enum-case-added")
        XCTAssertEqual(audiences(finding), [.oldWidgetNewServer, .android])
        XCTAssertTrue(finding?.impacts.first?.text.contains("cannot initialize Step from 'cancelled'") ?? false)
        XCTAssertEqual(finding?.location.line, 17, "reported once, at the enum")
    }

    func testEnumCaseRemovedBreaksNewWidgetsOnOldPayloads() {
        let finding = only(compare(changed("[placed, pickedUp, arriving, delivered]", "[placed, pickedUp, delivered]")))
        XCTAssertEqual(finding?.rule, "compat-enum-case-removed")
        XCTAssertEqual(audiences(finding), [.newWidgetOldServer, .runningActivities, .android])
    }

    func testEnumFallbackRemovedWarns() {
        let finding = only(compare(changed("[waiting, moving], unknown: waiting", "[waiting, moving]")))
        XCTAssertEqual(finding?.rule, "compat-enum-fallback-removed")
        XCTAssertEqual(finding?.severity, .warning)
    }

    func testStructMemberChanges() {
        let added = only(compare(changed("plate: { type: string, maxLength: 10 } }", "plate: { type: string, maxLength: 10 }, color: { type: string, maxLength: 10 } }")))
        XCTAssertEqual(added?.rule, "compat-field-added-required")
        XCTAssertTrue(added?.message.contains("struct Vehicle member 'color'") ?? false)
        let removed = only(compare(changed("model: { type: string, maxLength: 20 }, ", "")))
        XCTAssertEqual(removed?.rule, "compat-field-removed")
        let retyped = only(compare(changed("plate: { type: string, maxLength: 10 }", "plate: { type: int }")))
        XCTAssertEqual(retyped?.rule, "compat-type-changed")
    }

    func testMaxLengthGrowthPastTheBudget() {
        let finding = only(compare(changed("status: { type: string, maxLength: 64 }", "status: { type: string, maxLength: 4000 }")))
        XCTAssertEqual(finding?.rule, "compat-payload-budget")
        XCTAssertEqual(finding?.location.line, 6)
        XCTAssertTrue(finding?.message.contains("'status' maxLength +3936") ?? false)
        XCTAssertEqual(audiences(finding), [.everyone])
        XCTAssertTrue(compare(changed("status: { type: string, maxLength: 64 }", "status: { type: string, maxLength: 200 }")).isEmpty, "growth within the budget is fine")
    }

    func testFindingsComeInSchemaOrder() {
        let many = changed("  courierName:", "  riderName:").replacingOccurrences(of: "name: Delivery", with: "name: Order")
            .replacingOccurrences(of: "stopsRemaining: { type: int", with: "stopsRemaining: { type: double")
        XCTAssertEqual(compare(many).map(\.rule), ["compat-type-name-changed", "compat-type-changed", "compat-field-renamed"])
    }

    func testReportFormats() throws {
        let findings = compare(changed("  courierName:", "  riderName:"))
        let report = CompatReport(schemaPath: "new.yaml", against: "git:HEAD", findings: findings, strict: false)
        XCTAssertTrue(report.failed)
        let text = report.render(.text)
        XCTAssertTrue(text.hasPrefix("new.yaml:10:3: error: state field 'courierName' was renamed to 'riderName' [compat-field-renamed]\n  breaks new widget + old server: "), text)
        XCTAssertTrue(text.contains("\n  fix: keep the name 'courierName'"), text)
        XCTAssertEqual(report.summary, "livecontract: 1 breaking change in new.yaml against git:HEAD")
        let json = try JSONParser().parse(Array(report.render(.json).utf8)).root
        XCTAssertEqual(json["ok"]?.kind, .bool(false))
        guard case .array(let items)? = json["findings"]?.kind, let first = items.first else { return XCTFail("findings") }
        XCTAssertEqual(first["rule"]?.kind, .string("compat-field-renamed"))
        XCTAssertEqual(first["line"]?.kind, .number("10"))
        guard case .array(let impacts)? = first["impacts"]?.kind else { return XCTFail("impacts") }
        XCTAssertEqual(impacts.first?["audience"]?.kind, .string("new-widget-old-server"))
        let github = report.render(.github)
        XCTAssertTrue(github.hasPrefix("::error file=new.yaml,line=10,col=3,title=livecontract compat-field-renamed::state field 'courierName' was renamed to 'riderName'%0Anew widget + old server: "), github)
        XCTAssertEqual(github.split(separator: "\n").count, 2, "one annotation line and the summary")
    }

    func testInvalidOldSchemaIsInputError() {
        guard case .failure(let error) = Compat.compare(newBytes: Array(Self.base.utf8), newPath: "new.yaml", oldBytes: Array("livecontract: 1\nstate: [".utf8), oldLabel: "HEAD:schema.yaml") else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(error.diagnostics.items.first?.location?.file, "HEAD:schema.yaml")
    }
}
