import Foundation
import XCTest
@testable import LiveContract

/// Proves the wire table against the generated Swift itself, with hand-written JSON and no
/// fixtures: what a default `JSONDecoder` (the one ActivityKit decodes a push with) accepts,
/// what it fills in, and which shapes servers commonly send that it silently refuses.
/// The generated Delivery and KitchenSink types are compiled with Tests/Harness/swift/DecodeProbe.swift.
final class SwiftDecodeTests: XCTestCase {
    nonisolated(unsafe) private static var build: Result<URL, Error>?

    override class func tearDown() {
        if case .success(let binary)? = build { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        build = nil
        super.tearDown()
    }

    /// What the probe made of one case.
    enum Outcome: Equatable {
        /// Decoded; `sameAsExpected` compares the re-encoded JSON with the expected value.
        case decoded(sameAsExpected: Bool, year: Int)
        /// Failed with this `DecodingError` case, e.g. `keyNotFound`.
        case failed(String)
    }

    static let delivery = #"{"status":"Picked up","progress":0.55,"eta":763758720,"stopsRemaining":3,"courierName":"Dana K.","riderReassigned":true}"#
    static let sink = ##"{"label":"Sink \u2713","count":42,"ratio":0.125,"enabled":false,"updatedAt":763756200.25,"window":[763754400,763758000],"link":"https://example.com/a?b=c&d=e","phase":"paused","mood":"busy","point":{"lat":37.7749,"lon":-122.4194,"name":"SF","seenAt":763756199},"tags":["a","b c",""],"samples":[1,-2,3],"waypoints":[{"lat":1.5,"lon":2.25,"seenAt":757382400}],"note":"line one\nline two","level":7,"weight":1e-7,"accent":"#00FF00","deadline":959774400,"fallbackPhase":"done","origin":{"lat":0,"lon":0,"seenAt":757382400},"traceId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","members":[],"tiny":1,"mid":-7,"big":2,"bytes":0,"port":443,"huge":9007199254740991,"readings":[0,255],"gain":0.1,"scale":0.3,"levels":[]}"##

    func testWireFormsDecodeAndReencodeUnchanged() throws {
        let outcomes = try probe([
            ("delivery", "DeliveryAttributes.ContentState", Self.delivery, ""),
            ("sink", "KitchenSinkAttributes.ContentState", Self.sink, ""),
            ("sink attributes", "KitchenSinkAttributes", #"{"title":"Sink","startedAt":763754400,"channel":"priority","sessionId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","seats":4}"#, ""),
        ])
        // 763758720 seconds after 2001-01-01 is 2025-03-15T19:12:00Z.
        XCTAssertEqual(outcomes["delivery"], .decoded(sameAsExpected: true, year: 2025))
        XCTAssertEqual(outcomes["sink"], .decoded(sameAsExpected: true, year: 2025))
        XCTAssertEqual(outcomes["sink attributes"], .decoded(sameAsExpected: true, year: 2025))
    }

    func testMissingDefaultedKeysAndUnknownCasesFallBack() throws {
        let minimal = #"{"label":"","count":-5,"ratio":0,"updatedAt":-978307200,"window":[763754400,763754400],"phase":"idle","point":{"lat":-90,"lon":180},"tags":[],"samples":[],"waypoints":[],"members":[],"tiny":0,"big":0,"gain":0,"levels":[]}"#
        let filled = ##"{"label":"","count":-5,"ratio":0,"enabled":true,"updatedAt":-978307200,"window":[763754400,763754400],"phase":"idle","point":{"lat":-90,"lon":180,"seenAt":757382400},"tags":[],"samples":[],"waypoints":[],"level":3,"weight":0.5,"accent":"#FF8800","deadline":915148800,"fallbackPhase":"running","traceId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","members":[],"tiny":0,"mid":-7,"big":0,"bytes":0,"port":443,"huge":9007199254740991,"readings":[0,255],"gain":0,"scale":0.3,"levels":[]}"##
        let newCases = Self.sink.replacingOccurrences(of: #""phase":"paused""#, with: #""phase":"exploded""#)
            .replacingOccurrences(of: #""fallbackPhase":"done""#, with: #""fallbackPhase":"zzzNew""#)
        let fellBack = Self.sink.replacingOccurrences(of: #""phase":"paused""#, with: #""phase":"idle""#)
            .replacingOccurrences(of: #""fallbackPhase":"done""#, with: #""fallbackPhase":"idle""#)
        let outcomes = try probe([
            ("delivery without riderReassigned", "DeliveryAttributes.ContentState",
             Self.delivery.replacingOccurrences(of: #","riderReassigned":true"#, with: ""),
             Self.delivery.replacingOccurrences(of: #""riderReassigned":true"#, with: #""riderReassigned":false"#)),
            ("sink minimal", "KitchenSinkAttributes.ContentState", minimal, filled),
            ("sink unknown cases", "KitchenSinkAttributes.ContentState", newCases, fellBack),
            ("attributes without channel", "KitchenSinkAttributes", #"{"title":"T","startedAt":0,"sessionId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#, #"{"title":"T","startedAt":0,"channel":"standard","sessionId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","seats":4}"#),
            ("attributes unknown channel", "KitchenSinkAttributes", #"{"title":"T","startedAt":0,"channel":"vip","sessionId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#, #"{"title":"T","startedAt":0,"channel":"standard","sessionId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","seats":4}"#),
        ])
        XCTAssertEqual(outcomes["delivery without riderReassigned"], .decoded(sameAsExpected: true, year: 2025))
        // updatedAt -978307200 is the Unix epoch: 2001-seconds can be negative.
        XCTAssertEqual(outcomes["sink minimal"], .decoded(sameAsExpected: true, year: 1970))
        XCTAssertEqual(outcomes["sink unknown cases"], .decoded(sameAsExpected: true, year: 2025))
        XCTAssertEqual(outcomes["attributes without channel"], .decoded(sameAsExpected: true, year: 2001))
        XCTAssertEqual(outcomes["attributes unknown channel"], .decoded(sameAsExpected: true, year: 2001))
    }

    /// The shapes servers commonly get wrong fail to decode: on a device the push is dropped
    /// without an error anywhere (APNs still answers 200).
    func testCommonServerMistakesFailToDecode() throws {
        let outcomes = try probe([
            ("keyed range", "KitchenSinkAttributes.ContentState",
             Self.sink.replacingOccurrences(of: #""window":[763754400,763758000]"#, with: #""window":{"lowerBound":763754400,"upperBound":763758000}"#), ""),
            ("reversed range", "KitchenSinkAttributes.ContentState",
             Self.sink.replacingOccurrences(of: "[763754400,763758000]", with: "[763758000,763754400]"), ""),
            ("missing required key", "KitchenSinkAttributes.ContentState", Self.sink.replacingOccurrences(of: #""label":"Sink \u2713","#, with: ""), ""),
            ("unknown case without fallback", "KitchenSinkAttributes.ContentState",
             Self.sink.replacingOccurrences(of: #""mood":"busy""#, with: #""mood":"angry""#), ""),
            ("ISO date string", "DeliveryAttributes.ContentState",
             Self.delivery.replacingOccurrences(of: "763758720", with: #""2025-03-15T19:12:00Z""#), ""),
            ("number as string", "DeliveryAttributes.ContentState",
             Self.delivery.replacingOccurrences(of: "0.55", with: #""0.55""#), ""),
            ("missing required attribute", "KitchenSinkAttributes", #"{"title":"T"}"#, ""),
        ])
        XCTAssertEqual(outcomes["keyed range"], .failed("typeMismatch"))
        XCTAssertEqual(outcomes["reversed range"], .failed("dataCorrupted"))
        XCTAssertEqual(outcomes["missing required key"], .failed("keyNotFound: label"))
        XCTAssertEqual(outcomes["unknown case without fallback"], .failed("dataCorrupted"))
        XCTAssertEqual(outcomes["ISO date string"], .failed("typeMismatch"))
        XCTAssertEqual(outcomes["number as string"], .failed("typeMismatch"))
        XCTAssertEqual(outcomes["missing required attribute"], .failed("keyNotFound: startedAt"))
    }

    /// Unix seconds where 2001-seconds belong decode without complaint, 31 years late; Unix
    /// milliseconds (the bridge value reused as a push) land tens of thousands of years out.
    func testUnixEpochSentForADateDecodesYearsLate() throws {
        let outcomes = try probe([
            ("unix seconds", "DeliveryAttributes.ContentState", Self.delivery.replacingOccurrences(of: "763758720", with: "1742065920"), ""),
            ("unix millis", "DeliveryAttributes.ContentState", Self.delivery.replacingOccurrences(of: "763758720", with: "1742065920000"), ""),
        ])
        XCTAssertEqual(outcomes["unix seconds"], .decoded(sameAsExpected: true, year: 2056))
        guard case .decoded(true, let year)? = outcomes["unix millis"] else {
            return XCTFail("unix millis: \(String(describing: outcomes["unix millis"]))")
        }
        XCTAssertGreaterThan(year, 50_000)
    }

    /// Runs the probe on `(name, type, json, expected)` cases; `expected` empty means the input.
    private func probe(_ cases: [(String, String, String, String)], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Outcome] {
        let binary = try compiledProbe()
        let input = cases.map { "\($0.0)\t\($0.1)\t\($0.2)\t\($0.3)" }.joined(separator: "\n") + "\n"
        let result = try TestSupport.run(binary.path, [], input: input)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        var outcomes: [String: Outcome] = [:]
        for row in result.stdout.split(separator: "\n") {
            let parts = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3 else { continue }
            if parts[1] == "decoded", parts.count == 4, let year = Int(parts[3].dropFirst("year=".count)) {
                outcomes[parts[0]] = .decoded(sameAsExpected: parts[2] == "same", year: year)
            } else {
                // Keep the key a missing key names; other kinds are asserted by case name alone.
                let kind = parts[2].hasPrefix("keyNotFound") ? parts[2] : String(parts[2].prefix { $0 != ":" })
                outcomes[parts[0]] = .failed(kind)
            }
        }
        XCTAssertEqual(outcomes.count, cases.count, result.stdout, file: file, line: line)
        return outcomes
    }

    private func compiledProbe() throws -> URL {
        let swiftc = try TestSupport.requireTool("swiftc")
        if Self.build == nil {
            Self.build = Result {
                let work = TestSupport.temporaryDirectory("lc-swift-decode")
                var sources: [String] = []
                for name in ["delivery", "kitchensink"] {
                    let folder = work.appendingPathComponent(name)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let contract = try TestSupport.generate(schema: name, into: folder).contract
                    sources.append(folder.appendingPathComponent(contract.outputs.swift[0].path).path)
                }
                let probe = ["JSONValue.swift", "DecodeProbe.swift"].map { SwiftHarnessBuild.harnessFolder.appendingPathComponent($0).path }
                let binary = work.appendingPathComponent("decode-probe")
                try Swiftc(path: swiftc).run(["-o", binary.path] + sources + probe, in: work)
                return binary
            }
        }
        return try Self.build!.get()
    }
}
