import Foundation
import XCTest
@testable import LiveContract

/// compat on enums that change shape: a case added is one finding on the enum (not a type
/// change of every list holding it), and free text that becomes an enum with a fallback warns.
final class CompatEnumChangeTests: XCTestCase {
    static let head = "livecontract: 1\nname: T\n"
    static let outputs = "outputs:\n  fixtures: f\n"

    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        try runInScratchFolder(arguments, files: files)
    }

    static func schema(_ type: String, unknown: Bool) -> String {
        "livecontract: 1\nname: T\nstate:\n  x: { type: \(type) }\ntypes:\n  K: { enum: [aa, { bb: BB }]\(unknown ? ", unknown: aa" : "") }\noutputs:\n  fixtures: f\n"
    }

    func compat(_ new: String, against old: String, strict: Bool = false) throws -> TestSupport.RunResult {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("compat-enum")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try new.write(to: folder.appendingPathComponent("new.yaml"), atomically: true, encoding: .utf8)
        try old.write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        return try TestSupport.run(TestSupport.binary.path, ["compat", "new.yaml", "--against", "old.yaml"] + (strict ? ["--strict"] : []), in: folder, environment: ["NO_COLOR": "1"])
    }

    /// A workout whose zone enum gains a case: one finding on the enum, not also a "type
    /// change from [HeartZone] to [HeartZone]" on every list, map and struct member holding it.
    func testACaseAddedIsOneFindingNotATypeChangeOfEachList() throws {
        let old = Self.head + """
            state:
              zone: { type: Zone }
              history: { type: "[Zone]" }
              byLap: { type: "[string: Zone]" }
              lap: { type: Lap }
            types:
              Zone: { enum: [easy, hard] }
              Lap: { fields: { zone: { type: Zone }, zones: { type: "[Zone]" } } }

            """ + Self.outputs
        let new = old.replacingOccurrences(of: "[easy, hard]", with: "[easy, hard, peak]")
        let (result, _) = try run(["compat", "new.yaml", "--against", "old.yaml"], files: ["old.yaml": old, "new.yaml": new])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(reportedLines(result.stderr, "error"), ["new.yaml:9:3: error: enum Zone gained case 'peak' and the previous version has no unknown: fallback [compat-enum-case-added]"])
        XCTAssertFalse(result.stderr.contains("compat-type-changed"), result.stderr)
        // A real change of the item type is still one.
        let changed = old.replacingOccurrences(of: "history: { type: \"[Zone]\" }", with: "history: { type: \"[string]\" }")
        let (other, _) = try run(["compat", "new.yaml", "--against", "old.yaml"], files: ["old.yaml": old, "new.yaml": changed])
        XCTAssertTrue(other.stderr.contains("state field 'history' changed type from [Zone] to [string] [compat-type-changed]"), other.stderr)
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
