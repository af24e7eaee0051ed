import Foundation
import XCTest

/// The local APNs, OAuth and FCM stand-ins of Tests/Harness/push/fake_push.py, started for one
/// test: it makes a test CA and server certificate, an APNs `.p8` key and a Firebase service
/// account in a temporary folder, checks every request against the fixtures it is given, and
/// counts connections and tokens (`stats()`). The push-client harnesses drive each language's
/// generated client against it.
final class PushFake {
    static let script = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/push/fake_push.py")

    let folder: URL
    let apnsOrigin: String
    let fcmOrigin: String
    let controlURL: String
    let caFile: String
    let p8File: String
    let serviceAccountFile: String
    let keyId: String
    let teamId: String
    let projectId: String
    /// How many requests and messages the fixtures describe (a fake that loaded none proves nothing).
    let fixtureRequests: Int
    let fixtureMessages: Int

    private let process: Process
    private let input: Pipe

    /// Starts the fake with every fixture folder in `fixtures`; needs python3 with h2 and
    /// cryptography (scripts/setup --test installs them).
    static func start(fixtures: [URL], file: StaticString = #filePath, line: UInt = #line) throws -> PushFake {
        let python = try TestSupport.requireTool("python3", file: file, line: line)
        let probe = try TestSupport.run(python, ["-c", "import h2, cryptography"])
        if probe.status != 0 {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail("python3 lacks h2 or cryptography; .ci/run must install them (scripts/setup --test)", file: file, line: line)
            }
            throw XCTSkip("python3 lacks h2 or cryptography: scripts/setup --test installs them")
        }
        let folder = TestSupport.temporaryDirectory("push-fake")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, "--dir", folder.appendingPathComponent("credentials").path]
            + fixtures.flatMap { ["--fixtures", $0.path] }
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // The first line is the ready line; it comes after the key generation (well under a second).
        var buffer = Data()
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(60)
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty || Date() > deadline {
                process.terminate()
                throw PushFakeError.notReady(String(decoding: buffer, as: UTF8.self))
            }
            buffer.append(chunk)
        }
        let line = buffer.prefix { $0 != UInt8(ascii: "\n") }
        guard let ready = try JSONSerialization.jsonObject(with: line) as? [String: Any],
              let apns = ready["apns"] as? Int, let fcm = ready["fcm"] as? Int, let control = ready["control"] as? Int else {
            process.terminate()
            throw PushFakeError.notReady(String(decoding: line, as: UTF8.self))
        }
        return PushFake(folder: folder, process: process, input: input, apns: apns, fcm: fcm, control: control, ready: ready)
    }

    private init(folder: URL, process: Process, input: Pipe, apns: Int, fcm: Int, control: Int, ready: [String: Any]) {
        self.folder = folder
        self.process = process
        self.input = input
        apnsOrigin = "https://127.0.0.1:\(apns)"
        fcmOrigin = "https://127.0.0.1:\(fcm)"
        controlURL = "http://127.0.0.1:\(control)"
        caFile = ready["caFile"] as? String ?? ""
        p8File = ready["p8File"] as? String ?? ""
        serviceAccountFile = ready["serviceAccountFile"] as? String ?? ""
        keyId = ready["keyId"] as? String ?? ""
        teamId = ready["teamId"] as? String ?? ""
        projectId = ready["projectId"] as? String ?? ""
        fixtureRequests = ready["fixtureRequests"] as? Int ?? 0
        fixtureMessages = ready["fixtureMessages"] as? Int ?? 0
    }

    /// What a driver needs, as environment variables (the drivers of every language read these).
    var environment: [String: String] {
        [
            "PUSH_APNS_ORIGIN": apnsOrigin, "PUSH_FCM_ORIGIN": fcmOrigin, "PUSH_TOKEN_ORIGIN": fcmOrigin,
            "PUSH_CONTROL": controlURL, "PUSH_CA_FILE": caFile, "PUSH_P8_FILE": p8File,
            "PUSH_SERVICE_ACCOUNT_FILE": serviceAccountFile, "PUSH_KEY_ID": keyId, "PUSH_TEAM_ID": teamId,
            "PUSH_PROJECT_ID": projectId,
        ]
    }

    /// The fake's counters and the reasons requests failed, read from its control port.
    func stats() throws -> [String: Any] {
        let result = try TestSupport.run("/usr/bin/env", ["python3", "-c",
            "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1] + '/stats').read().decode())", controlURL])
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PushFakeError.notReady(result.stderr)
        }
        return object
    }

    /// Reasons the fake refused requests; a driver's run should leave none it did not ask for.
    func failures() throws -> [String] { try stats()["failures"] as? [String] ?? [] }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}

enum PushFakeError: Error, CustomStringConvertible {
    case notReady(String)
    var description: String {
        switch self {
        case .notReady(let output): return "the fake push servers did not start: \(output.prefix(2000))"
        }
    }
}
