import Foundation
import XCTest
@testable import LiveContract

/// `check` reads a drifted Swift copy back to say what the drift means on the wire, and the
/// copy is a committed file: built against that reader (a struct holding itself, a chain of
/// structs each holding the next, 20,000 unclosed declarations, one long type on every line)
/// it must still give its finding, exit 1, in time linear in the file, with a bounded list.
final class HostileSwiftCopyTests: XCTestCase {
    var folder: URL!
    var header = ""

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-copy")
        let schema = "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\noutputs:\n  swift: Demo.swift\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let generated = try run(["generate", "s.yaml"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let text = try String(contentsOf: folder.appendingPathComponent("Demo.swift"), encoding: .utf8)
        header = text.split(separator: "\n").prefix(2).joined(separator: "\n") + "\n"
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
    }

    func check(_ body: String, _ label: String) throws -> TestSupport.RunResult {
        try Data((header + body).utf8).write(to: folder.appendingPathComponent("Demo.swift"))
        let start = Date()
        let result = try run(["check", "s.yaml"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "\(label): too slow")
        XCTAssertEqual(result.status, 1, "\(label): \(result.stderr.prefix(500))")
        // The report opens with the summary and the fix; the file's own finding follows them.
        XCTAssertTrue(result.stderr.hasPrefix("livecontract: 1 of 1 generated files out of sync (1 hand-edited)\n"), "\(label): \(result.stderr.prefix(500))")
        XCTAssertTrue(result.stderr.split(separator: "\n").contains { $0.hasPrefix("Demo.swift: hand-edited: ") }, "\(label): \(result.stderr.prefix(500))")
        return result
    }

    func testTypesThatHoldThemselvesAreReadWithoutEndlessRecursion() throws {
        let loop = "struct DemoAttributes {\n    var a: Loop\n    struct Loop: Codable {\n        var next: Loop\n        var list: [Loop]\n        var map: [String: Loop]\n    }\n    struct ContentState: Codable, Hashable {\n        var title: Other\n    }\n    struct Other: Codable { var back: Loop }\n}\n"
        let result = try check(loop, "loop")
        XCTAssertTrue(result.stderr.contains("contract: line 4: DemoAttributes has 'a: Loop', which the schema does not"), result.stderr)
        XCTAssertTrue(result.stderr.contains("ContentState has 'title: Other', the schema has 'title: String'"), result.stderr)
        let chain = "struct DemoAttributes {\n    struct ContentState: Codable, Hashable { var title: T0 }\n"
            + (0..<20_000).map { "    struct T\($0): Codable { var a: T\($0 + 1); var b: [T\($0 + 1)] }\n" }.joined() + "}\n"
        _ = try check(chain, "chain")
    }

    func testManyDeclarationsAndPropertiesTakeLinearTimeAndABoundedList() throws {
        let unclosed = "struct DemoAttributes {\n" + (0..<20_000).map { "struct A\($0) {\n" }.joined()
        _ = try check(unclosed, "unclosed")
        let long = "[" + String(repeating: "[", count: 60) + "Int" + String(repeating: "]", count: 61)
        let properties = "struct DemoAttributes {\n" + (0..<5_000).map { "    var a\($0): \(long)\n" }.joined() + "}\n"
        let result = try check(properties, "properties")
        let meanings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("  contract: ") }
        XCTAssertEqual(meanings.count, Checker.maximumMeanings + 1, result.stderr.prefix(3000).description)
        XCTAssertTrue(meanings.last?.contains("and 4951 more differences of the same kind; the diff below shows every change") ?? false, "\(meanings.last ?? "")")
    }
}
