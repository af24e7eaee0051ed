import Foundation
import XCTest
@testable import LiveContract

/// `validate` reads a payload with the receivers' own rules (docs/validate.md, "One reading
/// with the widget and the parsers"): links as Swift's `URL(string:)`, integers of every width
/// as Foundation's `JSONDecoder`, FCM values and JSON text as the generated parsers. Through
/// the built binary: exit status and the rule printed.
final class ValidateReadsLikeReceiversTests: XCTestCase {
    var folder: URL!

    static let schema = """
        livecontract: 1
        name: Reads
        attributes:
          id: { type: string }
        state:
          link: { type: url }
          at: { type: date }
          counts: { type: "[int]" }
          ratio: { type: double }
          big: { type: uint64 }
          native: { type: uint }
          wide: { type: int64 }
          small: { type: uint8 }
          signed: { type: int8 }
          spot: { type: Spot }
          ratios: { type: "[double]" }
          window: { type: dateRange }
        types:
          Spot: { fields: { n: { type: int }, x: { type: double } } }
        outputs:
          swift: [Reads.swift]

        """

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("validate-reads")
        try Self.schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func validate(_ payload: String, kind: String) throws -> TestSupport.RunResult {
        try Data(payload.utf8).write(to: folder.appendingPathComponent("p.json"))
        return try TestSupport.run(TestSupport.binary.path, ["validate", "--schema", "s.yaml", "--kind", kind, "p.json"], in: folder, environment: ["NO_COLOR": "1"])
    }

