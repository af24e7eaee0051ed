import Foundation
import XCTest
@testable import LiveContract

/// `livecontract import`: hand-written ActivityAttributes files of realistic shapes
/// (Tests/Fixtures/import) become schemas whose generated Swift encodes the same JSON.
/// The round trip compiles the originals and the generated code with the same driver and
/// compares what both encode; Unsupported.swift collects what must be refused.
final class ImportTests: XCTestCase {
    static let fixtures = TestSupport.repoRoot.appendingPathComponent("Tests/Fixtures/import")
    static let shapes = ["DeliveryAttributes", "RideAttributes", "MatchAttributes", "WorkoutAttributes"]

    /// Imports a fixture the way `livecontract import X.swift` run inside its folder does.
    func importFixture(_ name: String) throws -> SwiftImportResult {
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent(name + ".swift"), encoding: .utf8)
        return SwiftImport.run(source: source, path: name + ".swift", swiftOutput: name + ".swift")
    }

    /// The schemas are goldens next to their Swift files; LIVECONTRACT_UPDATE_GOLDENS=1 rewrites them.
    func testImportedSchemasMatchGoldens() throws {
        let update = ProcessInfo.processInfo.environment["LIVECONTRACT_UPDATE_GOLDENS"] == "1"
        for name in Self.shapes {
            let result = try importFixture(name)
            XCTAssertFalse(result.diagnostics.hasErrors, "\(name): \(result.diagnostics.items)")
            let schema = try XCTUnwrap(result.schema, name)
            let golden = Self.fixtures.appendingPathComponent(name + ".yaml")
            if update {
                try schema.write(to: golden, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(schema, try String(contentsOf: golden, encoding: .utf8), "\(name): run with LIVECONTRACT_UPDATE_GOLDENS=1 and review the diff")
            }
        }
    }

    func testWhatTheSchemaReadsDifferentlyIsANoteAtItsPosition() throws {
        let notes = try Self.shapes.flatMap { try importFixture($0).diagnostics.items }.map(\.description)
        XCTAssertEqual(notes, [
            "DeliveryAttributes.swift:18:20: note: 'riderReassigned' has an initial value, but synthesized Codable still requires the key, so the schema field is required too (no `default:`); the generated init takes 'riderReassigned' without a default value [import-changed]",
            "DeliveryAttributes.swift:5:15: note: the generated DeliveryAttributes holds only the contract, so what the app's code may use besides (typealias DeliveryStatus, var etaText, static let preview) is kept as written in 'DeliveryAttributes+App.swift' beside it, an extension file import writes with --output and livecontract never writes again; keep it in the targets that compile the generated copy [import-changed]",
            "MatchAttributes.swift:5:12: note: ContentState is an alias of 'MatchState'; the generated code declares the struct as MatchAttributes.ContentState, so code that names 'MatchState' must use that name [import-changed]",
            "MatchAttributes.swift:9:9: note: 'league' has an initial value, but synthesized Codable still requires the key, so the schema field is required too (no `default:`); the generated init takes 'league' without a default value [import-changed]",
            "MatchAttributes.swift:4:8: note: the generated MatchAttributes holds only the contract, so what the app's code may use besides (static let preview) is kept as written in 'MatchAttributes+App.swift' beside it, an extension file import writes with --output and livecontract never writes again; keep it in the targets that compile the generated copy [import-changed]",
            "WorkoutAttributes.swift:7:13: note: TimeInterval is Double: the schema says double and the generated code 'Double' (same JSON) [import-changed]",
            "WorkoutAttributes.swift:15:13: note: 'badges' has an initial value, but synthesized Codable still requires the key, so the schema field is required too (no `default:`); the generated init takes 'badges' without a default value [import-changed]",
        ])
    }

    /// Import -> generate -> the generated structs encode exactly the JSON the hand-written
    /// ones encode for the same values (both compiled with Tests/Fixtures/import/ImportDriver.swift).
    func testGeneratedCodeEncodesTheSameJSONAsTheOriginal() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let work = TestSupport.temporaryDirectory("lc-import")
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = try Self.buildActivityKitShim(swiftc: swiftc, in: work)
        let driver = Self.fixtures.appendingPathComponent("ImportDriver.swift").path
        let originals = Self.shapes.map { Self.fixtures.appendingPathComponent($0 + ".swift").path }

        var generated: [String] = []
        for name in Self.shapes {
            let schema = try XCTUnwrap(try importFixture(name).schema, name)
            let folder = work.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let schemaFile = folder.appendingPathComponent("livecontract.yaml")
            try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
            guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
                return XCTFail("\(name): the imported schema does not load")
            }
            let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
            let path = folder.appendingPathComponent(swift.path)
            try swift.contents.write(to: path, atomically: true, encoding: .utf8)
            generated.append(path.path)
        }

        let before = try Self.compileAndRun(swiftc: swiftc, sources: originals + [driver], shim: shim, output: work.appendingPathComponent("original"))
        let after = try Self.compileAndRun(swiftc: swiftc, sources: generated + [driver], shim: shim, output: work.appendingPathComponent("generated"))
        let lines = before.split(separator: "\n")
        XCTAssertEqual(lines.count, 12, before)
        XCTAssertFalse(before.contains("ROUND-TRIP-MISMATCH") || after.contains("ROUND-TRIP-MISMATCH"), before + after)
        for (original, regenerated) in zip(lines, after.split(separator: "\n")) {
            XCTAssertEqual(String(regenerated), String(original))
        }
        XCTAssertTrue(before.contains(#""eta":[763758720,763759050.5]"#), "ClosedRange<Date> is a two-item array: \(before)")
    }

    /// A static ActivityKit module with the one protocol, so the files compile unchanged on
    /// Linux, `import ActivityKit` and the generated `#if canImport(ActivityKit)` included.
    static func buildActivityKitShim(swiftc: String, in work: URL) throws -> URL {
        let folder = work.appendingPathComponent("ActivityKit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("ActivityKit.swift")
        try """
        public protocol ActivityAttributes: Decodable, Encodable {
            associatedtype ContentState: Decodable & Encodable & Hashable
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let result = try TestSupport.run(swiftc, ["-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", "ActivityKit",
                                                  "-emit-module-path", folder.appendingPathComponent("ActivityKit.swiftmodule").path,
                                                  "-o", folder.appendingPathComponent("libActivityKit.a").path, source.path], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return folder
    }

    /// Swift 5 language mode, as most app code that `import` reads is written in.
    static func compileAndRun(swiftc: String, sources: [String], shim: URL, output: URL) throws -> String {
        let compiled = try TestSupport.run(swiftc, ["-parse-as-library", "-swift-version", "5", "-I", shim.path, "-L", shim.path, "-lActivityKit",
                                                    "-o", output.path] + sources)
        guard compiled.status == 0 else { throw SwiftcFailure(message: compiled.stderr + compiled.stdout) }
        let ran = try TestSupport.run(output.path, [])
        XCTAssertEqual(ran.status, 0, ran.stderr)
        return ran.stdout
    }

    func testWhatTheSchemaCannotExpressIsAnErrorAtItsPosition() throws {
        let result = try importFixture("Unsupported")
        XCTAssertNil(result.schema, "nothing is written when anything cannot be expressed")
        let found = result.diagnostics.sorted.map { "\($0.location!.line):\($0.location!.column) \($0.severity.rawValue) [\($0.rule)] \($0.message.prefix(41))" }
        XCTAssertEqual(found, [
            "8:13 error [import-unsupported] '[Int: String]': only String-keyed dictio",
            "9:13 error [import-unsupported] 'Data' has no schema form; its Codable JS",
            "10:13 error [import-unsupported] 'Float16' has no schema form; the schema'",
            "11:22 error [import-unsupported] '@Clamped level': a property wrapper chan",
            "12:13 warning [import-changed] 'let version = 2' is never decoded (synth",
            "18:13 error [import-unsupported] 'ContentState' writes its own init(from:)",
            "28:14 error [import-unsupported] case 'goal' of 'GameEvent' has associated",
            "29:14 error [import-unsupported] case 'card' of 'GameEvent' has associated",
            "37:10 error [import-unsupported] enum 'TeamColor' has Character raw values",
            "42:13 note [import-changed] 'id' is left out of CodingKeys, so it nev",
        ])
    }

    /// The installed binary: import to a file, replace the hand-written copy with `generate
    /// --force`, then `check` passes; an unsupported file exits 2 and writes nothing.
    func testCommandLineImportThenGenerateThenCheck() throws {
        let folder = TestSupport.temporaryDirectory("lc-import-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ios = folder.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
        for name in ["RideAttributes", "Unsupported"] {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name + ".swift"), to: ios.appendingPathComponent(name + ".swift"))
        }
        let binary = TestSupport.binary.path
        let imported = try TestSupport.run(binary, ["import", "ios/RideAttributes.swift", "--output", "livecontract.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let schema = try String(contentsOf: folder.appendingPathComponent("livecontract.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("  swift: [ios/RideAttributes.swift]"), schema)
        let refused = try TestSupport.run(binary, ["generate"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(refused.status, 2, "the hand-written file has no generated header: \(refused.stderr)")
        let generated = try TestSupport.run(binary, ["generate", "--force"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(try TestSupport.run(binary, ["check"], in: folder).status, 0)

        let again = try TestSupport.run(binary, ["import", "ios/RideAttributes.swift", "--output", "livecontract.yaml"], in: folder)
        XCTAssertEqual(again.status, 2, "an existing schema is not overwritten without --force")
        let unsupported = try TestSupport.run(binary, ["import", "ios/Unsupported.swift"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(unsupported.status, 2)
        XCTAssertEqual(unsupported.stdout, "")
        XCTAssertTrue(unsupported.stderr.contains("ios/Unsupported.swift:28:14: error: case 'goal' of 'GameEvent' has associated values"), unsupported.stderr)
    }
}
