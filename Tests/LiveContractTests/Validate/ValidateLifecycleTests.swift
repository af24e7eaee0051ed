import Foundation
import XCTest
@testable import LiveContract

/// `validate` through the built binary on bodies APNs answers with 200 and the device then
/// drops or misreads (docs/wire.md, "Lifecycle rules"): a start without alert, a stale date
/// not after the timestamp, a dismissal date on an update or start, a timestamp that is not
/// Unix seconds of a sane time (each an error: exit 1), and an end dismissed more than four
/// hours after it (a warning: exit 0, 1 with --strict). Every rule appears in every format,
/// and `explain` knows it.
final class ValidateLifecycleTests: XCTestCase {
    var folder: URL!

    static let state = #""content-state": {"status": "Picked up", "progress": 0.55, "eta": 763758720, "stopsRemaining": 3, "courierName": "Dana K."}"#
    static let start = #""attributes-type": "DeliveryAttributes", "attributes": {"orderId": "DT-4521"}"#
    static let alert = #""alert": {"title": "Delivery", "body": "On its way"}"#

    /// One bad body per rule: file name, body, rule, whether it is an error, and the JSON path.
    static let cases: [(file: String, body: String, rule: String, error: Bool, path: String)] = [
        ("start-no-alert.json", #"{"aps": {"timestamp": 1742064420, "event": "start", \#(state), \#(start)}}"#, "apns-start-alert", true, "aps"),
        ("start-inputs-no-alert.json", #"{"aps": {"timestamp": 1742064420, "event": "start", \#(state), \#(start), "input-push-token": 1}}"#, "apns-start-alert", true, "aps"),
        ("fcm-start-no-alert.json", #"{"message": {"token": "fcm-token", "apns": {"live_activity_token": "abc123", "headers": {"apns-priority": "10"}, "payload": {"aps": {"timestamp": 1742064420, "event": "start", \#(state), \#(start), "input-push-token": 1}}}}}"#,
         "apns-start-alert", true, "message.apns.payload.aps"),
        ("stale-three-years-early.json", #"{"aps": {"timestamp": 1742064420, "event": "start", \#(state), "stale-date": 1647456420, \#(start), \#(alert)}}"#, "apns-stale-date", true, "aps.stale-date"),
        ("stale-at-timestamp.json", #"{"aps": {"timestamp": 1742064420, "event": "update", \#(state), "stale-date": 1742064420}}"#, "apns-stale-date", true, "aps.stale-date"),
        ("dismissal-on-update.json", #"{"aps": {"timestamp": 1742064420, "event": "update", \#(state), "dismissal-date": 1742068020}}"#, "apns-dismissal-event", true, "aps.dismissal-date"),
        ("dismissal-on-start.json", #"{"aps": {"timestamp": 1742064420, "event": "start", \#(state), "dismissal-date": 1742068020, \#(start), \#(alert)}}"#, "apns-dismissal-event", true, "aps.dismissal-date"),
        ("timestamp-year-3000.json", #"{"aps": {"timestamp": 32503680000, "event": "update", \#(state)}}"#, "apns-timestamp-range", true, "aps.timestamp"),
        ("timestamp-tiny.json", #"{"aps": {"timestamp": 1742064, "event": "end", \#(state)}}"#, "apns-timestamp-range", true, "aps.timestamp"),
        ("dismissal-next-day.json", #"{"aps": {"timestamp": 1742064420, "event": "end", \#(state), "dismissal-date": 1742150820}}"#, "apns-dismissal-late", false, "aps.dismissal-date"),
    ]

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("lc-lifecycle")
        let schema = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"), encoding: .utf8)
        try schema.write(to: folder.appendingPathComponent("delivery.yaml"), atomically: true, encoding: .utf8)
        for each in Self.cases {
            try Data(each.body.utf8).write(to: folder.appendingPathComponent(each.file))
        }
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    /// Each bad body alone: its rule (and no other) in text, json, github and sarif, with the
    /// exit code its severity gives.
    func testEachBodyReportsItsRuleInEveryFormat() throws {
        for each in Self.cases {
            let status: Int32 = each.error ? 1 : 0
            let text = try run(["validate", "--schema", "delivery.yaml", each.file])
            XCTAssertEqual(text.status, status, each.file + ":\n" + text.stderr)
            let severity = each.error ? "error" : "warning"
            XCTAssertTrue(text.stderr.contains("\(each.file):") && text.stderr.contains(": \(severity): \(each.path)") && text.stderr.contains("[\(each.rule)]"),
                          each.file + ":\n" + text.stderr)
            let rules = text.stderr.split(separator: "\n").compactMap { line -> String? in
                guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
                return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            }
            XCTAssertEqual(rules, [each.rule], each.file + ": one finding, this rule:\n" + text.stderr)

            let json = try run(["validate", "--schema", "delivery.yaml", "--format", "json", each.file])
            XCTAssertEqual(json.status, status, json.stderr)
            let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(document["ok"] as? Bool, !each.error, each.file)
            let payload = try XCTUnwrap((document["payloads"] as? [[String: Any]])?.first)
            let diagnostics = try XCTUnwrap(payload["diagnostics"] as? [[String: Any]])
            XCTAssertEqual(diagnostics.map { $0["rule"] as? String }, [each.rule], each.file)
            XCTAssertEqual(diagnostics.first?["severity"] as? String, severity, each.file)

            let github = try run(["validate", "--schema", "delivery.yaml", "--format", "github", each.file])
            XCTAssertEqual(github.status, status, github.stderr)
            XCTAssertTrue(github.stdout.contains("::\(severity) file=\(each.file),line=1,") && github.stdout.contains("title=livecontract \(each.rule)::"),
                          each.file + ":\n" + github.stdout)

            let sarif = try run(["validate", "--schema", "delivery.yaml", "--format", "sarif", each.file])
            XCTAssertEqual(sarif.status, status, sarif.stderr)
            let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
            let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
            XCTAssertEqual(results.map { $0["ruleId"] as? String }, [each.rule], each.file)
            XCTAssertEqual(results.first?["level"] as? String, severity, each.file)
        }
    }

    /// The four-hour warning fails under --strict; every rule has an `explain` entry.
    func testStrictFailsOnTheLateDismissalAndExplainKnowsEveryRule() throws {
        XCTAssertEqual(try run(["validate", "--schema", "delivery.yaml", "--strict", "dismissal-next-day.json"]).status, 1)
        for rule in Set(Self.cases.map(\.rule)) {
            let explained = try run(["explain", rule])
            XCTAssertEqual(explained.status, 0, rule + ": " + explained.stderr)
            XCTAssertTrue(explained.stdout.contains(rule), explained.stdout)
        }
    }

    /// What the builders write validates cleanly: a start with its alert, a stale date after
    /// the timestamp, a dismissal an hour after the end.
    func testCorrectLifecycleBodiesHaveNoFinding() throws {
        let bodies = [
            #"{"aps": {"timestamp": 1742064420, "event": "start", \#(Self.state), \#(Self.start), \#(Self.alert)}}"#,
            #"{"aps": {"timestamp": 1742064420, "event": "update", \#(Self.state), "stale-date": 1742065320, \#(Self.alert)}}"#,
            #"{"aps": {"timestamp": 1742064420, "event": "end", \#(Self.state), "dismissal-date": 1742078820}}"#,
        ]
        for (index, body) in bodies.enumerated() {
            let file = "good-\(index).json"
            try Data(body.utf8).write(to: folder.appendingPathComponent(file))
            let result = try run(["validate", "--schema", "delivery.yaml", "--strict", file])
            XCTAssertEqual(result.status, 0, body + "\n" + result.stderr)
            XCTAssertFalse(result.stderr.contains("["), result.stderr)
        }
    }
}
