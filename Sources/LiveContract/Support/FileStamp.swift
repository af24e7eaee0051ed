#if canImport(Glibc)
import Glibc
import CFileSystem
#elseif canImport(Darwin)
import Darwin
#endif

/// What `lstat` says about a file or folder, as bytes a journal can keep: device, inode,
/// mode, size, modification and status-change times (to the nanosecond).
///
/// The check cache uses a stamp in place of a file's bytes, the way version control keeps an
/// index: a file whose stamp is unchanged holds the bytes it held when the stamp was taken.
/// Every write to a file, and every `utimensat` (`touch -d`), sets its status-change time to
/// the current time, and no program without root can set that time back; replacing the file
/// (rename, `git checkout`) gives another inode. A folder's status-change time moves whenever
/// a name in it is added, removed or renamed, so a folder's stamp stands for its listing.
///
/// A stamp proves that only when two rules hold, and `trustworthy` tests both when the stamp
/// is taken; a file that fails either is kept as bytes and compared byte for byte:
/// - the last change is older than the run that took the stamp (the coarse clock tick the
///   run started in), so a write in the same tick after the stamp cannot keep the old time;
/// - the file system keeps nanosecond times for itself (ext4, XFS, Btrfs, tmpfs, overlay,
///   ZFS, F2FS, bcachefs), not a network or FAT file system whose times are coarse or cached;
///   a time of whole seconds (ext4 with small inodes keeps no more) counts only when it is
///   two seconds older than the run.
enum FileStamp {
    /// The size of one stamp.
    static let size = 64

    /// The start of the current coarse clock tick: file times are taken from this clock.
    static func clock() -> timespec {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        #else
        clock_gettime(CLOCK_REALTIME, &now)
        #endif
        return now
    }

    /// The stamp of `info`.
    static func encode(_ info: stat) -> [UInt8] {
        #if os(Linux)
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #else
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #endif
        let words: [UInt64] = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_mode), UInt64(bitPattern: Int64(info.st_size)),
                               UInt64(bitPattern: Int64(modified.tv_sec)), UInt64(bitPattern: Int64(modified.tv_nsec)),
                               UInt64(bitPattern: Int64(changed.tv_sec)), UInt64(bitPattern: Int64(changed.tv_nsec))]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        for word in words {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    /// The stamp of `name` in the open folder `folder`, or of the path `name` when `folder`
    /// is `AT_FDCWD`; a final symlink is not followed unless `follow` is set.
    static func of(_ name: String, in folder: Int32, follow: Bool = false) -> [UInt8]? {
        var info = stat()
        guard fstatat(folder, name, &info, follow ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return encode(info)
    }

    /// True when the stamp of `info` (of the open file or folder `fd`) proves its content,
    /// for a run that started at `start` (see the two rules above).
    static func trustworthy(_ info: stat, fd: Int32, start: timespec) -> Bool {
        trustworthy(info, fileSystem: fileSystem(of: fd), start: start)
    }

    /// The two rules, for a file of the file system `fileSystem` (the `f_type` of `statfs`;
    /// nil when it could not be told) whose status is `info`.
    static func trustworthy(_ info: stat, fileSystem: UInt64?, start: timespec) -> Bool {
        #if os(Linux)
        let changed = info.st_ctim
        guard changed.tv_sec < start.tv_sec || (changed.tv_sec == start.tv_sec && changed.tv_nsec < start.tv_nsec) else { return false }
        // A time of whole seconds is what a file system that keeps seconds only (ext4 with
        // small inodes) writes: then a later write in the same second keeps the same time.
        if changed.tv_nsec == 0 && changed.tv_sec + 2 > start.tv_sec { return false }
        guard let fileSystem else { return false }
        return nanosecondFileSystems.contains(fileSystem)
        #else
        return false
        #endif
    }

    /// The `f_type` of the file system that holds the open file `fd`, or nil.
    static func fileSystem(of fd: Int32) -> UInt64? {
        #if os(Linux)
        var system = statfs()
        guard fstatfs(fd, &system) == 0 else { return nil }
        return UInt64(truncatingIfNeeded: Int64(system.f_type)) & 0xFFFF_FFFF
        #else
        return nil
        #endif
    }

    /// Local file systems that keep nanosecond times (the `f_type` of `statfs`).
    private static let nanosecondFileSystems: Set<UInt64> = [
        0xEF53,       // ext2, ext3, ext4
        0x5846_5342,  // XFS
        0x9123_683E,  // Btrfs
        0x0102_1994,  // tmpfs
        0x794C_7630,  // overlay
        0x2FC1_2FC1,  // ZFS
        0xF2F5_2010,  // F2FS
        0xCA45_1A4E,  // bcachefs
    ]
}
