import Foundation
import XCTest
@testable import LiveContract

/// How real projects lay out their contract (Tests/Fixtures/import/sources, hand-written):
/// two contracts in one file, field types in another file of the folder, a class, and a
/// conformance through the app's own protocol. Each imports, and the compiled round trip proves
/// that the original and the generated declarations decode the same JSON and re-encode it
/// byte for byte.
final class ImportSourcesTests: XCTestCase {
    static let folder = ImportTests.fixtures.appendingPathComponent("sources")
    typealias Sample = ImportShapesTests.Sample

    struct Case {
        /// Fixture files, relative to `folder`; the first declares the attributes.
        var files: [String]
        var type: String? = nil
        var samples: [Sample]
    }

    static let cases: [Case] = [
        Case(files: ["TwoContracts.swift"], type: "ChatAttributes", samples: [
            Sample(label: "chat.attributes", type: "ChatAttributes", json: #"{"threadId":"t1","initials":"AB"}"#),
            Sample(label: "chat.state", type: "ChatAttributes.ContentState", json: #"{"sender":"Ann","preview":"hi","unread":2,"receivedAt":700000000.25}"#),
            Sample(label: "chat.noUnread", type: "ChatAttributes.ContentState", json: #"{"sender":"Ann","preview":"hi","receivedAt":0}"#, decodes: false),
        ]),
        Case(files: ["TwoContracts.swift"], type: "CallAttributes", samples: [
            Sample(label: "call.attributes", type: "CallAttributes", json: #"{"callId":"c","caller":"Bo","medium":"video"}"#),
            Sample(label: "call.state", type: "CallAttributes.ContentState", json: #"{"stage":"connected","connectedSince":700000000}"#),
            Sample(label: "call.ringing", type: "CallAttributes.ContentState", json: #"{"stage":"ringing","connectedSince":null}"#),
            Sample(label: "call.badStage", type: "CallAttributes.ContentState", json: #"{"stage":"busy"}"#, decodes: false),
        ]),
        Case(files: ["convoy/ConvoyAttributes.swift", "convoy/Shared/ConvoyModels.swift"], samples: [
            Sample(label: "convoy.attributes", type: "ConvoyAttributes", json: #"{"route":"A7","depot":"north"}"#),
            Sample(label: "convoy.state", type: "ConvoyAttributes.ContentState",
                   json: #"{"lead":{"plate":"K-1","kind":"VAN","position":{"lat":52.5,"lon":13.4}},"trailing":[{"plate":"K-2","kind":"truck"}],"phase":"moving"}"#),
            Sample(label: "convoy.caseName", type: "ConvoyAttributes.ContentState",
                   json: #"{"lead":{"plate":"K-1","kind":"van"},"trailing":[],"phase":"moving"}"#, decodes: false),
        ]),
        Case(files: ["DoorbellAttributes.swift"], samples: [
            Sample(label: "doorbell.attributes", type: "DoorbellAttributes", json: #"{"door":"front","chime":{"tone":"ding","volume":3},"installedAt":12.5}"#),
            Sample(label: "doorbell.noInstalledAt", type: "DoorbellAttributes", json: #"{"door":"front","chime":{"tone":"ding","volume":3}}"#, decodes: false),
            Sample(label: "doorbell.state", type: "DoorbellAttributes.ContentState", json: #"{"ringing":true,"visitor":"courier"}"#),
        ]),
        Case(files: ["CourierAttributes.swift"], samples: [
            Sample(label: "courier.attributes", type: "CourierAttributes", json: #"{"trackingCode":"ZX81","carrier":"post"}"#),
            Sample(label: "courier.state", type: "CourierAttributes.ContentState", json: #"{"stopsLeft":4,"eta":700000100}"#),
        ]),
    ]

    static func sources(_ files: [String]) throws -> SwiftSourceSet {
        SwiftSourceSet(try files.map { SwiftSourceSet.File(path: $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) })
    }

    static func located(_ result: SwiftImportResult) -> [String] {
        result.diagnostics.sorted.map { "\($0.location?.file ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) [\($0.rule)] \($0.message)" }
    }

    func assertPrefixes(_ actual: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, "\(actual)", file: file, line: line)
        for (got, want) in zip(actual, expected) {
            XCTAssertTrue(got.hasPrefix(want), "\(got)\ndoes not start with\n\(want)", file: file, line: line)
        }
    }

    /// What import says for each layout, at which file and position.
    func testEachLayoutImportsWithWhatChangedSaid() throws {
        let two = try Self.sources(["TwoContracts.swift"])
        let ambiguous = SwiftImport.run(two, swiftOutput: "TwoContracts.swift")
        XCTAssertNil(ambiguous.schema)
        XCTAssertEqual(Self.located(ambiguous), ["TwoContracts.swift:20:8 error [import-no-attributes] 2 types conform to ActivityAttributes (ChatAttributes, CallAttributes), and a schema describes one contract; import each into its own schema with --type NAME (`livecontract import --type ChatAttributes ...`); the generated copy of each goes to a file of its own, since this file holds the other"])
        let call = SwiftImport.run(two, typeName: "CallAttributes", swiftOutput: "TwoContracts.swift")
        XCTAssertNotNil(call.schema)
        XCTAssertEqual(Self.located(call), ["TwoContracts.swift:20:8 warning [import-changed] this file also declares 'ChatAttributes', another contract, which the generated file will not contain (so the generated 'CallAttributes' goes to a file of its own); import it into a schema of its own with --type ChatAttributes"])

        let convoy = try Self.sources(["convoy/Shared/ConvoyModels.swift", "convoy/ConvoyAttributes.swift"])
        let imported = SwiftImport.run(convoy, swiftOutput: "convoy/ConvoyAttributes.swift")
        XCTAssertEqual(imported.attributesFile, "convoy/ConvoyAttributes.swift", "the attributes file may come after the models")
        let schema = try XCTUnwrap(imported.schema, "\(imported.diagnostics.items)")
        XCTAssertTrue(schema.contains("  Vehicle:\n    fields:\n") && schema.contains("  Code: { enum: [north, south] }\n"), schema)
        let alone = SwiftImport.run(try Self.sources(["convoy/ConvoyAttributes.swift"]), swiftOutput: "ConvoyAttributes.swift")
        XCTAssertNil(alone.schema)
        assertPrefixes(Self.located(alone), [
            "convoy/ConvoyAttributes.swift:8:13 error [import-unsupported] 'Vehicle' is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swift Models.swift`, or a folder that holds both)",
            "convoy/ConvoyAttributes.swift:9:13 error [import-unsupported] 'Vehicle' is not declared",
            "convoy/ConvoyAttributes.swift:10:13 error [import-unsupported] 'ConvoyPhase' is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swi",
            "convoy/ConvoyAttributes.swift:14:9 error [import-unsupported] 'Depot.Code' is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swi",
        ])

        let doorbell = SwiftImport.run(try Self.sources(["DoorbellAttributes.swift"]), swiftOutput: "DoorbellAttributes.swift")
        XCTAssertNotNil(doorbell.schema)
        assertPrefixes(Self.located(doorbell), [
            "DoorbellAttributes.swift:6:13 warning [import-changed] 'DoorbellAttributes' is a class; the generated code declares the attributes as a struct: ",
            "DoorbellAttributes.swift:14:9 note [import-changed] 'installedAt' has an initial value, but synthesized Codable still",
            "DoorbellAttributes.swift:18:13 warning [import-changed] 'Chime' is a class; the generated code declares 'Chime' as a struct: synthesized Codable writes",
        ])

        let courier = SwiftImport.run(try Self.sources(["CourierAttributes.swift"]), swiftOutput: "CourierAttributes.swift")
        XCTAssertNotNil(courier.schema)
        assertPrefixes(Self.located(courier), [
            "CourierAttributes.swift:14:8 note [import-changed] 'CourierAttributes' conforms to ActivityAttributes through 'TrackedActivityAttributes', declared in the files import reads",
        ])
    }

    /// The app's and the widget's copy of one struct, found in a folder: the last is read, and
    /// a warning at the other says to list both in `outputs.swift` and names what differs.
    func testTwoCopiesOfTheAttributesAreNamedWithTheirDrift() throws {
        let app = SwiftSourceSet.File(path: "modules/live/ios/TripAttributes.swift", text: "struct TripAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var eta: Date }\n    var trip: String\n}\n")
        let widget = SwiftSourceSet.File(path: "targets/widget/TripAttributes.swift", text: "struct TripAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var eta: Date; var late: Bool? }\n    var trip: String\n}\n")
        let same = SwiftImport.run(SwiftSourceSet([app, app]), swiftOutput: "A.swift")
        XCTAssertNotNil(same.schema)
        XCTAssertEqual(Self.located(same), ["modules/live/ios/TripAttributes.swift:1:8 warning [import-changed] 'TripAttributes' is declared here too (a second copy, as an app and its widget extension often keep); import read the copy declared last among the files given; add this file to `outputs.swift` too, so generate writes both copies and check keeps them identical"])
        let drifted = SwiftImport.run(SwiftSourceSet([app, widget]), swiftOutput: "A.swift")
        XCTAssertEqual(drifted.attributesFile, "targets/widget/TripAttributes.swift")
        XCTAssertTrue(try XCTUnwrap(drifted.schema).contains("late:"), "the copy declared last is read")
        assertPrefixes(Self.located(drifted), ["modules/live/ios/TripAttributes.swift:1:8 warning [import-changed] 'TripAttributes' is declared here too (a second copy, as an app and its widget extension often keep); import read the copy declared last among the files given; the copies differ (ContentState.late), so"])
    }

    /// A field named like an FCM envelope key (`activityId`, common in real attributes) keeps its
    /// APNs key and travels on FCM under `<name>Value`, with a note.
    func testEnvelopeKeyNamesGetABridgeName() throws {
        let result = SwiftImport.run(source: """
        struct DealAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var event: String }
            var activityId: String
        }
        """, path: "A.swift", swiftOutput: "A.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("bridgeName: activityIdValue") && schema.contains("bridgeName: eventValue"), schema)
        XCTAssertEqual(Self.located(result), [
            "A.swift:2:50 note [import-changed] 'event' is a key of the FCM envelope, so on FCM the field travels as 'eventValue' (bridgeName; APNs keeps 'event')",
            "A.swift:3:9 note [import-changed] 'activityId' is a key of the FCM envelope, so on FCM the field travels as 'activityIdValue' (bridgeName; APNs keeps 'activityId')",
        ])
    }

    /// Associated values stay refused, at the case, with the JSON synthesized Codable writes.
    func testAssociatedValuesAreRefusedAtTheCaseWithTheirJSON() {
        let result = SwiftImport.run(source: """
        struct GapAttributes: ActivityAttributes {
            enum Distance: Codable, Hashable {
                case known(meters: Int, _ note: String, Bool)
                case unavailable
            }
            struct ContentState: Codable, Hashable { var distance: Distance }
        }
        """, path: "A.swift", swiftOutput: "A.swift")
        XCTAssertNil(result.schema)
        XCTAssertEqual(Self.located(result), [#"A.swift:3:14 error [import-unsupported] case 'known' of 'Distance' has associated values, which synthesized Codable writes as {"known": {"meters": ..., "_1": ..., "_2": ...}} (an object keyed by the case); the schema's enums are strings and its structs cannot say "exactly one of these keys", so it cannot be imported: to adopt livecontract, make it a String-raw enum and move the values into optional fields beside it (a different JSON, so the senders change too)"#])
    }

    /// Import -> generate -> compile the originals and the generated declarations, each with
    /// the same driver -> both decode every sample alike and re-encode the same bytes.
    func testOriginalAndGeneratedDecodeAndEncodeTheSameJSON() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let work = TestSupport.temporaryDirectory("lc-import-sources")
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        var generated: [String] = []
        for (number, item) in Self.cases.enumerated() {
            let result = SwiftImport.run(try Self.sources(item.files), typeName: item.type, swiftOutput: "Generated\(number).swift")
            let schema = try XCTUnwrap(result.schema, "\(item.files): \(result.diagnostics.items)")
            let folder = work.appendingPathComponent("case\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let schemaFile = folder.appendingPathComponent("livecontract.yaml")
            try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
            guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
                return XCTFail("\(item.files): the imported schema does not load")
            }
            let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
            let name = item.type ?? FileSystem.fileName(of: item.files[0]).replacingOccurrences(of: ".swift", with: "")
            XCTAssertTrue(swift.contents.contains("struct \(name): Codable, Hashable, Sendable {"), "a struct, whatever the original was:\n\(swift.contents)")
            let path = folder.appendingPathComponent(swift.path)
            try swift.contents.write(to: path, atomically: true, encoding: .utf8)
            generated.append(path.path)
        }
        let samples = Self.cases.flatMap(\.samples)
        let driver = work.appendingPathComponent("SourcesDriver.swift")
        try ImportShapesTests.driverSource(samples).write(to: driver, atomically: true, encoding: .utf8)
        let originals = Array(Set(Self.cases.flatMap(\.files))).sorted().map { Self.folder.appendingPathComponent($0).path }
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

    /// Through the binary: a folder is read whole (a file the reader cannot follow is skipped
    /// with a warning at its position), the attributes file becomes `outputs.swift` whatever
    /// the order, `generate --force` replaces only it, and `check` then passes. A missing type
    /// is an error at its use, exit 2, nothing written.
    func testCommandLineReadsAFolderAndNamesTheAttributesFile() throws {
        let root = TestSupport.temporaryDirectory("lc-import-folder")
        defer { try? FileManager.default.removeItem(at: root) }
        let widget = root.appendingPathComponent("App/Widget"), shared = root.appendingPathComponent("App/Shared")
        for folder in [widget, shared, root.appendingPathComponent("App/.build")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("convoy/ConvoyAttributes.swift"), to: widget.appendingPathComponent("ConvoyAttributes.swift"))
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("convoy/Shared/ConvoyModels.swift"), to: shared.appendingPathComponent("ConvoyModels.swift"))
        try "import SwiftUI\n#if os(iOS)\nstruct Badge: View {}\n".write(to: shared.appendingPathComponent("Badge.swift"), atomically: true, encoding: .utf8)
        try "struct Vehicle {}\n".write(to: root.appendingPathComponent("App/.build/Stale.swift"), atomically: true, encoding: .utf8)
        let binary = TestSupport.binary.path
        let environment = ["NO_COLOR": "1"]

        let missing = try TestSupport.run(binary, ["import", "App/Widget/ConvoyAttributes.swift", "--output", "livecontract.yaml"], in: root, environment: environment)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("App/Widget/ConvoyAttributes.swift:8:13: error: 'Vehicle' is not declared in the files import reads"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("livecontract.yaml").path))

        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Empty/.git"), withIntermediateDirectories: true)
        try "struct Vehicle {}\n".write(to: root.appendingPathComponent("App/Empty/.git/Hidden.swift"), atomically: true, encoding: .utf8)
        let empty = try TestSupport.run(binary, ["import", "App/Empty"], in: root, environment: environment)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.hasPrefix("App/Empty:1:1: error: 'App/Empty' holds no .swift file") && empty.stderr.hasSuffix("[import-unreadable]\n"), empty.stderr)

        let folder = try TestSupport.run(binary, ["import", "App", "--output", "livecontract.yaml"], in: root, environment: environment)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertEqual(folder.stderr, "App/Shared/Badge.swift:2:1: warning: skipped: cannot read this Swift: missing '#endif' for the '#if' at 2:1 (a file found in the folder 'App'; name it on its own if it declares a type the contract uses) [import-changed]\n")
        let schema = try String(contentsOf: root.appendingPathComponent("livecontract.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("  swift: [App/Widget/ConvoyAttributes.swift]\n") && schema.contains("  Vehicle:\n"), schema)

        let reordered = try TestSupport.run(binary, ["import", "App/Shared/ConvoyModels.swift", "App/Widget/ConvoyAttributes.swift"], in: root, environment: environment)
        XCTAssertEqual(reordered.status, 0, reordered.stderr)
        XCTAssertEqual(reordered.stdout, schema, "the models file first names the same outputs.swift")

        let generated = try TestSupport.run(binary, ["generate", "--force"], in: root, environment: environment)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(try String(contentsOf: widget.appendingPathComponent("ConvoyAttributes.swift"), encoding: .utf8).hasPrefix("// generated by livecontract"))
        XCTAssertEqual(try Data(contentsOf: shared.appendingPathComponent("ConvoyModels.swift")), try Data(contentsOf: Self.folder.appendingPathComponent("convoy/Shared/ConvoyModels.swift")))
        let checked = try TestSupport.run(binary, ["check"], in: root, environment: environment)
        XCTAssertEqual(checked.status, 0, checked.stderr + checked.stdout)
    }

    /// Through the binary: a type no file named declares is looked up in the repository that
    /// holds the attributes file (the nearest folder above it with `.git`), across several
    /// rounds (a type found uses another), nearest declaration first, each file read said in a
    /// note; `.git` itself and linked folders are never read; a name declared equally near
    /// in two files is left to the user, and the import fails as before.
    func testCommandLineLooksUpMissingTypesInTheRepository() throws {
        let root = TestSupport.temporaryDirectory("lc-import-project")
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = TestSupport.temporaryDirectory("lc-import-project-outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        for folder in ["repo/.git", "repo/App/Widget", "repo/App/Models", "repo/Tools"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func write(_ text: String, _ path: String, in base: URL = root) throws {
            try text.write(to: base.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("convoy/ConvoyAttributes.swift"), to: root.appendingPathComponent("repo/App/Widget/ConvoyAttributes.swift"))
        try write("struct Vehicle: Codable, Hashable {\n    struct Position: Codable, Hashable {\n        var lat: Double\n        var lon: Double\n    }\n\n    var plate: String\n    var kind: VehicleKind\n    var position: Position?\n}\n", "repo/App/Models/Vehicle.swift")
        try write("enum VehicleKind: String, Hashable {\n    case truck\n    case van = \"VAN\"\n}\n", "repo/App/Models/Kinds.swift")
        try write("// Codable comes from here.\nextension VehicleKind: Codable {}\n", "repo/Tools/Conformances.swift")
        try write("enum ConvoyPhase: String, Codable, Hashable {\n    case forming, moving, arrived\n}\n\nenum Depot {\n    enum Code: String, Codable, Hashable {\n        case north, south\n    }\n}\n", "repo/App/Models/Phase.swift")
        // Farther from the attributes than App/Models, in `.git`, behind a link, or a comment:
        // none of them may be read.
        try write("struct Depot { var far: Int }\n", "repo/Tools/Depot.swift")
        try write("struct ConvoyPhase { var decoy: Int }\n", "repo/.git/Decoy.swift")
        try write("struct Vehicle { var linked: Int }\n", "Vehicle.swift", in: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("repo/App/Linked"), withDestinationURL: outside)
        try write("// enum ConvoyPhase was here\n", "repo/App/Widget/Notes.swift")
        let binary = TestSupport.binary.path
        let environment = ["NO_COLOR": "1"]

        let found = try TestSupport.run(binary, ["import", "App/Widget/ConvoyAttributes.swift"], in: root.appendingPathComponent("repo"), environment: environment)
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertEqual(found.stderr.split(separator: "\n").map(String.init), [
            "App/Models/Phase.swift:1:1: note: import read this file too, for 'ConvoyPhase', 'Depot', which none of the files named declares (found in the project '.'); name it on the command line to make that explicit [import-changed]",
            "App/Models/Vehicle.swift:1:1: note: import read this file too, for 'Vehicle', which none of the files named declares (found in the project '.'); name it on the command line to make that explicit [import-changed]",
            "App/Models/Kinds.swift:1:1: note: import read this file too, for 'VehicleKind', which none of the files named declares (found in the project '.'); name it on the command line to make that explicit [import-changed]",
            "Tools/Conformances.swift:2:1: note: import read this file too, for 'extension VehicleKind', which none of the files named declares (found in the project '.'); name it on the command line to make that explicit [import-changed]",
        ])
        let named = try TestSupport.run(binary, ["import", "App/Widget/ConvoyAttributes.swift", "App/Models/Phase.swift", "App/Models/Vehicle.swift", "App/Models/Kinds.swift", "Tools/Conformances.swift"], in: root.appendingPathComponent("repo"), environment: environment)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stderr, "", "every type named: nothing looked up")
        XCTAssertEqual(found.stdout, named.stdout, "the schema is the one import writes with every file named (in the order found)")
        XCTAssertTrue(found.stdout.contains("  VehicleKind: { enum: [truck, { van: VAN }] }\n") && !found.stdout.contains("far") && !found.stdout.contains("decoy") && !found.stdout.contains("linked"), found.stdout)

        // Outside a repository only the attributes file's own folder is searched.
        try FileManager.default.removeItem(at: root.appendingPathComponent("repo/.git"))
        let alone = try TestSupport.run(binary, ["import", "App/Widget/ConvoyAttributes.swift"], in: root.appendingPathComponent("repo"), environment: environment)
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.hasPrefix("App/Widget/ConvoyAttributes.swift:8:13: error: 'Vehicle' is not declared in the files import reads"), alone.stderr)

        // Two declarations equally near: neither is guessed.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/App/Legacy"), withIntermediateDirectories: true)
        try write("enum VehicleKind: String, Codable { case bike }\n", "repo/App/Legacy/Kinds.swift")
        let twice = try TestSupport.run(binary, ["import", "App/Widget/ConvoyAttributes.swift"], in: root.appendingPathComponent("repo"), environment: environment)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("App/Widget/ConvoyAttributes.swift:1:1: note: 'VehicleKind' is declared in none of the files named, and in several files of the project ('App/Legacy/Kinds.swift', 'App/Models/Kinds.swift'); name the one the widget uses [import-changed]"), twice.stderr)
        XCTAssertTrue(twice.stderr.contains("App/Models/Vehicle.swift:8:9: error: 'VehicleKind' is not declared in the files import reads"), twice.stderr)
    }

    /// Through the binary: a type that conforms to a protocol declared elsewhere in the
    /// repository is looked up even though the named file alone imports, so custom coding in
    /// that protocol's extension is refused instead of imported as stored properties.
    func testCommandLineLooksUpProtocolsWhoseExtensionsMayCode() throws {
        let root = TestSupport.temporaryDirectory("lc-import-protocol")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in [".git", "Widget", "Shared"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "struct ParkingAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var minutesLeft: Int }\n    var plate: Plate\n}\nstruct Plate: Hashable, TextValue { let text: String }\n"
            .write(to: root.appendingPathComponent("Widget/ParkingAttributes.swift"), atomically: true, encoding: .utf8)
        let binary = TestSupport.binary.path
        let alone = try TestSupport.run(binary, ["import", "Widget/ParkingAttributes.swift"], in: root, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(alone.status, 0, "no file declares TextValue: the stored properties are all there is to read")
        XCTAssertTrue(alone.stdout.contains("      text: { type: string }\n"), alone.stdout)

        try "protocol TextValue: Codable { var text: String { get }; init(text: String) }\nextension TextValue {\n    init(from decoder: Decoder) throws { self.init(text: try decoder.singleValueContainer().decode(String.self)) }\n}\n"
            .write(to: root.appendingPathComponent("Shared/TextValue.swift"), atomically: true, encoding: .utf8)
        let found = try TestSupport.run(binary, ["import", "Widget/ParkingAttributes.swift"], in: root, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(found.status, 2, found.stdout)
        XCTAssertEqual(found.stdout, "")
        XCTAssertTrue(found.stderr.contains("Shared/TextValue.swift:1:1: note: import read this file too, for 'TextValue'"), found.stderr)
        XCTAssertTrue(found.stderr.contains("Widget/ParkingAttributes.swift:5:8: error: 'Plate' conforms to 'TextValue', whose extension implements init(from:)"), found.stderr)
    }

    /// Through the binary: Xcode's template keeps the attributes in the widget's own file.
    /// import then names a file of its own for the generated copy (warning at the first other
    /// declaration), `generate` creates it without --force, and the widget's file is untouched.
    func testAttributesBesideTheWidgetGetAFileOfTheirOwn() throws {
        let root = TestSupport.temporaryDirectory("lc-import-beside")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Widget"), withIntermediateDirectories: true)
        let widget = """
        import ActivityKit
        import SwiftUI

        struct OvenAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var degrees: Int }
            var dish: String
        }

        struct OvenLiveActivity: Widget {
            var body: some WidgetConfiguration { EmptyWidgetConfiguration() }
        }

        extension OvenAttributes {
            static var preview: OvenAttributes { OvenAttributes(dish: "Bread") }
        }

        #Preview("Oven", as: .content, using: OvenAttributes.preview) {
            OvenLiveActivity()
        } contentStates: {
            OvenAttributes.ContentState(degrees: 180)
        }

        """
        let path = root.appendingPathComponent("Widget/OvenLiveActivity.swift")
        try widget.write(to: path, atomically: true, encoding: .utf8)
        let binary = TestSupport.binary.path
        let environment = ["NO_COLOR": "1"]
        let imported = try TestSupport.run(binary, ["import", "Widget/OvenLiveActivity.swift", "--output", "livecontract.yaml"], in: root, environment: environment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "Widget/OvenLiveActivity.swift:9:8: warning: this file also holds struct OvenLiveActivity, an extension of OvenAttributes, #Preview, which the generated file will not contain, so `outputs.swift` names a file of its own for the generated OvenAttributes, 'Widget/OvenAttributes.swift' (replacing this file would delete them); after `livecontract generate`, delete the hand-written OvenAttributes from this file, since Swift refuses two declarations of it [import-changed]\n")
        XCTAssertTrue(imported.stdout.hasSuffix("next: review it, run `livecontract generate livecontract.yaml`, then delete the hand-written OvenAttributes from 'Widget/OvenLiveActivity.swift' (the generated copy is 'Widget/OvenAttributes.swift')\n"), imported.stdout)
        let schema = try String(contentsOf: root.appendingPathComponent("livecontract.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("  swift: [Widget/OvenAttributes.swift]\n"), schema)
        XCTAssertTrue(schema.contains("# Review it, then run `livecontract generate` and delete the hand-written struct from\n# OvenLiveActivity.swift, which holds other code too"), schema)

        let generated = try TestSupport.run(binary, ["generate"], in: root, environment: environment)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), widget, "the widget's file is never replaced")
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("Widget/OvenAttributes.swift"), encoding: .utf8).contains("struct OvenAttributes"))

        // A file of that name that exists already (the app's own) is not taken.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Other"), withIntermediateDirectories: true)
        try widget.write(to: root.appendingPathComponent("Other/OvenLiveActivity.swift"), atomically: true, encoding: .utf8)
        try "// the app's own notes\n".write(to: root.appendingPathComponent("Other/OvenAttributes.swift"), atomically: true, encoding: .utf8)
        let taken = try TestSupport.run(binary, ["import", "Other/OvenLiveActivity.swift"], in: root, environment: environment)
        XCTAssertEqual(taken.status, 0, taken.stderr)
        XCTAssertTrue(taken.stdout.contains("  swift: [Other/OvenAttributes.generated.swift]\n"), taken.stdout)

        // A file that holds only the contract stays `outputs.swift`, to be replaced.
        let alone = "struct OvenAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var degrees: Int }\n    var dish: String\n}\nextension OvenAttributes: Sendable {}\n"
        try alone.write(to: root.appendingPathComponent("Widget/Only.swift"), atomically: true, encoding: .utf8)
        let only = try TestSupport.run(binary, ["import", "Widget/Only.swift"], in: root, environment: environment)
        XCTAssertEqual(only.status, 0, only.stderr)
        XCTAssertTrue(only.stdout.contains("  swift: [Widget/Only.swift]\n"), only.stdout)
    }
}
