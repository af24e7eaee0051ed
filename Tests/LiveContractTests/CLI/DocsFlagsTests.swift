import Foundation
import XCTest

/// The README and docs/ keep up with the command line: every command the built binary lists
/// and every flag in each command's help appears in them.
final class DocsFlagsTests: XCTestCase {
    func testEveryCommandAndFlagOfTheHelpIsDocumented() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let docsFolder = TestSupport.repoRoot.appendingPathComponent("docs")
        var docs = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: docsFolder.path) where name.hasSuffix(".md") {
            docs += try String(contentsOf: docsFolder.appendingPathComponent(name), encoding: .utf8)
        }
        let overview = try TestSupport.run(TestSupport.binary.path, ["--help"]).stdout
        let section = overview.components(separatedBy: "commands:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let commands = section.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" }
        XCTAssertGreaterThanOrEqual(commands.count, 9, overview)
        XCTAssertTrue(commands.contains("editor-schema"), "\(commands)")
        var checked = 0
        for command in commands {
            XCTAssertTrue(docs.contains("livecontract \(command)"), "`livecontract \(command)` is not in the README or docs/")
            let help = try TestSupport.run(TestSupport.binary.path, ["help", command])
            XCTAssertEqual(help.status, 0, command)
            let flags = Set(help.stdout.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
            for flag in flags {
                checked += 1
                let documented = docs.contains("livecontract \(command)") && docs.range(of: "\(command)[^\n]*\(flag)|\(flag)`? *\\|[^\n]*\(command)", options: .regularExpression) != nil
                XCTAssertTrue(documented, "`\(command) \(flag)` (in its help) is not in the README or docs/ next to the command")
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }
}
