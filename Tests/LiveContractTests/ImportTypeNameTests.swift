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

        let work = TestSupport.temporaryDirectory("lc-import-typename")
        defer { try? FileManager.default.removeItem(at: work) }
        let withOutputs = schema.replacingOccurrences(of: "  swift: [RelayLive.swift]\n", with: "  swift: [RelayLive.swift]\n  typescript: relay.ts\n  fixtures: fixtures\n")
        let schemaFile = work.appendingPathComponent("livecontract.yaml")
        try withOutputs.write(to: schemaFile, atomically: true, encoding: .utf8)
        guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
            return XCTFail("the imported schema does not load:\n\(withOutputs)")
        }
        let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
        XCTAssertTrue(swift.contents.contains("struct RelayLive: Codable, Hashable, Sendable {"), swift.contents)
        XCTAssertTrue(swift.contents.contains("extension RelayLive: ActivityAttributes {}"), swift.contents)
        XCTAssertFalse(swift.contents.contains("RelayLiveAttributes"), swift.contents)
        let typescript = try XCTUnwrap(loaded.files.first { $0.path.hasSuffix("relay.ts") }?.contents)
        XCTAssertTrue(typescript.contains("'attributes-type': 'RelayLive'"), "the start payload's attributes-type is the Swift name:\n\(typescript)")
        let starts = loaded.files.filter { $0.path.contains("fixtures") && $0.contents.contains("\"attributes-type\"") }
        XCTAssertFalse(starts.isEmpty)
        for file in starts {
            XCTAssertTrue(file.contents.contains("\"attributes-type\": \"RelayLive\""), "\(file.path):\n\(file.contents)")
        }

        let swiftc = try TestSupport.requireTool("swiftc")
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        let samples = [
            ImportShapesTests.Sample(label: "relay.attributes", type: "RelayLive", json: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","team":"blue"}"#),
            ImportShapesTests.Sample(label: "relay.noId", type: "RelayLive", json: #"{"team":"blue"}"#, decodes: false),
            ImportShapesTests.Sample(label: "relay.state", type: "RelayLive.ContentState", json: #"{"runner":"Ana","leg":2,"handoffAt":700000000.5}"#),
            ImportShapesTests.Sample(label: "relay.start", type: "RelayLive.ContentState", json: #"{"runner":"Ana","leg":1,"handoffAt":null}"#),
        ]
        let driver = work.appendingPathComponent("Driver.swift"), original = work.appendingPathComponent("Original.swift")
        try ImportShapesTests.driverSource(samples).write(to: driver, atomically: true, encoding: .utf8)
        try Self.source.write(to: original, atomically: true, encoding: .utf8)
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
    }
}
