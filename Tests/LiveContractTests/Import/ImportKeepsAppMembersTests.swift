import Foundation
import LiveContract
import XCTest

/// `import` then `generate --force` must not delete the app's code: what the hand-written
/// attributes declared besides the contract (computed properties, methods, static members,
/// typealiases, other initializers, types outside the contract, subscripts, conformances),
/// on the attributes, their ContentState and the nested types alike, goes as written into an
/// extension file beside the generated copy, and code written against the original compiles
/// and behaves the same against generated copy + extension.
final class ImportKeepsAppMembersTests: XCTestCase {
    static let fixtures = TestSupport.repoRoot.appendingPathComponent("Tests/Fixtures/import/members")
    let environment = ["NO_COLOR": "1"]

    /// A folder with `ios/HarborAttributes.swift` copied from the fixture.
    func project(_ label: String) throws -> URL {
        let root = TestSupport.temporaryDirectory(label)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ios"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("HarborAttributes.swift"), to: root.appendingPathComponent("ios/HarborAttributes.swift"))
        return root
    }

    func testEveryMemberCompilesAgainstGeneratedCopyAndExtension() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let root = try project("lc-import-members")
        defer { try? FileManager.default.removeItem(at: root) }
        let work = root.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let shim = try ImportTests.buildActivityKitShim(swiftc: swiftc, in: work)
        let main = work.appendingPathComponent("main.swift")
        try "@main enum Main { static func main() { print(HarborUsage.use().joined(separator: \"\\n\")) } }\n".write(to: main, atomically: true, encoding: .utf8)
        let usage = Self.fixtures.appendingPathComponent("Usage.swift").path
        let attributes = root.appendingPathComponent("ios/HarborAttributes.swift")
        let before = try ImportTests.compileAndRun(swiftc: swiftc, sources: [attributes.path, usage, main.path], shim: shim, output: work.appendingPathComponent("original"))

