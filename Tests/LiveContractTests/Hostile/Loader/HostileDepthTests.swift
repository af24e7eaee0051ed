import Foundation
import XCTest
@testable import LiveContract

/// Deep nesting in every reader (YAML flow and block, JSON in `validate`, Swift in `import`)
/// must end in a positioned error, never a stack overflow. A release build inlines and keeps
/// other frames than a debug one, so the same inputs run through the release binary too when
/// one is built (`scripts/build-release`, or LIVECONTRACT_RELEASE_BINARY naming it).
final class HostileDepthTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("hostile-depth")
        let schema = "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\noutputs:\n  swift: Demo.swift\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The binaries to try: the debug one next to the tests, and a release build if present.
    static var binaries: [String] {
        var found = [TestSupport.binary.path]
        let release = ProcessInfo.processInfo.environment["LIVECONTRACT_RELEASE_BINARY"]
            ?? TestSupport.repoRoot.appendingPathComponent(".build/release/livecontract").path
        if FileManager.default.isExecutableFile(atPath: release) { found.append(release) }
        return found
    }

    static var cases: [(file: String, text: String, command: [String], expected: String)] {
        let r = { (text: String, count: Int) in String(repeating: text, count: count) }
        let head = "livecontract: 1\nname: Demo\nstate:\n"
        let blocks = (0..<1200).map { String(repeating: " ", count: $0 + 1) + "k\($0):\n" }.joined()
        let swiftHead = "import ActivityKit\nstruct DemoAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var a: Int }\n"
        return [
            ("flow.yaml", head + "  a: " + r("[", 200_000) + r("]", 200_000) + "\noutputs:\n  swift: A.swift\n", ["generate", "flow.yaml"], "flow.yaml:4:36: error: nesting is deeper than 32 levels"),
            ("maps.yaml", head + "  a: " + r("{a: ", 200_000) + "1" + r("}", 200_000) + "\noutputs:\n  swift: A.swift\n", ["generate", "maps.yaml"], "[yaml-too-deep]"),
            ("block.yaml", head + blocks + "outputs:\n  swift: A.swift\n", ["generate", "block.yaml"], "[yaml-too-deep]"),
            ("lists.json", r("[", 500_000) + r("]", 500_000), ["validate", "--schema", "s.yaml", "lists.json"], "lists.json:1:129: error: nesting deeper than 128 levels"),
            ("objects.json", #"{"aps":{"event":"update","timestamp":1,"content-state":"# + r(#"{"a":["#, 80_000) + "1" + r("]}", 80_000) + "}}",
             ["validate", "--schema", "s.yaml", "objects.json"], "[json-too-deep]"),
            ("structs.swift", "import ActivityKit\n" + r("struct S {\n", 45_000) + r("}\n", 45_000), ["import", "structs.swift"], "structs.swift:50:1: error: cannot read this Swift: declarations or types nested more than 48 levels deep"),
            ("values.swift", swiftHead + "    var b = " + r("[", 200_000) + r("]", 200_000) + "\n}\n", ["import", "values.swift"], "values.swift:4:9: error: "),
            ("accessor.swift", swiftHead + "    var b: Int { " + r("{", 300_000) + r("}", 300_000) + " }\n}\n", ["import", "accessor.swift"], ""),
            ("strings.swift", swiftHead + "    var b = \"" + r("\\(\"", 100_000) + r("\")", 100_000) + "\"\n}\n", ["import", "strings.swift"], "string interpolations nested more than 48 levels deep"),
            ("conditions.swift", "import ActivityKit\n" + r("#if A\n", 70_000) + r("#endif\n", 70_000), ["import", "conditions.swift"], "[import-"),
            ("comments.swift", "import ActivityKit\n" + r("/*", 100_000) + r("*/", 100_000), ["import", "comments.swift"], "[import-no-attributes]"),
        ]
    }

    func testDeepNestingIsAnErrorInEveryBuild() throws {
        for (file, text, _, _) in Self.cases {
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
        for binary in Self.binaries {
            for (file, _, command, expected) in Self.cases {
                let result = try TestSupport.run(binary, command, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
                let label = "\(binary): \(file)"
                // A signal shows as 128 + its number (SIGSEGV 139, SIGILL 132, SIGBUS 135).
                XCTAssertTrue([0, 1, 2].contains(result.status), "\(label): exit \(result.status)\n\(result.stderr.prefix(300))")
                XCTAssertFalse(result.stderr.contains("Fatal error") || result.stderr.contains("Stack dump"), "\(label): \(result.stderr.prefix(300))")
                if !expected.isEmpty {
                    XCTAssertEqual(result.status, 2, "\(label): \(result.stderr.prefix(300))")
                    XCTAssertTrue(result.stderr.contains(expected), "\(label): expected \(expected) in \(result.stderr.prefix(300))")
                }
                XCTAssertLessThan(result.stderr.utf8.count, 10_000, label)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("A.swift").path))
    }
}
