import Foundation
import XCTest

/// A schema's `templates:` folder follows the folder rule of outputs: a committed
/// `templates: ../outside` rendered a file from outside the schema's folder (and the
/// repository) and `check` printed it in its diff. `--templates DIR` is the user's own
/// argument and may name any folder (docs/templates.md). Through the built binary.
final class TemplatesFolderStaysInsideTests: XCTestCase {
    static let token = "SECRET-TOKEN-0123456789"

    /// `repo/app/s.yaml` and, beside the repository, `outside/` holding a template that
    /// prints the token.
    func layout() throws -> URL {
        let root = TestSupport.temporaryDirectory("templates-outside")
        let app = root.appendingPathComponent("repo/app"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "// \(Self.token)\n".write(to: outside.appendingPathComponent("typescript.mustache"), atomically: true, encoding: .utf8)
        try "leaked \(Self.token)\n".write(to: outside.appendingPathComponent("swfit.mustache"), atomically: true, encoding: .utf8)
        return root
    }

    func testSchemaKeyMayNotLeaveTheSchemaFolder() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let root = try layout()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("repo/app")
        for folder in ["../../outside", "../../outside/", "sub/../../../outside", ".git/templates"] {
            try "livecontract: 1\nname: Ride\ntemplates: \(folder)\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n"
                .write(to: app.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
            for arguments in [["check", "--no-cache", "s.yaml"], ["check", "--no-cache", "--format", "json", "s.yaml"],
                              ["check", "--no-cache", "--format", "github", "s.yaml"], ["generate", "s.yaml"], ["templates", "which", "s.yaml"]] {
                let result = try TestSupport.run(TestSupport.binary.path, arguments, in: app, environment: ["NO_COLOR": "1"])
                let output = result.stdout + result.stderr
                XCTAssertEqual(result.status, 2, "\(folder) \(arguments): \(output)")
                XCTAssertTrue(output.contains("templates-folder"), "\(folder) \(arguments): \(output)")
                XCTAssertFalse(output.contains(Self.token), "\(folder) \(arguments) printed a file from outside: \(output)")
                XCTAssertFalse(output.contains("swfit"), "\(folder) \(arguments) named a file from outside: \(output)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.appendingPathComponent("x.ts").path), folder)
        }
    }

    func testTemplatesInsideTheSchemaFolderStillWork() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let root = try layout()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("repo/app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("tpl"), withIntermediateDirectories: true)
        try "// own template\n".write(to: app.appendingPathComponent("tpl/typescript.mustache"), atomically: true, encoding: .utf8)
        try "livecontract: 1\nname: Ride\ntemplates: tpl\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n"
            .write(to: app.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "--force", "s.yaml"], in: app, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("x.ts"), encoding: .utf8), "// own template\n")
    }

    /// The user's own `--templates ../../outside` is read: they named it.
    func testCommandLineTemplatesMayNameAnyFolder() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let root = try layout()
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("repo/app")
        try FileManager.default.removeItem(at: root.appendingPathComponent("outside/swfit.mustache"))
        try "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  typescript: x.ts\n"
            .write(to: app.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "--force", "--templates", "../../outside", "s.yaml"], in: app,
                                         environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: app.appendingPathComponent("x.ts"), encoding: .utf8), "// \(Self.token)\n")
    }
}