    /// A content state whose every field is fine, with `overrides` (raw JSON per key).
    func contentState(_ overrides: [String: String]) -> String {
        var members: [(String, String)] = [("link", #""https://example.com/a""#), ("at", "763758720"), ("counts", "[1]"), ("ratio", "0.5"),
                                            ("big", "1"), ("native", "1"), ("wide", "1"), ("small", "1"), ("signed", "1"),
                                            ("spot", #"{"n":1,"x":0.5}"#), ("ratios", "[0.5]"), ("window", "[763758720,763758780]")]
        members = members.map { ($0.0, overrides[$0.0] ?? $0.1) }
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// An FCM data map whose every field is fine, with `overrides` (the string values).
    func data(_ overrides: [String: String]) -> String {
        var members: [(String, String)] = [("activityId", "a"), ("event", "update"), ("sentAtMs", "1742064420000"), ("id", "x"),
                                            ("link", "https://example.com/a"), ("at", "1742065920000"), ("counts", "[1]"), ("ratio", "0.5"),
                                            ("big", "1"), ("native", "1"), ("wide", "1"), ("small", "1"), ("signed", "1"),
                                            ("spot", #"{"n":1,"x":0.5}"#), ("ratios", "[0.5]"), ("window", "[1742065920000,1742065980000]")]
        members = members.map { ($0.0, overrides[$0.0] ?? $0.1) }
        return JSONWriter.compact(.object(members.map { JSONMember($0.0, .string($0.1)) }))
    }

    func testBaselinesAreClean() throws {
        let content = try validate(contentState([:]), kind: "content-state")
        XCTAssertEqual(content.status, 0, content.stderr)
        let fcm = try validate(data([:]), kind: "data")
        XCTAssertEqual(fcm.status, 0, fcm.stderr)
    }

    /// Defect 1: a link `URL(string:)` refuses is an error, by each step of the rule; a link
    /// it reads (percent-encoding what a path, user or query may not hold) is not.
    func testLinksTheWidgetRefusesAreErrors() throws {
        let refused = [" https://example.com/a", "12:30", "1http://a", "2025-03-15T19:00:00Z", "a b:c", "-x:y", "http://a:8x/",
                       "http://[::1]x/", "http://[::1 ]/", "https://a b/", "http://%zz/", "http://a%/", "//a b/", "https://é.com/"]
        for link in refused {
            let result = try validate(contentState(["link": JSONWriter.compact(.string(link))]), kind: "content-state")
            XCTAssertEqual(result.status, 1, "\(link): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("link: dataCorrupted: ") && result.stderr.contains("[payload-type-mismatch]"), "\(link): \(result.stderr)")
        }
        let idna = try validate(contentState(["link": #""https://é.com/""#]), kind: "content-state")
        XCTAssertTrue(idna.stderr.contains("xn--"), idna.stderr)
        let read = ["https://example.com/a b", "%", ":x", "a:", "tel://a b/", "http://a b@host/", "http://[::1%eth0]/", "http://[v1.x]:/",
                    "addressbook://a:xyz/", "mailto:x y@z", "https://example.com/é#a#b", "http://a:/"]
        for link in read {
            let result = try validate(contentState(["link": JSONWriter.compact(.string(link))]), kind: "content-state")
            XCTAssertEqual(result.status, 0, "\(link): \(result.stderr)")
        }
    }

    /// Defect 2: FCM values every generated parser drops are unreadable, not ok: a date at or
    /// past 2^53 ms, a number beyond Double inside JSON text, a byte order mark before it.
    func testFCMValuesEveryParserDropsAreUnreadable() throws {
        let dropped: [String: [String]] = [
            "at": ["9007199254740992", "-9007199254740992", "99999999999999999"],
            "window": ["[1742065920000,9007199254740992]", "[-9007199254740993,1]"],
            "counts": ["[1e400]", "\u{FEFF}[1]", "[-1e400]"],
            "ratios": ["[1e400]", "\u{FEFF}[0.5]", "[0.5,-1e999]"],
            "spot": [#"{"n":1,"x":1e400}"#, "\u{FEFF}" + #"{"n":1,"x":0.5}"#, #"{"n":1e400,"x":1}"#],
            "ratio": ["1e400", "-1e400", " 0.5", "\u{FEFF}0.5"],
        ]
        for (key, values) in dropped {
            for value in values {
                let result = try validate(data([key: value]), kind: "data")
                XCTAssertEqual(result.status, 1, "\(key)=\(value.debugDescription): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("\(key): ") && result.stderr.contains("[fcm-data-unreadable]"), "\(key)=\(value.debugDescription): \(result.stderr)")
            }
        }
    }

    /// Defect 3: FCM values every parser reads are not errors: whole numbers in any JSON
    /// spelling inside JSON text (JavaScript's numbers), a double that underflows to 0, the
    /// last of duplicate keys.
    func testFCMValuesEveryParserReadsAreOk() throws {
        let read: [String: [String]] = [
            "counts": ["[1.0]", "[1E2]", "[1e2,-0.0,2147483647.0]", "[100e-2]"],
            "ratio": ["1e-400", "-1e-400", "0.1e-400"],
            "ratios": ["[1e-400]"],
            "spot": [#"{"n":1.0,"x":1e-400}"#, #"{"n":"bad","x":1,"n":2}"#],
            "window": ["[1.742065920e12,1742065980000.0]"],
            "at": ["9007199254740991"],
        ]
        for (key, values) in read {
            for value in values {
                let result = try validate(data([key: value]), kind: "data")
                XCTAssertFalse(result.stderr.contains("[fcm-data-unreadable]"), "\(key)=\(value): \(result.stderr)")
                XCTAssertEqual(result.status, 0, "\(key)=\(value): \(result.stderr)")
            }
        }
    }

    /// Defect 4: integers read as Foundation reads them for every width: exact digits, else
    /// the Double the type must hold exactly, from 2^53 on the decimal digits again.
    func testIntegersOfEveryWidthReadAsFoundationDoes() throws {
        let decodes: [(String, String)] = [
            ("big", "1e19"), ("big", "1.8e19"), ("big", "10000000000000000000.0"), ("big", "18446744073709551615"),
            ("big", "9223372036854775807.0"), ("native", "1e19"), ("native", "1.8446744073709550e19"),
            ("wide", "9223372036854775807"), ("wide", "-9223372036854775808"), ("wide", "9007199254740993.0"), ("wide", "12345678901234567890e-1"),
            ("small", "2.55e2"), ("small", "-0"), ("small", "1e-400"), ("signed", "-128.0"), ("signed", "1.27e2"),
        ]
        for (key, number) in decodes {
            let result = try validate(contentState([key: number]), kind: "content-state")
            XCTAssertFalse(result.stderr.contains("error:"), "\(key)=\(number): \(result.stderr)")
            XCTAssertEqual(result.status, 0, "\(key)=\(number): \(result.stderr)")
        }
        let fails: [(String, String)] = [
            ("big", "18446744073709551616"), ("big", "18446744073709551615.0"), ("big", "1.8446744073709552e19"), ("big", "-1"),
            ("big", "1e20"), ("wide", "9223372036854775807.0"), ("wide", "-9223372036854775808.0"), ("wide", "9223372036854775808"),
            ("small", "256"), ("small", "2.555e2"), ("signed", "-129.0"), ("signed", "1e400"),
        ]
        for (key, number) in fails {
            let result = try validate(contentState([key: number]), kind: "content-state")
            XCTAssertEqual(result.status, 1, "\(key)=\(number): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(key): dataCorrupted: ") && result.stderr.contains("[payload-type-mismatch]"), "\(key)=\(number): \(result.stderr)")
        }
    }
}
