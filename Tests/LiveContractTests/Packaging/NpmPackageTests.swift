import Foundation
import XCTest

/// The npm packages as a user gets them: scripts/package-npm packs them from the release
/// tarball, `npm install --offline` puts the tarballs into a scratch project, and `npx
/// livecontract` runs with an empty environment and PATH=/usr/bin:/bin (no Swift toolchain).
/// The launcher must hand back the binary's exit codes and output, pass signals both ways,
/// and say what to do on a platform it has no binary for.
final class NpmPackageTests: XCTestCase {
    /// The scratch project with both packages installed, shared by the tests (installing takes
    /// most of this class's time); each test works in its own folder inside it.
    nonisolated(unsafe) static var project: URL?
    nonisolated(unsafe) static var setupFailure: String?
    var project: URL!
    var npx = ""

    override class func setUp() {
        super.setUp()
        guard TestSupport.which("npm") != nil, TestSupport.which("node") != nil else { return }
        let scratch = TestSupport.temporaryDirectory("lc-npm")
        do {
            let (release, source) = try ReleaseTarball.folder()
            print("NpmPackageTests: packing from \(source)")
            // A copy, since scripts/package-npm writes npm/ beside the tarballs it reads.
            let dist = scratch.appendingPathComponent("dist")
            try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
            for name in [ReleaseTarball.tarballName, ReleaseTarball.tarballName + ".sha256"] {
                try FileManager.default.copyItem(at: release.appendingPathComponent(name), to: dist.appendingPathComponent(name))
            }
            let pack = try TestSupport.run(TestSupport.repoRoot.appendingPathComponent("scripts/package-npm").path, [dist.path])
            guard pack.status == 0 else { setupFailure = "scripts/package-npm failed:\n\(pack.stderr)"; return }
            let npmFolder = URL(fileURLWithPath: pack.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            let tarballs = try FileManager.default.contentsOfDirectory(atPath: npmFolder.path).filter { $0.hasSuffix(".tgz") }.sorted()
            let project = scratch.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try #"{ "name": "scratch-app", "private": true }"#.write(to: project.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
            let install = try TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "npm", "install", "--offline",
                                                               "--no-audit", "--no-fund", "--no-update-notifier"]
                                                + tarballs.map { npmFolder.appendingPathComponent($0).path }, in: project)
            guard install.status == 0 else { setupFailure = "npm install --offline failed:\n\(install.stdout)\n\(install.stderr)"; return }
            self.project = project
        } catch {
            setupFailure = "\(error)"
        }
    }

    override class func tearDown() {
        if let project { try? FileManager.default.removeItem(at: project.deletingLastPathComponent()) }
        super.tearDown()
    }

    override func setUpWithError() throws {
        npx = try TestSupport.requireTool("npx")
        if let failure = Self.setupFailure { XCTFail(failure) }
        project = try XCTUnwrap(Self.project, "the npm packages were not installed")
    }

    var home: String { project.deletingLastPathComponent().path }
    var installedLauncher: String { project.appendingPathComponent("node_modules/.bin/livecontract").path }

    /// `npx livecontract ARGS` in `folder` with nothing in the environment but PATH=/usr/bin:/bin
    /// and HOME: no Swift toolchain, no libyaml path, no npm configuration of this machine. The
    /// `--` keeps npx from taking `--version` as its own.
    @discardableResult
    func npxRun(_ arguments: [String], in folder: URL, extra: [String] = [], input: String? = nil,
                expect status: Int32, file: StaticString = #filePath, line: UInt = #line) throws -> TestSupport.RunResult {
        let result = try TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "HOME=\(home)", "NO_COLOR=1"] + extra
                                            + ["npx", "--offline", "--no-update-notifier", "--", "livecontract"] + arguments,
                                         in: folder, input: input)
        XCTAssertEqual(result.status, status, "npx livecontract \(arguments.joined(separator: " ")):\n\(result.stdout)\n\(result.stderr)", file: file, line: line)
        return result
    }

    /// A folder inside the scratch project (so npx finds the installed package) with a schema
    /// scaffolded and generated through the npm package.
    func generatedApp(_ name: String) throws -> URL {
        let app = project.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try npxRun(["init", "Delivery"], in: app, expect: 0)
        try npxRun(["generate", "--quiet"], in: app, expect: 0)
        return app
    }

    func testNpxCheckPassesTheBinarysExitCodesThroughWithNoSwiftOnPath() throws {
        XCTAssertNil(try? TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "sh", "-c", "command -v swift"]).stdout.nilIfEmpty,
                     "swift is on /usr/bin:/bin, so this test cannot show the package runs without it")
        let app = try generatedApp("exit-codes")
        let version = try npxRun(["--version"], in: app, expect: 0)
        XCTAssertTrue(version.stdout.hasPrefix("livecontract \(ReleaseTarball.version)"), version.stdout)

        try npxRun(["check", "livecontract.yaml"], in: app, expect: 0)

        let widget = app.appendingPathComponent("targets/widget/DeliveryAttributes.swift")
        let original = try String(contentsOf: widget, encoding: .utf8)
        try original.replacingOccurrences(of: "status", with: "headline").write(to: widget, atomically: true, encoding: .utf8)
        let drift = try npxRun(["check", "livecontract.yaml"], in: app, expect: 1)
        XCTAssertTrue((drift.stdout + drift.stderr).contains("targets/widget/DeliveryAttributes.swift"), drift.stdout + drift.stderr)
        try original.write(to: widget, atomically: true, encoding: .utf8)

        try "livecontract: 1\nname: Broken\nstate:\n  eta: { type: nope }\n".write(to: app.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let invalid = try npxRun(["check", "broken.yaml"], in: app, expect: 2)
        XCTAssertTrue(invalid.stderr.contains("broken.yaml:4:"), "the binary's file:line:col diagnostic passes through:\n\(invalid.stderr)")

        let usage = try npxRun(["check", "--format", "nope", "livecontract.yaml"], in: app, expect: 64)
        XCTAssertTrue(usage.stderr.contains("nope"), usage.stderr)
    }

    func testStandardInputAndOutputPassThrough() throws {
        let app = try generatedApp("streams")
        let fixture = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent("fixtures/delivery").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(fixture.isEmpty, "generate wrote no fixtures")
        let json = try npxRun(["check", "--format", "json", "livecontract.yaml"], in: app, expect: 0)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["ok"] as? Bool, true, json.stdout)

        let payload = #"{"aps":{"timestamp":1,"event":"update","content-state":{"status":7}}}"#
        let validate = try TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "HOME=\(home)", "NO_COLOR=1", installedLauncher,
                                                            "validate", "--schema", "livecontract.yaml", "-"], in: app, input: payload)
        XCTAssertNotEqual(validate.status, 0, "a payload with a number for a string must fail:\n\(validate.stdout)\n\(validate.stderr)")
        XCTAssertTrue((validate.stdout + validate.stderr).contains("<stdin>"), "the payload read from stdin is named in the report:\n\(validate.stdout)\n\(validate.stderr)")
    }

    /// The launcher waiting on `livecontract validate -`, which reads stdin until it closes;
    /// returns the launcher's process, its stdin, stdout and the binary's process id.
    func launcherWaitingOnStdin(in app: URL) throws -> (Process, Pipe, Pipe, Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i", "PATH=/usr/bin:/bin", "HOME=\(home)", "/usr/bin/node", project.appendingPathComponent("node_modules/livecontract/bin/livecontract.js").path,
                             "validate", "--schema", "livecontract.yaml", "-"]
        process.currentDirectoryURL = app
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // `env` execs node in place, so the launcher keeps this process id.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8)) ?? ""
            if let child = children.split(separator: " ").compactMap({ Int32($0) }).first,
               let command = try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8), command.contains("validate") {
                return (process, input, output, child)
            }
            usleep(50_000)
        }
        process.terminate()
        throw XCTSkip("the launcher did not start the binary within 60 s")
    }

    /// Waits until nothing holds the output pipe any more (the launcher and the binary both
    /// ended), for at most a minute; past that the binary is killed so the test cannot hang.
    func waitForBothToEnd(_ output: Pipe, child: Int32, file: StaticString = #filePath, line: UInt = #line) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = output.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut {
            XCTFail("the binary (pid \(child)) was still running a minute after the signal", file: file, line: line)
            kill(child, SIGKILL)
            done.wait()
        }
    }

    func testSignalToTheLauncherReachesTheBinaryAndEndsBoth() throws {
        let app = try generatedApp("signal-in")
        // Sent as soon as the binary exists: the launcher must already pass signals on then.
        let (launcher, input, output, child) = try launcherWaitingOnStdin(in: app)
        kill(launcher.processIdentifier, SIGTERM)
        waitForBothToEnd(output, child: child)
        launcher.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertEqual(launcher.terminationReason, .uncaughtSignal, "the launcher exited \(launcher.terminationStatus) instead of dying of SIGTERM")
        XCTAssertEqual(launcher.terminationStatus, SIGTERM)
        XCTAssertNotEqual(kill(child, 0), 0, "the binary (pid \(child)) outlived the launcher")
    }

    func testBinaryKilledBySignalEndsTheLauncherWithTheSameSignal() throws {
        let app = try generatedApp("signal-out")
        let (launcher, input, output, child) = try launcherWaitingOnStdin(in: app)
        kill(child, SIGKILL)
        waitForBothToEnd(output, child: child)
        launcher.waitUntilExit()
        try? input.fileHandleForWriting.close()
        XCTAssertEqual(launcher.terminationReason, .uncaughtSignal, "the launcher exited \(launcher.terminationStatus) instead of dying of SIGKILL")
        XCTAssertEqual(launcher.terminationStatus, SIGKILL)
    }

    func testMissingPlatformPackageSaysWhichPackageAndHowToBuildFromSource() throws {
        // The launcher package alone, as after `npm install --omit=optional`.
        let bare = project.deletingLastPathComponent().appendingPathComponent("bare/node_modules")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: project.appendingPathComponent("node_modules/livecontract"), to: bare.appendingPathComponent("livecontract"))
        let result = try TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "/usr/bin/node",
                                                          bare.appendingPathComponent("livecontract/bin/livecontract.js").path, "check"])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("@livecontract/cli-"), result.stderr)
        XCTAssertTrue(result.stderr.contains("is not installed"), result.stderr)
        XCTAssertTrue(result.stderr.contains("scripts/build-release"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testUnsupportedPlatformListsThePlatformsThatExist() throws {
        let launcher = project.appendingPathComponent("node_modules/livecontract/bin/livecontract.js").path
        // Node as it runs on a machine no package is built for.
        let script = "Object.defineProperty(process, 'arch', { value: 'riscv64' }); process.argv = [process.argv[0], 'livecontract', 'check']; require(\(jsString(launcher)))"
        let result = try TestSupport.run("/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", "/usr/bin/node", "-e", script])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.contains("no prebuilt binary for linux-riscv64"), result.stderr)
        let listed = result.stderr.split(separator: "\n").first { $0.contains("prebuilt binaries exist for") } ?? ""
        XCTAssertTrue(listed.contains("linux-x64"), "the platforms packed are named: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("scripts/setup && scripts/build-release"), result.stderr)
        XCTAssertTrue(result.stderr.contains("LIVECONTRACT_BINARY"), result.stderr)
    }

    func testLivecontractBinaryOverridesTheInstalledPackage() throws {
        let app = try generatedApp("override")
        let missing = try npxRun(["check"], in: app, extra: ["LIVECONTRACT_BINARY=/nonexistent/livecontract"], expect: 69)
        XCTAssertTrue(missing.stderr.contains("LIVECONTRACT_BINARY is '/nonexistent/livecontract', which is not an executable file"), missing.stderr)
        let stand = project.deletingLastPathComponent().appendingPathComponent("stand-in.sh")
        try "#!/bin/sh\necho \"stand-in $*\"\nexit 3\n".write(to: stand, atomically: true, encoding: .utf8)
        chmod(stand.path, 0o755)
        let ran = try npxRun(["check", "a b"], in: app, extra: ["LIVECONTRACT_BINARY=\(stand.path)"], expect: 3)
        XCTAssertEqual(ran.stdout, "stand-in check a b\n")
    }

    private func jsString(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast().description
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
