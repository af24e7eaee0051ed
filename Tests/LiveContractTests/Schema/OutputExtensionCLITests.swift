import Foundation
import XCTest

/// `outputs.python` must end in `.py` and the Go `path` in `.go`, through the built binary:
/// any other name is an error at the path (`output-extension`), exit 2, and nothing is written.
final class OutputExtensionCLITests: XCTestCase {
    static let schema = """
        livecontract: 1
        name: Parcel
        state:
          count: int
        outputs:
          swift: [ios/Parcel.swift]
          OUTPUT

        """

    func run(_ folder: URL, _ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    /// Each bad spelling: the output line, the column of its path, the message's tail.
    static let bad: [(output: String, column: Int, message: String)] = [
        ("python: server/parcel", 11, "the python output 'server/parcel' must end in .py; name the file like 'parcel.py'"),
        ("python: server/parcel.txt", 11, "the python output 'server/parcel.txt' must end in .py; name the file like 'parcel.py'"),
        ("python: server/parcel.PY", 11, "the python output 'server/parcel.PY' must end in .py; name the file like 'parcel.py'"),
        ("python: server/.py", 11, "the python output 'server/.py' must end in .py; name the file like 'contract.py'"),
        ("go: { path: server/parcel.golang, package: parcel }", 15, "the go output 'server/parcel.golang' must end in .go; name the file like 'parcel.go'"),
        ("go: { path: server/parcel, package: parcel }", 15, "the go output 'server/parcel' must end in .go; name the file like 'parcel.go'"),
    ]

    func testAnOutputWithoutItsLanguagesExtensionIsRefused() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        for (output, column, message) in Self.bad {
            let folder = TestSupport.temporaryDirectory("output-extension")
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.schema.replacingOccurrences(of: "OUTPUT", with: output)
                .write(to: folder.appendingPathComponent("parcel.yaml"), atomically: true, encoding: .utf8)
            for command in ["generate", "check"] {
                let result = try run(folder, command, "parcel.yaml")
                XCTAssertEqual(result.status, 2, "\(command) \(output): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("parcel.yaml:7:\(column): error: \(message) [output-extension]"),
                              "\(command) \(output): \(result.stderr)")
            }
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertEqual(written, ["parcel.yaml"], "\(output): something was written")
        }
    }

    func testTheLanguagesExtensionIsAccepted() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("output-extension")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.replacingOccurrences(of: "OUTPUT", with: "python: server/parcel_contract.py\n  go: { path: server/go/parcel.go, package: parcel }")
            .write(to: folder.appendingPathComponent("parcel.yaml"), atomically: true, encoding: .utf8)
        let result = try run(folder, "generate", "parcel.yaml")
        XCTAssertEqual(result.status, 0, result.stderr)
        for path in ["server/parcel_contract.py", "server/go/parcel.go"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), path)
        }
    }

    func testTheRuleIsExplained() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let result = try run(TestSupport.repoRoot, "explain", "output-extension")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("`outputs.python` must end in `.py`"), result.stdout)
    }
}
