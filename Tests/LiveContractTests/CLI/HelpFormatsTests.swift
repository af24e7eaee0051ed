import Foundation
import XCTest
@testable import LiveContract

/// Every command that takes `--format` lists every report format in its help. The commands and
/// the formats come from the code, not from a list in the test: each command the overview
/// names is asked for an unknown format (a command that takes the option answers with the
/// formats it accepts), and the formats are `ReportFormat.allCases`.
final class HelpFormatsTests: XCTestCase {
    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        return try TestSupport.run(TestSupport.binary.path, arguments, environment: ["NO_COLOR": "1"])
    }

    /// The command names of `livecontract --help` (the lines under `commands:`).
    func commands() throws -> [String] {
        let overview = try run(["--help"]).stdout
        let section = overview.components(separatedBy: "commands:\n").dropFirst().first ?? ""
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "help" }
    }

    func testEveryCommandThatTakesFormatListsEveryFormat() throws {
        let names = try commands()
        XCTAssertTrue(names.contains("check") && names.contains("compat"), "\(names)")
        let formats = ReportFormat.allCases.map(\.rawValue)
        var taking: [String] = []
        for name in names {
            let probe = try run([name, "--format", "nonsense"])
            guard probe.stderr.contains("unknown --format 'nonsense'") else { continue }
            taking.append(name)
            XCTAssertEqual(probe.status, 64, name)
            XCTAssertTrue(probe.stderr.contains("use " + formats.joined(separator: ", ")), "\(name): \(probe.stderr)")
            let help = try run(["help", name])
            XCTAssertEqual(help.status, 0, name)
            XCTAssertTrue(help.stdout.contains("[--format " + formats.joined(separator: "|") + "]"), "\(name)'s usage line: \(help.stdout)")
            let option = help.stdout.components(separatedBy: "--format F").dropFirst().first ?? ""
            let paragraph = option.components(separatedBy: "\n  --").first ?? option
            for format in formats {
                XCTAssertTrue(paragraph.contains(format), "\(name): --format F does not describe \(format): \(paragraph)")
            }
        }
        XCTAssertEqual(taking.sorted(), ["check", "compat", "doctor", "validate"], "the commands that take --format")
    }
}
