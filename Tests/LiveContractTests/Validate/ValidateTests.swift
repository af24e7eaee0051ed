import Foundation
import XCTest
@testable import LiveContract

/// `validate` on payloads as servers and guides really send them: each finding with its
/// rule, position and the Codable/FCM reason; the widely copied guide payloads; and no false
/// alarms on any payload livecontract itself generates.
final class ValidateTests: XCTestCase {
    nonisolated(unsafe) static var contracts: [String: Contract] = [:]

    func contract(_ name: String) throws -> Contract {
        if let known = Self.contracts[name] { return known }
        let bytes = try Array(Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml")))
        let (contract, _) = try SchemaLoader.load(bytes, path: "\(name).yaml")
        Self.contracts[name] = contract
        return contract
    }

    func validate(_ json: String, _ schema: String = "delivery", kind: PayloadKind? = nil) throws -> PayloadValidation {
        PayloadChecker.validate(Array(json.utf8), path: "payload.json", contract: try contract(schema), kind: kind)
    }

    /// The one diagnostic with `rule`, failing when there is not exactly one.
    func finding(_ rule: String, in result: PayloadValidation, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let matches = result.diagnostics.filter { $0.rule == rule }
        XCTAssertEqual(matches.count, 1, "\(rule) in:\n" + result.diagnostics.map(\.description).joined(separator: "\n"), file: file, line: line)
        return matches.first
    }

    func rules(_ result: PayloadValidation) -> [String] { result.diagnostics.map(\.rule) }

    static let goodState = #""status": "Picked up", "progress": 0.55, "eta": 763758720, "stopsRemaining": 3, "courierName": "Dana K.""#

    func update(_ state: String = goodState, timestamp: String = "1742064420", extra: String = "") -> String {
        "{\"aps\": {\"timestamp\": \(timestamp), \"event\": \"update\", \"content-state\": {\(state)}\(extra)}}"
    }

    func testCorrectUpdateDecodes() throws {
        let result = try validate(update())
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.reading, "an APNs update body for DeliveryAttributes")
    }

    /// The widely copied guide payload: Unix seconds for a `Date` inside content-state.
    func testGuidePayloadWithUnixSecondsDate() throws {
        let payload = """
        {
          "aps": {
            "timestamp": 1742064420,
            "event": "update",
            "content-state": {
              "status": "Picked up", "progress": 0.55, "eta": 1742065920, "stopsRemaining": 3, "courierName": "Dana K."
            }
          }
        }
        """
        let diagnostic = finding("payload-date-unix-seconds", in: try validate(payload))
        XCTAssertEqual(diagnostic?.location, SourceLocation(file: "payload.json", line: 6, column: 55))
        XCTAssertEqual(diagnostic?.message, "aps.content-state.eta: 1742065920 is Unix seconds (2025-03-15T19:12:00Z), but a Date decodes seconds since 2001-01-01: the widget reads 2056-03-15T19:12:00Z, 31 years late (same time of day, so a card showing only the time looks right); send 763758720 (Unix seconds - 978307200)")
    }

    func testUnixSecondsRecognisedWithoutATimestamp() throws {
        let result = try validate("{" + Self.goodState.replacingOccurrences(of: "763758720", with: "1742065920") + "}", kind: .contentState)
        XCTAssertEqual(rules(result), ["payload-date-unix-seconds"])
    }

    func testUnixMillisecondsDate() throws {
        let diagnostic = finding("payload-date-unix-millis", in: try validate(update(Self.goodState.replacingOccurrences(of: "763758720", with: "1742065920000"))))
        XCTAssertTrue(diagnostic?.message.contains("send 763758720") ?? false, diagnostic?.message ?? "")
    }

