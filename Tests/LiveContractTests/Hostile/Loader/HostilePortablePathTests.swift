import Foundation
import XCTest
@testable import LiveContract

/// Output names a Windows checkout cannot create (device names with any extension, a
/// trailing dot or space, `< > : " | ? *`), wherever the name comes from: a path in the
/// schema, an example name that names a fixture file, `init --output`. Through the built
/// binary: exit 2, one error at the position, a hint, nothing written.
final class HostilePortablePathTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("hostile-portable")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
    }

    func schema(_ outputs: String, examples: String = "") -> String {
        "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\n" + examples + "outputs:\n" + outputs
    }

    func testWindowsReservedOutputNamesAreRefused() throws {
        let cases: [(path: String, hint: String)] = [
            ("con.swift", "Windows device name CON"), ("ios/aux.swift", "Windows device name AUX"), ("NUL", "Windows device name NUL"),
            ("Com1.tar.swift", "Windows device name COM1"), ("lpt9.swift", "device name LPT9"), ("prn .swift", "device name PRN"),
            ("ios./Demo.swift", "ends in a dot"), ("ios /Demo.swift", "ends in a space"), ("Demo.swift.", "ends in a dot"),
            ("a<b.swift", "holds '<'"), ("ios/De|mo.swift", "holds '|'"), ("why?.swift", "holds '?'"), ("x/a:b.swift", "holds ':'"),
        ]
        for (path, hint) in cases {
            try schema("  swift: \"\(path)\"\n").write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let before = try HostileCLITests.snapshot(folder)
            for command in ["generate", "check"] {
                let result = try run([command, "s.yaml"])
                XCTAssertEqual(result.status, 2, "\(command) \(path): \(result.stderr)")
                let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
                XCTAssertEqual(errors.count, 1, "\(command) \(path): one mistake, one error:\n\(result.stderr)")
                XCTAssertTrue(errors.first?.hasPrefix("s.yaml:6:10: error: the swift output '\(path)'") ?? false, "\(path): \(result.stderr)")
                XCTAssertTrue(errors.first?.contains(hint) ?? false, "\(path): \(result.stderr)")
                XCTAssertTrue(errors.first?.hasSuffix("[output-path]") ?? false, "\(path): \(result.stderr)")
            }
            XCTAssertEqual(try HostileCLITests.snapshot(folder), before, "\(path): the folder changed")
        }
    }

    /// An example names a fixture file: `aux` would be `fixtures/aux.json`.
    func testAnExampleNamedLikeADeviceIsRefusedAtTheExample() throws {
        let examples = "examples:\n  fine: { state: { title: a } }\n  aux: { state: { title: b } }\n"
        try schema("  swift: Demo.swift\n  fixtures: fixtures\n", examples: examples).write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try run(["generate", "s.yaml"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.yaml:7:3: error: example 'aux' names the fixture file 'fixtures/aux.json': the name 'aux.json' is the Windows device name AUX"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: ": error: ").count, 2, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.yaml"])
    }

    /// The plan checks every generated file too, whatever emitter names it.
    func testThePlanRefusesAReservedGeneratedFileName() throws {
        let (contract, _) = try SchemaLoader.load(Array(schema("  swift: Demo.swift\n").utf8), path: "s.yaml")
        let file = GeneratedFile(path: "fixtures/con.json", bytes: [], kind: GeneratedFile.Kind("fixtures"))
        let plan = OutputPlan.make(files: [file], contract: contract, schemaPath: folder.appendingPathComponent("s.yaml").path, force: true, fileSystem: FileSystem())
        XCTAssertTrue(plan.diagnostics.errors.contains { $0.message.contains("Windows device name CON") && $0.rule == "output-path" }, "\(plan.diagnostics.items)")
        XCTAssertTrue(plan.entries.isEmpty)
    }

    func testInitAndImportRefuseAReservedFileName() throws {
        for arguments in [["init", "--output", "aux.yaml"], ["init", "--output", "cfg/s.yaml "]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("error: cannot write '\(arguments[2])': the name"), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("[output-path]\n"), result.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        }
    }

    /// The only output refused for its path: its error, not also "outputs names no file".
    func testARefusedOnlyOutputGivesOneError() throws {
        for path in [".git/Demo.swift", "/abs/Demo.swift", "../Demo.swift", "a//Demo.swift", "con.swift"] {
            try schema("  swift: \"\(path)\"\n").write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            let result = try run(["generate", "s.yaml"])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: ": error: ").count, 2, "\(path): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("names no file"), result.stderr)
        }
        try schema("  swift: []\n").write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let empty = try run(["generate", "s.yaml"])
        XCTAssertEqual(empty.status, 2, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("outputs names no file"), empty.stderr)
    }
}
