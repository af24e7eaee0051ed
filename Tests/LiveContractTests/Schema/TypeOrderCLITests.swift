import Foundation
import XCTest

/// Schemas a user writes in any order: a field's default may name an enum or a struct that
/// `types` declares further down, and a struct member may be called `from` (it is a key inside
/// one JSON-text value, not an FCM key). Through the built binary; schema/combos.yaml runs the
/// same forms through every harness.
final class TypeOrderCLITests: XCTestCase {
    static let schema = """
        livecontract: 1
        name: Trip
        state:
          leg: { type: Leg, default: { from: { name: A } } }
        types:
          Leg:
            fields:
              from: { type: Stop }
              kind: { type: Kind, default: walk }
          Stop:
            fields:
              name: { type: string, maxLength: 4 }
              at: { type: Point, default: { lat: 1 } }
          Point: { fields: { lat: { type: double }, lon: { type: double, default: 2 } } }
          Kind: { enum: [bus, walk] }
        outputs:
          typescript: trip.ts

        """

    func run(_ folder: URL, _ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    /// Before, `kind`'s default was refused ("'walk' is not a case of Kind (cases: )") and
    /// `at`'s default of the later `Point` was dropped without a word, making `at` required.
    func testDefaultsMayNameTypesDeclaredLater() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("type-order")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("trip.yaml"), atomically: true, encoding: .utf8)
        let result = try run(folder, "generate", "trip.yaml")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let typescript = try String(contentsOf: folder.appendingPathComponent("trip.ts"), encoding: .utf8)
        // The state default, complete: every nested default filled in from the later types.
        XCTAssertTrue(typescript.contains("state.leg ?? { from: { name: 'A', at: { lat: 1, lon: 2 } }, kind: 'walk' as const }"), typescript)
    }

    func testAStructMemberMayUseAKeyFCMReserves() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("type-order-from")
        defer { try? FileManager.default.removeItem(at: folder) }
        let member = Self.schema.replacingOccurrences(of: "name: { type: string, maxLength: 4 }", with: "name: { type: string, maxLength: 4 }\n      gcmId: { type: int?, bridgeName: message_type }")
        try member.write(to: folder.appendingPathComponent("trip.yaml"), atomically: true, encoding: .utf8)
        let accepted = try run(folder, "generate", "trip.yaml")
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        // A top-level field is an FCM key, so there the name is still refused, at its position.
        let topLevel = Self.schema.replacingOccurrences(of: "  leg: { type: Leg", with: "  from: { type: int }\n  leg: { type: Leg")
        try topLevel.write(to: folder.appendingPathComponent("trip.yaml"), atomically: true, encoding: .utf8)
        let refused = try run(folder, "generate", "trip.yaml")
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("trip.yaml:4:3: error: 'from' is reserved in FCM data messages"), refused.stderr)
    }
}
