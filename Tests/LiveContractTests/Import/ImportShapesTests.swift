import Foundation
import XCTest
@testable import LiveContract

/// The shapes that kept real ActivityAttributes files from importing (Tests/Fixtures/import/
/// shapes, one hand-written file each): every one imports to its reviewed schema, and the
/// compiled round trip proves that the original struct and the one generated from the
/// imported schema decode the same JSON and re-encode it byte for byte.
///
/// Some schema forms come from other parts of livecontract (new types, raw values, escaped
/// names). A shape that needs one is compiled as soon as the schema loader accepts a probe
/// schema using it; until then the test checks that only the loader refused the import.
final class ImportShapesTests: XCTestCase {
    /// A schema form a shape needs, proven available by loading a probe schema.
    enum Need: CustomStringConvertible {
        case type(String)
        case rawValues
        case fieldName(String)
        case enumCase(String)
        case sharedName

        /// The probe's sections: attributes, state and types lines.
        var probe: (attributes: String, state: String, types: String) {
            switch self {
            case .type(let spelling): return ("", "  a: { type: \"\(spelling)\" }", "")
            case .rawValues: return ("", "  e: { type: E }", "  E: { enum: [a, { b: B }] }")
            case .fieldName(let name): return ("", "  \(name): { type: string }", "")
            case .enumCase(let name): return ("", "  e: { type: E }", "  E: { enum: [\(name), other] }")
            case .sharedName: return ("  d: { type: int }", "  d: { type: int }", "")
            }
        }

        var description: String {
            switch self {
            case .type(let spelling): return "type \(spelling)"
            case .rawValues: return "enum raw values"
            case .fieldName(let name): return "field name \(name)"
            case .enumCase(let name): return "enum case \(name)"
            case .sharedName: return "one name in attributes and state"
            }
        }

        var isAvailable: Bool {
            let (attributes, state, types) = probe
            var text = "livecontract: 1\nname: Probe\n"
            if !attributes.isEmpty { text += "attributes:\n\(attributes)\n" }
            text += "state:\n\(state)\n"
            if !types.isEmpty { text += "types:\n\(types)\n" }
            text += "outputs:\n  swift: [Probe.swift]\n"
            return (try? SchemaLoader.load(Array(text.utf8), path: "probe.yaml")) != nil
        }
    }

    /// JSON decoded by both versions; `decodes` is what synthesized Codable does with it.
    struct Sample {
        var label: String
        var type: String
        var json: String
        var decodes = true
    }

    struct Shape {
        var name: String
        var needs: [Need] = []
        var samples: [Sample]
        /// Text the generated Swift must contain: the original property types survive.
        var keeps: [String] = []

        var missing: [Need] { needs.filter { !$0.isAvailable } }
    }