    /// The other widely copied guide shape: `{lowerBound, upperBound}` for `ClosedRange<Date>`.
    func testGuidePayloadWithKeyedRange() throws {
        let payload = #"{"aps": {"timestamp": 1742064420, "event": "update", "content-state": {"driverName": "Luis", "vehicle": {"model": "Prius", "plate": "8ABC123", "color": "Silver"}, "eta": {"lowerBound": 1742065440, "upperBound": 1742065680}, "status": "arriving", "distanceRemainingKm": 2.5}}}"#
        let diagnostic = finding("payload-range-keyed", in: try validate(payload, "ride"))
        XCTAssertTrue(diagnostic?.message.hasPrefix("aps.content-state.eta: typeMismatch: {lowerBound, upperBound} does not decode as ClosedRange<Date>") ?? false)
        XCTAssertTrue(diagnostic?.message.contains("send [763758240, 763758480]") ?? false, diagnostic?.message ?? "")
        XCTAssertEqual(diagnostic?.location.map { [$0.line, $0.column] }, [1, 171])
    }

    func testRangeOrderAndShape() throws {
        let base = #"{"aps": {"timestamp": 1742064420, "event": "update", "content-state": {"driverName": "Luis", "vehicle": {"model": "Prius", "plate": "8ABC123", "color": "Silver"}, "eta": RANGE, "status": "arriving", "distanceRemainingKm": 2.5}}}"#
        XCTAssertEqual(rules(try validate(base.replacingOccurrences(of: "RANGE", with: "[763758480, 763758240]"), "ride")), ["payload-range-order"])
        XCTAssertEqual(rules(try validate(base.replacingOccurrences(of: "RANGE", with: "[763758240]"), "ride")), ["payload-type-mismatch"])
        XCTAssertEqual(rules(try validate(base.replacingOccurrences(of: "RANGE", with: "[763758240, 763758480, 1]"), "ride")), [], "extra elements are ignored by ClosedRange's decoder")
        XCTAssertEqual(rules(try validate(base.replacingOccurrences(of: "RANGE", with: "[1742065440, 1742065680]"), "ride")), ["payload-date-unix-seconds", "payload-date-unix-seconds"])
    }

    func testMissingKeyNamesTheBridgeNameTrap() throws {
        let state = Self.goodState.replacingOccurrences(of: "\"eta\": 763758720", with: "\"etaEpochMillis\": 1742065920000")
        let result = try validate(update(state))
        XCTAssertEqual(rules(result), ["payload-missing-key"], "the bridge key itself is explained, not reported again")
        XCTAssertTrue(result.diagnostics[0].message.contains("keyNotFound: DeliveryAttributes.ContentState requires 'eta'"))
        XCTAssertTrue(result.diagnostics[0].message.contains("the payload has 'etaEpochMillis', the JS/FCM name"))
    }

    func testMissingKeySuggestsNearMiss() throws {
        let result = try validate(update(Self.goodState.replacingOccurrences(of: "courierName", with: "courierNmae")))
        XCTAssertEqual(rules(result), ["payload-missing-key", "payload-unknown-key"])
        XCTAssertTrue(result.diagnostics[0].message.contains("the payload has 'courierNmae': rename it to 'courierName'"))
    }

