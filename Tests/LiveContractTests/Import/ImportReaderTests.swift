import XCTest
@testable import LiveContract

/// The Swift-subset reader behind `import`: what it must read through without being fooled
/// (strings, comments, bodies, accessors), and where it must say it cannot follow.
final class ImportReaderTests: XCTestCase {
    func run(_ source: String, type: String? = nil) -> SwiftImportResult {
        SwiftImport.run(source: source, path: "A.swift", typeName: type, swiftOutput: "A.swift")
    }

    /// The `state:` lines of an imported schema, without alignment padding.
    func stateLines(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let result = run(source)
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.items)", file: file, line: line)
        let lines = (result.schema ?? "").split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(of: "state:") else { return [] }
        return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    func testStringsCommentsAndBodiesDoNotConfuseTheReader() {
        let lines = stateLines(#"""
        struct AAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                /* a } brace /* nested */ still a comment { */
                var label: String = "}{\"" // not the end
                static let raw = #"raw "quoted" } "#
                var note: String
                func describe() -> String { "\(label.map { "\($0)}" })" }
                var lat, lon: Double
                var count = 0
                var shown: Int { didSet { print("}") } }
                var observed: Bool = true { willSet { } }
                var computed: Int { count * 2 }
                var multi: String = """
                    } not the end
                    """
            }
        }
        """#)
        // Initial values do not make a key optional for synthesized Codable, so no `default:`.
        XCTAssertEqual(lines, [
            "label: { type: string }",
            "note: { type: string }",
            "lat: { type: double }",
            "lon: { type: double }",
            "count: { type: int }",
            "shown: { type: int }",
            "observed: { type: bool }",
            "multi: { type: string }",
        ])
    }

    func testConformanceInAnExtensionAndTypeChoice() {
        let source = """
        struct OneAttributes { var a: Int; struct ContentState: Codable, Hashable { var s: Int } }
        extension OneAttributes: ActivityKit.ActivityAttributes {}
        struct TwoAttributes: ActivityAttributes { struct ContentState: Codable, Hashable { var t: String } }
        """
        let ambiguous = run(source)
        XCTAssertNil(ambiguous.schema)
        XCTAssertEqual(ambiguous.diagnostics.items.map(\.rule), ["import-no-attributes"])
        XCTAssertTrue(ambiguous.diagnostics.items[0].message.contains("into its own schema with --type NAME"))
        XCTAssertTrue(run(source, type: "OneAttributes").schema?.contains("name: One\n") == true)
        XCTAssertTrue(run(source, type: "TwoAttributes").schema?.contains("  t: { type: string }") == true)
        XCTAssertEqual(run("struct Plain: Codable {}").diagnostics.items.map(\.rule), ["import-no-attributes"])
    }

    func testSyntaxErrorsArePositioned() {
        let result = run("struct AAttributes: ActivityAttributes {\n    var a: String = \"open\n}\n")
        XCTAssertEqual(result.diagnostics.items.map(\.description), ["A.swift:2:21: error: cannot read this Swift: unterminated string literal [import-syntax]"])
        let unclosed = run("struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable {\n")
        XCTAssertEqual(unclosed.diagnostics.items.first?.rule, "import-syntax")
        XCTAssertTrue(unclosed.diagnostics.items.first?.message.contains("missing '}' for the '{' at 2:34") == true, "\(unclosed.diagnostics.items)")
    }

    /// `##` without a quote (the fuzzer's `opo7\0########`, its NUL now an error of its own; at the end of the file or before
    /// other text) used to read past the end of the file and trap; it is a positioned error.
    func testHashesThatOpenNoStringArePositionedErrors() {
        let atEnd = run("opo7 ########")
        XCTAssertEqual(atEnd.diagnostics.items.map(\.description), ["A.swift:1:6: error: cannot read this Swift: '########' does not open a string literal (a raw string is #\"...\"#) [import-syntax]"])
        let beforeText = run("struct AAttributes: ActivityAttributes {\n    var a = ##x\n}\n")
        XCTAssertEqual(beforeText.diagnostics.items.first?.rule, "import-syntax")
        XCTAssertEqual(beforeText.diagnostics.items.first?.location?.line, 2)
        let raw = run("struct AAttributes: ActivityAttributes {\n    var a: String = ##\"x\"##\n    struct ContentState: Codable, Hashable { var b: Int }\n}\n")
        XCTAssertFalse(raw.diagnostics.hasErrors, "\(raw.diagnostics.items)")
    }

    /// Names the schema refuses even escaped (here Hashable's hashValue and an inherited
    /// Object.prototype member) are
    /// reported at the Swift property, with the loader's rule.
    func testSchemaRulesAreReportedAtTheSwiftPosition() {
        let result = run("""
        struct AAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var ok: Int
                var hashValue: Int
                var toString: String
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.diagnostics.items.map { "\($0.location!.line):\($0.location!.column) \($0.rule)" }, ["4:13 reserved-name", "5:13 reserved-name"])
    }

    func testConditionalCompilationInsideAnImportedTypeIsAWarning() {
        let result = run("""
        struct AAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var a: Int
                #if DEBUG
                var debugInfo: String
                #endif
            }
        }
        """)
        XCTAssertNotNil(result.schema)
        XCTAssertEqual(result.diagnostics.items.map(\.description),
                       ["A.swift:4:9: warning: 'ContentState' has an #if inside; import read the branch `#if DEBUG` (a condition it cannot decide (a build flag, the simulator, ...) is taken as true), so check the schema against the branch your app builds [import-changed]"])
    }

    /// A name without the `Attributes` suffix is kept with `attributesType:` (ImportTypeNameTests).
    func testTypeNamesWithoutTheAttributesSuffixKeepTheirSwiftName() throws {
        let result = run("struct TimerData: ActivityAttributes { struct ContentState: Codable, Hashable { var s: Int } }")
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("name: TimerData\nattributesType: TimerData\n"))
        XCTAssertEqual(result.diagnostics.items.map { "\($0.location!.line):\($0.location!.column) \($0.severity.rawValue) \($0.rule)" }, ["1:8 note import-changed"])
    }

    /// A type not read is refused; a second type of one name is renamed (ImportNamesakeTests).
    func testTypesFromOtherFilesAreRefusedAndSameNamedTypesRenamed() {
        let result = run("""
        struct AAttributes: ActivityAttributes {
            struct Status: Codable, Hashable { var a: Int }
            struct ContentState: Codable, Hashable {
                struct Status: Codable, Hashable { var b: Int }
                var status: Status
                var outer: AAttributes.Status
                var elsewhere: Courier
            }
        }
        """)
        XCTAssertEqual(result.diagnostics.items.map { "\($0.location!.line):\($0.location!.column) \($0.message.prefix(30))" }, [
            "2:12 'AAttributes.Status' would tak",
            "7:13 'Courier' is not declared in t",
        ])
    }

    func testOutputPathIsRelativeToTheSchemaFolder() {
        XCTAssertEqual(SwiftImport.outputPath(swiftFile: "ios/A.swift", schemaPath: "livecontract.yaml", currentDirectory: "/p"), "ios/A.swift")
        XCTAssertEqual(SwiftImport.outputPath(swiftFile: "/p/app/ios/A.swift", schemaPath: "app/x.yaml", currentDirectory: "/p"), "ios/A.swift")
        XCTAssertEqual(SwiftImport.outputPath(swiftFile: "./ios/../ios/A.swift", schemaPath: "/p/x.yaml", currentDirectory: "/p"), "ios/A.swift")
        // Outside the schema's folder no output may go (the loader refuses `..`): nil, and the
        // command refuses instead of naming a second copy next to the schema.
        XCTAssertNil(SwiftImport.outputPath(swiftFile: "../q/A.swift", schemaPath: "x.yaml", currentDirectory: "/p"))
        XCTAssertNil(SwiftImport.outputPath(swiftFile: "ios/A.swift", schemaPath: "config/x.yaml", currentDirectory: "/p"))
    }

    /// Members of other types in the same file (a view model next to the attributes) may have
    /// function types with attributes and effects; the reader takes them in its stride.
    func testFunctionTypesWithAttributesAndEffectsAreRead() throws {
        let result = run("""
        struct AAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var s: Int }
        }
        final class Loader {
            let render: @Sendable (Int) throws(LoadError) -> [String]
            var done: @MainActor () async -> Void
            let legacy: @convention(c) (Int32) -> Int32
            var retry: (() async throws -> Void)?
        }
        """)
        XCTAssertNotNil(result.schema, "\(result.diagnostics.items)")
    }
}
