import Foundation
import XCTest
@testable import LiveContract

/// A file that is no schema and no output of the tool (`.env`, a key file), named where a
/// schema, a payload, an old schema or an output goes: every command refuses it without
/// printing its content. Through the built binary.
final class HostileLeakTests: XCTestCase {
    func testASecretFileNamedAnywhereIsNeverPrinted() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests")
            return
        }
        let folder = TestSupport.temporaryDirectory("hostile-leak")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "SECRET_TOKEN=abc123\n".write(to: folder.appendingPathComponent("secret.env"), atomically: true, encoding: .utf8)
        let schema = "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\noutputs:\n  swift: secret.env\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["check", "s.yaml"], ["check", "--format", "json", "s.yaml"], ["generate", "s.yaml"], ["generate", "secret.env"],
            ["check", "secret.env"], ["validate", "--schema", "secret.env", "s.yaml"], ["validate", "--schema", "s.yaml", "secret.env"],
            ["compat", "s.yaml", "--against", "secret.env"], ["compat", "secret.env", "--against", "s.yaml"], ["import", "secret.env"],
        ]
        for arguments in commands {
            let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertFalse((result.stdout + result.stderr).contains("abc123"), "\(arguments): \(result.stdout)\(result.stderr)")
            XCTAssertFalse((result.stdout + result.stderr).contains("SECRET"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("secret.env"), encoding: .utf8), "SECRET_TOKEN=abc123\n")
    }

    /// Kernel files are "regular" with size 0 but hold the environment: refused unread.
    func testProcFilesAreRefusedUnread() throws {
        #if os(Linux)
        let folder = TestSupport.temporaryDirectory("hostile-proc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = "livecontract: 1\nname: Demo\nstate:\n  title: { type: string, maxLength: 8 }\noutputs:\n  swift: Demo.swift\n"
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        for arguments in [["validate", "--schema", "s.yaml", "/proc/self/environ"], ["validate", "--schema", "/proc/self/environ", "p.json"],
                          ["import", "/proc/self/environ"], ["compat", "s.yaml", "--against", "/proc/self/environ"], ["generate", "/proc/self/environ"]] {
            let result = try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off", "PROC_SECRET": "abc123"])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("/proc/self/environ:1:1: error: "), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("not a regular file"), "\(arguments): \(result.stderr)")
        }
        #endif
    }
}

/// Paths are UTF-8 text: one that is not is a usage error naming it, not "no such file".
final class HostileArgumentBytesTests: XCTestCase {
    func testANonUTF8ArgumentIsAUsageErrorNamingIt() throws {
        let folder = TestSupport.temporaryDirectory("hostile-bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Process takes Strings, so the bytes go through a shell's printf.
        let script = "cd '\(folder.path)' && printf 'x' > \"$(printf 's\\377.yaml')\" && '\(TestSupport.binary.path)' generate \"$(printf 's\\377.yaml')\""
        let result = try TestSupport.run("/bin/sh", ["-c", script], environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(result.stderr, "livecontract: argument 2 ('s\u{FFFD}.yaml', bad bytes shown as U+FFFD) is not UTF-8 text; livecontract reads UTF-8 paths only: rename the file or folder\n")
        XCTAssertEqual(result.stdout, "")
    }
}