    static let shapes: [Shape] = [
        Shape(name: "TicketAttributes", needs: [.type("uuid")], samples: [
            Sample(label: "ticket.attributes", type: "TicketAttributes", json: #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","venue":"Hall 2"}"#),
            Sample(label: "ticket.noId", type: "TicketAttributes", json: #"{"venue":"Hall 2"}"#, decodes: false),
            Sample(label: "ticket.state", type: "TicketAttributes.ContentState", json: #"{"holder":"6BA7B810-9DAD-11D1-80B4-00C04FD430C8","transferredTo":null}"#),
            Sample(label: "ticket.notAUUID", type: "TicketAttributes.ContentState", json: #"{"holder":"not-a-uuid"}"#, decodes: false),
        ], keeps: ["var id: UUID", "var holder: UUID", "var transferredTo: UUID?"]),
        Shape(name: "SensorAttributes", needs: ["uint32", "int64", "uint8", "float", "int16", "uint", "uint64"].map { .type($0) }, samples: [
            Sample(label: "sensor.attributes", type: "SensorAttributes", json: #"{"serial":9007199254740991}"#),
            Sample(label: "sensor.state", type: "SensorAttributes.ContentState",
                   json: #"{"sequence":4294967295,"uptimeMillis":-9007199254740991,"battery":255,"temperature":21.5,"offset":-32768,"samples":[0,42]}"#),
            Sample(label: "sensor.batteryOverflow", type: "SensorAttributes.ContentState",
                   json: #"{"sequence":1,"uptimeMillis":1,"battery":256,"temperature":0.1,"offset":0,"samples":[]}"#, decodes: false),
        ], keeps: ["var sequence: UInt32", "var uptimeMillis: Int64", "var battery: UInt8", "var temperature: Float", "var offset: Int16", "var samples: [UInt]", "var serial: UInt64"]),
        Shape(name: "LabelsAttributes", samples: [
            Sample(label: "labels.attributes", type: "LabelsAttributes", json: #"{"staticValues":{}}"#),
            Sample(label: "labels.state", type: "LabelsAttributes.ContentState",
                   json: #"{"values":{"b":"2","a":"1","\u00e9":"e","\ud83d\ude80":"r","\uff61":"h"},"counters":{"x":3},"stops":{"s1":{"eta":700000000.5,"done":true}},"groups":{"g":[0,255],"e":[]},"notes":{}}"#),
            Sample(label: "labels.sparse", type: "LabelsAttributes.ContentState", json: #"{"values":{},"counters":{},"stops":{},"groups":{}}"#),
            Sample(label: "labels.notObject", type: "LabelsAttributes.ContentState", json: #"{"values":[],"counters":{},"stops":{},"groups":{}}"#, decodes: false),
            Sample(label: "labels.wrongValue", type: "LabelsAttributes.ContentState", json: #"{"values":{"a":1},"counters":{},"stops":{},"groups":{}}"#, decodes: false),
            Sample(label: "labels.valueOverflow", type: "LabelsAttributes.ContentState", json: #"{"values":{},"counters":{},"stops":{},"groups":{"g":[256]}}"#, decodes: false),
        ], keeps: ["var values: [String: String]", "var counters: [String: Int]", "var staticValues: [String: String]",
                   "var stops: [String: Stop]", "var groups: [String: [UInt8]]", "var notes: [String: String]?"]),
        Shape(name: "LineupAttributes", needs: [.rawValues], samples: [
            Sample(label: "lineup.attributes", type: "LineupAttributes", json: #"{"queue":"ranked"}"#),
            Sample(label: "lineup.raw", type: "LineupAttributes.ContentState", json: #"{"mode":"SOLO","previous":"mixed-doubles"}"#),
            Sample(label: "lineup.plain", type: "LineupAttributes.ContentState", json: #"{"mode":"team"}"#),
            Sample(label: "lineup.caseName", type: "LineupAttributes.ContentState", json: #"{"mode":"solo"}"#, decodes: false),
        ], keeps: [#"case solo = "SOLO""#]),
        Shape(name: "ParcelAttributes", needs: [.fieldName("type"), .fieldName("description"), .fieldName("default"), .fieldName("symbol"),
                                                .enumCase("unknown"), .enumCase("default")], samples: [
            Sample(label: "parcel.attributes", type: "ParcelAttributes", json: #"{"symbol":"PX"}"#),
            Sample(label: "parcel.state", type: "ParcelAttributes.ContentState", json: #"{"type":"box","description":"blue","default":3,"stage":"unknown"}"#),
            Sample(label: "parcel.defaultCase", type: "ParcelAttributes.ContentState", json: #"{"type":"","description":"","default":0,"stage":"default"}"#),
        ]),
        Shape(name: "LapAttributes", needs: [], samples: [
            Sample(label: "lap.attributes", type: "LapAttributes", json: #"{"duration":90}"#),
            Sample(label: "lap.state", type: "LapAttributes.ContentState", json: #"{"duration":30,"lap":2}"#),
        ]),
        Shape(name: "BeaconAttributes", samples: [
            Sample(label: "beacon.attributes", type: "BeaconAttributes", json: #"{"name":"b1","region":"eu"}"#),
            Sample(label: "beacon.state", type: "BeaconAttributes.ContentState", json: #"{"rssi":-60,"lastSeen":700000000.5}"#),
        ], keeps: ["extension BeaconAttributes: ActivityAttributes {}"]),
        Shape(name: "ShipmentAttributes", samples: [
            Sample(label: "shipment.attributes", type: "ShipmentAttributes", json: #"{"trackingNumber":"1Z"}"#),
            Sample(label: "shipment.full", type: "ShipmentAttributes.ContentState",
                   json: #"{"status":"out","progress":0.5,"stops":2,"carrier":"air","expedited":true,"note":"n","tags":["a"]}"#),
            Sample(label: "shipment.sparse", type: "ShipmentAttributes.ContentState", json: #"{"status":"out"}"#),
            Sample(label: "shipment.noStatus", type: "ShipmentAttributes.ContentState", json: #"{"progress":1}"#, decodes: false),
        ], keeps: ["decodeIfPresent(Double.self, forKey: .progress) ?? 0.25", #"?? ["new"]"#]),
        Shape(name: "QueueAttributes", samples: [
            Sample(label: "queue.attributes", type: "QueueAttributes", json: #"{"branch":"dev"}"#),
            Sample(label: "queue.noBranch", type: "QueueAttributes", json: #"{}"#, decodes: false),
            Sample(label: "queue.state", type: "QueueAttributes.ContentState",
                   json: #"{"position":1,"label":"l","ratio":0.5,"isOpen":true,"since":0,"items":["x"]}"#),
            Sample(label: "queue.missingKey", type: "QueueAttributes.ContentState", json: #"{"position":1}"#, decodes: false),
        ], keeps: ["var since: Date", "var ratio: Double"]),
        Shape(name: "KilnAttributes", samples: [
            Sample(label: "kiln.attributes", type: "KilnAttributes", json: #"{"kilnName":"K2","program":"bisque"}"#),
            Sample(label: "kiln.noProgram", type: "KilnAttributes", json: #"{"kilnName":"K2"}"#),
            Sample(label: "kiln.state", type: "KilnAttributes.ContentState", json: #"{"temperature":1020.5,"segment":3,"holding":true,"note":"n","cones":[6,7]}"#),
            Sample(label: "kiln.firstRelease", type: "KilnAttributes.ContentState", json: #"{"temperature":20}"#),
            Sample(label: "kiln.noTemperature", type: "KilnAttributes.ContentState", json: #"{"segment":1}"#, decodes: false),
        ], keeps: ["decodeIfPresent(Int.self, forKey: .segment) ?? 1"]),
        Shape(name: "SketchAttributes", samples: [
            Sample(label: "sketch.attributes", type: "SketchAttributes", json: #"{"canvas":"c","scale":0.1}"#),
            Sample(label: "sketch.state", type: "SketchAttributes.ContentState", json: #"{"strokeWidth":2.5,"opacity":0.3333333333333333,"strokes":3}"#),
            Sample(label: "sketch.whole", type: "SketchAttributes.ContentState", json: #"{"strokeWidth":4,"opacity":null,"strokes":0}"#),
            Sample(label: "sketch.text", type: "SketchAttributes.ContentState", json: #"{"strokeWidth":"2","strokes":0}"#, decodes: false),
        ], keeps: ["var strokeWidth: Double", "var opacity: Double?"]),
        Shape(name: "CourierAttributes", samples: [
            Sample(label: "courier.attributes", type: "CourierAttributes", json: #"{"orderId":"o-1","vehicle":"bike"}"#),
            Sample(label: "courier.noOrder", type: "CourierAttributes", json: #"{"vehicle":"van"}"#),
            Sample(label: "courier.swiftName", type: "CourierAttributes", json: #"{"id":"o-1","vehicle":"bike"}"#),
            Sample(label: "courier.state", type: "CourierAttributes.ContentState",
                   json: #"{"etaSeconds":700000000.5,"remaining":2,"next":{"lat":1.5,"lng":-2,"display name":"Gate"},"route":[{"lat":0,"lng":0}]}"#),
            Sample(label: "courier.swiftNames", type: "CourierAttributes.ContentState", json: #"{"eta":700000000,"stopsLeft":2,"route":[]}"#, decodes: false),
            Sample(label: "courier.waypointSwiftNames", type: "CourierAttributes.ContentState",
                   json: #"{"etaSeconds":1,"remaining":0,"route":[{"latitude":1,"longitude":2}]}"#, decodes: false),
        ], keeps: [#"case id = "orderId", vehicle"#, #"case eta = "etaSeconds", stopsLeft = "remaining", next, route"#,
                   #"case latitude = "lat", longitude = "lng", label = "display name""#]),
        Shape(name: "RelayAttributes", samples: [
            Sample(label: "relay.attributes", type: "RelayAttributes", json: #"{"scope":"mac","label":"Desk"}"#),
            Sample(label: "relay.noScope", type: "RelayAttributes", json: #"{"label":"Desk"}"#),
            Sample(label: "relay.noLabel", type: "RelayAttributes", json: #"{"scope":"mac"}"#, decodes: false),
            Sample(label: "relay.state", type: "RelayAttributes.ContentState", json: #"{"running":3,"waiting":1,"host":"h","updatedAt":700000000.25}"#),
            Sample(label: "relay.sparse", type: "RelayAttributes.ContentState", json: #"{"running":-2,"updatedAt":0}"#),
            Sample(label: "relay.noRunning", type: "RelayAttributes.ContentState", json: #"{"waiting":1,"updatedAt":0}"#, decodes: false),
        ], keeps: ["var waiting: Int", "var host: String?"]),
        Shape(name: "SignalAttributes", samples: [
            Sample(label: "signal.attributes", type: "SignalAttributes", json: #"{"tower":"North"}"#),
            Sample(label: "signal.state", type: "SignalAttributes.ContentState", json: #"{"state":"connected","strength":"fair","lastSeen":700000000}"#),
            Sample(label: "signal.unknownState", type: "SignalAttributes.ContentState", json: #"{"state":"State","strength":"fair"}"#, decodes: false),
            Sample(label: "signal.barsNotAString", type: "SignalAttributes.ContentState", json: #"{"state":"lost","strength":3}"#, decodes: false),
        ], keeps: ["enum StateValue: String", "var state: StateValue", "enum Strength: String"]),
        Shape(name: "MatchdayAttributes", samples: [
            Sample(label: "matchday.attributes", type: "MatchdayAttributes", json: #"{"homeTeam":"Reds","awayTeam":"Blues"}"#),
            Sample(label: "matchday.state", type: "MatchdayAttributes.ContentState", json: #"{"game":{"home":2,"away":1,"clock":"67:10"},"period":"second"}"#),
            Sample(label: "matchday.badPeriod", type: "MatchdayAttributes.ContentState", json: #"{"game":{"home":2,"away":1,"clock":"1"},"period":"Second"}"#, decodes: false),
        ], keeps: ["struct MatchdayAttributes", "struct MatchdayState", "var game: MatchdayState", "enum Period: String", "var period: Period"]),
    ]

    static let folder = ImportTests.fixtures.appendingPathComponent("shapes")

    func importShape(_ name: String) throws -> SwiftImportResult {
        let source = try String(contentsOf: Self.folder.appendingPathComponent(name + ".swift"), encoding: .utf8)
        return SwiftImport.run(source: source, path: name + ".swift", swiftOutput: name + ".swift")
    }

    /// Every shape's schema as import writes it (a reviewed golden; LIVECONTRACT_UPDATE_GOLDENS=1
    /// rewrites them). Where the loader still lacks a form, only the loader may refuse.
    func testEachShapeImportsToItsReviewedSchema() throws {
        let update = ProcessInfo.processInfo.environment["LIVECONTRACT_UPDATE_GOLDENS"] == "1"
        for shape in Self.shapes {
            let result = try importShape(shape.name)
            let draft = try XCTUnwrap(result.draft, "\(shape.name): \(result.diagnostics.items)")
            let golden = Self.folder.appendingPathComponent(shape.name + ".yaml")
            if update {
                try draft.write(to: golden, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(draft, try String(contentsOf: golden, encoding: .utf8), "\(shape.name): run with LIVECONTRACT_UPDATE_GOLDENS=1 and review the diff")
            }
            if shape.missing.isEmpty {
                XCTAssertNotNil(result.schema, "\(shape.name): \(result.diagnostics.errors)")
            } else {
                XCTAssertNil(result.schema, shape.name)
                for error in result.diagnostics.errors {
                    XCTAssertTrue(error.message.hasPrefix("the schema cannot express this: "), "\(shape.name): import itself refused: \(error)")
                }
            }
        }
    }

    /// Import -> generate -> compile the originals and the generated structs, each with the
    /// same driver -> both decode every sample alike and re-encode the same bytes.
    func testOriginalAndGeneratedStructsDecodeAndEncodeTheSameJSON() throws {
        let ready = Self.shapes.filter { $0.missing.isEmpty }
        let waiting = Self.shapes.filter { !$0.missing.isEmpty }
        for shape in waiting {
            print("ImportShapesTests: \(shape.name) waits for: \(shape.missing.map(\.description).joined(separator: ", "))")
        }
        let swiftc = try TestSupport.requireTool("swiftc")
        let work = TestSupport.temporaryDirectory("lc-import-shapes")
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)

        var generated: [String] = []
        for shape in ready {
            let schema = try XCTUnwrap(try importShape(shape.name).schema, shape.name)
            let folder = work.appendingPathComponent(shape.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let schemaFile = folder.appendingPathComponent("livecontract.yaml")
            try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
            guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
                return XCTFail("\(shape.name): the imported schema does not load")
            }
            let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
            for kept in shape.keeps {
                XCTAssertTrue(swift.contents.contains(kept), "\(shape.name): the generated Swift lacks `\(kept)`:\n\(swift.contents)")
            }
            let path = folder.appendingPathComponent(swift.path)
            try swift.contents.write(to: path, atomically: true, encoding: .utf8)
            generated.append(path.path)
        }
        let samples = ready.flatMap(\.samples)
        let driver = work.appendingPathComponent("ShapesDriver.swift")
        try Self.driverSource(samples).write(to: driver, atomically: true, encoding: .utf8)
        let originals = ready.map { Self.folder.appendingPathComponent($0.name + ".swift").path }

        let before = try ImportTests.compileAndRun(swiftc: swiftc, sources: originals + [driver.path], shim: shim, output: work.appendingPathComponent("original"))
        let after = try ImportTests.compileAndRun(swiftc: swiftc, sources: generated + [driver.path], shim: shim, output: work.appendingPathComponent("generated"))
        let lines = before.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, samples.count, before)
        XCTAssertEqual(after.split(separator: "\n").map(String.init), lines, "original:\n\(before)\ngenerated:\n\(after)")
        XCTAssertFalse(before.contains("ROUND-TRIP-MISMATCH") || after.contains("ROUND-TRIP-MISMATCH"), before + after)
        for (sample, line) in zip(samples, lines) {
            XCTAssertEqual(!line.hasSuffix("\tDECODE-ERROR"), sample.decodes, "\(sample.label): \(line)")
        }
    }

    /// A program that decodes each sample with `JSONDecoder`, re-encodes it with sorted keys
    /// and prints `label<TAB>json` (or `DECODE-ERROR`).
    static func driverSource(_ samples: [Sample]) -> String {
        var lines = ["import Foundation", "", "@main", "struct ShapesDriver {", "    static func main() {"]
        for sample in samples {
            lines.append("        check(\"\(sample.label)\", \(sample.type).self, #\"\(sample.json)\"#)")
        }
        lines += [
            "    }", "",
            "    static func check<T: Codable>(_ label: String, _ type: T.Type, _ json: String) {",
            "        let encoder = JSONEncoder()",
            "        encoder.outputFormatting = [.sortedKeys]",
            "        do {",
            "            let data = try encoder.encode(try JSONDecoder().decode(T.self, from: Data(json.utf8)))",
            "            let again = try encoder.encode(try JSONDecoder().decode(T.self, from: data))",
            "            print(label + \"\\t\" + String(decoding: data, as: UTF8.self) + (again == data ? \"\" : \"\\tROUND-TRIP-MISMATCH\"))",
            "        } catch {",
            "            print(label + \"\\tDECODE-ERROR\")",
            "        }",
            "    }",
            "}", "",
        ]
        return lines.joined(separator: "\n")
    }
}
