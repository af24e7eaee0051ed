import Foundation
import XCTest
@testable import LiveContract

/// Lists and maps over `maxItems` decode everywhere but break the promise the payload budget
/// rests on: validate warns for each, in APNs bodies and FCM data alike.
final class ValidateItemCountTests: XCTestCase {
    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        try runInScratchFolder(arguments, files: files)
    }

    static let counted = """
        livecontract: 1
        name: T
        state:
          goals: { type: "[int]", maxItems: 2 }
          cards: { type: "[string: int]", maxItems: 1, maxLength: 3 }
          spark: { type: "[string: [double]]", maxItems: 2, maxLength: 2 }
          tags:  { type: "[string]", maxItems: 3, maxLength: 2 }
        outputs:
          fixtures: f

        """

    /// A list or map over `maxItems` decodes everywhere but breaks the promise the payload
    /// budget rests on: validate said nothing (it warned for `maxLength` only, and not for the
    /// items of a list of strings). Now each gets a warning, and `--strict` fails on it.
    func testValidateWarnsAboveMaxItems() throws {
        let over = #"{"goals":[1,2,3],"cards":{"a":1,"b":2},"spark":{"x":[1,2,3]},"tags":["ok","long"]}"#
        let (result, _) = try run(["validate", "--schema", "t.yaml", "--kind", "content-state", "p.json"], files: ["t.yaml": Self.counted, "p.json": over])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        XCTAssertEqual(reportedLines(result.stdout + result.stderr, "warning"), [
            "p.json:1:10: warning: goals: 3 items, over the schema's maxItems 2; it decodes, but the contract (and the payload budget) promises at most 2: send fewer [payload-out-of-bounds]",
            "p.json:1:26: warning: cards: 2 members, over the schema's maxItems 1; it decodes, but the contract (and the payload budget) promises at most 1: send fewer [payload-out-of-bounds]",
            "p.json:1:53: warning: spark.x: 3 items, over the schema's maxItems 2; it decodes, but the contract (and the payload budget) promises at most 2: send fewer [payload-out-of-bounds]",
            "p.json:1:75: warning: tags[1]: 4 UTF-8 bytes, over the schema's maxLength 2; it decodes, but the contract promises at most 2: shorten it [payload-out-of-bounds]",
        ])
        let (strict, _) = try run(["validate", "--strict", "--schema", "t.yaml", "--kind", "content-state", "p.json"], files: ["t.yaml": Self.counted, "p.json": over])
        XCTAssertEqual(strict.status, 1, strict.stderr + strict.stdout)
        // At the limit: nothing to say.
        let within = #"{"goals":[1,2],"cards":{"a":1},"spark":{"x":[1,2],"y":[]},"tags":["ok","", "no"]}"#
        let (clean, _) = try run(["validate", "--strict", "--schema", "t.yaml", "--kind", "content-state", "p.json"], files: ["t.yaml": Self.counted, "p.json": within])
        XCTAssertEqual(clean.status, 0, clean.stderr + clean.stdout)
        XCTAssertEqual(reportedLines(clean.stdout + clean.stderr, "warning"), [])
    }

    /// The same in an FCM data map, where the list travels as JSON text.
    func testValidateWarnsAboveMaxItemsInFCMData() throws {
        let data = #"{"activityId":"a","event":"update","sentAtMs":"1742064420000","goals":"[1,2,3]","cards":"{\"a\":1,\"b\":2}","spark":"{}","tags":"[]"}"#
        let (result, _) = try run(["validate", "--schema", "t.yaml", "--kind", "data", "p.json"], files: ["t.yaml": Self.counted, "p.json": data])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        XCTAssertEqual(reportedLines(result.stdout + result.stderr, "warning"), [
            "p.json:1:71: warning: goals: 3 items, over the schema's maxItems 2; it decodes, but the contract (and the payload budget) promises at most 2: send fewer [payload-out-of-bounds]",
            "p.json:1:89: warning: cards: 2 members, over the schema's maxItems 1; it decodes, but the contract (and the payload budget) promises at most 1: send fewer [payload-out-of-bounds]",
        ])
    }
}
