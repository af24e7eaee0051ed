import Foundation
import XCTest
@testable import LiveContract

/// The fixtures are the tool's own word on the wire: `validate` must accept every payload in
/// them (a fixture `validate` flags means the fixture and the checker disagree), the cases
/// that show a breakage must get exactly the finding they show, and no fixture may repeat
/// another (it would test nothing).
final class FixtureValidityTests: XCTestCase {
    /// Every bundled schema and the extra test schemas, loaded with their generated files.
    func allSchemas() throws -> [LoadedSchema] {
        let folder = TestSupport.temporaryDirectory("lc-fixture-validity")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        // One folder per schema: an output another schema wrote is never overwritten.
        func own(_ name: String) throws -> URL {
            let own = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
            return own
        }
        for extra in ExtraSchemas.all {
            try extra.yaml.write(to: own(extra.name).appendingPathComponent("\(extra.name).yaml"), atomically: true, encoding: .utf8)
        }
        return try (TestSupport.schemaNames() + ExtraSchemas.all.map(\.name)).map { try TestSupport.generate(schema: $0, into: own($0)) }
    }

    func testNoTwoFixtureSamplesAreEqual() throws {
        for loaded in try allSchemas() {
            let samples = FixtureSamples(contract: loaded.contract).all()
            for (index, sample) in samples.enumerated() {
                for other in samples[..<index] {
                    XCTAssertFalse(other.attributes == sample.attributes && other.state == sample.state,
                                   "\(loaded.contract.name): fixture \(sample.name) equals \(other.name) apart from the name")
                }
            }
            let names = loaded.files.filter { $0.kind == .fixture }.map { $0.path.split(separator: "/").last.map(String.init) ?? "" }
            XCTAssertEqual(names.filter { $0.hasPrefix("edge-") }.count, samples.filter { $0.name.hasPrefix("edge-") }.count, loaded.contract.name)
        }
    }

    /// Delivery has no optional field and its examples hold the one default, so an
    /// `edge-absent` would repeat the first example.
    func testNoUselessEdgeAbsent() throws {
        let delivery = try XCTUnwrap(try allSchemas().first { $0.contract.name == "Delivery" })
        XCTAssertFalse(delivery.files.contains { $0.path.hasSuffix("/edge-absent.json") })
    }

    func testValidateFindsNothingInAnySampleFixture() throws {
        var checked = 0
        for loaded in try allSchemas() {
            for file in loaded.files where file.kind == .fixture {
                let name = String(file.path.split(separator: "/").last ?? "")
                guard name != "fcm-malformed.json", name != "decode-cases.json", name != "fcm-ordering.json" else { continue }
                let fixture = try DiffValue(parsing: file.contents)
                let payloads: [(String, PayloadKind, DiffValue?)] = [
                    ("apns.update", .apns, fixture["apns"]?["update"]), ("apns.end", .apns, fixture["apns"]?["end"]),
                    ("apns.start", .apns, fixture["apns"]?["start"]), ("fcmMessage", .fcm, fixture["fcmMessage"]),
                    ("fcmData", .data, fixture["fcmData"]), ("contentState", .contentState, fixture["contentState"]),
                ]
                for (label, kind, payload) in payloads {
                    let payload = try XCTUnwrap(payload, "\(file.path) has no \(label)")
                    let findings = Self.findings(payload, kind, loaded.contract)
                    XCTAssertTrue(findings.isEmpty, "\(file.path) \(label): validate reports\n" + findings.joined(separator: "\n"))
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// fcm-malformed.json: a case without issues gets no finding but the extra key's note; a
    /// case with issues gets a finding on each field it breaks (a defaulted key left out is no
    /// breakage to validate), and no other.
    func testValidateFindsWhatEachMalformedCaseShows() throws {
        for loaded in try allSchemas() {
            guard let file = loaded.files.first(where: { $0.path.hasSuffix("/fcm-malformed.json") }),
                  case .array(let cases)? = try DiffValue(parsing: file.contents)["cases"] else { continue }
            for item in cases {
                let label = "\(loaded.contract.name) \(item["name"]?.string ?? "?")"
                let report = Self.report(item["data"] ?? .null, .data, loaded.contract)
                // A defaulted key left out is what defaults are for: the parser notes it
                // (`missing`), validate accepts it.
                let defaulted = Set((loaded.contract.attributes + loaded.contract.state).filter { $0.defaultValue != nil }.map(\.wireName))
                let broken = Set(Self.issueFields(item, skippingMissing: defaulted))
                let flagged = Set(report.map { Self.field(of: $0.message) })
                if item["name"]?.string == "extra-key" {
                    XCTAssertEqual(report.map(\.rule), ["payload-unknown-key"], label)
                } else {
                    XCTAssertEqual(flagged, broken, "\(label): validate flags \(flagged.sorted()), the case breaks \(broken.sorted())\n" + report.map(\.message).joined(separator: "\n"))
                }
            }
        }
    }

    /// decode-cases.json: `decodes: true` gets no error, `decodes: false` at least one, and the
    /// base case nothing at all.
    func testValidateAgreesWithEveryDecodeCase() throws {
        for loaded in try allSchemas() {
            guard let file = loaded.files.first(where: { $0.path.hasSuffix("/decode-cases.json") }),
                  case .array(let cases)? = try DiffValue(parsing: file.contents)["cases"] else { continue }
            for item in cases {
                let label = "\(loaded.contract.name) \(item["name"]?.string ?? "?")"
                let report = Self.report(item["contentState"] ?? .null, .contentState, loaded.contract)
                let errors = report.filter { $0.severity == .error }
                switch item["decodes"] {
                case .bool(true)?: XCTAssertTrue(errors.isEmpty, "\(label) decodes, validate reports \(errors.map(\.message))")
                case .bool(false)?: XCTAssertFalse(errors.isEmpty, "\(label) fails to decode, validate reports no error")
                default: XCTFail("\(label): no decodes flag")
                }
                if item["name"]?.string == "base" { XCTAssertTrue(report.isEmpty, "\(label): \(report.map(\.message))") }
            }
        }
    }

    static func report(_ payload: DiffValue, _ kind: PayloadKind, _ contract: Contract) -> [Diagnostic] {
        PayloadChecker.validate(Array(payload.description.utf8), path: "fixture.json", contract: contract, kind: kind).diagnostics
    }

    static func findings(_ payload: DiffValue, _ kind: PayloadKind, _ contract: Contract) -> [String] {
        report(payload, kind, contract).map { "\($0.severity.rawValue): \($0.message) [\($0.rule)]" }
    }

    static func issueFields(_ item: DiffValue, skippingMissing defaulted: Set<String>) -> [String] {
        guard case .array(let issues)? = item["issues"] else { return [] }
        return issues.compactMap { issue in
            guard let field = issue["field"]?.string else { return nil }
            return issue["reason"]?.string == "missing" && defaulted.contains(field) ? nil : field
        }
    }

    /// The wire name a data-map finding is about: the path before the first `: ` or `[`.
    static func field(of message: String) -> String {
        let head = message.components(separatedBy: ": ").first ?? message
        return head.components(separatedBy: CharacterSet(charactersIn: "[.")).first ?? head
    }
}
