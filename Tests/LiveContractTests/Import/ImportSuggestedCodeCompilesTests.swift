import Foundation
import LiveContract
import XCTest

/// Every piece of code an import note or warning tells the user to add beside the generated
/// copy compiles against it: each case triggers one such diagnostic, the code between its
/// backticks is taken out, and all of them are type-checked together with the Swift
/// generated from each imported schema (and the stand-in ActivityKit module).
final class ImportSuggestedCodeCompilesTests: XCTestCase {
    struct Case {
        var name: String
        var source: String
        var typeName: String? = nil
        /// App code the suggestion relies on that stays the app's own (a protocol it declares).
        var support = ""
        /// Where the suggestion goes: `{}` is replaced by it (a member goes in an extension of
        /// the type it was declared in).
        var wrapper = "{}"
        /// The start of the diagnostic that suggests code.
        var message: String
    }

    static let cases: [Case] = [
        Case(name: "through a protocol of the app's",
             source: "protocol ParcelActivity: ActivityAttributes {}\nstruct ParcelAttributes: ParcelActivity {\n    struct ContentState: Codable, Hashable { var stop: Int }\n    var tracking: String\n}\n",
             support: "protocol ParcelActivity: ActivityAttributes {}\n",
             message: "'ParcelAttributes' conforms to ActivityAttributes through 'ParcelActivity'"),
        Case(name: "through an SDK protocol, picked with --type",
             source: "struct PromoAttributes: SDKLiveActivityAttributes {\n    struct ContentState: Codable, Hashable { var seconds: Int }\n    var title: String\n}\n",
             typeName: "PromoAttributes",
             support: "protocol SDKLiveActivityAttributes: ActivityAttributes {}\n",
             message: "'PromoAttributes' conforms to ActivityAttributes through 'SDKLiveActivityAttributes'"),
        Case(name: "a let with an untyped value",
             source: "struct GaugeAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        let version = 2\n        var level: Int\n    }\n}\n",
             wrapper: "extension GaugeAttributes.ContentState {}",
             message: "'let version = 2' is never decoded"),
        Case(name: "a let with a text value",
             source: "struct BadgeAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var count: Int }\n    let kind = \"badge\"\n    var owner: String\n}\n",
             wrapper: "extension BadgeAttributes {}",
             message: "'let kind = \"badge\"' is never decoded"),
        Case(name: "a let with a typed value",
             source: "struct RatioAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        let scale: Double = 0.5\n        var value: Double\n    }\n}\n",
             wrapper: "extension RatioAttributes.ContentState {}",
             message: "'let scale = 0.5' is never decoded"),
        Case(name: "a nested type the schema renames",
             source: "struct RelayAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        enum State: String, Codable { case idle, busy }\n        var state: State\n    }\n}\n",
             message: "'RelayAttributes.ContentState.State' cannot keep its name in the schema"),
        Case(name: "a top-level type the schema renames",
             source: "enum period: String, Codable { case am, pm }\nstruct ShiftAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var half: period }\n}\n",
             message: "'period' cannot keep its name in the schema"),
    ]

    /// The code spans of a message that declare something: `extension ...`, `var ...`, `typealias ...`.
    static func suggestions(in message: String) -> [String] {
        let parts = message.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        return stride(from: 1, to: parts.count, by: 2).map { parts[$0] }
            .filter { $0.hasPrefix("extension ") || $0.hasPrefix("var ") || $0.hasPrefix("typealias ") }
    }

    func testEverySuggestionCompilesAgainstTheGeneratedCopy() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let work = TestSupport.temporaryDirectory("lc-import-suggested")
        defer { try? FileManager.default.removeItem(at: work) }
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        var files: [String] = []
        var suggested = "import Foundation\nimport ActivityKit\n"
        for (number, item) in Self.cases.enumerated() {
            let result = SwiftImport.run(source: item.source, path: "Case\(number).swift", typeName: item.typeName, swiftOutput: "Case\(number).swift")
            let schema = try XCTUnwrap(result.schema, "\(item.name): \(result.diagnostics.items)")
            let diagnostic = try XCTUnwrap(result.diagnostics.items.first { $0.message.hasPrefix(item.message) }, "\(item.name): \(result.diagnostics.items.map(\.message))")
            let code = Self.suggestions(in: diagnostic.message)
            XCTAssertEqual(code.count, 1, "\(item.name): one piece of code in \(diagnostic.message)")
            let folder = work.appendingPathComponent("case\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let schemaFile = folder.appendingPathComponent("livecontract.yaml")
            try schema.write(to: schemaFile, atomically: true, encoding: .utf8)
            guard case .success(let loaded) = Workspace.load(schemaPath: schemaFile.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
                return XCTFail("\(item.name): the imported schema does not load")
            }
            let swift = try XCTUnwrap(loaded.files.first { $0.kind == .swift })
            let path = folder.appendingPathComponent(swift.path)
            try swift.contents.write(to: path, atomically: true, encoding: .utf8)
            files.append(path.path)
            suggested += "\n// \(item.name)\n" + item.support
            for piece in code {
                suggested += item.wrapper == "{}" ? piece + "\n" : String(item.wrapper.dropLast()) + "\n    " + piece + "\n}\n"
            }
        }
        let suggestions = work.appendingPathComponent("Suggestions.swift")
        try suggested.write(to: suggestions, atomically: true, encoding: .utf8)
        let checked = try TestSupport.run(swiftc, ["-typecheck", "-parse-as-library", "-I", shim.path] + files + [suggestions.path])
        XCTAssertEqual(checked.status, 0, "a suggestion does not compile against the generated copy:\n\(checked.stderr)\n\(suggested)")
    }
}
