import Foundation
import XCTest
@testable import LiveContract

/// livecontract's own generated Swift is a file `import` reads: for every bundled schema,
/// generate, import the generated attributes file, generate again, and the Swift is the same
/// apart from comments (the header names the schema file, docs are not compared). This
/// covers lenient `init(from:)` with every kind of default, `unknown:` enums, nested
/// structs and the `#if canImport(ActivityKit)` conformance extension.
final class ImportRoundTripTests: XCTestCase {
    func testGeneratedSwiftImportsBackToTheSameSwift() throws {
        let names = TestSupport.schemaNames()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let work = TestSupport.temporaryDirectory("lc-import-rt")
            defer { try? FileManager.default.removeItem(at: work) }
            let first = try TestSupport.generate(schema: name, into: work)
            let swift = try XCTUnwrap(first.files.first { $0.kind == .swift }, name)
            let result = SwiftImport.run(source: swift.contents, path: swift.path, swiftOutput: "Again.swift")
            XCTAssertFalse(result.diagnostics.hasErrors, "\(name): \(result.diagnostics.errors)")
            let schema = try XCTUnwrap(result.schema, name)
            let again = work.appendingPathComponent("again.yaml")
            try schema.write(to: again, atomically: true, encoding: .utf8)
            guard case .success(let loaded) = Workspace.load(schemaPath: again.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
                return XCTFail("\(name): the imported schema does not load:\n\(schema)")
            }
            let regenerated = try XCTUnwrap(loaded.files.first { $0.kind == .swift }, name)
            XCTAssertEqual(Self.code(regenerated.contents), Self.code(swift.contents), "\(name):\n\(schema)")
        }
    }

    /// The lines that are not comments.
    static func code(_ swift: String) -> [String] {
        swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
            !$0.drop { $0 == " " }.hasPrefix("//")
        }
    }
}
