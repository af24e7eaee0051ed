import Foundation
import XCTest
@testable import LiveContract

/// `encoding:` on date fields (issue 13): the APNs form of a date when a contract converts it
/// in hand-written Codable code (Unix seconds, Unix milliseconds, ISO-8601). The loader's
/// refusals, `validate`, `compat`, `check`'s Swift-copy reader and `import`, whose compiled
/// round trip proves a hand-written struct and the generated one read and write the same JSON.
/// schema/dates.yaml takes every encoding through the cross-language harnesses.
final class DateEncodingTests: XCTestCase {
    typealias Sample = ImportShapesTests.Sample

    static func schema(_ state: String, types: String = "") -> [UInt8] {
        Array("livecontract: 1\nname: D\nstate:\n\(state)\n\(types)outputs: { swift: D.swift }\n".utf8)
    }

    func errors(_ bytes: [UInt8]) -> [String] {
        do {
            _ = try SchemaLoader.load(bytes, path: "s.yaml")
            return []
        } catch {
            return error.diagnostics.errors.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
        }
    }

    // MARK: - Loader

    func testEveryEncodingLoadsOnDatesOptionalDatesAndStructMembers() throws {
        let contract = try SchemaLoader.load(Self.schema("""
          a: { type: date, encoding: unixSeconds }
          b: { type: date?, encoding: unixMillis }
          c: { type: date, encoding: iso8601, default: "2025-03-15T19:00:00Z" }
          d: { type: date, encoding: referenceDate }
          s: { type: S }
        """, types: "types:\n  S: { fields: { at: { type: date, encoding: iso8601 } } }\n"), path: "s.yaml").0
        XCTAssertEqual(contract.state.map(\.dateEncoding), [.unixSeconds, .unixMillis, .iso8601, .reference, .reference])
        XCTAssertEqual(contract.type(named: "S")?.fields?.first?.dateEncoding, .iso8601)
        let plain = try SchemaLoader.load(Self.schema("  a: { type: date }"), path: "s.yaml").0
        let encoded = try SchemaLoader.load(Self.schema("  a: { type: date, encoding: unixSeconds }"), path: "s.yaml").0
        XCTAssertNotEqual(Fingerprint.of(plain), Fingerprint.of(encoded), "the encoding is wire-relevant")
        let reference = try SchemaLoader.load(Self.schema("  a: { type: date, encoding: referenceDate }"), path: "s.yaml").0
        XCTAssertEqual(Fingerprint.of(plain), Fingerprint.of(reference), "the default spelled out is the default")
    }

    func testUnknownValuesAndKeysGetASuggestion() {
        XCTAssertEqual(errors(Self.schema("  a: { type: date, encoding: unixSecond }")),
                       ["4:30 [schema-value] `encoding` of 'a' must be one of referenceDate, unixSeconds, unixMillis, iso8601, found 'unixSecond'; did you mean 'unixSeconds'?"])
        XCTAssertEqual(errors(Self.schema("  a: { type: date, encodng: iso8601 }")),
                       ["4:20 [unknown-key] unknown key 'encodng' in field 'a'; did you mean 'encoding'?"])
    }

    func testEncodingOutsidePlainDatesIsRefusedWithTheWayOut() {
        let range = errors(Self.schema("  a: { type: dateRange, encoding: unixSeconds }"))
        XCTAssertEqual(range.count, 1, "\(range)")
        XCTAssertTrue(range[0].hasPrefix("4:25 [schema-shape] encoding applies to date fields (date or date?); 'a' is dateRange: a dateRange keeps Swift's form"), range[0])
        let list = errors(Self.schema("  a: { type: \"[date]\", encoding: iso8601 }"))
        XCTAssertEqual(list.count, 1, "\(list)")
        XCTAssertTrue(list[0].hasPrefix("4:24 [schema-shape] encoding applies to date fields (date or date?); 'a' is [date]: its dates keep Swift's form"), list[0])
        XCTAssertTrue(list[0].contains("put the date in a struct from `types` with its own encoding"), list[0])
        let map = errors(Self.schema("  a: { type: \"[string: date]\", encoding: iso8601 }"))
        XCTAssertEqual(map.count, 1, "\(map)")
        let text = errors(Self.schema("  a: { type: string, encoding: iso8601 }"))
        XCTAssertEqual(text, ["4:22 [schema-shape] encoding applies to date fields (date or date?); 'a' is string; remove `encoding`"])
    }

    // MARK: - validate

    static let validated = """
    livecontract: 1
    name: Trip
    state:
      eta: { type: date, encoding: unixSeconds }
      etaMs: { type: date, encoding: unixMillis }
      at: { type: date, encoding: iso8601 }
      plain: { type: date }
    outputs: { swift: T.swift }
    """

    func findings(_ state: String) throws -> [(rule: String, message: String)] {
        let contract = try SchemaLoader.load(Array(Self.validated.utf8), path: "s.yaml").0
        let payload = #"{"aps":{"timestamp":1742065000,"event":"update","content-state":"# + state + "}}"
        let report = PayloadChecker.validate(Array(payload.utf8), path: "p.json", contract: contract)
        return report.diagnostics.map { ($0.rule, $0.message) }
    }

