import Foundation
import XCTest
@testable import LiveContract

/// `apnsName:` through the built binary and the readers: a payload keyed by the APNs key
/// validates, one keyed by the Swift name is flagged with the fix; `compat` tells a changed key
/// (a break) from a changed Swift name under the same key (a warning); `check`'s reader of
/// hand-kept Swift copies compares them by `CodingKeys` key. The cross-language harnesses run
/// schema/renamed.yaml; ImportShapesTests imports `CourierAttributes`.
final class ApnsNameTests: XCTestCase {
    static let schema = """
    livecontract: 1
    name: Ride
    attributes:
      id: { type: string, apnsName: orderId, maxLength: 12 }
    state:
      eta: { type: date, apnsName: t }
      stop: { type: Stop }
    types:
      Stop:
        fields:
          lat: { type: double, apnsName: la }
    outputs:
      swift: [Ride.swift]

    """

    func run(_ arguments: [String], in folder: URL) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func testValidateAcceptsTheAPNsKeyAndFlagsTheSwiftName() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("apns-name-validate")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        func body(_ state: String) -> String {
            #"{"aps": {"timestamp": 1742064420, "event": "start", "content-state": {"# + state
                + #"}, "attributes-type": "RideAttributes", "attributes": {"orderId": "o-1"}, "alert": {"title": "Ride", "body": "On its way"}}}"#
        }
        try body(#""t": 763758720, "stop": {"la": 1.5}"#).write(to: folder.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        let good = try run(["validate", "--schema", "ride.yaml", "good.json"], in: folder)
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertEqual(good.stdout, "good.json: an APNs start body for RideAttributes: decodes as the schema says\n")

        try body(#""eta": 763758720, "stop": {"lat": 1.5}"#).write(to: folder.appendingPathComponent("swift-names.json"), atomically: true, encoding: .utf8)
        let bad = try run(["validate", "--schema", "ride.yaml", "swift-names.json"], in: folder)
        XCTAssertEqual(bad.status, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("swift-names.json:1:70: error: aps.content-state.t: keyNotFound: RideAttributes.ContentState requires 't' (Date, no default)"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("the payload has 'eta', the Swift property name: the schema's apnsName makes the APNs key 't'"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("requires 'la'"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("[payload-missing-key]"), bad.stderr)
        XCTAssertFalse(bad.stderr.contains("has no field 'eta'"), "the Swift name is explained by the keyNotFound message:\n" + bad.stderr)
    }

    func testCompatTellsAChangedKeyFromAChangedSwiftName() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("apns-name-compat")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("old.yaml", Self.schema)
        try write("key.yaml", Self.schema.replacingOccurrences(of: "apnsName: t }", with: "apnsName: etaSeconds }"))
        try write("gone.yaml", Self.schema.replacingOccurrences(of: "eta: { type: date, apnsName: t }", with: "eta: { type: date }"))
        try write("swift.yaml", Self.schema.replacingOccurrences(of: "  eta: { type: date, apnsName: t }", with: "  arrival: { type: date, apnsName: t }"))
        try write("member.yaml", Self.schema.replacingOccurrences(of: "apnsName: la }", with: "apnsName: latitude }"))

        let key = try run(["compat", "key.yaml", "--against", "old.yaml"], in: folder)
        XCTAssertEqual(key.status, 1, key.stderr)
        XCTAssertTrue(key.stderr.contains("key.yaml:6:3: error: state field 'eta' changed its APNs key from 't' to 'etaSeconds' [compat-apns-name-changed]"), key.stderr)
        XCTAssertTrue(key.stderr.contains("keyNotFound"), key.stderr)
        XCTAssertTrue(key.stderr.contains("keep `apnsName: t`"), key.stderr)
        // The bridge/FCM key followed the apnsName (no bridgeName), so Android breaks too.
        XCTAssertTrue(key.stderr.contains("[compat-bridge-name-changed]"), key.stderr)

        let gone = try run(["compat", "gone.yaml", "--against", "old.yaml"], in: folder)
        XCTAssertEqual(gone.status, 1, gone.stderr)
        XCTAssertTrue(gone.stderr.contains("changed its APNs key from 't' to 'eta' [compat-apns-name-changed]"), gone.stderr)

        let swift = try run(["compat", "swift.yaml", "--against", "old.yaml"], in: folder)
        XCTAssertEqual(swift.status, 0, swift.stderr)
        XCTAssertTrue(swift.stderr.contains("swift.yaml:6:3: warning: state field 'eta' was renamed to 'arrival' in Swift; its APNs key 't' stayed"), swift.stderr)
        XCTAssertTrue(swift.stderr.contains("[compat-swift-name-changed]"), swift.stderr)
        XCTAssertFalse(swift.stderr.contains("compat-field-renamed") || swift.stderr.contains("error:"), swift.stderr)
        XCTAssertEqual(try run(["compat", "--strict", "swift.yaml", "--against", "old.yaml"], in: folder).status, 1)

        let member = try run(["compat", "member.yaml", "--against", "old.yaml"], in: folder)
        XCTAssertEqual(member.status, 1, member.stderr)
        XCTAssertTrue(member.stderr.contains("struct Stop member 'lat' changed its APNs key from 'la' to 'latitude' [compat-apns-name-changed]"), member.stderr)

        let same = try run(["compat", "old.yaml", "--against", "old.yaml"], in: folder)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertFalse(same.stderr.contains("compat-"), same.stderr)
    }

    /// The generated Swift declares `CodingKeys`; a hand-kept copy is read by its keys, so the
    /// generated file reads as the schema's shape and a copy that drops a key does not.
    func testSwiftCopyReaderComparesCopiesByCodingKeys() throws {
        let bytes = try Array(Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/renamed.yaml")))
        let (contract, _) = try SchemaLoader.load(bytes, path: "renamed.yaml")
        let generated = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/renamed/RenamedAttributes.swift"), encoding: .utf8)
        XCTAssertTrue(generated.contains(#"case id = "orderId", driver = "driver-name", plain, same"#), generated)
        XCTAssertTrue(generated.contains(#"case lat = "la", lng = "lo", x = "y", y = "x", label = "$label""#), generated)
        let schema = ContractShape(contract: contract)
        let copy = try XCTUnwrap(SwiftCopyReader().shape(of: generated, path: "RenamedAttributes.swift"))
        XCTAssertEqual(copy.state.map(\.name), schema.state.map(\.name))
        XCTAssertEqual(copy.state.map(\.propertyName), contract.state.map(\.name))
        let same = SwiftCopyMeaning(copy: copy, schema: schema).meanings()
        XCTAssertEqual(same.map(\.breaks), [false], same.map(\.text).joined(separator: "\n"))
        XCTAssertEqual(CompatChecker(old: copy, new: schema, oldLabel: "copy", newPath: "renamed.yaml").findings().map(\.rule), [])

        let unkeyed = generated.replacingOccurrences(of: #"case eta = "t", "#, with: "case eta, ")
        let drifted = try XCTUnwrap(SwiftCopyReader().shape(of: unkeyed, path: "RenamedAttributes.swift"))
        let meanings = SwiftCopyMeaning(copy: drifted, schema: schema).meanings()
        XCTAssertTrue(meanings.contains { $0.breaks && $0.text.contains("'eta: Date'") && $0.text.contains("'t: Date'") }, meanings.map(\.text).joined(separator: "\n"))
        let findings = CompatChecker(old: drifted, new: schema, oldLabel: "copy", newPath: "renamed.yaml").findings()
        XCTAssertEqual(findings.map(\.rule), ["compat-apns-name-changed"], findings.map(\.message).joined(separator: "\n"))
    }

    /// The key is wire-relevant, so the fingerprint changes with it; an apnsName equal to the
    /// name changes nothing at all (output and fingerprint).
    func testFingerprintFollowsTheKeyAndAnEqualNameIsANoOp() throws {
        func load(_ text: String) throws -> Contract { try SchemaLoader.load(Array(text.utf8), path: "ride.yaml").0 }
        let base = try load(Self.schema)
        let other = try load(Self.schema.replacingOccurrences(of: "apnsName: t }", with: "apnsName: u }"))
        XCTAssertNotEqual(base.fingerprint, other.fingerprint)
        let plain = try load(Self.schema.replacingOccurrences(of: "eta: { type: date, apnsName: t }", with: "eta: { type: date }"))
        let equal = try load(Self.schema.replacingOccurrences(of: "eta: { type: date, apnsName: t }", with: "eta: { type: date, apnsName: eta }"))
        XCTAssertEqual(plain.fingerprint, equal.fingerprint)
        XCTAssertNotEqual(plain.fingerprint, base.fingerprint)
        XCTAssertFalse(equal.state[0].isAPNsRenamed)
        XCTAssertEqual(base.state[0].wireName, "t", "without bridgeName the bridge/FCM key is the apnsName")
    }
}
