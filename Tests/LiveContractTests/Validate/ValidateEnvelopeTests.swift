import XCTest
@testable import LiveContract

/// `validate` on the FCM envelope: a map a DropTrack-style service would drop (no activity id,
/// unknown event) is an error; a send time in seconds gets the corrected value.
extension ValidateTests {
    func envelopeData(_ replace: String, with: String) -> String {
        fcm(Self.fcmData.replacingOccurrences(of: replace, with: with))
    }

    func testFCMWithoutActivityIdIsDropped() throws {
        let result = try validate(envelopeData(#""activityId": "a-1", "#, with: ""))
        XCTAssertEqual(rules(result), ["fcm-envelope-activity-id"])
        XCTAssertTrue(result.diagnostics[0].message.contains("drops the message"), result.diagnostics[0].message)
        let empty = try validate(envelopeData(#""activityId": "a-1""#, with: #""activityId": """#))
        XCTAssertEqual(finding("fcm-envelope-activity-id", in: empty)?.message.contains("is empty"), true)
    }

    func testFCMUnknownOrMissingEvent() throws {
        let unknown = try validate(envelopeData(#""event": "update""#, with: #""event": "updte""#))
        let message = finding("fcm-envelope-event", in: unknown)?.message ?? ""
        XCTAssertTrue(message.contains("did you mean \"update\"?"), message)
        XCTAssertEqual(finding("fcm-envelope-event", in: unknown)?.location?.line, 1)
        let missing = try validate(envelopeData(#""event": "update", "#, with: ""))
        XCTAssertEqual(rules(missing), ["fcm-envelope-event"])
    }

    func testFCMSendTimeInSecondsHasTheCorrectedValue() throws {
        let result = try validate(envelopeData(#""sentAtMs": "1742064420000""#, with: #""sentAtMs": "1742064420""#))
        XCTAssertEqual(finding("fcm-envelope-seconds", in: result)?.message, "message.data.sentAtMs: sentAtMs 1742064420 looks like seconds; send 1742064420000")
        XCTAssertTrue(result.diagnostics.contains { $0.severity == .error })
    }

    func testFCMEnvelopeTimes() throws {
        let missing = try validate(envelopeData(#""sentAtMs": "1742064420000", "#, with: ""))
        XCTAssertEqual(rules(missing), ["fcm-envelope-time"])
        XCTAssertFalse(missing.diagnostics.contains { $0.severity == .error }, "a message without a send time still applies")
        let iso = try validate(envelopeData(#""sentAtMs": "1742064420000""#, with: #""sentAtMs": "2025-03-15T18:47:00Z""#))
        XCTAssertEqual(finding("fcm-envelope-time", in: iso)?.message.contains("send \"1742064420000\""), true)
        let dismissOnUpdate = try validate(envelopeData(#""sentAtMs": "1742064420000""#, with: #""sentAtMs": "1742064420000", "dismissAtMs": "1742068020000""#))
        XCTAssertEqual(rules(dismissOnUpdate), ["fcm-envelope-time"])
    }

    /// A renamed envelope (`envelope:`) is what validate expects: the default keys are then
    /// ordinary unknown keys.
    func testRenamedEnvelopeKeys() throws {
        let yaml = "livecontract: 1\nname: Renamed\nenvelope: { activityId: id, event: kind }\nstate:\n  count: { type: int }\noutputs:\n  swift: [A.swift]\n"
        let (contract, _) = try SchemaLoader.load(Array(yaml.utf8), path: "renamed.yaml")
        let good = PayloadChecker.validate(Array(#"{"id": "a", "kind": "end", "sentAtMs": "1742064420000", "count": "3"}"#.utf8), path: "p.json", contract: contract, kind: nil)
        XCTAssertEqual(good.diagnostics.map(\.rule), [])
        let old = PayloadChecker.validate(Array(#"{"activityId": "a", "event": "end", "sentAtMs": "1742064420000", "count": "3"}"#.utf8), path: "p.json", contract: contract, kind: .data)
        XCTAssertEqual(Set(old.diagnostics.map(\.rule)), ["fcm-envelope-activity-id", "fcm-envelope-event", "payload-unknown-key"])
    }
}
