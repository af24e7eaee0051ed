import Foundation
import XCTest

/// `check --format github` prints workflow commands, and the runner reads every line that
/// starts with `::` (after leading spaces; a CR ends a line too) as one, decoding `%0A` in
/// its data. The diff group's title held the output path unescaped, so a path spelled
/// `a%0Ab` became a title of two lines; a hand edit that adds a CR and a command to a line
/// must stay inside its diff line. Through the built binary.
final class HostileGitHubFormatTests: XCTestCase {
    static let schema = "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  typescript: \"a%0Ab/x.ts\"\n"

    func testEveryWorkflowCommandLineIsOneOfOurs() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("github-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let generated = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let output = folder.appendingPathComponent("a%0Ab/x.ts")
        var text = try String(contentsOf: output, encoding: .utf8)
        text += "export const planted = 1 //\r::error file=README.md,line=1::planted\r  ::add-mask::planted\n"
        try text.write(to: output, atomically: true, encoding: .utf8)

        let result = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "--format", "github", "s.yaml"], in: folder,
                                         environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("\n::group::livecontract diff a%250Ab/x.ts\n"), result.stdout)
        let commands = result.stdout.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            .map { $0.drop { $0 == " " || $0 == "\t" } }.filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.count, 3, commands.joined(separator: "\n"))
        XCTAssertTrue(commands[0].hasPrefix("::error file=a%250Ab/x.ts,line="), String(commands[0]))
        XCTAssertEqual(commands[1], "::group::livecontract diff a%250Ab/x.ts")
        XCTAssertEqual(commands[2], "::endgroup::")
        XCTAssertFalse(result.stdout.contains("planted\r"), "a CR from the file reached the log")
    }
}
