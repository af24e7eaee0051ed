import Foundation
import XCTest
@testable import LiveContract

/// Projects built to make import's look-up of missing types slow or loud, and attributes
/// files whose generated copy would land on a file someone else wrote. Through the built
/// binary: bounded time, messages of bounded size, nothing written on a refusal.
final class HostileImportLookupTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-import-lookup")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("W"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func write(_ text: String, _ relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A bound that tells "one pass" from "a search per name" (minutes to hours before the
    /// fix), not a speed target: 12 to 40 s measured on a 2-core machine, depending on its load.
    static let budget: TimeInterval = 120

    func run(_ arguments: [String]) throws -> (result: TestSupport.RunResult, seconds: TimeInterval) {
        let start = Date()
        let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
        return (result, Date().timeIntervalSince(start))
    }

    /// 2000 missing types and 8 MiB of Swift, each file one line of `extension T0 ` (so each
    /// match used to look back over the whole line for a `//`): searched name by name this
    /// took hours; it is one pass over the project per round.
    func testManyMissingTypesInABigProjectAreSearchedInOnePass() throws {
        let fields = (0..<2000).map { "        var f\($0): T\($0)\n" }.joined()
        try write("import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n\(fields)    }\n}\n", "W/DemoAttributes.swift")
        let line = String(repeating: "extension T0 ", count: (1 << 20) / 13)
        for index in 0..<8 { try write(line, "Models/M\(index).swift") }
        let before = try HostileCLITests.snapshot(folder)
        let (result, seconds) = try run(["import", "W/DemoAttributes.swift", "--output", "s.yaml"])
        XCTAssertLessThan(seconds, Self.budget, "too slow")
        XCTAssertEqual(result.status, 2, String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains("W/DemoAttributes.swift:4:13: error: 'T0' is not declared"), String(result.stderr.prefix(2000)))
        XCTAssertTrue(result.stderr.contains("Models/M0.swift:1:1: note: import read this file too, for 'extension T0'"), String(result.stderr.prefix(2000)))
        XCTAssertLessThan(result.stderr.utf8.count, 100_000)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "something was written")
    }

    /// 40 files of 64 KiB that each extend the missing type: import reads the declaration and
    /// as many of them as fit in 2 MiB, and warns about the rest (all of them, 57 MiB in
    /// 2000 files, took five minutes and 1.8 GB).
    func testFilesThatExtendAMissingTypeAreReadWithinABudget() throws {
        try write("import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Status }\n}\n", "W/DemoAttributes.swift")
        try write("enum Status: String, Codable, Hashable { case a }\n", "Models/Status.swift")
        let functions = (0..<3500).map { "    func f\($0)() {}\n" }.joined()
        XCTAssertGreaterThan(functions.utf8.count, 1 << 16)
        for index in 0..<40 { try write("extension Status {\n\(functions)}\n", "Extensions/E\(index).swift") }
        let (result, seconds) = try run(["import", "W/DemoAttributes.swift", "--output", "s.yaml"])
        XCTAssertLessThan(seconds, Self.budget, "too slow")
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(2000)))
        let schema = try String(contentsOf: folder.appendingPathComponent("s.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("Status: { enum: [a] }"), schema)
        XCTAssertTrue(result.stderr.contains("W/DemoAttributes.swift:1:1: warning: the project files that declare or extend the types the named files lack hold more than 2 MiB of Swift, so import did not read 'Extensions/"), String(result.stderr.prefix(2000)))
        XCTAssertLessThan(result.stderr.utf8.count, 20_000)
    }

    /// A name declared in 300 files equally near is one note naming a few of them.
    func testANameDeclaredEverywhereIsOneShortNote() throws {
        try write("import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var s: Status }\n}\n", "W/DemoAttributes.swift")
        for index in 0..<300 { try write("enum Status: String, Codable, Hashable { case a }\n", "Copies/C\(index)/Status.swift") }
        let (result, seconds) = try run(["import", "W/DemoAttributes.swift"])
        XCTAssertLessThan(seconds, Self.budget, "too slow")
        XCTAssertEqual(result.status, 2, String(result.stderr.prefix(500)))
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("in several files of the project") }
        XCTAssertEqual(notes.count, 1, String(result.stderr.prefix(2000)))
        XCTAssertTrue(notes.first?.contains("'Copies/C0/Status.swift', 'Copies/C1/Status.swift'") ?? false, String(result.stderr.prefix(2000)))
        XCTAssertTrue(notes.first?.contains(" and 294 more); name the one the widget uses") ?? false, String(result.stderr.prefix(2000)))
        XCTAssertLessThan(result.stderr.utf8.count, 3000)
    }

    static let widgetFile = """
        import ActivityKit
        import SwiftUI
        struct DemoAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var n: Int }
        }
        struct DemoWidget: Widget { var body: some WidgetConfiguration { fatalError() } }

        """

    /// The attributes file is `DemoAttributes.swift` and holds the widget too, so the copy
    /// goes to `DemoAttributes.generated.swift`: when that is a hand-written file, a symlink
    /// or a folder, import refuses (`generate --force` would replace it) and writes nothing.
    func testTheSeparateFileIsNeverOneLivecontractDidNotWrite() throws {
        try write(Self.widgetFile, "W/DemoAttributes.swift")
        let taken = folder.appendingPathComponent("W/DemoAttributes.generated.swift")
        let cases: [(String, () throws -> Void)] = [
            ("hand-written", { try Data("let kept = 1\n".utf8).write(to: taken) }),
            ("first header line only", { try Data("// generated by livecontract from livecontract.yaml; do not edit\nlet kept = 1\n".utf8).write(to: taken) }),
            ("symlink", { try FileManager.default.createSymbolicLink(atPath: taken.path, withDestinationPath: "DemoAttributes.swift") }),
            ("folder", { try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: false) }),
        ]
        for (label, make) in cases {
            try make()
            let before = try HostileCLITests.snapshot(folder)
            let (result, _) = try run(["import", "W/DemoAttributes.swift", "--output", "s.yaml"])
            XCTAssertEqual(result.status, 2, "\(label): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("W/DemoAttributes.swift:6:8: error: this file also holds struct DemoWidget, so the generated DemoAttributes needs a file of its own beside it, but 'W/DemoAttributes.generated.swift' already exists and livecontract did not write it (nothing was written)"), "\(label): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("[file-exists]"), "\(label): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", label)
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(label): something was written")
            try FileManager.default.removeItem(at: taken)
        }
    }

    /// A copy livecontract generated (both header lines) is the one an import again names.
    func testAnEarlierGeneratedCopyIsNamedAgain() throws {
        try write(Self.widgetFile, "W/DemoAttributes.swift")
        try write("// generated by livecontract from s.yaml; do not edit\n// contract fingerprint: 0123456789abcdef\n", "W/DemoAttributes.generated.swift")
        let (result, _) = try run(["import", "W/DemoAttributes.swift", "--output", "s.yaml"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let schema = try String(contentsOf: folder.appendingPathComponent("s.yaml"), encoding: .utf8)
        XCTAssertTrue(schema.contains("swift: [W/DemoAttributes.generated.swift]"), schema)
    }
}
