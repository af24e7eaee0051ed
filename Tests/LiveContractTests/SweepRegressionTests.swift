import Foundation
import XCTest
@testable import LiveContract

/// What a sweep of new, user-shaped schemas (a poll, a workout, a multi-leg trip, a tree of
/// nodes) found, each run through the built binary: exit status, the exact findings, and
/// nothing written when the schema is refused.
final class SweepRegressionTests: XCTestCase {
    static let head = "livecontract: 1\nname: T\n"
    static let outputs = "outputs:\n  fixtures: f\n"

    /// Runs `livecontract ARGS` in a folder holding `files`; returns the result and the folder.
    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("sweep")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"]), folder)
    }

    func errors(_ stderr: String) -> [String] { stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") } }

    /// `None` as a case (a vote's "no choice"): one error for the name; the default, the
    /// `unknown:` and the example that use it count on it instead of "'None' is not a case".
    func testARefusedCaseNameIsOneError() throws {
        let yaml = Self.head + """
            state:
              s: { type: P, default: None }
            types:
              P: { enum: [open, None], unknown: None }
            examples:
              a: { state: { s: None } }

            """ + Self.outputs
        let (result, folder) = try run(["generate", "t.yaml"], files: ["t.yaml": yaml])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(errors(result.stderr), ["t.yaml:6:21: error: enum case 'None' of 'P' must be ASCII letters, digits and _, starting lower-case (3 more errors follow from this one) [invalid-name]"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }

    /// A tree (`kids: [Node]`) whose default holds a Node: said as that, not as
    /// "unknown key 'v'". A struct holding itself directly gets the cycle error alone.
    func testASelfReferencingDefaultSaysWhy() throws {
        func schema(_ field: String) -> String {
            Self.head + "state:\n  n: { type: Node }\ntypes:\n  Node:\n    fields:\n      v: { type: int }\n      \(field)\n" + Self.outputs
        }
        let (listed, _) = try run(["generate", "t.yaml"], files: ["t.yaml": schema("kids: { type: \"[Node]\", default: [{ v: 1 }] }")])
        XCTAssertEqual(listed.status, 2)
        XCTAssertEqual(errors(listed.stderr), ["t.yaml:9:41: error: default of 'kids'[0] holds a Node, the struct this field belongs to: its members are not all known while it is declared, so a default cannot hold one; leave the default out, give an empty one (`default: []` or `{}`), or make the field optional [schema-value]"])
        let (direct, _) = try run(["generate", "t.yaml"], files: ["t.yaml": schema("next: { type: \"Node?\", default: { v: 1 } }")])
        XCTAssertEqual(direct.status, 2)
        XCTAssertEqual(errors(direct.stderr), ["t.yaml:6:3: error: struct 'Node' contains itself (Node -> Node); a value type cannot, use a list or split it [type-cycle]"])
        // A bounded tree: the size budget stops at the first repeat (it wrote 2^64 nodes and
        // never returned) and says the nesting has no bound.
        let (tree, folder) = try run(["generate", "t.yaml"], files: ["t.yaml": schema("kids: { type: \"[Node]\", maxItems: 2, default: [] }")])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertEqual(tree.stderr, "t.yaml:9:7: warning: the payload size cannot be proven within the APNs and FCM limits: 'Node.kids' (a list of the struct it is in, nested to any depth) can grow without bound; add maxLength: N (UTF-8 bytes) to each string and maxItems: N to each list [payload-budget-unbounded]\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f/sample.json").path))
    }

    /// min/max name every number type (float too), and on a list or map of numbers say how
    /// to bound each item; they are refused there (docs/wire.md, "Bounds").
    func testBoundsOutsideNumbersSayWhatTheyTake() throws {
        let yaml = Self.head + """
            state:
              s: { type: string, min: 1 }
              l: { type: "[int]", max: 4 }
              m: { type: "[string: float]", min: 0.5 }

            """ + Self.outputs
        let (result, _) = try run(["check", "t.yaml"], files: ["t.yaml": yaml])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(errors(result.stderr), [
            "t.yaml:4:22: error: min applies to number fields (int, int8 ... int64, uint ... uint64, float, double); 's' is string [schema-shape]",
            "t.yaml:5:23: error: max applies to number fields (int, int8 ... int64, uint ... uint64, float, double), not to the items of a list or map; 'l' is [int]: to bound each item, make it a struct with one bounded field (types: { Bounded: { fields: { value: { type: int, max: N } } } }) and use type \"[Bounded]\" [schema-shape]",
            "t.yaml:6:33: error: min applies to number fields (int, int8 ... int64, uint ... uint64, float, double), not to the items of a list or map; 'm' is [string: float]: to bound each item, make it a struct with one bounded field (types: { Bounded: { fields: { value: { type: float, min: N } } } }) and use type \"[string: Bounded]\" [schema-shape]",
        ])
    }

    /// A trip whose attributes and state both have `legs` (state renamed on FCM): the start
    /// body names each half, the FCM map names the key it carries.
    func testBudgetNamesWhichHalfASharedFieldIsIn() throws {
        let yaml = Self.head + """
            attributes:
              legs: { type: "[string]", maxItems: 40, maxLength: 40 }
            state:
              legs: { type: "[string]", maxItems: 30, maxLength: 40, bridgeName: legStatus }

            """ + Self.outputs
        let (result, _) = try run(["generate", "t.yaml"], files: ["t.yaml": yaml])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("[payload-budget-over]") }
        let start = try XCTUnwrap(warnings.first { $0.contains("[apns-start]") })
        XCTAssertTrue(start.contains("the largest fields are 'attributes.legs' 9729, 'content-state.legs' 7299 bytes"), String(start))
        let fcm = try XCTUnwrap(warnings.first { $0.contains("[fcm-data]") })
        XCTAssertTrue(fcm.contains("the largest fields are 'legs' 11411, 'legStatus' 8566 bytes"), String(fcm))
        let update = try XCTUnwrap(warnings.first { $0.contains("[apns-update]") })
        XCTAssertTrue(update.contains("the largest fields are 'legs' 7299 bytes"), String(update))
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
        XCTAssertEqual(errors(result.stderr), ["new.yaml:9:3: error: enum Zone gained case 'peak' and the previous version has no unknown: fallback [compat-enum-case-added]"])
        XCTAssertFalse(result.stderr.contains("compat-type-changed"), result.stderr)
        // A real change of the item type is still one.
        let changed = old.replacingOccurrences(of: "history: { type: \"[Zone]\" }", with: "history: { type: \"[string]\" }")
        let (other, _) = try run(["compat", "new.yaml", "--against", "old.yaml"], files: ["old.yaml": old, "new.yaml": changed])
        XCTAssertTrue(other.stderr.contains("state field 'history' changed type from [Zone] to [string] [compat-type-changed]"), other.stderr)
    }
}
