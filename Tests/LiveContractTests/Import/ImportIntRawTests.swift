import Foundation
import XCTest
@testable import LiveContract

/// `enum X: Int` imports as `raw: int` (issue 13): implicit and explicit raw values, a
/// fallback `init(from:)`, and raw types the schema has no form for. The compiled round trip
/// proves the original and the generated Swift decode and re-encode the same JSON numbers.
final class ImportIntRawTests: XCTestCase {
    typealias Sample = ImportShapesTests.Sample

    func schema(_ name: String) throws -> String {
        let source = try String(contentsOf: ImportShapesTests.folder.appendingPathComponent(name + ".swift"), encoding: .utf8)
        let result = SwiftImport.run(source: source, path: name + ".swift", swiftOutput: name + ".swift")
        return try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
    }

    func testIntRawEnumsBecomeRawIntWithSwiftsNumbering() throws {
        let schema = try schema("LevelsAttributes")
        XCTAssertTrue(schema.contains("BlockType: { enum: [focus, social, rest], raw: int }"), schema)
        XCTAssertTrue(schema.contains("Level: { enum: [{ low: 1 }, { high: 5 }, { max: 100 }], raw: int }"), schema)
        XCTAssertTrue(schema.contains("Mood: { enum: [{ tense: -2 }, uneasy, calm, { glad: 7 }], raw: int, unknown: calm }"), schema)
        let contract = try SchemaLoader.load(Array(schema.utf8), path: "livecontract.yaml").0
        XCTAssertEqual(contract.type(named: "Mood")?.enumType?.rawValues, ["-2", "-1", "0", "7"])
    }

    func testOtherNumericRawTypesAndOutOfRangeValuesAreRefusedWithTheWayOut() {
        func errors(_ source: String) -> [String] {
            SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift").diagnostics.sorted
                .filter { $0.severity == .error }.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
        }
        let state = "    struct ContentState: Codable, Hashable { var k: K }\n"
        let byte = errors("struct AAttributes: ActivityAttributes {\n    enum K: UInt8, Codable { case a }\n" + state + "}\n")
        XCTAssertEqual(byte.count, 1, "\(byte)")
        XCTAssertTrue(byte.first?.contains("change ': UInt8' to ': Int'") == true, "\(byte)")
        let huge = errors("struct AAttributes: ActivityAttributes {\n    enum K: Int, Codable {\n        case a = 3000000000\n    }\n" + state + "}\n")
        XCTAssertEqual(huge, ["3:14 [import-unsupported] case 'a' of 'K' has the raw value 3000000000, outside the 32-bit range (-2147483648...2147483647) the bridge, TypeScript and Kotlin carry; choose a smaller raw value (the JSON is that number)"])
    }

    func testOriginalAndGeneratedDecodeAndEncodeTheSameJSON() throws {
        try ImportNamesakeTests.roundTrip("LevelsAttributes", samples: [
            Sample(label: "levels.attributes", type: "LevelsAttributes", json: #"{"name":"n","start":2}"#),
            Sample(label: "levels.state", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":1,"level":100,"mood":-1,"blocks":[0,2,1],"byRoom":{"a":7,"b":-2},"current":{"type":0,"level":5}}"#),
            Sample(label: "levels.fallback", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":0,"mood":42,"blocks":[],"byRoom":{"x":99}}"#),
            Sample(label: "levels.unknownStrict", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":3,"mood":0,"blocks":[],"byRoom":{}}"#, decodes: false),
            Sample(label: "levels.gap", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":0,"level":2,"mood":0,"blocks":[],"byRoom":{}}"#, decodes: false),
            Sample(label: "levels.text", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":"focus","mood":0,"blocks":[],"byRoom":{}}"#, decodes: false),
            Sample(label: "levels.textFallback", type: "LevelsAttributes.ContentState",
                   json: #"{"kind":0,"mood":"calm","blocks":[],"byRoom":{}}"#, decodes: false),
        ], keeps: ["enum BlockType: Int", "enum Level: Int", "case low = 1", "case high = 5", "case tense = -2", "case uneasy\n", "case glad = 7",
                   "decode(Int.self)", "var byRoom: [String: Mood]"])
    }
}
