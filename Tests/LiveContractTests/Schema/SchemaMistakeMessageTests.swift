import Foundation
import XCTest
@testable import LiveContract

/// Mistakes in user-shaped schemas (a poll, a boarding pass, a tree of nodes), through the built
/// binary: one error per root cause, said as what it is, and nothing written.
final class SchemaMistakeMessageTests: XCTestCase {
    static let head = "livecontract: 1\nname: T\n"
    static let outputs = "outputs:\n  fixtures: f\n"

    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        try runInScratchFolder(arguments, files: files)
    }

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
        XCTAssertEqual(reportedLines(result.stderr, "error"), ["t.yaml:6:21: error: enum case 'None' of 'P' must be ASCII letters, digits and _, starting lower-case (3 more errors follow from this one) [invalid-name]"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f").path))
    }

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
        XCTAssertEqual(reportedLines(result.stderr, "error"), [
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

    /// A tree (`kids: [Node]`) whose default holds a Node: said as that, not as
    /// "unknown key 'v'". A struct holding itself directly gets the cycle error alone.
    func testASelfReferencingDefaultSaysWhy() throws {
        func schema(_ field: String) -> String {
            Self.head + "state:\n  n: { type: Node }\ntypes:\n  Node:\n    fields:\n      v: { type: int }\n      \(field)\n" + Self.outputs
        }
        let (listed, _) = try run(["generate", "t.yaml"], files: ["t.yaml": schema("kids: { type: \"[Node]\", default: [{ v: 1 }] }")])
        XCTAssertEqual(listed.status, 2)
        XCTAssertEqual(reportedLines(listed.stderr, "error"), ["t.yaml:9:41: error: default of 'kids'[0] holds a Node, the struct this field belongs to: its members are not all known while it is declared, so a default cannot hold one; leave the default out, give an empty one (`default: []` or `{}`), or make the field optional [schema-value]"])
        let (direct, _) = try run(["generate", "t.yaml"], files: ["t.yaml": schema("next: { type: \"Node?\", default: { v: 1 } }")])
        XCTAssertEqual(direct.status, 2)
        XCTAssertEqual(reportedLines(direct.stderr, "error"), ["t.yaml:6:3: error: struct 'Node' contains itself (Node -> Node); a value type cannot, use a list or split it [type-cycle]"])
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
        XCTAssertEqual(reportedLines(result.stderr, "error"), [
            "t.yaml:4:22: error: min applies to number fields (int, int8 ... int64, uint ... uint64, float, double); 's' is string [schema-shape]",
            "t.yaml:5:23: error: max applies to number fields (int, int8 ... int64, uint ... uint64, float, double), not to the items of a list or map; 'l' is [int]: to bound each item, make it a struct with one bounded field (types: { Bounded: { fields: { value: { type: int, max: N } } } }) and use type \"[Bounded]\" [schema-shape]",
            "t.yaml:6:33: error: min applies to number fields (int, int8 ... int64, uint ... uint64, float, double), not to the items of a list or map; 'm' is [string: float]: to bound each item, make it a struct with one bounded field (types: { Bounded: { fields: { value: { type: float, min: N } } } }) and use type \"[string: Bounded]\" [schema-shape]",
        ])
    }
}
