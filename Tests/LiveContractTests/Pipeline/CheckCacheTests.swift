import Foundation
import XCTest
@testable import LiveContract

/// The check cache (docs/check.md): a replayed check says exactly what a full check says, after
/// any change to what the check reads; a hit is a replay, a change is a miss; an untrusted,
/// damaged or switched-off cache is never used; a failing check is never kept.
final class CheckCacheTests: XCTestCase {
    var folder: URL!
    var cache: URL!

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("check-cache")
        // Outside the schema's folder, like ~/.cache: the orphan search lists the folders
        // below the schema, so a cache inside them would change what the check reads.
        cache = TestSupport.temporaryDirectory("check-cache-store").appendingPathComponent("cache")
        try TestSupport.generate(schema: "delivery", into: folder)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        if let cache { try? FileManager.default.removeItem(at: cache.deletingLastPathComponent()) }
    }

    func check(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, ["check"] + arguments + ["delivery.yaml"], in: folder,
                            environment: ["LIVECONTRACT_CACHE_DIR": cache.path, "NO_COLOR": "1"].merging(environment) { $1 })
    }

    /// The one entry's inode: a hit leaves the entry alone, a miss writes a new one.
    func entryInode() throws -> Int? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.filter { $0.hasPrefix("check-") } ?? []
        guard let name = names.first else { return nil }
        XCTAssertEqual(names.count, 1)
        return try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(name).path)[.systemFileNumber] as? Int
    }

    func assertSame(_ cached: TestSupport.RunResult, _ full: TestSupport.RunResult, _ step: String, line: UInt = #line) {
        XCTAssertEqual(cached.status, full.status, step, line: line)
        XCTAssertEqual(cached.stdout, full.stdout, step, line: line)
        XCTAssertEqual(cached.stderr, full.stderr, step, line: line)
    }

    static let kotlin = "delivery/modules/droptrack-live/android/DeliveryContract.kt"
    static let widget = "delivery/targets/widgets/DeliveryAttributes.swift"

    func testEveryChangeToWhatCheckReadsIsSeenAndReportsMatchAFullCheck() throws {
        let first = try check()
        XCTAssertEqual(first.status, 0, first.stderr)
        let recorded = try XCTUnwrap(try entryInode(), "a passing check is kept")
        let hit = try check()
        assertSame(hit, first, "unchanged")
        XCTAssertEqual(try entryInode(), recorded, "the unchanged check was replayed, not run again")
        for quiet in [["--quiet"], ["--format", "json"]] {
            assertSame(try check(quiet), try check(quiet + ["--no-cache"]), "\(quiet)")
        }

        let kotlin = folder.appendingPathComponent(Self.kotlin)
        let original = try Data(contentsOf: kotlin)
        let fm = FileManager.default
        let steps: [(String, () throws -> Void)] = [
            ("one byte of one output", { var edited = original; edited[edited.count / 2] ^= 0x20; try edited.write(to: kotlin) }),
            ("output restored", { try original.write(to: kotlin) }),
            ("output removed", { try fm.removeItem(at: kotlin) }),
            ("output restored again", { try original.write(to: kotlin) }),
            ("output behind a symlink", {
                let copy = self.folder.appendingPathComponent("copy.kt")
                try original.write(to: copy)
                try fm.removeItem(at: kotlin)
                try fm.createSymbolicLink(at: kotlin, withDestinationURL: copy)
            }),
            ("symlink replaced by the file", { try fm.removeItem(at: kotlin); try original.write(to: kotlin) }),
            // Another kind of file in the output's place: a new inode and mode, and never read.
            ("output replaced by a FIFO", { try fm.removeItem(at: kotlin); XCTAssertEqual(mkfifo(kotlin.path, 0o644), 0) }),
            ("FIFO replaced by the file", { try fm.removeItem(at: kotlin); try original.write(to: kotlin) }),
            ("output replaced by a folder", { try fm.removeItem(at: kotlin); try fm.createDirectory(at: kotlin, withIntermediateDirectories: false) }),
            ("folder replaced by the file", { try fm.removeItem(at: kotlin); try original.write(to: kotlin) }),
            ("output replaced by a hard link to a copy", {
                let copy = self.folder.appendingPathComponent("linked.kt")
                try original.write(to: copy)
                try fm.removeItem(at: kotlin)
                try fm.linkItem(at: copy, to: kotlin)
            }),
            // The same files (same inodes, same stamps), now reached through a symlink.
            ("a folder on the way moved and linked back", {
                let android = kotlin.deletingLastPathComponent()
                let moved = android.deletingLastPathComponent().appendingPathComponent("android-moved")
                try fm.moveItem(at: android, to: moved)
                try fm.createSymbolicLink(atPath: android.path, withDestinationPath: "android-moved")
            }),
            ("the folder moved back", {
                let android = kotlin.deletingLastPathComponent()
                try fm.removeItem(at: android)
                try fm.moveItem(at: android.deletingLastPathComponent().appendingPathComponent("android-moved"), to: android)
            }),
            ("CRLF line endings", {
                let widget = self.folder.appendingPathComponent(Self.widget)
                let text = try String(contentsOf: widget, encoding: .utf8)
                try text.replacingOccurrences(of: "\n", with: "\r\n").write(to: widget, atomically: true, encoding: .utf8)
            }),
            ("schema changed", {
                let schema = self.folder.appendingPathComponent("delivery.yaml")
                let text = try String(contentsOf: schema, encoding: .utf8)
                try text.replacingOccurrences(of: "courierName", with: "riderName").write(to: schema, atomically: true, encoding: .utf8)
            }),
        ]
        for (step, change) in steps {
            try change()
            let cached = try check()
            assertSame(cached, try check(["--no-cache"]), step)
            assertSame(try check(), cached, step + ", twice")
        }
        XCTAssertEqual(try check().status, 1, "the changed schema no longer matches its outputs")
    }

    func testATemplateOverrideIsAnInput() throws {
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        XCTAssertEqual(try TestSupport.run(TestSupport.binary.path, ["templates", "dump", templates.path], in: folder).status, 0)
        let kotlin = templates.appendingPathComponent("kotlin.mustache")
        XCTAssertEqual(try check(["--templates", "templates"]).status, 0)
        XCTAssertEqual(try check(["--templates", "templates"]).status, 0)
        let text = try String(contentsOf: kotlin, encoding: .utf8)
        try ("// a local change\n" + text).write(to: kotlin, atomically: true, encoding: .utf8)
        let cached = try check(["--templates", "templates"])
        XCTAssertEqual(cached.status, 1, "an edited template changes what check expects")
        assertSame(cached, try check(["--templates", "templates", "--no-cache"]), "template edited")
    }

    func testAFailingCheckIsNotKept() throws {
        try "// edited\n".write(to: folder.appendingPathComponent(Self.kotlin), atomically: true, encoding: .utf8)
        XCTAssertEqual(try check().status, 1)
        XCTAssertNil(try entryInode())
    }

    func testSwitchedOffUntrustedOrInsideGitNothingIsKept() throws {
        XCTAssertEqual(try check(environment: ["LIVECONTRACT_CACHE": "off"]).status, 0)
        XCTAssertEqual(try check(["--no-cache"]).status, 0)
        XCTAssertNil(try entryInode(), "off and --no-cache write nothing")

        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        XCTAssertEqual(try check().status, 0)
        XCTAssertNil(try entryInode(), "a folder others may write is not used")

        let git = folder.appendingPathComponent(".git/livecontract")
        let result = try check(environment: ["LIVECONTRACT_CACHE_DIR": git.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path), "nothing is written inside a git folder")
    }

    /// A run killed while writing its entry leaves `.entry-*.tmp`; the next run that stores
    /// an entry removes such files once they are old, and leaves a fresh one (a run that may
    /// still be writing it) alone.
    func testAbandonedEntryTemporariesAreRemoved() throws {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let old = cache.appendingPathComponent(".entry-1-abandoned.tmp")
        let fresh = cache.appendingPathComponent(".entry-2-writing.tmp")
        try Data("half".utf8).write(to: old)
        try Data("half".utf8).write(to: fresh)
        let longAgo = Date(timeIntervalSinceNow: -Double(CheckCache.abandonedSeconds + 60))
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: old.path)
        XCTAssertEqual(try check().status, 0)
        XCTAssertNotNil(try entryInode(), "the passing check was kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.path), "the abandoned temporary file is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path), "a recent one may belong to a running check")
    }

    func testADamagedEntryIsAMissAndIsReplaced() throws {
        let first = try check()
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasPrefix("check-") })
        let entry = cache.appendingPathComponent(name)
        var bytes = try Data(contentsOf: entry)
        // The recorded report itself: damaged, it must not be printed.
        let at = try XCTUnwrap(bytes.range(of: Data("in sync".utf8))).lowerBound
        bytes[at] = UInt8(ascii: "X")
        try bytes.write(to: entry)
        assertSame(try check(), first, "damaged entry")
        try Data(bytes.prefix(bytes.count / 2)).write(to: entry)
        assertSame(try check(), first, "torn entry")
        XCTAssertNotNil(CheckCacheEntry(decoding: Array(try Data(contentsOf: entry))), "the next passing check wrote a whole entry again")
    }

    /// In process: the journal of a full check replays while nothing changes, and stops
    /// replaying when any one read would answer differently.
    func testJournalReplaysUntilOneReadDiffers() throws {
        let journal = ReadJournal()
        let fileSystem = FileSystem(journal: journal)
        let schemaPath = folder.appendingPathComponent("delivery.yaml").path
        let loaded = try Workspace.load(schemaPath: schemaPath, templates: TemplateSet.builtIn(), fileSystem: fileSystem).get()
        XCTAssertEqual(Checker.check(files: loaded.files, contract: loaded.contract, schemaPath: schemaPath, fileSystem: fileSystem), [])
        let entries = try XCTUnwrap(journal.entries)
        XCTAssertGreaterThan(entries.count, loaded.files.count + 1, "the schema, every output, and the folders the orphan search lists")
        XCTAssertTrue(ReadJournal.replays(entries))
        let entry = CheckCacheEntry(key: [1, 2], outcome: CheckCache.Outcome(writes: [(1, Array("ok\n".utf8))], exitCode: 0), reads: entries)
        XCTAssertEqual(CheckCacheEntry(decoding: entry.encoded()), entry)
        let widget = folder.appendingPathComponent(Self.widget)
        try (try String(contentsOf: widget, encoding: .utf8) + " ").write(to: widget, atomically: true, encoding: .utf8)
        XCTAssertFalse(ReadJournal.replays(entries))
        fileSystem.removeFile(widget.path)
        XCTAssertNil(journal.entries, "a run that changed the file system cannot be replayed")
    }

    /// True when files in the test folder get trustworthy stamps (a local file system that
    /// keeps nanoseconds), once their last change is older than the clock tick of `start`.
    func stampsAreTrusted() throws -> Bool {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var info = stat()
        XCTAssertEqual(fstat(fd, &info), 0)
        return FileStamp.trustworthy(info, fd: fd, start: FileStamp.clock())
    }

    /// Outputs older than the run are noted by stamp (no bytes kept), and a write that keeps
    /// the size and puts the modification time back is still seen: it moves the status-change
    /// time, which only root can set.
    func testAnInPlaceEditThatKeepsSizeAndModificationTimeIsSeen() throws {
        usleep(50_000)
        guard try stampsAreTrusted() else { throw XCTSkip("the test folder's file system keeps no nanosecond times; outputs are compared as bytes") }
        let journal = ReadJournal()
        let fileSystem = FileSystem(journal: journal)
        let schemaPath = folder.appendingPathComponent("delivery.yaml").path
        let loaded = try Workspace.load(schemaPath: schemaPath, templates: TemplateSet.builtIn(), fileSystem: fileSystem).get()
        XCTAssertEqual(Checker.check(files: loaded.files, contract: loaded.contract, schemaPath: schemaPath, fileSystem: fileSystem), [])
        let entries = try XCTUnwrap(journal.entries)
        XCTAssertEqual(entries.filter { $0.answer.count == FileStamp.size }.count, loaded.files.count, "every output is noted by its stamp")
        XCTAssertTrue(ReadJournal.replays(entries))

        let kotlin = folder.appendingPathComponent(Self.kotlin).path
        var before = stat()
        XCTAssertEqual(stat(kotlin, &before), 0)
        let fd = open(kotlin, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var byte: UInt8 = 0
        XCTAssertEqual(pread(open(kotlin, O_RDONLY), &byte, 1, 100), 1)
        byte ^= 0x20
        XCTAssertEqual(pwrite(fd, &byte, 1, 100), 1)
        close(fd)
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, kotlin, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(kotlin, &after), 0)
        XCTAssertEqual(after.st_size, before.st_size)
        XCTAssertEqual(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec, "the modification time is put back")
        XCTAssertFalse(ReadJournal.replays(entries), "the edit is seen")
    }

    /// A folder with no temporary file is noted by its stamp; a temporary file that appears
    /// after the check was kept is reported as a full check reports it.
    func testATemporaryFileThatAppearsLaterIsReported() throws {
        usleep(50_000)
        let first = try check()
        XCTAssertEqual(first.status, 0, first.stderr)
        assertSame(try check(), first, "unchanged")
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let kotlin = folder.appendingPathComponent(Self.kotlin)
        let stale = kotlin.deletingLastPathComponent().appendingPathComponent(".\(kotlin.lastPathComponent).livecontract-\(dead).tmp")
        try "half a file".write(to: stale, atomically: false, encoding: .utf8)
        let cached = try check()
        let full = try check(["--no-cache"])
        XCTAssertTrue(full.stderr.contains("stale temporary file"), full.stderr)
        assertSame(cached, full, "a stale temporary file appeared")
        assertSame(try check(), full, "a stale temporary file appeared, twice")
    }
}
