import Foundation
import XCTest
@testable import LiveContract

/// `FileStamp.trustworthy`: the two rules that decide whether the check cache may keep an
/// output as its stamp instead of its bytes (docs/check.md). A stamp that proves nothing
/// must fall back to bytes, so each way a stamp can lie is a case here.
final class FileStampTests: XCTestCase {
    static let ext4: UInt64 = 0xEF53

    /// A file status whose status-change time is `seconds`.`nanoseconds`.
    func status(changed seconds: Int, _ nanoseconds: Int) -> stat {
        var info = stat()
        info.st_ctim = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        info.st_mtim = info.st_ctim
        return info
    }

    let start = timespec(tv_sec: 1_000_000, tv_nsec: 500_000_000)

    func testAChangeBeforeTheRunIsTrusted() {
        XCTAssertTrue(FileStamp.trustworthy(status(changed: 999_999, 123), fileSystem: Self.ext4, start: start))
        XCTAssertTrue(FileStamp.trustworthy(status(changed: 1_000_000, 499_999_999), fileSystem: Self.ext4, start: start))
    }

    /// A write later in the tick the run started in would keep the same time: not a proof.
    func testAChangeInOrAfterTheRunsTickIsNot() {
        XCTAssertFalse(FileStamp.trustworthy(status(changed: 1_000_000, 500_000_000), fileSystem: Self.ext4, start: start))
        XCTAssertFalse(FileStamp.trustworthy(status(changed: 1_000_000, 700_000_000), fileSystem: Self.ext4, start: start))
        XCTAssertFalse(FileStamp.trustworthy(status(changed: 1_000_001, 1), fileSystem: Self.ext4, start: start))
    }

    /// Whole-second times are what a seconds-only file system writes: a later write in the
    /// same second keeps them, so they count only when two seconds older than the run.
    func testWholeSecondTimesMustBeTwoSecondsOld() {
        XCTAssertFalse(FileStamp.trustworthy(status(changed: 1_000_000, 0), fileSystem: Self.ext4, start: start))
        XCTAssertFalse(FileStamp.trustworthy(status(changed: 999_999, 0), fileSystem: Self.ext4, start: start))
        XCTAssertTrue(FileStamp.trustworthy(status(changed: 999_998, 0), fileSystem: Self.ext4, start: start))
    }

    /// NFS, SMB, FUSE and FAT keep coarse or cached times: their outputs are compared as bytes.
    func testOnlyListedFileSystemsAreTrusted() {
        let old = status(changed: 900_000, 1)
        for local: UInt64 in [0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0x794C_7630] {
            XCTAssertTrue(FileStamp.trustworthy(old, fileSystem: local, start: start), String(local, radix: 16))
        }
        for other: UInt64 in [0x6969, 0xFE53_4D42, 0x6573_5546, 0x4D44, 0x9FA0] {
            XCTAssertFalse(FileStamp.trustworthy(old, fileSystem: other, start: start), String(other, radix: 16))
        }
        XCTAssertFalse(FileStamp.trustworthy(old, fileSystem: nil, start: start), "a file system that cannot be told")
    }

    /// The stamp tells apart everything a replay must see: inode, mode (a FIFO or folder in
    /// place of the file), size, and both times to the nanosecond.
    func testTheStampHoldsEveryFieldItCompares() {
        var base = status(changed: 900_000, 1)
        base.st_ino = 42
        base.st_mode = S_IFREG | 0o644
        base.st_size = 10
        let stamp = FileStamp.encode(base)
        XCTAssertEqual(stamp.count, FileStamp.size)
        var changes: [(String, (inout stat) -> Void)] = [
            ("inode", { $0.st_ino = 43 }), ("device", { $0.st_dev = 7 }), ("size", { $0.st_size = 11 }),
            ("a FIFO", { $0.st_mode = S_IFIFO | 0o644 }), ("a folder", { $0.st_mode = S_IFDIR | 0o755 }),
            ("permissions", { $0.st_mode = S_IFREG | 0o600 }),
            ("mtime ns", { $0.st_mtim.tv_nsec += 1 }), ("ctime ns", { $0.st_ctim.tv_nsec += 1 }),
            ("ctime s", { $0.st_ctim.tv_sec += 1 }),
        ]
        changes.append(("mtime s", { $0.st_mtim.tv_sec -= 1 }))
        for (name, change) in changes {
            var other = base
            change(&other)
            XCTAssertNotEqual(FileStamp.encode(other), stamp, name)
        }
    }
}
