import Foundation
import XCTest
@testable import LiveContract

/// Swift files built to make `import` slow, deep or loud: type spellings 100,000 levels
/// deep in every form the reader knows, a tuple or a qualified name as long as the file, a
/// megabyte identifier, an initial value of 400,000 brackets. Through the built binary: one
/// `import-syntax` (or `import-unsupported`) error at the type, in bounded time, a message of
/// bounded size, nothing on stdout and nothing written.
final class HostileImportTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-import")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    static func source(type: String) -> String {
        "import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var a: \(type) }\n}\n"
    }

    func testHugeTypeSpellingsAreBoundedErrors() throws {
        let n = 100_000
        let r = { (text: String, count: Int) in String(repeating: text, count: count) }
        let cases: [(String, String, String)] = [
            ("generics", r("Array<", n) + "Int" + r(">", n), "nested more than 48 levels"),
            ("lists", r("[", n) + "Int" + r("]", n), "nested more than 48 levels"),
            ("maps", r("[String: ", n) + "Int" + r("]", n), "nested more than 48 levels"),
            ("optionals", "Int" + r("?", n), "nested more than 48 levels"),
            ("functions", r("(Int) -> ", n) + "Int", "nested more than 48 levels"),
            ("some", r("some ", n) + "Int", "nested more than 48 levels"),
            ("tuple", r("(", n) + "Int" + r(")", n), "a type spelled in 200001 tokens"),
            ("qualified name", "A" + r(".B", n), "a type spelled in 200001 tokens"),
            ("composition", "Int" + r(" & Int", n), "a type spelled in 200001 tokens"),
            ("identifier", r("X", 1_000_000), "an identifier of 1000000 bytes"),
        ]
        for (label, type, expected) in cases {
            let name = "\(label.replacingOccurrences(of: " ", with: "-")).swift"
            try Data(Self.source(type: type).utf8).write(to: folder.appendingPathComponent(name))
            let before = try HostileCLITests.snapshot(folder)
            let start = Date()
            let result = try TestSupport.run(TestSupport.binary.path, ["import", name, "--output", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
            XCTAssertLessThan(Date().timeIntervalSince(start), 15, "\(label): too slow")
            XCTAssertEqual(result.status, 2, "\(label): \(result.stderr.prefix(500))")
            let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            XCTAssertEqual(errors.count, 1, "\(label): \(result.stderr.prefix(2000))")
            XCTAssertTrue(errors.first?.hasPrefix("\(name):3:") ?? false, "\(label): \(result.stderr.prefix(500))")
            XCTAssertTrue(errors.first?.contains(expected) ?? false, "\(label): \(result.stderr.prefix(500))")
            XCTAssertTrue(errors.first?.hasSuffix("[import-syntax]") ?? false, "\(label): \(result.stderr.prefix(500))")
            XCTAssertLessThan(result.stderr.utf8.count, 1000, "\(label): the message quotes the input")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(label): something was written")
        }
    }

    /// An initial value of 400,000 brackets is quoted in the message, shortened to its ends.
    func testAMessageQuotingAHugeValueIsShortened() throws {
        let value = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let swift = "import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var a: Int }\n    var b = \(value)\n}\n"
        try Data(swift.utf8).write(to: folder.appendingPathComponent("Demo.swift"))
        let result = try TestSupport.run(TestSupport.binary.path, ["import", "Demo.swift"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 2, String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.hasPrefix("Demo.swift:4:9: error: 'b' has no written type"), String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains(" bytes left out ...] "), String(result.stderr.prefix(500)))
        XCTAssertLessThan(result.stderr.utf8.count, 9000)
        XCTAssertEqual(result.stdout, "")
    }

    /// A composition is refused as written, not read as its first part.
    func testACompositionIsNotReadAsItsFirstType() throws {
        try Data(Self.source(type: "Int & Sendable").utf8).write(to: folder.appendingPathComponent("Demo.swift"))
        let result = try TestSupport.run(TestSupport.binary.path, ["import", "Demo.swift"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Demo.swift:3:50: error: 'Int & Sendable' is not a type the schema can express [import-unsupported]"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }
}
