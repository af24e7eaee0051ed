import Foundation
import XCTest
@testable import LiveContract

/// `validate` on the other routes (docs/validate.md, "Routes"): an FCM v1 message carrying an
/// iOS Live Activity, a broadcast request, a push-to-start with the iOS 18 input fields, and
/// request files with headers, each with the wrong shapes guides and forum answers send.
final class ValidateRoutesTests: XCTestCase {
    func contract(_ name: String) throws -> Contract {
        let bytes = try Array(Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml")))
        return try SchemaLoader.load(bytes, path: "\(name).yaml").0
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

    static let goodState = ValidateTests.goodState
    /// A start's own keys, with the alert a start needs (apns-start-alert).
    static let startTail = #""attributes-type": "DeliveryAttributes", "attributes": {"orderId": "DT-4521"}, "alert": {"title": "Delivery", "body": "On its way"}"#

    func fcm(_ aps: String, token: String = #""live_activity_token": "abc123""#, headers: String = #"{"apns-priority": "10"}"#) -> String {
        #"{"message": {"token": "fcm-token", "apns": {\#(token), "headers": \#(headers), "payload": {"aps": {\#(aps)}}}}}"#
    }

    func testCorrectFCMLiveActivityMessages() throws {
        for aps in [#""timestamp": 1742064420, "event": "update", "content-state": {\#(Self.goodState)}"#,
                    #""timestamp": 1742064420, "event": "start", "content-state": {\#(Self.goodState)}, \#(Self.startTail), "input-push-token": 1"#] {
            let result = try validate(fcm(aps))
            XCTAssertEqual(result.diagnostics, [], aps)
            XCTAssertTrue(result.reading?.hasPrefix("an FCM v1 Live Activity") == true, result.reading ?? "")
        }
    }

    /// The FCM guide's start with a content-state copied from a JS object: Unix seconds for the date.
    func testFCMLiveActivityWrongEpochIsFoundInsideThePayload() throws {
        let aps = #""timestamp": 1742064420, "event": "update", "content-state": {"status": "Picked up", "progress": 0.55, "eta": 1742065920, "stopsRemaining": 3, "courierName": "Dana K."}"#
        let diagnostic = finding("payload-date-unix-seconds", in: try validate(fcm(aps)))
        XCTAssertTrue(diagnostic?.message.hasPrefix("message.apns.payload.aps.content-state.eta: 1742065920 is Unix seconds") == true, diagnostic?.message ?? "")
    }

    func testFCMLiveActivityKeyedRangeAndUnknownCase() throws {
        let state = #""driverName": "Luis", "vehicle": {"model": "Prius", "plate": "8ABC123", "color": "Silver"}, "eta": {"lowerBound": 763758240, "upperBound": 763758480}, "status": "enRoute", "distanceRemainingKm": 3"#
        let result = try validate(fcm(#""timestamp": 1742064420, "event": "update", "content-state": {\#(state)}"#), "ride")
        XCTAssertNotNil(finding("payload-range-keyed", in: result))
        XCTAssertEqual(finding("payload-enum-fallback", in: result)?.severity, .warning)
    }

    func testFCMLiveActivityMissingKeyAndMillisTimestamp() throws {
        let aps = #""timestamp": 1742064420000, "event": "update", "content-state": {"status": "Picked up", "progress": 0.55, "eta": 763758720, "courierName": "Dana K."}"#
        let result = try validate(fcm(aps))
        XCTAssertTrue(finding("payload-missing-key", in: result)?.message.contains("stopsRemaining") == true)
        XCTAssertNotNil(finding("apns-timestamp-millis", in: result))
    }

    /// The Admin SDK spelling pasted into a REST body, a numeric header, a priority FCM passes on to APNs.
    func testFCMLiveActivityTokenSpellingAndHeaders() throws {
        let aps = #""timestamp": 1742064420, "event": "update", "content-state": {\#(Self.goodState)}"#
        let camel = try validate(fcm(aps, token: #""liveActivityToken": "abc123""#))
        XCTAssertTrue(finding("fcm-live-activity-token", in: camel)?.message.contains("`live_activity_token`") == true)
        let numeric = try validate(fcm(aps, headers: #"{"apns-priority": 10}"#))
        XCTAssertTrue(finding("apns-header", in: numeric)?.message.contains("send \"10\"") == true)
        XCTAssertNotNil(finding("apns-priority", in: try validate(fcm(aps, headers: #"{"apns-priority": "1"}"#))))
    }

    func testFCMLiveActivityStartWithoutAttributes() throws {
        let aps = #""timestamp": 1742064420, "event": "start", "content-state": {\#(Self.goodState)}"#
        let result = try validate(fcm(aps))
        XCTAssertNotNil(finding("apns-attributes-type", in: result))
        XCTAssertNotNil(finding("apns-start-attributes", in: result))
    }

    func broadcast(_ headers: String, event: String = "update", extra: String = "", path: String = #""path": "/4/broadcasts/apps/com.example.app", "#) -> String {
        #"{\#(path)"headers": {\#(headers)}, "body": {"aps": {"timestamp": 1742064420, "event": "\#(event)", "content-state": {\#(Self.goodState)}\#(extra)}}}"#
    }

    static let broadcastHeaders = #""apns-push-type": "liveactivity", "apns-channel-id": "Zml4dHVyZS1jaGFubmVs", "apns-priority": "1", "apns-expiration": "0""#

    func testCorrectBroadcastRequest() throws {
        let result = try validate(broadcast(Self.broadcastHeaders))
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.reading, "an APNs broadcast update body for DeliveryAttributes")
    }

    /// A token-route habit on a channel: apns-topic instead of the channel id, and a start.
    func testBroadcastWithoutChannelIdAndWithAStart() throws {
        let result = try validate(broadcast(#""apns-push-type": "liveactivity", "apns-topic": "com.example.app.push-type.liveactivity""#, event: "start",
                                            extra: ", " + Self.startTail))
        XCTAssertTrue(finding("apns-channel-id", in: result)?.message.contains("MissingChannelId") == true)
        XCTAssertNotNil(finding("broadcast-event", in: result))
    }

    func testBroadcastOverItsLimitButNotAtFourKilobytes() throws {
        let long = String(repeating: "x", count: 4500)
        let state = ValidateTests.goodState.replacingOccurrences(of: "Dana K.", with: long)
        let body = #""headers": {\#(Self.broadcastHeaders)}, "body": {"aps": {"timestamp": 1742064420, "event": "update", "content-state": {\#(state)}}}"#
        XCTAssertFalse(try validate("{" + body + "}").diagnostics.contains { $0.rule == "payload-too-large" }, "4.5 KB fits a broadcast")
        let longer = body.replacingOccurrences(of: long, with: String(repeating: "x", count: 5200))
        XCTAssertTrue(finding("payload-too-large", in: try validate("{" + longer + "}"))?.message.contains("5120-byte limit") == true)
        let tokenRoute = longer.replacingOccurrences(of: #""apns-channel-id": "Zml4dHVyZS1jaGFubmVs", "#, with: #""apns-topic": "com.example.app.push-type.liveactivity", "#)
            .replacingOccurrences(of: #""apns-priority": "1""#, with: #""apns-priority": "10""#)
        let token = try validate("{\"path\": \"/3/device/abc\", " + tokenRoute + "}")
        XCTAssertTrue(finding("payload-too-large", in: token)?.message.contains("4096-byte limit") == true)
    }

    func testPrioritiesEachRouteRefuses() throws {
        let broadcast = try validate(broadcast(Self.broadcastHeaders.replacingOccurrences(of: #""apns-priority": "1""#, with: #""apns-priority": "7""#)))
        XCTAssertTrue(finding("apns-priority", in: broadcast)?.message.contains("1, 5, 10") == true)
        let token = #"{"path": "/3/device/abc", "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.app.push-type.liveactivity", "apns-priority": "1", "apns-expiration": "1742068020000"}, "body": {"aps": {"timestamp": 1742064420, "event": "update", "content-state": {\#(Self.goodState)}}}}"#
        let result = try validate(token)
        XCTAssertTrue(finding("apns-priority", in: result)?.message.contains("5, 10") == true)
        XCTAssertTrue(finding("apns-expiration", in: result)?.message.contains("send 1742068020") == true)
    }

    /// The most copied Live Activity mistake in request form: the app's plain topic and an alert push type.
    func testTokenRequestWithPlainTopicAndAlertPushType() throws {
        let request = #"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.app"}, "body": {"aps": {"timestamp": 1742064420, "event": "update", "content-state": {\#(Self.goodState)}}}}"#
        let result = try validate(request)
        XCTAssertEqual(result.diagnostics.filter { $0.rule == "apns-header" }.count, 2, result.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("com.example.app.push-type.liveactivity") })
    }

    func testStartInputs() throws {
        func start(_ inputs: String) -> String {
            #"{"aps": {"timestamp": 1742064420, "event": "start", "content-state": {\#(Self.goodState)}, \#(Self.startTail)\#(inputs)}}"#
        }
        XCTAssertEqual(try validate(start(#", "input-push-channel": "Zml4dHVyZS1jaGFubmVs""#)).diagnostics, [])
        XCTAssertEqual(try validate(start(#", "input-push-token": 1"#)).diagnostics, [])
        XCTAssertTrue(finding("apns-start-input", in: try validate(start(#", "input-push-channel": """#)))?.message.contains("without a channel id") == true)
        XCTAssertTrue(finding("apns-start-input", in: try validate(start(#", "input-push-token": true"#)))?.message.contains("the number 1") == true)
        XCTAssertTrue(finding("apns-start-input", in: try validate(start(#", "input-push-token": 1, "input-push-channel": "Zml4dHVyZS1jaGFubmVs""#)))?.message.contains("not both") == true)
        let update = #"{"aps": {"timestamp": 1742064420, "event": "update", "content-state": {\#(Self.goodState)}, "input-push-token": 1}}"#
        XCTAssertEqual(finding("apns-start-input", in: try validate(update))?.severity, .warning)
    }

    func testChannelCreateRequest() throws {
        let good = #"{"path": "/1/apps/com.example.app/channels", "headers": {}, "body": {"message-storage-policy": 1, "push-type": "LiveActivity"}}"#
        XCTAssertEqual(try validate(good).diagnostics, [])
        let bad = #"{"path": "/1/apps/com.example.app/channels", "headers": {}, "body": {"message-storage-policy": "most-recent", "push-type": "liveactivity"}}"#
        XCTAssertEqual(try validate(bad).diagnostics.filter { $0.rule == "apns-channel-create" }.count, 2)
    }

    /// Every route livecontract writes into the fixtures validates without a finding.
    func testEveryGeneratedRouteValidatesClean() throws {
        var checked = 0
        for name in TestSupport.schemaNames() {
            let contract = try contract(name)
            guard let folder = contract.outputs.fixtures?.path else { continue }
            let url = TestSupport.repoRoot.appendingPathComponent("schema").appendingPathComponent(folder)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where file.hasSuffix(".json") {
                let root = try JSONParser().parse(Array(Data(contentsOf: url.appendingPathComponent(file)))).root
                guard root["apnsRequest"] != nil else { continue }
                let payloads: [(JSONNode?, PayloadKind?)] = [
                    (root["apnsRequest"], nil), (root["broadcast"]?["update"], nil), (root["broadcast"]?["end"], nil),
                    (root["broadcast"]?["update"]?["body"], .broadcast), (root["channels"]?["create"], nil),
                    (root["apns"]?["startWithInputs"]?["pushToken"], nil), (root["apns"]?["startWithInputs"]?["channel"], nil),
                    (root["fcmLiveActivity"]?["start"], nil), (root["fcmLiveActivity"]?["update"], nil), (root["fcmLiveActivity"]?["end"], nil),
                ]
                for (node, kind) in payloads {
                    let text = JSONWriter.compact(try XCTUnwrap(node, "\(name)/\(file)").testValue)
                    let result = PayloadChecker.validate(Array(text.utf8), path: "\(name)/\(file)", contract: contract, kind: kind)
                    XCTAssertEqual(result.diagnostics, [], "\(name)/\(file) \(result.reading ?? "")")
                    XCTAssertFalse(result.unreadable)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }
}
