import Foundation
import XCTest
@testable import LiveContract

/// A `templates:` folder is the repository's text like the schema: through the built binary,
/// a template whose work multiplies (partials including partials many times, sections inside
/// sections) fails fast at a tag instead of hanging or filling the memory, and a file or
/// folder name cannot split a diagnostic into a forged line. Nothing is written.
final class HostileTemplateTests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-template")
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func generate(_ arguments: [String]) throws -> (result: TestSupport.RunResult, seconds: Double) {
        let start = Date()
        let result = try TestSupport.run(TestSupport.binary.path, ["generate"] + arguments, in: folder, environment: ["NO_COLOR": "1"])
        return (result, Date().timeIntervalSince(start))
    }

    let schema = "livecontract: 1\nname: Bomb\nstate:\n  step: int\noutputs:\n  swift: [Bomb.swift]\n"

    /// Five partials, each including the next 40 times: 40^5 copies of one line (about 11 GB).
    func testPartialsIncludedManyTimesInEachOtherStopAtTheOutputCap() throws {
        try write(schema, "s.yaml")
        let chain = ["swift", "python", "go", "kotlin", "typescript", "kotlin-runtime"]
        for (name, next) in zip(chain, chain.dropFirst()) {
            try write(String(repeating: "{{> \(next)}}", count: 40), "bomb/\(name).mustache")
        }
        try write(String(repeating: "A", count: 112) + "\n", "bomb/kotlin-runtime.mustache")
        let (result, seconds) = try generate(["--templates", "bomb", "s.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertLessThan(seconds, 60, "the render was not cut short")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(first.hasPrefix("bomb/typescript.mustache:1:"), first)
        XCTAssertTrue(first.contains("error: the rendered output passes 64 MiB"), first)
        XCTAssertTrue(first.contains("(included from bomb/kotlin.mustache:1:"), first)
        XCTAssertTrue(first.hasSuffix("[template]"), first)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("Bomb.swift").path), "nothing is written")
    }

    /// Forty sections over the same two-item list, one inside the other: 2^40 passes that
    /// write nothing, so only the step budget ends them.
    func testSectionsInsideSectionsStopAtTheStepBudget() throws {
        try write(schema, "s.yaml")
        try write(String(repeating: "{{#headerLines}}", count: 40) + String(repeating: "{{/headerLines}}", count: 40) + "\n", "loop/swift.mustache")
        let (result, seconds) = try generate(["--templates", "loop", "s.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertLessThan(seconds, 60, "the render was not cut short")
        XCTAssertTrue(result.stderr.hasPrefix("loop/swift.mustache:1:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: the render passes its budget of \(RenderBudget.maxSteps) steps"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[template]"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("Bomb.swift").path), "nothing is written")
    }

    /// A standalone partial indented by 900,000 spaces that writes 100,000 lines: the indentation
    /// alone would be 90 GB (it ran out of memory), so it is refused before it is written.
    func testAnIndentedPartialCannotMultiplyPastTheOutputCap() throws {
        try write(schema, "s.yaml")
        try write(String(repeating: " ", count: 900_000) + "{{> kotlin-runtime}}\n", "indent/swift.mustache")
        try write(String(repeating: "a\n", count: 100_000), "indent/kotlin-runtime.mustache")
        let (result, seconds) = try generate(["--templates", "indent", "s.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertLessThan(seconds, 60, "the render was not cut short")
        XCTAssertTrue(result.stderr.hasPrefix("indent/swift.mustache:1:900001: error: the rendered output passes 64 MiB"), String(result.stderr.prefix(300)))
        XCTAssertTrue(result.stderr.contains("[template]"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("Bomb.swift").path), "nothing is written")
    }

    /// A template file named `x\n::error file=a::pwned.mustache` must not print a line of its
    /// own (a GitHub workflow command in the CI log); the same for a `templates:` folder name,
    /// which the schema refuses at its position.
    func testFileNamesCannotForgeALineOfOutput() throws {
        try write(schema, "s.yaml")
        try write("x", "nl/x\n::error file=a::pwned.mustache")
        let (result, _) = try generate(["--templates", "nl", "s.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("nl/x\\u{A}::error file=a::pwned.mustache:1:1: error: ") && $0.hasSuffix("[template]") }, result.stderr)

        try write(schema.replacingOccurrences(of: "state:", with: "templates: \"t\\n::warning::x\"\nstate:"), "s2.yaml")
        let (refused, _) = try generate(["s2.yaml"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("s2.yaml:3:12: error: templates has a control or format character (U+000A)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("[templates-folder]"), refused.stderr)
        XCTAssertFalse(refused.stderr.split(separator: "\n").contains { $0.hasPrefix("::") }, refused.stderr)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("Bomb.swift").path), "nothing is written")
    }
}
