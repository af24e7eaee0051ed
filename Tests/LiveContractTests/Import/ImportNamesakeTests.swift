import Foundation
import XCTest
@testable import LiveContract

/// Types of one name in different scopes (a state's `Phase` and another struct's `Phase`, as
/// a real OTA-update contract has them): the schema's types share one namespace, so import
/// names the later one by its path run together, says so where it is declared, and the
/// compiled round trip proves that the original and the generated structs still decode the
/// same JSON and re-encode the same bytes (a type's name is not on the wire). The enum
/// fallback idiom spelled with `RawValue.self` is proven the same way.
final class ImportNamesakeTests: XCTestCase {
    typealias Sample = ImportShapesTests.Sample

    static let name = "NamesakeAttributes"
    static let samples: [Sample] = [
        Sample(label: "namesake.attributes", type: "NamesakeAttributes", json: #"{"bridge":"b1"}"#),
        Sample(label: "namesake.state", type: "NamesakeAttributes.ContentState",
               json: #"{"phase":"active","items":[{"id":"1","phase":"UPDATING"},{"id":"2","phase":"checking"}],"previous":"checking","legacy":"old"}"#),
        Sample(label: "namesake.sparse", type: "NamesakeAttributes.ContentState", json: #"{"phase":"done","items":[],"legacy":"new"}"#),
        Sample(label: "namesake.otherPhase", type: "NamesakeAttributes.ContentState", json: #"{"phase":"checking","items":[],"legacy":"old"}"#, decodes: false),
        Sample(label: "namesake.itemPhase", type: "NamesakeAttributes.ContentState",
               json: #"{"phase":"done","items":[{"id":"1","phase":"active"}],"legacy":"old"}"#, decodes: false),
        Sample(label: "namesake.caseName", type: "NamesakeAttributes.ContentState",
               json: #"{"phase":"done","items":[{"id":"1","phase":"updating"}],"legacy":"old"}"#, decodes: false),
    ]

    func importShape() throws -> SwiftImportResult {
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent(Self.name + ".swift"), encoding: .utf8)
        return SwiftImport.run(source: source, path: Self.name + ".swift", swiftOutput: Self.name + ".swift")
    }

    /// The first type to need a name keeps it; each later one gets its path run together,
    /// and a number when even that is taken. Each rename is a note at that type.
    func testLaterNamesakesGetTheirPathAsName() throws {
        let result = try importShape()
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("  Phase: { enum: [active, done] }"), schema)
        XCTAssertTrue(schema.contains("  DeviceStatusPhase: { enum: [checking, { updating: UPDATING }] }"), schema)
        XCTAssertTrue(schema.contains("  DeviceStatusPhase2: { enum: [old, new] }"), schema)
        XCTAssertTrue(schema.contains("previous: { type: DeviceStatusPhase? }"), schema)
        XCTAssertTrue(schema.contains("legacy:   { type: DeviceStatusPhase2 }"), schema)
        let notes = result.diagnostics.sorted.filter { $0.message.contains("would take the schema name") }
            .map { "\($0.location!.line):\($0.location!.column) \($0.severity.rawValue) [\($0.rule)] \($0.message)" }
        XCTAssertEqual(notes, [
            "28:10 note [import-changed] 'DeviceStatus.Phase' would take the schema name 'Phase', which 'NamesakeAttributes.ContentState.Phase' already has (the schema's types share one namespace, and the generated code nests each type directly in NamesakeAttributes), so it is 'DeviceStatusPhase' in the schema; the JSON is the same (a type's name is not on the wire), but code that names 'DeviceStatus.Phase' for the generated type must use 'NamesakeAttributes.DeviceStatusPhase'",
            "37:6 note [import-changed] 'DeviceStatusPhase' would take the schema name 'DeviceStatusPhase', which 'DeviceStatus.Phase' already has (the schema's types share one namespace, and the generated code nests each type directly in NamesakeAttributes), so it is 'DeviceStatusPhase2' in the schema; the JSON is the same (a type's name is not on the wire), but code that names 'DeviceStatusPhase' for the generated type must use 'NamesakeAttributes.DeviceStatusPhase2'",
        ])
        XCTAssertTrue(result.appMembers?.contains("extension NamesakeAttributes.Item: Identifiable") == true,
                      "a conformance the generated type drops is kept in the app's extension file: \(result.appMembers ?? "none")")
    }

    /// Import -> generate -> compile the original and the generated struct with one driver ->
    /// both decode every sample alike and write the same bytes; the generated Swift keeps `keeps`.
    static func roundTrip(_ name: String, samples: [Sample], keeps: [String]) throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let work = TestSupport.temporaryDirectory("lc-import-" + name)
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        let schemaFile = work.appendingPathComponent("livecontract.yaml")
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent(name + ".swift"), encoding: .utf8)
        let imported = SwiftImport.run(source: source, path: name + ".swift", swiftOutput: name + ".swift")
        try XCTUnwrap(imported.schema, "\(name): \(imported.diagnostics.items)").write(to: schemaFile, atomically: true, encoding: .utf8)
        guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
            return XCTFail("\(name): the imported schema does not load")
        }
        let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
        for kept in keeps {
            XCTAssertTrue(swift.contents.contains(kept), "\(name): the generated Swift lacks `\(kept)`:\n\(swift.contents)")
        }
        let generated = work.appendingPathComponent(swift.path)
        try swift.contents.write(to: generated, atomically: true, encoding: .utf8)
        let driver = work.appendingPathComponent("Driver.swift")
        try ImportShapesTests.driverSource(samples).write(to: driver, atomically: true, encoding: .utf8)
        let original = ImportShapesTests.folder.appendingPathComponent(name + ".swift").path

        let before = try ImportTests.compileAndRun(swiftc: swiftc, sources: [original, driver.path], shim: shim, output: work.appendingPathComponent("original"))
        let after = try ImportTests.compileAndRun(swiftc: swiftc, sources: [generated.path, driver.path], shim: shim, output: work.appendingPathComponent("generated"))
        let lines = before.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, samples.count, before)
        XCTAssertEqual(after.split(separator: "\n").map(String.init), lines, "original:\n\(before)\ngenerated:\n\(after)")
        XCTAssertFalse(before.contains("ROUND-TRIP-MISMATCH") || after.contains("ROUND-TRIP-MISMATCH"), before + after)
        for (sample, line) in zip(samples, lines) {
            XCTAssertEqual(!line.hasSuffix("\tDECODE-ERROR"), sample.decodes, "\(sample.label): \(line)")
        }
    }

