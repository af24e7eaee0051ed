import Foundation
import XCTest
@testable import LiveContract

/// The hostile-schema table through the built binary, the way a developer or CI meets it:
/// `livecontract generate s.yaml` in an otherwise empty folder must exit 2, print the rule id
/// at the marked line:column on stderr (one line per diagnostic, whatever the schema's text),
/// and leave the folder exactly as it was (no outputs, no folders, no temporary files).
final class HostileCLITests: XCTestCase {
    func testEveryHostileSchemaIsRefusedByTheBinaryAndNothingIsWritten() throws {
        let binary = TestSupport.binary.path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            XCTFail("the livecontract binary was not built next to the tests (\(binary))")
            return
        }
        let root = TestSupport.temporaryDirectory("hostile-cli")
        defer { try? FileManager.default.removeItem(at: root) }
        for (index, testCase) in HostileSchemas.all.enumerated() {
            let folder = root.appendingPathComponent("case-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (bytes, line, column) = testCase.source
            try Data(bytes).write(to: folder.appendingPathComponent("s.yaml"))
            let before = try Self.snapshot(folder)
            let start = Date()
            let result = try TestSupport.run(binary, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
            let label = "\(testCase.name) (case-\(index))"
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(label): the binary took too long")
            XCTAssertEqual(result.status, 2, "\(label): exit status\n\(result.stderr)")
            let expected = "s.yaml:\(line):\(column): error: "
            let lines = result.stderr.split(separator: "\n")
            XCTAssertTrue(lines.contains { $0.hasPrefix(expected) && $0.hasSuffix("[\(testCase.rule)]") },
                          "\(label): expected '\(expected)... [\(testCase.rule)]' on stderr, got:\n\(result.stderr)")
            // User text in a message cannot start a line of its own (a forged diagnostic or CI
            // annotation) or hide behind an invisible character.
            for line in lines {
                XCTAssertTrue(line.hasPrefix("s.yaml:") || line.hasPrefix("livecontract: "), "\(label): stray stderr line: \(line)")
                XCTAssertFalse(line.unicodeScalars.contains { CodeText.isInvisible($0) || $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(label): \(line)")
            }
            XCTAssertTrue(result.stdout.isEmpty, "\(label): stdout should be empty, got \(result.stdout)")
            XCTAssertEqual(try Self.snapshot(folder), before, "\(label): the folder changed")
        }
    }

    /// Every file and folder under `folder` (relative path -> bytes; folders map to nil).
    static func snapshot(_ folder: URL) throws -> [String: Data?] {
        var result: [String: Data?] = [:]
        let base = folder.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = base + "/" + relative
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            result[relative] = isFolder.boolValue ? nil : try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return result
    }
}