    func testDefaultedAndOptionalKeysMayBeMissingButNotNullWhenRequired() throws {
        XCTAssertEqual(rules(try validate(update(Self.goodState + #", "riderReassigned": null"#))), [])
        let result = try validate(update(Self.goodState.replacingOccurrences(of: "\"Dana K.\"", with: "null")))
        XCTAssertTrue(finding("payload-null", in: result)?.message.contains("valueNotFound") ?? false)
    }

    func testTypeMismatchesExplainTheFix() throws {
        let cases: [(String, String, String)] = [
            ("\"stopsRemaining\": 3", "\"stopsRemaining\": \"3\"", "send the number 3 without quotes"),
            ("\"stopsRemaining\": 3", "\"stopsRemaining\": 3.5", "does not fit Int"),
            ("\"progress\": 0.55", "\"progress\": \"0.55\"", "typeMismatch: Double cannot decode a string"),
            ("\"eta\": 763758720", "\"eta\": \"2025-03-15T19:12:00Z\"", "send 763758720"),
            ("\"courierName\": \"Dana K.\"", "\"courierName\": 42", "send \"42\" as a string"),
        ]
        for (target, replacement, hint) in cases {
            let result = try validate(update(Self.goodState.replacingOccurrences(of: target, with: replacement)))
            XCTAssertEqual(rules(result), ["payload-type-mismatch"], replacement)
            XCTAssertTrue(result.diagnostics.first?.message.contains(hint) ?? false, result.diagnostics.first?.message ?? replacement)
        }
        XCTAssertEqual(rules(try validate(update(Self.goodState + #", "riderReassigned": 1"#))), ["payload-type-mismatch"])
        XCTAssertEqual(rules(try validate(update(Self.goodState.replacingOccurrences(of: "\"stopsRemaining\": 3", with: "\"stopsRemaining\": 3.0")))), [],
                       "Foundation decodes 3.0 as Int 3")
    }

    func testEmptyURLFailsToDecode() throws {
        let sports = #""label": "x", "count": 1, "ratio": 0.5, "updatedAt": 763756200, "window": [763754400, 763758000], "link": "", "phase": "idle", "point": {"lat": 1, "lon": 2, "seenAt": 763756199}, "tags": [], "samples": [], "waypoints": []"#
        let result = try validate("{\(sports)}", "kitchensink", kind: .contentState)
        XCTAssertTrue(finding("payload-type-mismatch", in: result)?.message.contains("an empty string is not a URL") ?? false)
    }

    func testUnknownEnumValueWithAndWithoutFallback() throws {
        let match = #"{"aps": {"timestamp": 1742064420, "event": "update", "content-state": {"score": {"home": 1, "away": 0}, "period": "overtime", "clockText": "91'", "lastEvent": {"kind": "var", "minute": 90, "player": "B. Saka", "at": 763758720}}}}"#
        let result = try validate(match, "sports")
        XCTAssertTrue(finding("payload-enum-fallback", in: result)?.message.contains("decodes as the unknown: fallback 'preMatch'") ?? false)
        let failure = finding("payload-unknown-enum", in: result)
        XCTAssertTrue(failure?.message.contains("cannot initialize EventKind from 'var'") ?? false, failure?.message ?? "")
        XCTAssertTrue(failure?.message.hasPrefix("aps.content-state.lastEvent.kind: ") ?? false)
    }

    func testOutOfBoundsAndTooLongAreWarnings() throws {
        let state = Self.goodState.replacingOccurrences(of: "0.55", with: "1.4").replacingOccurrences(of: "Picked up", with: String(repeating: "x", count: 70))
        let result = try validate(update(state))
        XCTAssertEqual(rules(result), ["payload-out-of-bounds", "payload-out-of-bounds"])
        XCTAssertTrue(result.diagnostics.allSatisfy { $0.severity == .warning })
    }

    func testPayloadTooLarge() throws {
        let big = try validate(update(Self.goodState.replacingOccurrences(of: "Picked up", with: String(repeating: "x", count: 4100))))
        XCTAssertEqual(finding("payload-too-large", in: big)?.severity, .error)
        let padded = update().replacingOccurrences(of: ", ", with: "," + String(repeating: " ", count: 1000))
        XCTAssertEqual(finding("payload-too-large", in: try validate(padded))?.severity, .warning, "only whitespace puts it over")
    }

    func testDuplicateKey() throws {
        let diagnostic = finding("payload-duplicate-key", in: try validate(update(Self.goodState + #", "eta": 1"#)))
        XCTAssertTrue(diagnostic?.message.contains("Foundation keeps the first, JavaScript the last") ?? false)
    }

    func testTimestampProblems() throws {
        let millis = finding("apns-timestamp-millis", in: try validate(update(timestamp: "1742064420000")))
        XCTAssertTrue(millis?.message.contains("later pushes with correct timestamps look older and are dropped") ?? false)
        XCTAssertTrue(millis?.message.contains("send 1742064420") ?? false)
        XCTAssertEqual(rules(try validate(update(timestamp: "763757220"))), ["apns-timestamp"])
        XCTAssertEqual(rules(try validate(update(timestamp: "\"1742064420\""))), ["apns-timestamp"])
        XCTAssertEqual(rules(try validate(update().replacingOccurrences(of: "\"timestamp\": 1742064420, ", with: ""))), ["apns-timestamp"])
        XCTAssertEqual(rules(try validate(update(extra: #", "stale-date": 1742065320000"#))), ["apns-timestamp-millis"])
    }

    func testEventProblems() throws {
        let misspelled = try validate(update().replacingOccurrences(of: "\"update\"", with: "\"updated\""))
        XCTAssertTrue(finding("apns-event", in: misspelled)?.message.contains("did you mean \"update\"?") ?? false)
        XCTAssertEqual(rules(try validate(update().replacingOccurrences(of: "\"event\": \"update\", ", with: ""))), ["apns-event"])
        XCTAssertEqual(rules(try validate(#"{"aps": "update"}"#)), ["apns-shape"])
    }

    func testContentStateRequiredExceptForEnd() throws {
        XCTAssertEqual(rules(try validate(#"{"aps": {"timestamp": 1742064420, "event": "update"}}"#)), ["apns-content-state"])
        XCTAssertEqual(rules(try validate(#"{"aps": {"timestamp": 1742064420, "event": "end", "dismissal-date": 1742068020}}"#)), [])
    }

    func testPushToStart() throws {
        let good = "{\"aps\": {\"timestamp\": 1742064420, \"event\": \"start\", \"attributes-type\": \"DeliveryAttributes\", \"attributes\": {\"orderId\": \"DT-4521\"}, \"content-state\": {\(Self.goodState)}, \"alert\": {\"title\": \"Delivery\", \"body\": \"On its way\"}}}"
        let result = try validate(good)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.reading, "an APNs start body for DeliveryAttributes")
        let wrongType = try validate(good.replacingOccurrences(of: "\"DeliveryAttributes\"", with: "\"Delivery\""))
        XCTAssertTrue(finding("apns-attributes-type", in: wrongType)?.message.contains("send \"DeliveryAttributes\"") ?? false)
        XCTAssertEqual(rules(try validate(good.replacingOccurrences(of: "\"attributes-type\": \"DeliveryAttributes\", ", with: ""))), ["apns-attributes-type"])
        let noAttributes = try validate(good.replacingOccurrences(of: "\"attributes\": {\"orderId\": \"DT-4521\"}, ", with: ""))
        XCTAssertTrue(finding("apns-start-attributes", in: noAttributes)?.message.contains("add \"attributes\": { \"orderId\": ... }") ?? false)
        XCTAssertEqual(rules(try validate(good.replacingOccurrences(of: "{\"orderId\": \"DT-4521\"}", with: "{}"))), ["payload-missing-key"])
    }

    static let fcmData = #""activityId": "a-1", "event": "update", "sentAtMs": "1742064420000", "orderId": "DT-4521", "status": "Picked up", "progress": "0.55", "etaEpochMillis": "1742065920000", "stopsRemaining": "3", "courierName": "Dana K.", "riderReassigned": "false""#

    func fcm(_ data: String = fcmData, extra: String = "") -> String {
        "{\"message\": {\"token\": \"device\", \"data\": {\(data)}, \"android\": {\"priority\": \"high\"}\(extra)}}"
    }

    func testCorrectFCMMessageAndDataMap() throws {
        let message = try validate(fcm())
        XCTAssertEqual(message.diagnostics, [])
        XCTAssertEqual(message.reading, "an FCM v1 message for Delivery")
        XCTAssertEqual(try validate("{\(Self.fcmData)}").reading, "an FCM data map for Delivery")
    }

    func testNotificationBlockInDataMessage() throws {
        let result = try validate(fcm(extra: #", "notification": {"title": "Order update"}"#))
        XCTAssertTrue(finding("fcm-notification-block", in: result)?.message.contains("onMessageReceived never runs") ?? false)
        let android = fcm().replacingOccurrences(of: #""priority": "high""#, with: #""priority": "high", "notification": {"title": "x"}"#)
        XCTAssertEqual(rules(try validate(android)), ["fcm-notification-block"])
    }

    func testFCMValuesMustBeStrings() throws {
        let result = try validate(fcm(Self.fcmData.replacingOccurrences(of: "\"0.55\"", with: "0.55")))
        XCTAssertTrue(finding("fcm-data-not-string", in: result)?.message.contains("send \"0.55\"") ?? false)
    }

    func testReservedFCMKeys() throws {
        let result = try validate(fcm(Self.fcmData + #", "from": "server", "google.sent": "1""#))
        XCTAssertEqual(rules(result), ["fcm-data-reserved-key", "fcm-data-reserved-key"])
    }

    func testUnreadableFCMValues() throws {
        let required = try validate(fcm(Self.fcmData.replacingOccurrences(of: "\"stopsRemaining\": \"3\"", with: "\"stopsRemaining\": \"3.0\"")))
        let error = finding("fcm-data-unreadable", in: required)
        XCTAssertEqual(error?.severity, .error)
        XCTAssertTrue(error?.message.contains("returns no state") ?? false)
        let defaulted = try validate(fcm(Self.fcmData.replacingOccurrences(of: "\"false\"", with: "\"yes\"")))
        let warning = finding("fcm-data-unreadable", in: defaulted)
        XCTAssertEqual(warning?.severity, .warning)
        XCTAssertTrue(warning?.message.contains("falls back to the default") ?? false)
    }

    func testFCMDatesInTheWrongUnit() throws {
        let seconds = try validate(fcm(Self.fcmData.replacingOccurrences(of: "1742065920000", with: "1742065920")))
        XCTAssertTrue(finding("fcm-data-date-unit", in: seconds)?.message.contains("send \"1742065920000\"") ?? false)
        let reference = try validate(fcm(Self.fcmData.replacingOccurrences(of: "1742065920000", with: "763758720")))
        XCTAssertTrue(finding("fcm-data-date-unit", in: reference)?.message.contains("seconds since 2001") ?? false)
    }

    func testFCMSwiftNameInsteadOfWireName() throws {
        let result = try validate(fcm(Self.fcmData.replacingOccurrences(of: "etaEpochMillis", with: "eta")))
        XCTAssertTrue(finding("payload-missing-key", in: result)?.message.contains("the data has 'eta', the Swift name") ?? false)
    }

    func testFCMJSONTextValues() throws {
        let ride = #""activityId": "r-1", "event": "update", "sentAtMs": "1742064420000", "riderName": "Ana", "pickup": "12 Market St", "dropoff": "SFO", "driverName": "Luis", "vehicle": "VEHICLE", "etaWindowMillis": "WINDOW", "status": "arriving", "distanceRemainingKm": "2.5""#
        let good = ride.replacingOccurrences(of: "VEHICLE", with: #"{\"model\":\"Prius\",\"plate\":\"8ABC123\",\"color\":\"Silver\"}"#)
        XCTAssertEqual(rules(try validate("{" + good.replacingOccurrences(of: "WINDOW", with: "[1742065440000,1742065680000]") + "}", "ride")), [])
        let keyed = try validate("{" + good.replacingOccurrences(of: "WINDOW", with: #"{\"lowerBound\":1742065440000,\"upperBound\":1742065680000}"#) + "}", "ride")
        XCTAssertEqual(rules(keyed), ["payload-range-keyed"])
        let inverted = try validate("{" + good.replacingOccurrences(of: "WINDOW", with: "[1742065680000,1742065440000]") + "}", "ride")
        XCTAssertEqual(rules(inverted), ["payload-range-order"])
        let noPlate = ride.replacingOccurrences(of: "VEHICLE", with: #"{\"model\":\"Prius\",\"color\":\"Silver\"}"#).replacingOccurrences(of: "WINDOW", with: "[1742065440000,1742065680000]")
        XCTAssertTrue(finding("fcm-data-unreadable", in: try validate("{\(noPlate)}", "ride"))?.message.contains("missing required member 'plate'") ?? false)
    }

    func testFCMShapes() throws {
        XCTAssertEqual(rules(try validate(#"{"to": "device", "data": {"# + Self.fcmData + "}}")), ["fcm-shape"])
        XCTAssertEqual(rules(try validate(#"{"message": {"token": "device"}}"#)), ["fcm-shape"])
        let big = try validate(fcm(Self.fcmData.replacingOccurrences(of: "Picked up", with: String(repeating: "x", count: 4100))))
        XCTAssertEqual(big.diagnostics.filter { $0.rule == "payload-too-large" }.count, 1)
    }

    func testNotJSONOrNotAPayloadIsUnreadable() throws {
        let broken = try validate("{\"aps\": {\"event\": \"update\",}}")
        XCTAssertTrue(broken.unreadable)
        XCTAssertEqual(broken.diagnostics.first?.rule, "json-syntax")
        XCTAssertEqual(broken.diagnostics.first?.location, SourceLocation(file: "payload.json", line: 1, column: 28))
        let unknown = try validate("[1, 2]")
        XCTAssertTrue(unknown.unreadable)
        XCTAssertEqual(unknown.diagnostics.first?.rule, "payload-kind")
    }

    func testTooDeepIsUnreadable() throws {
        let deep = try validate("{\"aps\": " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}")
        XCTAssertEqual(deep.diagnostics.map(\.rule), ["json-too-deep"])
        XCTAssertTrue(deep.unreadable)
    }

    /// Every rule id check, compat and validate emit has an `explain` entry with all parts.
    func testEveryRuleHasACatalogEntry() {
        let ids = ["drift-missing", "drift-stale", "drift-hand-edited", "drift-line-endings", "drift-not-generated",
                   "compat-type-name-changed", "compat-field-added-required", "compat-field-removed", "compat-field-renamed",
                   "compat-field-moved", "compat-type-changed", "compat-now-required", "compat-now-optional",
                   "compat-bridge-name-changed", "compat-enum-case-added", "compat-enum-case-removed",
                   "compat-enum-fallback-removed", "compat-payload-budget", "json-syntax", "json-too-deep", "payload-kind",
                   "payload-duplicate-key", "payload-missing-key", "payload-null", "payload-type-mismatch",
                   "payload-date-unix-seconds", "payload-date-unix-millis", "payload-range-keyed", "payload-range-order",
                   "payload-unknown-enum", "payload-enum-fallback", "payload-unknown-key", "payload-out-of-bounds",
                   "payload-too-large", "apns-shape", "apns-event", "apns-timestamp", "apns-timestamp-millis",
                   "apns-content-state", "apns-attributes-type", "apns-start-attributes", "fcm-shape",
                   "fcm-notification-block", "fcm-data-not-string", "fcm-data-reserved-key", "fcm-data-unreadable",
                   "fcm-data-date-unit"]
        for id in ids {
            let entry = RuleCatalog.entry(for: id)
            XCTAssertNotNil(entry, id)
            XCTAssertFalse((entry?.summary ?? "").isEmpty || (entry?.example ?? "").isEmpty || (entry?.fix ?? "").isEmpty, id)
        }
        XCTAssertEqual(Set(ids).count, RuleCatalog.entries.filter { ids.contains($0.id) }.count, "one entry per id")
    }

    /// No false alarms: every payload livecontract generates for every bundled schema (APNs
    /// update/end/start, FCM message, data map, content-state) validates without a finding.
    func testEveryGeneratedFixtureValidatesClean() throws {
        var checked = 0
        for name in TestSupport.schemaNames() {
            let contract = try contract(name)
            guard let folder = contract.outputs.fixtures?.path else { continue }
            let url = TestSupport.repoRoot.appendingPathComponent("schema").appendingPathComponent(folder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where file.hasSuffix(".json") {
                let root = try JSONParser().parse(Array(Data(contentsOf: url.appendingPathComponent(file)))).root
                guard let apns = root["apns"] else { continue }
                let payloads: [(JSONNode?, PayloadKind)] = [(apns["update"], .apns), (apns["end"], .apns), (apns["start"], .apns),
                                                            (root["fcmMessage"], .fcm), (root["fcmData"], .data), (root["contentState"], .contentState)]
                for (node, kind) in payloads {
                    // Compact, as a server sends it: a pretty copy of a large fixture is over
                    // the 4 KB limit as written only because of its indentation.
                    let text = JSONWriter.compact(try XCTUnwrap(node).testValue)
                    let result = PayloadChecker.validate(Array(text.utf8), path: "\(name)/\(file)", contract: contract, kind: kind)
                    XCTAssertEqual(result.diagnostics, [], "\(name)/\(file) \(kind)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// validate agrees with the decode-case fixtures, whose verdicts SwiftDecodeTests proves
    /// against a real `JSONDecoder`.
    func testAgreesWithTheDecodeCases() throws {
        var compared = 0
        for name in TestSupport.schemaNames() {
            let contract = try contract(name)
            guard let folder = contract.outputs.fixtures?.path else { continue }
            let url = TestSupport.repoRoot.appendingPathComponent("schema/\(folder)/decode-cases.json")
            guard let data = try? Data(contentsOf: url) else { continue }
            guard case .array(let cases)? = try JSONParser().parse(Array(data)).root["cases"]?.kind else { continue }
            for item in cases {
                let text = JSONWriter.compact(try XCTUnwrap(item["contentState"]).testValue)
                let result = PayloadChecker.validate(Array(text.utf8), path: "case.json", contract: contract, kind: .contentState)
                let fails = result.diagnostics.contains { $0.severity == .error }
                XCTAssertEqual(fails, item["decodes"]?.kind == .bool(false), "\(name) \(item["name"].map { "\($0.kind)" } ?? ""): \(result.diagnostics)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20)
    }
}

extension JSONNode {
    /// The node as a `JSONValue`, to write it back out in tests.
    var testValue: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return NumberText.isPlainInteger(text) ? Int64(text).map { .int($0) } ?? .double(Double(text)!) : .double(Double(text)!)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.testValue))
        case .object(let members): return .object(members.map { JSONMember($0.key, $0.value.testValue) })
        }
    }
}

extension ValidateTests {
    /// Found by the differential test: a reversed range with a bound near Double's maximum
    /// trapped while naming its year (`Int(1970 + 5.7e300)`); it must be an ordinary finding.
    func testReversedRangeWithHugeBoundIsAFindingNotATrap() throws {
        let body = #"{"label":"L","count":1,"ratio":0.5,"updatedAt":0,"window":[1.7976931348623157e308,0],"phase":"idle","point":{"lat":1,"lon":2},"tags":[],"samples":[],"waypoints":[]}"#
        let result = try validate(body, "kitchensink", kind: .contentState)
        let found = try XCTUnwrap(finding("payload-range-order", in: result))
        XCTAssertTrue(found.message.contains("a date after the year 10^15"), found.message)
    }
}

extension ValidateTests {
    /// Found by the differential test: URL(string:) refuses more than empty text, and
    /// Foundation refuses a number that underflows Double; validate must say so.
    func testURLsAndNumbersTheDecoderRefusesAreErrors() throws {
        let base = #"{"label":"L","count":1,"ratio":0.5,"updatedAt":0,"window":[0,1],"phase":"idle","point":{"lat":1,"lon":2},"tags":[],"samples":[],"waypoints":[],"members":[],"tiny":1,"big":1,"gain":0,"levels":[]"#
        for link in ["http://[::1", "http://a b.com", "http://example.com:abc", ""] {
            let result = try validate(base + #","link":"# + "\"\(link)\"}", "kitchensink", kind: .contentState)
            XCTAssertNotNil(finding("payload-type-mismatch", in: result), link)
        }
        for link in ["not a url", "https://example.com/a?b=c", "http://[::1]:80"] {
            let result = try validate(base + #","link":"# + "\"\(link)\"}", "kitchensink", kind: .contentState)
            XCTAssertFalse(result.diagnostics.contains { $0.severity == .error }, "\(link): \(result.diagnostics.map(\.message))")
        }
        let underflow = try validate(base.replacingOccurrences(of: #""ratio":0.5"#, with: #""ratio":0.1e-400"#) + "}", "kitchensink", kind: .contentState)
        XCTAssertNotNil(finding("payload-type-mismatch", in: underflow))
    }
}
