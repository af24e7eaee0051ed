import Foundation
import XCTest

/// `check` prints drift for people with caps: the summary and the fix first and last, at most
/// 40 diff lines per file and 200 in all, then how many were left out. Committed templates
/// that render tens of MiB per output made `check` print 441 MB with 2 GB of memory; a
/// forgotten `generate` printed thousands of lines ending without the command to run. JSON
/// stays complete up to its per-file bound. Through the built binary.
final class DriftReportCapTests: XCTestCase {
    /// A schema whose committed outputs are tiny and whose committed templates (a partial of
    /// 64 KiB of text, included `repeats` times by each output's template) render far more.
    func flood(repeats: Int, outputs: String) throws -> URL {
        let folder = TestSupport.temporaryDirectory("drift-flood")
        let schema = "livecontract: 1\nname: Flood\nstate:\n  eta: int\noutputs:\n" + outputs
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder).status, 0)
        let templates = folder.appendingPathComponent("tpl")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let line = String(repeating: "flood ", count: 10) + "\n"
        try String(repeating: line, count: 65_536 / line.utf8.count).write(to: templates.appendingPathComponent("kotlin-runtime.mustache"), atomically: true, encoding: .utf8)
        for template in ["typescript", "swift", "python"] {
            let body = "{{#headerLines}}\n// {{.}}\n{{/headerLines}}\n" + String(repeating: "{{> kotlin-runtime}}\n", count: repeats)
            try body.write(to: templates.appendingPathComponent("\(template).mustache"), atomically: true, encoding: .utf8)
        }
        try (schema.replacingOccurrences(of: "name: Flood\n", with: "name: Flood\ntemplates: tpl\n"))
            .write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    func testFloodingTemplatesPrintABoundedReport() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        // 160 x 64 KiB: 10 MiB per output, past the size where lines are matched at all.
        let folder = try flood(repeats: 160, outputs: "  typescript: x.ts\n  swift: X.swift\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(text.status, 1, text.stderr.prefix(2000) + "")
        XCTAssertLessThan(text.stderr.utf8.count + text.stdout.utf8.count, 64_000, "text report: \(text.stderr.utf8.count) bytes")
        XCTAssertTrue(text.stderr.contains("more diff lines not shown"), String(text.stderr.prefix(3000)))

        let github = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "--format", "github", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(github.status, 1)
        XCTAssertLessThan(github.stdout.utf8.count, 64_000, "github report: \(github.stdout.utf8.count) bytes")

        let json = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "--format", "json", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(json.status, 1)
        // Each diff whole up to 1 MiB, then counted.
        XCTAssertLessThan(json.stdout.utf8.count, 3 << 20, "json report: \(json.stdout.utf8.count) bytes")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = ((document["schemas"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]) ?? []
        XCTAssertEqual(findings.count, 2)
        for finding in findings {
            XCTAssertGreaterThan(finding["diffLinesLeftOut"] as? Int ?? 0, 100_000, "\(finding["path"] ?? "")")
            XCTAssertGreaterThan((finding["diff"] as? String ?? "").utf8.count, 1 << 19)
        }
    }

    /// Issue 33's forgotten generate: the schema gains a field and nothing is regenerated.
    func testForgottenGenerateSaysWhatToRunFirstAndLast() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("drift-forgotten")
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml")
        let schema = try String(contentsOf: source, encoding: .utf8)
        try schema.write(to: folder.appendingPathComponent("delivery.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["generate", "delivery.yaml"], in: folder).status, 0)
        let changed = schema.replacingOccurrences(of: "\nstate:\n", with: "\nstate:\n  tipCents: { type: int, min: 0, default: 0 }\n")
        XCTAssertNotEqual(changed, schema)
        try changed.write(to: folder.appendingPathComponent("delivery.yaml"), atomically: true, encoding: .utf8)

        let text = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "delivery.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(text.status, 1)
        let lines = text.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertTrue(lines.first?.hasPrefix("livecontract: ") == true && lines.first?.contains("out of sync") == true, String(lines.first ?? ""))
        XCTAssertEqual(lines.dropFirst().first, "fix: run `livecontract generate delivery.yaml`")
        XCTAssertEqual(lines.last, "fix: run `livecontract generate delivery.yaml`")
        XCTAssertEqual(lines.dropLast().last, lines.first)
        XCTAssertLessThan(lines.count, 600, "text lines")
        // No file shows more than 40 diff lines before saying how many it left out.
        var run = 0
        for line in lines {
            if line.hasPrefix("+") || line.hasPrefix("-") || line.hasPrefix(" ") && !line.hasPrefix("  ") || line.hasPrefix("@@") {
                run += 1
                XCTAssertLessThanOrEqual(run, 40)
            } else {
                run = 0
            }
        }
        XCTAssertTrue(text.stderr.contains("more diff lines not shown (`check --format json` has the whole diff); fix: run `livecontract generate delivery.yaml`"),
                      text.stderr)

        let github = try TestSupport.run(TestSupport.binary.path, ["check", "--no-cache", "--format", "github", "delivery.yaml"], in: folder,
                                         environment: ["NO_COLOR": "1"])
        XCTAssertEqual(github.status, 1)
        let githubLines = github.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertLessThan(githubLines.count, 600, "github lines")
        XCTAssertEqual(githubLines.last, "fix: run `livecontract generate delivery.yaml`")
        XCTAssertTrue(githubLines.first?.hasPrefix("livecontract: ") == true, String(githubLines.first ?? ""))
        GitHubLogCommandTests.assertOnlyOurCommands(github.stdout)
    }
}
