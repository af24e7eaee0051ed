import Foundation
import XCTest
@testable import LiveContract

/// Attributes structs whose name does not end in `Attributes` (a Flutter plugin's
/// `FlutterLiveActivities`, a bare `Attributes`): ActivityKit matches the app's and the widget's
/// type by name, so import keeps it with `attributesType:`, the generated Swift declares that
/// very type, APNs payloads name it in `attributes-type`, and the compiled round trip matches.
final class ImportTypeNameTests: XCTestCase {
    static let source = """
    import ActivityKit
    import Foundation

    /// A relay race leg on the Lock Screen.
    struct RelayLive: ActivityAttributes, Identifiable {
        public typealias LiveData = ContentState

        public struct ContentState: Codable, Hashable {
            var runner: String
            var leg: Int
            var handoffAt: Date?
        }

        var id = UUID()
        var team: String
    }
    """

    func testTheSwiftNameIsKeptAndEveryOutputUsesIt() throws {
        let result = SwiftImport.run(source: Self.source, path: "RelayLive.swift", swiftOutput: "RelayLive.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("name: RelayLive\nattributesType: RelayLive\n"), schema)
        let notes = result.diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) \($0.message)" }
        XCTAssertTrue(notes.contains("5:8 note 'RelayLive' does not end in 'Attributes', so the schema keeps its Swift name with `attributesType: RelayLive` (ActivityKit matches the app's and the widget's type, and APNs its attributes-type, by that name); Kotlin and TypeScript name their types RelayLiveAttributes and RelayLiveState"), "\(notes)")

        let samples = [
            ImportShapesTests.Sample(label: "relay.attributes", type: "RelayLive", json: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","team":"blue"}"#),
            ImportShapesTests.Sample(label: "relay.noId", type: "RelayLive", json: #"{"team":"blue"}"#, decodes: false),
            ImportShapesTests.Sample(label: "relay.state", type: "RelayLive.ContentState", json: #"{"runner":"Ana","leg":2,"handoffAt":700000000.5}"#),
            ImportShapesTests.Sample(label: "relay.start", type: "RelayLive.ContentState", json: #"{"runner":"Ana","leg":1,"handoffAt":null}"#),
        ]
        try checkOutputsAndRoundTrip(schema: schema, source: Self.source, swiftFile: "RelayLive.swift", typeName: "RelayLive", contractName: "RelayLive", samples: samples)
    }

    /// Xcode's widget template names the struct after the extension target, which Flutter and
    /// React Native guides keep lower-case: the contract gets an upper-case name of its own
    /// and the Swift name stays, so ActivityKit still finds the app's and the widget's type.
    static let targetNamedSource = """
    import ActivityKit
    import Foundation

    // The widget extension target is called tide_watch.
    struct tide_watchAttributes: ActivityAttributes {
        public struct ContentState: Codable, Hashable {
            var heightMeters: Double
            var nextHighTide: Date
        }

        var harbour: String
    }
    """

    func testALowerCaseTargetNameGetsAContractNameAndKeepsItsSwiftName() throws {
        let result = SwiftImport.run(source: Self.targetNamedSource, path: "tide_watch.swift", swiftOutput: "tide_watch.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("name: TideWatch\nattributesType: tide_watchAttributes\n"), schema)
        let notes = result.diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) \($0.message)" }
        XCTAssertTrue(notes.contains("5:8 note 'tide_watchAttributes' does not start with an upper-case letter, which the other languages' type names need, so the contract is named 'TideWatch' and the schema keeps the Swift name with `attributesType: tide_watchAttributes` (ActivityKit matches the app's and the widget's type, and APNs its attributes-type, by that name); Kotlin and TypeScript name their types TideWatchAttributes and TideWatchState"), "\(notes)")
        let samples = [
            ImportShapesTests.Sample(label: "tide.attributes", type: "tide_watchAttributes", json: #"{"harbour":"Kiel"}"#),
            ImportShapesTests.Sample(label: "tide.state", type: "tide_watchAttributes.ContentState", json: #"{"heightMeters":1.25,"nextHighTide":760000000}"#),
            ImportShapesTests.Sample(label: "tide.noHeight", type: "tide_watchAttributes.ContentState", json: #"{"nextHighTide":760000000}"#, decodes: false),
        ]
        try checkOutputsAndRoundTrip(schema: schema, source: Self.targetNamedSource, swiftFile: "tide_watch.swift", typeName: "tide_watchAttributes", contractName: "TideWatch", samples: samples)
    }

    /// Generates Swift, TypeScript and fixtures from the imported schema, checks that each
    /// uses the Swift type name where ActivityKit and APNs need it, then compiles the original
    /// and the generated Swift with one driver and compares what both decode and re-encode.
    func checkOutputsAndRoundTrip(schema: String, source: String, swiftFile: String, typeName: String, contractName: String,
                                  samples: [ImportShapesTests.Sample]) throws {
        let work = TestSupport.temporaryDirectory("lc-import-typename-" + contractName)
        defer { try? FileManager.default.removeItem(at: work) }
        let withOutputs = schema.replacingOccurrences(of: "  swift: [\(swiftFile)]\n", with: "  swift: [\(swiftFile)]\n  typescript: relay.ts\n  fixtures: fixtures\n")
        let schemaFile = work.appendingPathComponent("livecontract.yaml")
        try withOutputs.write(to: schemaFile, atomically: true, encoding: .utf8)
        guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
            return XCTFail("the imported schema does not load:\n\(withOutputs)")
        }
        let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
        XCTAssertTrue(swift.contents.contains("struct \(typeName): Codable, Hashable, Sendable {"), swift.contents)
        XCTAssertTrue(swift.contents.contains("extension \(typeName): ActivityAttributes {}"), swift.contents)
        if typeName == contractName { XCTAssertFalse(swift.contents.contains(contractName + "Attributes"), swift.contents) }
        let typescript = try XCTUnwrap(loaded.files.first { $0.path.hasSuffix("relay.ts") }?.contents)
        XCTAssertTrue(typescript.contains("'attributes-type': '\(typeName)'"), "the start payload's attributes-type is the Swift name:\n\(typescript)")
        let starts = loaded.files.filter { $0.path.contains("fixtures") && $0.contents.contains("\"attributes-type\"") }
        XCTAssertFalse(starts.isEmpty)
        for file in starts {
            XCTAssertTrue(file.contents.contains("\"attributes-type\": \"\(typeName)\""), "\(file.path):\n\(file.contents)")
        }

        let swiftc = try TestSupport.requireTool("swiftc")
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        let driver = work.appendingPathComponent("Driver.swift"), original = work.appendingPathComponent("Original.swift")
        try ImportShapesTests.driverSource(samples).write(to: driver, atomically: true, encoding: .utf8)
        try source.write(to: original, atomically: true, encoding: .utf8)
        let generated = work.appendingPathComponent(swift.path)
        try swift.contents.write(to: generated, atomically: true, encoding: .utf8)
        let before = try ImportTests.compileAndRun(swiftc: swiftc, sources: [original.path, driver.path], shim: shim, output: work.appendingPathComponent("original"))
        let after = try ImportTests.compileAndRun(swiftc: swiftc, sources: [generated.path, driver.path], shim: shim, output: work.appendingPathComponent("generated"))
        let lines = before.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, samples.count, before)
        XCTAssertEqual(after.split(separator: "\n").map(String.init), lines, "original:\n\(before)\ngenerated:\n\(after)")
        for (sample, line) in zip(samples, lines) {
            XCTAssertEqual(!line.hasSuffix("\tDECODE-ERROR"), sample.decodes, "\(sample.label): \(line)")
        }
    }

    /// The loader checks `attributesType:` as a Swift type name and against the types nested in it.
    func testTheLoaderRefusesANameThatCannotWork() {
        func load(_ extra: String) -> [String] {
            let text = "livecontract: 1\nname: Relay\n\(extra)\nstate:\n  leg: { type: Leg }\ntypes:\n  Leg: { enum: [first, second] }\noutputs:\n  swift: [Relay.swift]\n"
            do {
                _ = try SchemaLoader.load(Array(text.utf8), path: "s.yaml")
                return []
            } catch {
                return error.diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
            }
        }
        XCTAssertEqual(load("attributesType: Leg"), ["3:17 [name-collision] attributesType 'Leg' is also the name of an entry of `types`, which the generated Swift nests inside it; rename one of them"])
        XCTAssertEqual(load("attributesType: relay-live").first?.hasPrefix("3:17 [invalid-name] 'relay-live' is not a Swift attributes type name"), true, "\(load("attributesType: relay-live"))")
        XCTAssertEqual(load("attributesType: RelayLive"), [])
        // Lower-case names are Swift's alone (Xcode's target-named structs); Swift decides.
        XCTAssertEqual(load("attributesType: relay_liveAttributes"), [])
        XCTAssertEqual(load("attributesType: _relayAttributes"), [])
        XCTAssertEqual(load("attributesType: struct"), ["3:17 [reserved-name] 'struct' cannot be the Swift attributes type name: it is a Swift keyword; rename the struct (e.g. 'structAttributes')"])
        XCTAssertEqual(load("attributesType: min"), ["3:17 [reserved-name] 'min' cannot be the Swift attributes type name: the generated Swift calls the standard function 'min', which a type of that name would hide; rename the struct (e.g. 'minAttributes')"])
        XCTAssertEqual(load("attributesType: relay-live").first?.hasPrefix("3:17 [invalid-name] 'relay-live' is not a Swift attributes type name"), true)
    }

    /// The derived contract name: words between underscores capitalised, an upper-case name
    /// left alone (nothing to derive).
    func testContractNamesDerivedFromLowerCaseSwiftNames() {
        XCTAssertEqual(SwiftImporter.contractName(fromSwift: "sunset_widget"), "SunsetWidget")
        XCTAssertEqual(SwiftImporter.contractName(fromSwift: "live_activity_test"), "LiveActivityTest")
        XCTAssertEqual(SwiftImporter.contractName(fromSwift: "myTimer"), "MyTimer")
        XCTAssertEqual(SwiftImporter.contractName(fromSwift: "_private"), "Private")
        XCTAssertNil(SwiftImporter.contractName(fromSwift: "Include_Live_Activity"))
        XCTAssertNil(SwiftImporter.contractName(fromSwift: "_2fast"))
    }
}
