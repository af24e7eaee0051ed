import Foundation
import XCTest
@testable import LiveContract

/// What used to stop real files at the reader or at the choice of the contract: `#if` where
/// Swift allows it (and where sloppy files put it), classes and SDK protocols, `let` with a
/// value, custom Codable code that is not of the readable form, `--output` outside the
/// Swift file's folder, and input nested deep enough to exhaust a recursive reader.
final class ImportBlockerTests: XCTestCase {
    func run(_ source: String, type: String? = nil) -> SwiftImportResult {
        SwiftImport.run(source: source, path: "A.swift", typeName: type, swiftOutput: "A.swift")
    }

    func located(_ result: SwiftImportResult) -> [String] {
        result.diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) [\($0.rule)] \($0.message)" }
    }

    /// An SDK conformance spliced into the inheritance clause reads as the unconditional part.
    func testConditionalConformanceInTheInheritanceClause() throws {
        let result = run("""
        struct AAttributes: ActivityAttributes
        #if canImport(OneSignalLiveActivities)
        , OneSignalLiveActivityAttributes
        #endif
        {
            struct ContentState: Codable, Hashable { var s: Int }
            var a: String
        }
        """)
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("attributes:\n  a: { type: string }\n"), schema)
        XCTAssertTrue(schema.contains("state:\n  s: { type: int }\n"), schema)
        XCTAssertEqual(located(result), ["2:1 warning [import-changed] 'AAttributes' has an #if inside; import read no branch (conditions are judged as an iOS app build with ActivityKit sees them, and modules other than Apple's as absent), so check the schema against the branch your app builds"])
    }

    func testUnbalancedConditionalsArePositioned() {
        XCTAssertEqual(located(run("struct A {}\n#endif\n")), ["2:1 error [import-syntax] cannot read this Swift: '#endif' without '#if'"])
        XCTAssertEqual(located(run("#if os(iOS)\nstruct A {}\n")), ["1:1 error [import-syntax] cannot read this Swift: missing '#endif' for the '#if' at 1:1"])
    }

    /// A class imports as a struct (same JSON) with a warning; a subclass is refused, since
    /// the superclass's stored properties are not encoded by synthesized Codable.
    func testClassAttributesImportAsAStructWithAWarning() throws {
        let result = run("class RideAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n}\n")
        XCTAssertTrue(try XCTUnwrap(result.schema, "\(result.diagnostics.items)").contains("name: Ride\n"))
        XCTAssertEqual(located(result), ["1:7 warning [import-changed] 'RideAttributes' is a class; the generated code declares the attributes as a struct: synthesized Codable writes a class's stored properties just as a struct's, so the JSON is the same, but app code that relies on reference semantics (a shared instance, `===`, subclasses) must change"])
        let state = run("struct RideAttributes: ActivityAttributes {\n    final class ContentState: Codable { var s: Int }\n}\n")
        XCTAssertTrue(try XCTUnwrap(state.schema).contains("state:\n  s: { type: int }\n"))
        XCTAssertEqual(located(state).map { $0.prefix(60) }, ["2:17 warning [import-changed] 'ContentState' is a class; the"])
        let subclass = run("class Base: Codable { var a = 0 }\nfinal class RideAttributes: Base, ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n}\n")
        XCTAssertNil(subclass.schema)
        XCTAssertEqual(located(subclass), ["2:13 error [import-unsupported] 'RideAttributes' is a subclass of 'Base'; synthesized Codable of a subclass does not encode what the superclass stores, and the schema has no inheritance, so declare the attributes as `struct RideAttributes` with all its stored properties and import again"])
        let actor = run("actor RideAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n}\n")
        XCTAssertTrue(located(actor).first?.hasPrefix("1:7 error [import-unsupported] 'RideAttributes' is an actor; livecontract generates the attributes as a struct") == true, "\(located(actor))")
    }

    /// Conformance through a protocol declared in the files (which adds no Codable code) is
    /// taken on its own, with a note; through one declared elsewhere (an SDK's) it is refused
    /// with what to do, and `--type` imports it.
    func testConformanceThroughAnotherProtocolNamesTheWayOut() throws {
        let declared = run("""
        protocol SDKLiveActivityAttributes: ActivityAttributes {}
        struct PromoAttributes: SDKLiveActivityAttributes {
            struct ContentState: Codable, Hashable { var s: Int }
            var a: String
        }
        """)
        XCTAssertTrue(try XCTUnwrap(declared.schema, "\(declared.diagnostics.items)").contains("name: Promo\n"))
        XCTAssertEqual(located(declared), ["2:8 note [import-changed] 'PromoAttributes' conforms to ActivityAttributes through 'SDKLiveActivityAttributes', declared in the files import reads and adding no Codable code, so the JSON is its own stored properties; the generated struct conforms to ActivityAttributes itself, so add `extension PromoAttributes: SDKLiveActivityAttributes {}` by hand where the app needs that protocol"])
        let source = """
        struct PromoAttributes: SDKLiveActivityAttributes {
            struct ContentState: Codable, Hashable { var s: Int }
            var a: String
        }
        """
        let refused = run(source)
        XCTAssertNil(refused.schema)
        XCTAssertEqual(located(refused), ["1:8 error [import-no-attributes] 'PromoAttributes' conforms to ActivityAttributes only through 'SDKLiveActivityAttributes', so import does not take it for the contract on its own (that protocol may add requirements the schema cannot see); pass --type PromoAttributes to import it anyway (or pass the file that declares 'SDKLiveActivityAttributes' too): the generated struct conforms to ActivityAttributes directly, and `extension PromoAttributes: SDKLiveActivityAttributes {}` keeps the other conformance"])
        let picked = run(source, type: "PromoAttributes")
        XCTAssertTrue(try XCTUnwrap(picked.schema).contains("name: Promo\n"))
        XCTAssertEqual(located(picked), ["1:8 note [import-changed] 'PromoAttributes' conforms to ActivityAttributes through 'SDKLiveActivityAttributes'; it is imported as named by --type, and the generated struct conforms to ActivityAttributes itself, so add `extension PromoAttributes: SDKLiveActivityAttributes {}` by hand where the app needs that protocol"])
        let codable = run("protocol P: ActivityAttributes {}\nextension P { init(from decoder: Decoder) throws { fatalError() } }\nstruct PromoAttributes: P {\n    struct ContentState: Codable, Hashable { var s: Int }\n}\n")
        XCTAssertNil(codable.schema, "a protocol extension with init(from:) may change the JSON")
        XCTAssertEqual(codable.diagnostics.items.map(\.rule), ["import-no-attributes"])
    }

    /// `Identifiable` (the Flutter pattern) does not change the JSON, but the generated struct
    /// lacks it, so the app's extension file declares it and a note says so.
    func testConformancesTheGeneratedStructLacksAreNoted() throws {
        let result = run("struct AAttributes: ActivityAttributes, Identifiable {\n    struct ContentState: Codable, Hashable {}\n    var id: String\n}\n")
        XCTAssertNotNil(result.schema)
        XCTAssertEqual(located(result), ["1:8 note [import-changed] the generated AAttributes holds only the contract, so what the app's code may use besides (conformance to Identifiable) is kept as written in 'AAttributes+App.swift' beside it, an extension file import writes with --output and livecontract never writes again; keep it in the targets that compile the generated copy"])
        XCTAssertTrue(try XCTUnwrap(result.appMembers).hasSuffix("\nextension AAttributes: Identifiable {}\n"), result.appMembers ?? "")
    }

    func testLetWithAValueIsLeftOutWithAWarning() throws {
        let result = run("struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        let version = 2\n        var s: Int\n    }\n}\n")
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("state:\n  s: { type: int }\n\n"))
        XCTAssertEqual(located(result).count, 1)
        XCTAssertTrue(located(result)[0].hasPrefix("3:13 warning [import-changed] 'let version = 2' is never decoded"), "\(located(result))")
    }

    /// Custom decoding that is not of the readable form is refused at the statement that is not.
    func testOtherCustomDecodingIsRefusedAtItsStatement() {
        let result = run("""
        struct AAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var a: Int
                var b: Int
                enum CodingKeys: String, CodingKey { case a, b }
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    a = try container.decode(Int.self, forKey: .a)
                    b = (try? container.decode(Int.self, forKey: .b)) ?? 0
                }
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(located(result).count, 1)
        XCTAssertTrue(located(result)[0].hasPrefix("9:17 error [import-unsupported] 'ContentState' writes its own init(from:), and this statement is not of the one form import reads"), "\(located(result))")
    }

    /// 50,000 nested brackets in a type, nested types, and interpolations: an error at the
    /// bracket that goes too deep, never a stack overflow.
    func testDeepNestingIsAnErrorNotACrash() {
        let depth = 50_000
        let brackets = "struct AAttributes: ActivityAttributes {\n    var a: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth) + "\n}\n"
        XCTAssertEqual(located(run(brackets)), ["2:59 error [import-syntax] cannot read this Swift: declarations or types nested more than 48 levels deep"])
        let types = String(repeating: "struct S {\n", count: depth) + String(repeating: "}\n", count: depth)
        XCTAssertEqual(located(run(types)), ["49:1 error [import-syntax] cannot read this Swift: declarations or types nested more than 48 levels deep"])
        let strings = "let s = " + String(repeating: #""\("#, count: depth) + String(repeating: #")""#, count: depth) + "\n"
        XCTAssertEqual(located(run(strings)), ["1:156 error [import-syntax] cannot read this Swift: string interpolations nested more than 48 levels deep"])
        let body = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n    func f() { " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + " }\n}\n"
        XCTAssertNotNil(run(body).schema, "bodies are skipped without recursion")
    }

    /// `Int???...` and `Int!!!...`: every suffix wraps the type once more, so 50,000 of them
    /// are the same error at the suffix that goes too deep, not a stack overflow (a crash, or
    /// `!`'s spelling rebuilt per suffix, quadratic) in whatever walks the type next.
    func testDeepOptionalSuffixesAreAnErrorNotACrash() {
        for suffix in ["?", "!"] {
            let file = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n    var a: Int" + String(repeating: suffix, count: 50_000) + "\n}\n"
            XCTAssertEqual(located(run(file)), ["3:61 error [import-syntax] cannot read this Swift: declarations or types nested more than 48 levels deep"], suffix)
        }
        let fine = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Int }\n    var a: Int?\n}\n"
        XCTAssertNotNil(run(fine).schema, "\(located(run(fine)))")
    }

    /// Types kept in a models file: named after the attributes file, read with it, and every
    /// position names the file it is in.
    func testTypesFromAModelsFileAreReadWithIt() throws {
        let attributes = SwiftSourceSet.File(path: "ios/MAttributes.swift", text: "import ActivityKit\n\nstruct MAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var model: Model }\n}\n")
        let models = SwiftSourceSet.File(path: "Shared/Models.swift", text: "struct Model: Codable, Hashable {\n    var a: Int\n    var mode: Mode\n}\n\nenum Mode: String, Codable { case on, off }\n")
        let result = SwiftImport.run(SwiftSourceSet([attributes, models]), swiftOutput: "ios/MAttributes.swift")
        let schema = try XCTUnwrap(result.schema, "\(result.diagnostics.items)")
        XCTAssertTrue(schema.contains("types:\n  Model:\n    fields:\n      a:    { type: int }\n      mode: { type: Mode }\n  Mode: { enum: [\"on\", \"off\"] }\n"), schema)
        let broken = SwiftSourceSet.File(path: "Shared/Models.swift", text: "struct Model: Codable, Hashable {\n    var a: Int\n    var other: Other\n}\n")
        let refused = SwiftImport.run(SwiftSourceSet([attributes, broken]), swiftOutput: "ios/MAttributes.swift")
        XCTAssertEqual(refused.diagnostics.items.map { "\($0.location!.file):\($0.location!.line):\($0.location!.column)" }, ["Shared/Models.swift:3:9"])
    }

    /// `--output` in another folder: `outputs.swift` is the Swift file's path from the
    /// schema's folder, so `generate --force` replaces that file and writes no second copy;
    /// a schema folder that does not contain the file is refused, nothing written.
    func testOutputInAnotherFolderNamesTheFileFromThere() throws {
        let folder = TestSupport.temporaryDirectory("lc-import-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ios = folder.appendingPathComponent("app/ios")
        try FileManager.default.createDirectory(at: ios, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ImportTests.fixtures.appendingPathComponent("RideAttributes.swift"), to: ios.appendingPathComponent("RideAttributes.swift"))
        let binary = TestSupport.binary.path
        let imported = try TestSupport.run(binary, ["import", "RideAttributes.swift", "--output", "../contract.yaml"], in: ios, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        let schema = try String(contentsOf: ios.deletingLastPathComponent().appendingPathComponent("contract.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("  swift: [ios/RideAttributes.swift]\n"), schema)
        let generated = try TestSupport.run(binary, ["generate", "--force", "app/contract.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: ios.path), ["RideAttributes.swift"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("app").path).sorted(), ["contract.yaml", "ios"])
        XCTAssertTrue(try String(contentsOf: ios.appendingPathComponent("RideAttributes.swift"), encoding: .utf8).hasPrefix("// generated by livecontract"))

        let outside = try TestSupport.run(binary, ["import", "app/ios/RideAttributes.swift", "--output", "config/contract.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertEqual(outside.stdout, "")
        XCTAssertTrue(outside.stderr.contains("'app/ios/RideAttributes.swift' lies outside 'config'") && outside.stderr.hasSuffix("[output-path]\n"), outside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("config").path))
    }
}