        let binary = TestSupport.binary.path
        let imported = try TestSupport.run(binary, ["import", "ios/HarborAttributes.swift", "--output", "livecontract.yaml"], in: root, environment: environment)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("ios/HarborAttributes.swift:7:8: note: the generated HarborAttributes holds only the contract, so what the app's code may use besides (conformance to Identifiable, typealias Status, static let appGroup, static var preview, var id, init(route:), func title(uppercased:), enum Tab, var label, static let placeholder, var isLate, func delay(by:), subscript, conformance to Comparable, func <(lhs:rhs:), var shortName) is kept as written in 'ios/HarborAttributes+App.swift' beside it"), imported.stderr)
        XCTAssertFalse(imported.stderr.contains("also conforms"), "the composition Codable & Hashable is no conformance to add: \(imported.stderr)")
        XCTAssertTrue(imported.stdout.contains("wrote ios/HarborAttributes+App.swift"), imported.stdout)
        let membersPath = root.appendingPathComponent("ios/HarborAttributes+App.swift")
        let members = try String(contentsOf: membersPath, encoding: .utf8)
        XCTAssertNil(GeneratedHeader.parse(members), "the extension file is the app's own, not generated")
        XCTAssertTrue(members.contains("extension HarborAttributes: Identifiable {\n    typealias Status = ContentState\n\n    /// The app group the widget and the app share.\n    static let appGroup = \"group.example.harbor\"\n"), members)
        XCTAssertTrue(members.contains("extension HarborAttributes.Deck: Comparable {\n"), members)
        XCTAssertTrue(members.contains("    var shortName: String {\n        \"\"\"\n        \\(name.prefix(3))\n          deck \\(level)\n        \"\"\"\n    }\n"), "copied as written, one indentation level: \(members)")
        XCTAssertFalse(members.contains("init(route: String, capacity: Int)"), "the memberwise initializer is generated: \(members)")

        let generated = try TestSupport.run(binary, ["generate", "--force"], in: root, environment: environment)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertNotNil(GeneratedHeader.parse(try String(contentsOf: attributes, encoding: .utf8)), "the hand-written file was replaced")
        let checked = try TestSupport.run(binary, ["check"], in: root, environment: environment)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        XCTAssertEqual(try String(contentsOf: membersPath, encoding: .utf8), members, "generate leaves the app's file alone")

        let after = try ImportTests.compileAndRun(swiftc: swiftc, sources: [attributes.path, membersPath.path, usage, main.path], shim: shim, output: work.appendingPathComponent("generated"))
        XCTAssertEqual(after, before, "the app's code gives the same results against generated copy + extension")
        XCTAssertTrue(before.hasPrefix("group.example.harbor\nKiel - Oslo\nKIEL - OSLO\n"), before)
    }

    /// The extension file never goes over a file that exists: the same text is kept (an
    /// import run again), other content makes import take the second name, and with both
    /// names taken it stops (exit 2, `file-exists`) before writing anything.
    func testTheExtensionFileNeverReplacesAFile() throws {
        let root = try project("lc-import-members-taken")
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = TestSupport.binary.path
        let first = try TestSupport.run(binary, ["import", "ios/HarborAttributes.swift", "--output", "a.yaml"], in: root, environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        let written = try String(contentsOf: root.appendingPathComponent("ios/HarborAttributes+App.swift"), encoding: .utf8)
        let again = try TestSupport.run(binary, ["import", "ios/HarborAttributes.swift", "--output", "a.yaml", "--force"], in: root, environment: environment)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("kept as written in 'ios/HarborAttributes+App.swift'"), again.stderr)

        let edited = written + "\n// the app's own change\n"
        try edited.write(to: root.appendingPathComponent("ios/HarborAttributes+App.swift"), atomically: true, encoding: .utf8)
        let second = try TestSupport.run(binary, ["import", "ios/HarborAttributes.swift", "--output", "b.yaml"], in: root, environment: environment)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("kept as written in 'ios/HarborAttributes+AppMembers.swift'"), second.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("ios/HarborAttributes+App.swift"), encoding: .utf8), edited)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("ios/HarborAttributes+AppMembers.swift"), encoding: .utf8), written)

        try "// another file of the app\n".write(to: root.appendingPathComponent("ios/HarborAttributes+AppMembers.swift"), atomically: true, encoding: .utf8)
        let taken = try TestSupport.run(binary, ["import", "ios/HarborAttributes.swift", "--output", "c.yaml"], in: root, environment: environment)
        XCTAssertEqual(taken.status, 2, taken.stderr)
        XCTAssertTrue(taken.stderr.contains("ios/HarborAttributes+App.swift:1:1: error: the generated HarborAttributes holds only the contract, and import keeps what the app's code uses besides in a file of its own beside it, but 'ios/HarborAttributes+App.swift' and 'ios/HarborAttributes+AppMembers.swift' already exist with other content (nothing was written)"), taken.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("c.yaml").path), "nothing written")
    }

    /// What cannot move stays a note or warning: a stored property outside the contract has
    /// no place in an extension (Swift allows none there).
    func testStoredPropertiesOutsideTheContractAreNotMoved() throws {
        let source = "struct AAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        var s: Int\n        var doubled: Int { s * 2 }\n    }\n    let id = UUID()\n    var name: String\n    private enum CodingKeys: String, CodingKey { case name }\n}\n"
        let result = SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
        let members = try XCTUnwrap(result.appMembers)
        XCTAssertTrue(members.contains("extension AAttributes.ContentState {\n    var doubled: Int { s * 2 }\n}\n"), members)
        XCTAssertFalse(members.contains("UUID()"), "a stored property cannot go into an extension: \(members)")
        XCTAssertTrue(result.diagnostics.items.contains { $0.message.hasPrefix("'id' is left out of CodingKeys") }, "\(result.diagnostics.items)")
    }
}