    func testDeclaredFormsPassAndTheDefaultFormIsFlaggedWhereUnixIsDeclared() throws {
        let good = try findings(#"{"eta":1742065920,"etaMs":1742065920000,"at":"2025-03-15T19:12:00Z","plain":763758720}"#)
        XCTAssertTrue(good.isEmpty, "\(good)")
        let wrong = try findings(#"{"eta":763758720,"etaMs":1742065920,"at":1742065920,"plain":1742065920}"#)
        XCTAssertEqual(wrong.map(\.rule), ["payload-date-encoding", "payload-date-encoding", "payload-date-encoding", "payload-date-unix-seconds"], "\(wrong)")
        XCTAssertTrue(wrong[0].message.contains("is seconds since 2001-01-01 (Swift's default Date form)"), wrong[0].message)
        XCTAssertTrue(wrong[0].message.hasSuffix("send 1742065920"), wrong[0].message)
        XCTAssertTrue(wrong[1].message.hasSuffix("send 1742065920000"), wrong[1].message)
        XCTAssertTrue(wrong[2].message.hasSuffix(#"send "2025-03-15T19:12:00Z""#), wrong[2].message)
        let fraction = try findings(#"{"eta":1742065920000,"etaMs":1742065920000,"at":"2025-03-15T19:12:00.500Z","plain":763758720}"#)
        XCTAssertEqual(fraction.map(\.rule), ["payload-date-encoding", "payload-type-mismatch"], "\(fraction)")
        XCTAssertTrue(fraction[0].message.contains("is Unix milliseconds"), fraction[0].message)
        XCTAssertTrue(fraction[1].message.contains(#"whole seconds only: send "2025-03-15T19:12:00Z""#), fraction[1].message)
    }

    // MARK: - compat and check

    func testChangingTheEncodingBreaksTheWidgetBothWays() throws {
        let old = try SchemaLoader.load(Self.schema("  eta: { type: date, encoding: unixSeconds }"), path: "old.yaml").0
        let new = try SchemaLoader.load(Self.schema("  eta: { type: date, encoding: iso8601 }"), path: "new.yaml").0
        let findings = CompatChecker(old: ContractShape(contract: old), new: ContractShape(contract: new), oldLabel: "old.yaml", newPath: "new.yaml").findings()
        XCTAssertEqual(findings.map(\.rule), ["compat-date-encoding-changed"])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertEqual(Set(findings.first?.impacts.map(\.audience) ?? []), [.newWidgetOldServer, .oldWidgetNewServer, .runningActivities])
        XCTAssertTrue(findings.first?.impacts.allSatisfy { $0.text.contains("typeMismatch") } == true, "\(findings)")
        let millis = try SchemaLoader.load(Self.schema("  eta: { type: date, encoding: unixMillis }"), path: "new.yaml").0
        let misread = CompatChecker(old: ContractShape(contract: old), new: ContractShape(contract: millis), oldLabel: "old.yaml", newPath: "new.yaml").findings()
        XCTAssertEqual(misread.map(\.rule), ["compat-date-encoding-changed"])
        XCTAssertTrue(misread.first?.impacts.allSatisfy { $0.effect == .misreads } == true, "\(misread)")
    }

    /// `check` reads a committed widget copy back: the generated Swift of schema/dates.yaml
    /// reads as the schema's shape, encodings included, and a copy whose decoder reads
    /// another form is a finding.
    func testTheSwiftCopyReaderSeesEachEncoding() throws {
        let work = TestSupport.temporaryDirectory("lc-dates-copy")
        defer { try? FileManager.default.removeItem(at: work) }
        let generated = try TestSupport.generate(schema: "dates", into: work)
        let swift = try XCTUnwrap(generated.files.first { $0.kind == .swift })
        let copy = try XCTUnwrap(SwiftCopyReader().shape(of: swift.contents, path: "DatesAttributes.swift"))
        let schema = try SchemaLoader.load(Array(try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/dates.yaml"), encoding: .utf8).utf8), path: "dates.yaml").0
        let shape = ContractShape(contract: schema)
        XCTAssertEqual(copy.state.map(\.dateEncoding), shape.state.map(\.dateEncoding))
        XCTAssertEqual(copy.attributes.map(\.dateEncoding), shape.attributes.map(\.dateEncoding))
        guard case .structure(_, let members)? = copy.namedTypes["Stop"]?.type else { return XCTFail("no Stop in the copy") }
        XCTAssertEqual(members.map(\.dateEncoding), [.reference, .iso8601, .unixSeconds, .unixMillis])
        let drifted = swift.contents.replacingOccurrences(of: "self.eta = try Date(timeIntervalSince1970: container.decode(Double.self, forKey: .eta))",
                                                         with: "self.eta = try container.decode(Date.self, forKey: .eta)")
        XCTAssertNotEqual(drifted, swift.contents)
        let driftedShape = try XCTUnwrap(SwiftCopyReader().shape(of: drifted, path: "DatesAttributes.swift"))
        let findings = CompatChecker(old: driftedShape, new: shape, oldLabel: "DatesAttributes.swift", newPath: "dates.yaml").findings()
        XCTAssertEqual(findings.map(\.rule), ["compat-date-encoding-changed"], "\(findings.map(\.message))")
    }

    // MARK: - import

    func testHandWrittenDateConversionsImportAsEncodings() throws {
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent("TimetableAttributes.swift"), encoding: .utf8)
        let result = SwiftImport.run(source: source, path: "TimetableAttributes.swift", swiftOutput: "TimetableAttributes.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        for line in ["startedAt: { type: date, encoding: unixSeconds }",
                     "eta:        { type: date, encoding: unixSeconds }",
                     "etaMs:      { type: date, encoding: unixMillis, apnsName: eta_ms }",
                     "updatedAt:  { type: date, encoding: iso8601 }",
                     "pickedUpAt: { type: date?, encoding: unixSeconds }",
                     "droppedAt:  { type: date?, encoding: unixMillis }"] {
            XCTAssertTrue(schema.contains(line), "missing `\(line)` in\n\(schema)")
        }
    }

    func testOriginalAndGeneratedDecodeAndEncodeTheSameJSON() throws {
        try ImportNamesakeTests.roundTrip("TimetableAttributes", samples: [
            Sample(label: "timetable.attributes", type: "TimetableAttributes", json: #"{"line":"7","startedAt":1742064300}"#),
            Sample(label: "timetable.state", type: "TimetableAttributes.ContentState",
                   json: #"{"eta":1742065920,"eta_ms":1742065950250,"updatedAt":"2025-03-15T18:50:00Z","pickedUpAt":1742065200.5,"droppedAt":1742066000123,"note":"n"}"#),
            Sample(label: "timetable.absent", type: "TimetableAttributes.ContentState",
                   json: #"{"eta":1742065920,"eta_ms":1742065950000,"updatedAt":"2025-03-15T18:50:00Z","note":"n"}"#),
            Sample(label: "timetable.fraction", type: "TimetableAttributes.ContentState",
                   json: #"{"eta":1742065920,"eta_ms":1742065950000,"updatedAt":"2025-03-15T18:50:00.500Z","note":"n"}"#, decodes: false),
            Sample(label: "timetable.numberForText", type: "TimetableAttributes.ContentState",
                   json: #"{"eta":1742065920,"eta_ms":1742065950000,"updatedAt":1742064600,"note":"n"}"#, decodes: false),
            Sample(label: "timetable.textForNumber", type: "TimetableAttributes.ContentState",
                   json: #"{"eta":"2025-03-15T19:12:00Z","eta_ms":1742065950000,"updatedAt":"2025-03-15T18:50:00Z","note":"n"}"#, decodes: false),
        ], keeps: ["Date(timeIntervalSince1970: container.decode(Double.self, forKey: .eta))", "lcISO8601Date(", "lcMillis(",
                   "func encode(to encoder: any Encoder) throws"])
    }

    /// Coders that disagree, and conversions import cannot prove, stay refused at the line.
    func testConversionsThatCannotBeProvedStayRefused() {
        func errors(_ body: String) -> [String] {
            let source = """
            struct AAttributes: ActivityAttributes {
                struct ContentState: Codable, Hashable {
                    var at: Date
                    enum CodingKeys: String, CodingKey { case at }
            \(body)
                }
            }
            """
            return SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift").diagnostics.sorted
                .filter { $0.severity == .error }.map { "\($0.location?.line ?? 0) \($0.message)" }
        }
        let decodeOnly = errors("""
                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    at = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .at))
                }
        """)
        XCTAssertEqual(decodeOnly.count, 1, "\(decodeOnly)")
        XCTAssertTrue(decodeOnly.first?.contains("is read by init(from:) as Unix seconds but written by the synthesized encode(to:) as seconds since 2001-01-01") == true, "\(decodeOnly)")
        let mismatch = errors("""
                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    at = Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .at))
                }
                func encode(to encoder: Encoder) throws {
                    var c = encoder.container(keyedBy: CodingKeys.self)
                    try c.encode(at.timeIntervalSince1970 * 1000, forKey: .at)
                }
        """)
        XCTAssertEqual(mismatch.count, 1, "\(mismatch)")
        XCTAssertTrue(mismatch.first?.hasPrefix("11 ") == true && mismatch.first?.contains("as Unix seconds but written by encode(to:) as Unix milliseconds") == true, "\(mismatch)")
        // A configured formatter (fractional seconds, another time zone) is no proven form.
        let formatter = errors("""
                static let formatter = ISO8601DateFormatter()
                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    let text = try c.decode(String.self, forKey: .at)
                    guard let at = Self.formatter.date(from: text) else { throw DecodingError.dataCorruptedError(forKey: .at, in: c, debugDescription: "x") }
                    self.at = at
                }
        """)
        XCTAssertEqual(formatter.count, 1, "\(formatter)")
        XCTAssertTrue(formatter.first?.hasPrefix("8 ") == true, "\(formatter)")
    }
}
