import Foundation
import XCTest
@testable import LiveContract

/// What the fifth sweep of new schemas (a match with periods, a boarding pass, a transit
/// journey, a multi-parcel shipment, ...) found, each run through the built binary: exit
/// status, the exact findings, and nothing written when the schema is refused.
final class Sweep5RegressionTests: XCTestCase {
    /// Runs `livecontract ARGS` in a folder holding `files`; returns the result and the folder.
    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("sweep5")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"]), folder)
    }

    func lines(_ stderr: String, _ kind: String) -> [String] { stderr.split(separator: "\n").map(String.init).filter { $0.contains(": \(kind): ") } }

    /// A boarding pass's `from: Airport` (FCM reserves `from`) and a `hashValue` field: one
    /// error each. The examples that fill them got "unknown key 'from'" beside it, with a hint
    /// about commas that had nothing to do with the mistake.
    func testARefusedFieldNameIsOneError() throws {
        let yaml = """
            livecontract: 1
            name: T
            attributes:
              from: { type: string, maxLength: 3 }
            state:
              hashValue: { type: int }
              gate: { type: string, maxLength: 4 }
            examples:
              a:
                attributes: { from: LHR }
                state: { hashValue: 1, gate: B42 }
              b:
                attributes: {}
                state: { gate: A1 }
            outputs:
              fixtures: f

            """
        let (result, folder) = try run(["generate", "t.yaml"], files: ["t.yaml": yaml])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(lines(result.stderr, "error"), [
            "t.yaml:4:3: error: 'from' is reserved in FCM data messages (from, message_type, google*, gcm*); rename the field or set bridgeName (the Swift name can stay) (1 more error follows from this one) [fcm-reserved-key]",
            "t.yaml:6:3: error: 'hashValue' cannot be a field name: \(try XCTUnwrap(NameRules.refusedFieldNames["hashValue"])); rename the field (1 more error follows from this one) [reserved-name]",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
        // With a bridgeName the Swift name `from` stays, and the same examples are accepted.
        let fixed = yaml.replacingOccurrences(of: "from: { type: string, maxLength: 3 }", with: "from: { type: string, maxLength: 3, bridgeName: origin }")
            .replacingOccurrences(of: "hashValue", with: "hash")
            .replacingOccurrences(of: "  b:\n    attributes: {}\n    state: { gate: A1 }\n", with: "")
        let (accepted, _) = try run(["generate", "t.yaml"], files: ["t.yaml": fixed])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
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
        XCTAssertEqual(lines(result.stdout + result.stderr, "warning"), [
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
        XCTAssertEqual(lines(clean.stdout + clean.stderr, "warning"), [])
    }

    /// The same in an FCM data map, where the list travels as JSON text.
    func testValidateWarnsAboveMaxItemsInFCMData() throws {
        let data = #"{"activityId":"a","event":"update","sentAtMs":"1742064420000","goals":"[1,2,3]","cards":"{\"a\":1,\"b\":2}","spark":"{}","tags":"[]"}"#
        let (result, _) = try run(["validate", "--schema", "t.yaml", "--kind", "data", "p.json"], files: ["t.yaml": Self.counted, "p.json": data])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        XCTAssertEqual(lines(result.stdout + result.stderr, "warning"), [
            "p.json:1:71: warning: goals: 3 items, over the schema's maxItems 2; it decodes, but the contract (and the payload budget) promises at most 2: send fewer [payload-out-of-bounds]",
            "p.json:1:89: warning: cards: 2 members, over the schema's maxItems 1; it decodes, but the contract (and the payload budget) promises at most 1: send fewer [payload-out-of-bounds]",
        ])
    }
}

/// compat on a field that goes from free text to an enum.
final class Sweep5CompatTests: XCTestCase {
    static func schema(_ type: String, unknown: Bool) -> String {
        "livecontract: 1\nname: T\nstate:\n  x: { type: \(type) }\ntypes:\n  K: { enum: [aa, { bb: BB }]\(unknown ? ", unknown: aa" : "") }\noutputs:\n  fixtures: f\n"
    }

    func compat(_ new: String, against old: String, strict: Bool = false) throws -> TestSupport.RunResult {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("sweep5-compat")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try new.write(to: folder.appendingPathComponent("new.yaml"), atomically: true, encoding: .utf8)
        try old.write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        return try TestSupport.run(TestSupport.binary.path, ["compat", "new.yaml", "--against", "old.yaml"] + (strict ? ["--strict"] : []), in: folder, environment: ["NO_COLOR": "1"])
    }

    /// A match period sent as text becomes `Period` with `unknown:`. Every text the old
    /// server sends that is no raw value now shows the fallback, which compat passed in
    /// silence; a case the fallback absorbs on removal is a warning, and so is this.
    func testTextToAnEnumWithAFallbackIsAWarning() throws {
        let old = Self.schema("string, maxLength: 4", unknown: true)
        let result = try compat(Self.schema("K", unknown: true), against: old)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "livecontract: no breaking changes, 1 warning in new.yaml against old.yaml\n")
        XCTAssertEqual(result.stderr, """
            new.yaml:4:3: warning: state field 'x' changed type from string to K [compat-type-changed]
              degrades new widget + old server: update pushes from a server that has not deployed yet decode with a fallback value: text that is not a raw value of K decodes as 'aa', the unknown: fallback
              degrades running activities: activities started before the app update show a fallback value until their next push: text that is not a raw value of K decodes as 'aa', the unknown: fallback
              degrades FCM/Android: an updated Android app reading the old server's data messages: text that is not a raw value of K decodes as 'aa', the unknown: fallback
              fix: keep 'x' as string and add a new field of type K with a default; remove the old one once no server or app build uses it

            """)
        XCTAssertEqual(try compat(Self.schema("K", unknown: true), against: old, strict: true).status, 1)
        // Without the fallback it stays a break; back from the enum to text degrades the
        // widgets that have not updated the same way (a warning, no break).
        XCTAssertEqual(try compat(Self.schema("K", unknown: false), against: old).status, 1)
        let back = try compat(old, against: Self.schema("K", unknown: true))
        XCTAssertEqual(back.status, 0)
        XCTAssertTrue(back.stderr.contains("degrades old widget + new server: update pushes from the new server decode with a fallback value in app builds that have not updated"), back.stderr)
    }
}
