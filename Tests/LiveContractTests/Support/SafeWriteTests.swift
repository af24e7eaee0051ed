import Foundation
import XCTest
@testable import LiveContract

/// `generate` writes only inside the schema's folder, never through a symlink, never over a
/// file it did not generate, and never half a file: an interrupted run leaves each output old
/// or new and no temporary file. Refusals of single schemas are in HostileCLITests and
/// CLITests; these are the cases that need something on disk first.
final class SafeWriteTests: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("safe-write")
        try manager.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"),
                             to: folder.appendingPathComponent("delivery.yaml"))
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    func generate(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, ["generate"] + arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    var widgetFolder: URL { folder.appendingPathComponent("delivery/targets/widgets") }
    var widgetCopy: URL { widgetFolder.appendingPathComponent("DeliveryAttributes.swift") }

    /// Every regular file under the schema's output folder, relative path -> bytes.
    func outputs() throws -> [String: Data] {
        try HostileCLITests.snapshot(folder.appendingPathComponent("delivery")).compactMapValues { $0 }
    }

    func testSymlinkedFolderOnTheWayIsRefusedAndNothingIsWritten() throws {
        let elsewhere = TestSupport.temporaryDirectory("elsewhere")
        defer { try? manager.removeItem(at: elsewhere) }
        try manager.createDirectory(at: widgetFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: widgetFolder, withDestinationURL: elsewhere)
        let result = try generate("delivery.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("delivery.yaml:47:7: error: 'delivery/targets/widgets' is a symlink"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[output-symlink]"), result.stderr)
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: elsewhere.path), [], "nothing lands behind the link")
        XCTAssertEqual(try outputs(), [:], "no other output is written either")
    }

    func testSymlinkedOutputFileIsRefusedAndForceReplacesTheLinkNotItsTarget() throws {
        let outside = TestSupport.temporaryDirectory("outside").appendingPathComponent("Precious.swift")
        defer { try? manager.removeItem(at: outside.deletingLastPathComponent()) }
        try "precious\n".write(to: outside, atomically: true, encoding: .utf8)
        try manager.createDirectory(at: widgetFolder, withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: widgetCopy, withDestinationURL: outside)
        let refused = try generate("delivery.yaml")
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("is a symlink; livecontract does not write through symlinks"), refused.stderr)
        XCTAssertEqual(try outputs(), ["targets/widgets/DeliveryAttributes.swift": Data("precious\n".utf8)],
                       "only the link (read through to its target): nothing is written")
        let forced = try generate("--force", "delivery.yaml")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "precious\n", "the link's target is never written")
        let attributes = try manager.attributesOfItem(atPath: widgetCopy.path)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "the link became a generated file")
    }

    func testDanglingSymlinkIsRefused() throws {
        try manager.createDirectory(at: widgetFolder, withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: widgetCopy.path, withDestinationPath: "/nonexistent/livecontract-target")
        let result = try generate("delivery.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("[output-symlink]"), result.stderr)
        XCTAssertFalse(manager.fileExists(atPath: "/nonexistent/livecontract-target"))
    }

    func testFolderWhereAFileGoesAndFileWhereAFolderGoesAreRefused() throws {
        try manager.createDirectory(at: widgetCopy, withIntermediateDirectories: true)
        let fixtures = folder.appendingPathComponent("delivery/fixtures")
        try manager.createDirectory(at: fixtures.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "not a folder\n".write(to: fixtures, atomically: true, encoding: .utf8)
        let result = try generate("delivery.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("DeliveryAttributes.swift' exists and is not a regular file [output-path]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'delivery/fixtures' is a file, so"), result.stderr)
        XCTAssertEqual(try outputs().keys.sorted(), ["fixtures"], "only the file that was in the way")
    }

    /// Two schemas on one command line: a refusal in the second stops the writes of the first.
    func testARefusalInAnySchemaWritesNothingForAll() throws {
        try "livecontract: 1\nname: Other\nstate:\n  a: int\noutputs:\n  swift: [other/OtherAttributes.swift]\n"
            .write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        try manager.createDirectory(at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        try "// mine\n".write(to: folder.appendingPathComponent("other/OtherAttributes.swift"), atomically: true, encoding: .utf8)
        let result = try generate("delivery.yaml", "other.yaml")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("other.yaml:6:11: error: 'other/OtherAttributes.swift' exists and was not generated by livecontract"), result.stderr)
        XCTAssertTrue(result.stderr.contains("livecontract: nothing was written"), result.stderr)
        XCTAssertEqual(try outputs(), [:])
    }

    func testAnUpdatedFileKeepsItsPermissions() throws {
        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: widgetCopy.path)
        try changeSchema()
        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        let permissions = try manager.attributesOfItem(atPath: widgetCopy.path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
    }

    /// A file-size limit (`ulimit -f`) kills the run with SIGXFSZ in the middle of its writes,
    /// as a full disk or a Ctrl-C would: each output is then the old file or the new one, the
    /// temporary file of the write that was cut off is gone, and the next run completes.
    func testAnInterruptedRunLeavesEveryFileOldOrNewAndNoTemporaryFile() throws {
        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        let old = try outputs()
        try changeSchema()
        let expected = TestSupport.temporaryDirectory("safe-write-new")
        defer { try? manager.removeItem(at: expected) }
        try manager.copyItem(at: folder.appendingPathComponent("delivery.yaml"), to: expected.appendingPathComponent("delivery.yaml"))
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["generate", "--quiet", "delivery.yaml"], in: expected).status, 0)
        let new = try HostileCLITests.snapshot(expected.appendingPathComponent("delivery")).compactMapValues { $0 }
        XCTAssertEqual(Set(new.keys), Set(old.keys))

        // 8 blocks: 4 KiB where ulimit counts 512-byte blocks (dash), 8 KiB where it counts KiB.
        let cut = try TestSupport.run("/bin/sh", ["-c", "ulimit -f 8; exec \"$0\" generate delivery.yaml", TestSupport.binary.path], in: folder)
        XCTAssertEqual(cut.status, SIGXFSZ, "the run should die of the file-size limit: \(cut.stderr)")
        let after = try outputs()
        XCTAssertEqual(Set(after.keys), Set(old.keys), "no output vanished and no stray file appeared")
        var newCount = 0, oldCount = 0
        for (path, bytes) in after {
            if bytes == new[path] { newCount += 1 } else if bytes == old[path] { oldCount += 1 } else { XCTFail("\(path) is neither old nor new") }
        }
        // Every temporary file is written before the first rename, so the cut-off run
        // changed nothing at all: the set is all old, not half updated.
        XCTAssertEqual(newCount, 0, "no output is replaced before every temporary file is on disk")
        XCTAssertEqual(oldCount, old.count, "the run really was cut off")
        XCTAssertEqual(temporaryFiles(), [])

        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        XCTAssertEqual(try outputs(), new)
        XCTAssertEqual(temporaryFiles(), [])
    }

    /// SIGKILL cannot be caught: its temporary file stays until the next write of that output
    /// sweeps it up. A temporary file of a process that is still running is left alone.
    func testTemporaryFilesOfDeadRunsAreSweptUp() throws {
        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let stale = widgetFolder.appendingPathComponent(".DeliveryAttributes.swift.livecontract-\(dead).tmp")
        let live = widgetFolder.appendingPathComponent(".DeliveryAttributes.swift.livecontract-\(getpid()).tmp")
        try "half a file".write(to: stale, atomically: false, encoding: .utf8)
        try "in flight".write(to: live, atomically: false, encoding: .utf8)
        try changeSchema()
        XCTAssertEqual(try generate("delivery.yaml").status, 0)
        XCTAssertFalse(manager.fileExists(atPath: stale.path), "a dead run's temporary file is removed")
        XCTAssertTrue(manager.fileExists(atPath: live.path), "a live process's temporary file is not touched")
    }

    /// `.<name>.livecontract-<pid>.tmp` files anywhere under the schema's folder.
    func temporaryFiles() -> [String] {
        let walker = manager.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.contains(".livecontract-") && path.hasSuffix(".tmp") { found.append(path) }
        }
        return found
    }

    /// A change that alters every output: a new defaulted state field.
    func changeSchema() throws {
        let schema = folder.appendingPathComponent("delivery.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\nstate:\n", with: "\nstate:\n  tipCents: { type: int, default: 0 }\n")
        XCTAssertNotEqual(changed, text)
        try changed.write(to: schema, atomically: true, encoding: .utf8)
    }
}