    func testOriginalAndGeneratedDecodeAndEncodeTheSameJSON() throws {
        try Self.roundTrip(Self.name, samples: Self.samples,
                           keeps: ["enum DeviceStatusPhase: String", "var phase: DeviceStatusPhase", "var previous: DeviceStatusPhase?", "var legacy: DeviceStatusPhase2",
                                   #"case updating = "UPDATING""#])
    }

    /// `decode(RawValue.self)` then `?? .fallback` is the `unknown:` idiom too: an unknown raw
    /// value decodes to the fallback case in both versions.
    func testRawValueFallbackEnumsImportAsUnknown() throws {
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent("RawFallbackAttributes.swift"), encoding: .utf8)
        let schema = try XCTUnwrap(SwiftImport.run(source: source, path: "RawFallbackAttributes.swift", swiftOutput: "RawFallbackAttributes.swift").schema)
        XCTAssertTrue(schema.contains("Kind: { enum: [parcel, { letter: LETTER }, other], unknown: other }"), schema)
        XCTAssertTrue(schema.contains("Mood: { enum: [calm, busy], unknown: calm }"), schema)
        try Self.roundTrip("RawFallbackAttributes", samples: [
            Sample(label: "raw.attributes", type: "RawFallbackAttributes", json: #"{"name":"n"}"#),
            Sample(label: "raw.known", type: "RawFallbackAttributes.ContentState", json: #"{"kind":"LETTER","mood":"busy"}"#),
            Sample(label: "raw.unknown", type: "RawFallbackAttributes.ContentState", json: #"{"kind":"crate","mood":"angry"}"#),
            Sample(label: "raw.caseName", type: "RawFallbackAttributes.ContentState", json: #"{"kind":"letter"}"#),
            Sample(label: "raw.notText", type: "RawFallbackAttributes.ContentState", json: #"{"kind":3}"#, decodes: false),
        ], keeps: ["enum Kind: String", #"case letter = "LETTER""#])
    }
    /// A generic helper struct used with arguments: each specialization is a struct of its
    /// own (`TeamPairString`, `TeamPairInt`), with a note at each first use, and both versions
    /// read and write the same JSON.
    func testGenericHelpersImportAsOneStructPerSpecialization() throws {
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent("ScoreboardAttributes.swift"), encoding: .utf8)
        let result = SwiftImport.run(source: source, path: "ScoreboardAttributes.swift", swiftOutput: "ScoreboardAttributes.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        for line in ["points:  { type: TeamPairString }", "games:   { type: TeamPairInt }", #"history: { type: "[TeamPairInt]" }"#,
                     "sets:    { type: ScoredTeam? }", "names: { type: TeamPairString }"] {
            XCTAssertTrue(schema.contains(line), "\(line):\n\(schema)")
        }
        XCTAssertTrue(schema.contains("  ScoredTeam:\n    fields:\n      leader: { type: Team }\n      others: { type: \"[Team]\" }\n      margin: { type: int? }"), schema)
        let notes = result.diagnostics.sorted.filter { $0.message.contains("is a generic struct") }
            .map { "\($0.location!.line):\($0.location!.column) \($0.message.prefix(60))" }
        XCTAssertEqual(notes, ["8:13 'TeamPair<String>' is a generic struct, and the schema has n",
                               "9:13 'TeamPair<Int>' is a generic struct, and the schema has no g",
                               "12:13 'Scored<Team>' is a generic struct, and the schema has no ge"])
        try Self.roundTrip("ScoreboardAttributes", samples: [
            Sample(label: "score.attributes", type: "ScoreboardAttributes", json: #"{"names":{"a":"Ann","b":"Bo"}}"#),
            Sample(label: "score.state", type: "ScoreboardAttributes.ContentState",
                   json: #"{"points":{"a":"15","b":"40"},"games":{"a":2,"b":3},"history":[{"a":6,"b":4}],"serving":"b","sets":{"leader":"a","others":["b"],"margin":1}}"#),
            Sample(label: "score.sparse", type: "ScoreboardAttributes.ContentState",
                   json: #"{"points":{"a":"0","b":"0"},"games":{"a":0,"b":0},"history":[],"sets":{"leader":"b","others":[]}}"#),
            Sample(label: "score.wrongArgument", type: "ScoreboardAttributes.ContentState",
                   json: #"{"points":{"a":15,"b":40},"games":{"a":0,"b":0},"history":[]}"#, decodes: false),
            Sample(label: "score.missingMember", type: "ScoreboardAttributes.ContentState",
                   json: #"{"points":{"a":"0"},"games":{"a":0,"b":0},"history":[]}"#, decodes: false),
        ], keeps: ["var points: TeamPairString", "var history: [TeamPairInt]", "struct ScoredTeam", "var others: [Team]"])
    }
    /// A generic struct whose field uses another one with its own parameter reads that
    /// parameter as what it stands for (`Outer<Int>` holds a `Pair<Int>`).
    func testNestedSpecializationsPassTheirArgumentsOn() throws {
        let result = SwiftImport.run(source: """
        struct FAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var box: Outer<Int> }
        }
        struct Outer<T: Codable & Hashable>: Codable, Hashable {
            var inner: Pair<T>
            var list: [T]
        }
        struct Pair<V: Codable & Hashable>: Codable, Hashable { var a: V; var b: V? }
        """, path: "F.swift", swiftOutput: "F.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("  OuterInt:\n    fields:\n      inner: { type: PairInt }\n      list:  { type: \"[int]\" }\n  PairInt:\n    fields:\n      a: { type: int }\n      b: { type: int? }\n"), schema)
    }
}
