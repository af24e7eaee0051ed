import XCTest
@testable import LiveContract

/// The name mechanisms of import over every name they cover, not one example each: every
/// type name the schema refuses is renamed to one it takes, every generated suffix beside
/// the contract name frees the contract name, and `init(from:)`/`encode(to:)` count as
/// Codable code by their parameter's type, however it is spelled.
final class ImportNameMechanismTests: XCTestCase {
    func imported(_ source: String) -> SwiftImportResult {
        SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
    }

    /// Each reserved, standard or generated type name as a nested Swift enum: the import
    /// loads (the loader is the judge) and the field's JSON is unchanged (same raw values).
    func testEveryRefusedTypeNameIsRenamedToOneTheLoaderTakes() {
        let refused = Array(NameRules.refusedTypeNames.keys) + Array(NameRules.frameworkTypes) + Array(NameRules.generatedTypeSuffixes)
        XCTAssertGreaterThan(refused.count, 80)
        var failures: [String] = []
        // import reads these spellings as the standard types before it looks at declarations
        // (a nested `enum Data` that shadows Foundation's is not followed): a known limit.
        let readAsStandard: Set<String> = ["ClosedRange", "Data", "Range", "Set", "ContentState", "CodingKeys"]
        for name in Set(refused).sorted() where Naming.isIdentifier(name) && !readAsStandard.contains(name) {
            let source = "struct PadAttributes: ActivityAttributes {\n    enum `\(name)`: String, Codable, Hashable { case low, high }\n    struct ContentState: Codable, Hashable { var mode: `\(name)` }\n}\n"
            let result = imported(source)
            guard let schema = result.schema else {
                failures.append("\(name): \(result.diagnostics.errors.map(\.message))")
                continue
            }
            if !schema.contains("{ enum: [low, high] }") { failures.append("\(name): the enum was not kept:\n\(schema)") }
            if schema.contains("  \(name): { enum") { failures.append("\(name): kept a name the loader refuses") }
        }
        XCTAssertEqual(failures, [])
    }

    /// `<Contract><Suffix>` beside `<Contract>Attributes`, for every suffix the contract
    /// generates: the contract takes another name and the Swift type keeps its own.
    func testEveryGeneratedSuffixBesideTheContractFreesTheContractName() {
        var failures: [String] = []
        for suffix in NameRules.generatedTypeSuffixes where !["Attributes", "ContentState"].contains(suffix) {
            let type = "Pad" + suffix
            let source = "struct \(type): Codable, Hashable { var level: Int }\nstruct PadAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var value: \(type) }\n}\n"
            let result = imported(source)
            guard let schema = result.schema else {
                failures.append("\(type): \(result.diagnostics.errors.map(\.message))")
                continue
            }
            if !schema.contains("attributesType: PadAttributes\n") || !schema.contains("  \(type):\n") || schema.contains("name: Pad\n") {
                failures.append("\(type):\n\(schema)")
            }
        }
        XCTAssertEqual(failures, [])
    }

    /// The coder parameter spelled every way Swift allows counts as Codable code (so the
    /// one readable form is required); any other parameter type does not.
    func testInitFromAndEncodeToCountByTheirParameterType() {
        let coding = ["Decoder", "any Decoder", "Swift.Decoder", "any Swift.Decoder"]
        for spelling in coding {
            let result = imported("enum Mode: String, Codable, Hashable {\n    case a, b\n    init(from decoder: \(spelling)) throws { self = .a }\n}\nstruct PadAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var mode: Mode }\n}\n")
            XCTAssertNil(result.schema, spelling)
            XCTAssertTrue(result.diagnostics.errors.contains { $0.message.contains("writes its own init(from:)") }, "\(spelling): \(result.diagnostics.errors)")
        }
        let generic = imported("enum Mode: String, Codable, Hashable {\n    case a, b\n    init<D: Decoder>(from decoder: D) throws { self = .a }\n}\nstruct PadAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var mode: Mode }\n}\n")
        XCTAssertNil(generic.schema, "a generic coder parameter is taken for Codable code")
        for other in ["Int", "String", "[Decoder]", "Decoder.Type", "(Decoder) -> Void", "MyDecoder"] {
            let result = imported("enum Mode: String, Codable, Hashable {\n    case a, b\n    init(from value: \(other)) { self = .a }\n    func encode(to sink: \(other)) {}\n}\nstruct PadAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var mode: Mode }\n}\n")
            XCTAssertNotNil(result.schema, "\(other): \(result.diagnostics.errors)")
        }
    }
}
