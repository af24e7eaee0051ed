import Foundation
import XCTest
@testable import LiveContract

/// `validate` reads what a server received, so hostile numbers and line endings must give
/// findings, never a trap: through the built binary, exit status and what is printed.
final class HostileValidateTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-validate")
        let schema = "livecontract: 1\nname: Huge\nattributes:\n  id: string\nstate:\n  step: int\n  at: date\n  span: dateRange\noutputs:\n  swift: [out/A.swift]\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func validate(_ payload: String) throws -> TestSupport.RunResult {
        try Data(payload.utf8).write(to: folder.appendingPathComponent("p.json"))
        return try TestSupport.run(TestSupport.binary.path, ["validate", "--schema", "s.yaml", "p.json"], in: folder, environment: ["NO_COLOR": "1"])
    }

    /// 1e30 timestamps, stale and dismissal dates, huge reversed ranges, Int64-edge FCM
    /// dates: each was a Double -> Int conversion that trapped (SIGILL, exit 132).
    func testHugeDateNumbersAreFindingsNotTraps() throws {
        let payloads = [
            #"{"aps":{"event":"end","timestamp":1e30}}"#,
            #"{"aps":{"event":"update","timestamp":1e30,"stale-date":1e30,"dismissal-date":-1e30,"content-state":{"step":1,"at":1e300,"span":[1e300,-1e300]}}}"#,
            #"{"aps":{"event":"update","timestamp":1700000000,"stale-date":1e300,"content-state":{"step":1,"at":-1e308,"span":[-1e20,-1e30]}}}"#,
            #"{"id":"a","step":"1","at":"9223372036854775807","span":"[9223372036854775807,-9223372036854775807]"}"#,
            #"{"id":"a","step":"1","at":"-9223372036854775808","span":"[1,2]"}"#,
        ]
        for payload in payloads {
            let result = try validate(payload)
            // Int64.min milliseconds is a legal (if odd) date: 0 or 1, never a signal.
            XCTAssertTrue([0, 1].contains(result.status), "\(payload): \(result.status) \(result.stderr)")
            XCTAssertTrue(result.status == 0 || result.stderr.contains("p.json:1:"), result.stderr)
            XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
        }
        let reversed = try validate(payloads[1])
        XCTAssertTrue(reversed.stderr.contains("[payload-range-order]"), reversed.stderr)
        XCTAssertTrue(reversed.stderr.contains("a date after the year 10^15"), reversed.stderr)
    }

    /// A number beyond Double where a number is expected: the message says it is out of
    /// range instead of "found a number", and a megabyte-long one is not quoted whole.
    func testOutOfRangeNumbersAreNamedAsSuch() throws {
        let digits = String(repeating: "9", count: 100_000)
        let result = try validate(#"{"aps":{"event":"end","timestamp":1e400,"stale-date":-1e400,"dismissal-date":\#(digits)e9}}"#)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("p.json:1:35: error: aps.timestamp: `timestamp` must be a number of Unix seconds, found the number 1e400, which is out of the range of Double"), result.stderr)
        XCTAssertTrue(result.stderr.contains("found the number -1e400, which is out of the range of Double"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(100002 characters), which is out of the range of Double"), result.stderr)
        XCTAssertFalse(result.stderr.contains("found a number"), result.stderr)
        XCTAssertLessThan(result.stderr.utf8.count, 2000, "the long number is quoted whole")
    }

    /// A lone CR ends a line as LF and CRLF do, so positions in old-Mac files are right.
    func testLineNumbersCountCROnlyAndCRLFLines() throws {
        let lines = ["{", "\"aps\":{", "\"event\":\"update\",", "\"timestamp\":1e30,", "\"content-state\":{\"step\":\"x\",\"at\":1,\"span\":[1,2]}}}"]
        for separator in ["\n", "\r\n", "\r"] {
            let result = try validate(lines.joined(separator: separator))
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("p.json:4:13: error: aps.timestamp"), "\(separator.debugDescription): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("p.json:5:25: error: aps.content-state.step"), "\(separator.debugDescription): \(result.stderr)")
        }
    }
}
