import Foundation
import XCTest

/// The GitHub Action's two steps (scripts/action-install, scripts/action-check, which action.yml
/// runs) with the environment GitHub gives them, downloading from a file:// folder that stands
/// in for the release: the binary is installed only when its sha256 matches the release's
/// .sha256, the default version is VERSION, and the check step gives the check's exit code,
/// annotations and a SARIF report.
final class GitHubActionTests: XCTestCase {
    var work: URL!
    var release: URL!

    override func setUpWithError() throws {
        _ = try TestSupport.requireTool("curl")
        work = TestSupport.temporaryDirectory("lc-action")
        release = try ReleaseTarball.folder().0
    }

    override func tearDownWithError() throws {
        if let work { try? FileManager.default.removeItem(at: work) }
    }

    var runnerArch: String { ReleaseTarball.platform.hasSuffix("aarch64") ? "ARM64" : "X64" }

    /// Runs scripts/action-install as the action's first step would; returns the result and
    /// the GITHUB_OUTPUT and GITHUB_PATH it wrote.
    func install(from folder: URL, _ settings: [String: String] = [:]) throws -> (TestSupport.RunResult, String, String) {
        let runnerTemp = work.appendingPathComponent("runner-temp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runnerTemp, withIntermediateDirectories: true)
        let output = runnerTemp.appendingPathComponent("output"), path = runnerTemp.appendingPathComponent("path")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        FileManager.default.createFile(atPath: path.path, contents: nil)
        var environment = [
            "GITHUB_ACTIONS": "true", "RUNNER_OS": "Linux", "RUNNER_ARCH": runnerArch,
            "RUNNER_TEMP": runnerTemp.path, "GITHUB_OUTPUT": output.path, "GITHUB_PATH": path.path,
            "ACTION_REPOSITORY": "example/livecontract", "WORKFLOW_REPOSITORY": "example/app",
            "SERVER_URL": "https://github.com", "LIVECONTRACT_VERSION": "", "LIVECONTRACT_REPOSITORY": "",
            "LIVECONTRACT_DOWNLOAD_URL": "file://" + folder.path,
        ]
        environment.merge(settings) { _, new in new }
        let result = try TestSupport.run(TestSupport.repoRoot.appendingPathComponent("scripts/action-install").path, [], environment: environment)
        return (result, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: path, encoding: .utf8))
    }

    func testInstallsTheVerifiedBinaryOfTheActionsOwnVersion() throws {
        let (result, output, path) = try install(from: release)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(output.contains("version=\(ReleaseTarball.version)\n"), "an empty version input means VERSION: \(output)")
        let binary = try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("binary=") }?.dropFirst("binary=".count))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: String(binary)))
        XCTAssertEqual(path.trimmingCharacters(in: .newlines) + "/livecontract", String(binary), "its folder goes on PATH")
        XCTAssertTrue(result.stdout.contains("livecontract \(ReleaseTarball.version)"), "the installed binary's --version is shown: \(result.stdout)")
    }

    func testRefusesADownloadWhoseChecksumDoesNotMatch() throws {
        let tampered = work.appendingPathComponent("tampered")
        try FileManager.default.createDirectory(at: tampered, withIntermediateDirectories: true)
        let name = ReleaseTarball.tarballName
        try FileManager.default.copyItem(at: release.appendingPathComponent(name), to: tampered.appendingPathComponent(name))
        try (String(repeating: "0", count: 64) + "  \(name)\n").write(to: tampered.appendingPathComponent(name + ".sha256"), atomically: true, encoding: .utf8)
        let (result, output, path) = try install(from: tampered)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("::error title=livecontract::checksum mismatch for \(name)"), result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("nothing was installed"), result.stdout)
        XCTAssertEqual(output, "")
        XCTAssertEqual(path, "")
    }

    func testRefusesAVersionOrRunnerItCannotServe() throws {
        let (injected, _, _) = try install(from: release, ["LIVECONTRACT_VERSION": "1.0.0/../../x; touch pwned"])
        XCTAssertEqual(injected.status, 1)
        XCTAssertTrue(injected.stdout.contains("is not a release version such as 0.1.0"), injected.stdout)
        let (windows, _, _) = try install(from: release, ["RUNNER_OS": "Windows"])
        XCTAssertEqual(windows.status, 1)
        XCTAssertTrue(windows.stdout.contains("no prebuilt livecontract for a Windows \(runnerArch) runner"), windows.stdout)
        XCTAssertTrue(windows.stdout.contains("scripts/build-release"), windows.stdout)
        let (missing, _, _) = try install(from: release, ["LIVECONTRACT_VERSION": "v99.0.0"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("is 99.0.0 a release of example/livecontract"), missing.stdout)
    }

    func testCheckStepFailsOnDriftWithAnnotationsAndWritesSARIF() throws {
        let (installed, output, _) = try install(from: release)
        XCTAssertEqual(installed.status, 0, installed.stdout + installed.stderr)
        let binary = String(try XCTUnwrap(output.split(separator: "\n").first { $0.hasPrefix("binary=") }?.dropFirst("binary=".count)))
        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        XCTAssertEqual(try TestSupport.run(binary, ["init", "Delivery"], in: app).status, 0)
        XCTAssertEqual(try TestSupport.run(binary, ["generate", "--quiet"], in: app).status, 0)
        let check = TestSupport.repoRoot.appendingPathComponent("scripts/action-check").path
        let sarif = app.appendingPathComponent("out/livecontract.sarif")
        try FileManager.default.createDirectory(at: sarif.deletingLastPathComponent(), withIntermediateDirectories: true)
        let step = ["LIVECONTRACT": binary, "SCHEMAS": "livecontract.yaml\n", "ARGS": "", "SARIF": sarif.path]

        let clean = try TestSupport.run(check, [], in: app, environment: step)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        let widget = app.appendingPathComponent("targets/widget/DeliveryAttributes.swift")
        try (try String(contentsOf: widget, encoding: .utf8)).replacingOccurrences(of: "status", with: "headline")
            .write(to: widget, atomically: true, encoding: .utf8)
        let drift = try TestSupport.run(check, [], in: app, environment: step)
        XCTAssertEqual(drift.status, 1, drift.stdout + drift.stderr)
        XCTAssertTrue(drift.stdout.contains("::error file=targets/widget/DeliveryAttributes.swift"), drift.stdout)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: sarif)) as? [String: Any]
        let runs = report?["runs"] as? [[String: Any]]
        let results = runs?.first?["results"] as? [[String: Any]]
        XCTAssertFalse(results?.isEmpty ?? true, "the SARIF report names the drift: \(String(describing: report))")

        let usage = try TestSupport.run(check, [], in: app, environment: step.merging(["ARGS": "--no-such-flag"]) { _, new in new })
        XCTAssertEqual(usage.status, 64, "a usage error is not hidden behind the SARIF step: \(usage.stdout)\(usage.stderr)")
    }
}
