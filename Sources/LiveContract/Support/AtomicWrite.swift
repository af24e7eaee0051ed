#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing one output so that every reader, and every interrupted run, sees the old file or
/// the new one and never half of one, with no temporary file left behind.
extension FileSystem {
    /// Writes through a temporary file in the same folder, `fsync`s it and renames it into
    /// place, then `fsync`s the folder so the rename itself survives a power cut. The file
    /// keeps the permissions of the one it replaces. While the temporary file exists, a
    /// SIGINT, SIGTERM, SIGHUP or SIGXFSZ removes it before the signal takes its usual course
    /// (`InterruptCleanup`); a SIGKILL cannot be caught, so every write first sweeps up the
    /// temporary files that dead runs left next to the same output.
    public func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let folder = Self.directory(of: path)
        try makeDirectories(folder)
        let name = Self.fileName(of: path)
        sweepStaleTemporaries(in: folder, for: name)
        let temporary = "\(folder)/\(Self.temporaryPrefix(for: name))\(getpid()).tmp"
        var mode: mode_t = 0o644
        var existing = stat()
        if lstat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFREG {
            mode = existing.st_mode & 0o7777
        }
        let cleanup = InterruptCleanup(temporary: temporary)
        defer { cleanup.finish() }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw failure(temporary) }
        fchmod(fd, mode)
        guard Self.writeAll(fd, bytes) else {
            let error = failure(temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        if fsync(fd) != 0 || close(fd) != 0 {
            let error = failure(temporary)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
        syncFolder(folder)
    }

    /// `.<name>.livecontract-`: what a temporary file for output `name` starts with.
    static func temporaryPrefix(for name: String) -> String {
        ".\(name).livecontract-"
    }

    /// Removes `.<name>.livecontract-<pid>.tmp` files whose process is gone: what a run
    /// killed with SIGKILL (or a power cut) leaves. A live process's file is left alone.
    func sweepStaleTemporaries(in folder: String, for name: String) {
        let prefix = Self.temporaryPrefix(for: name)
        guard let names = try? listDirectory(folder) else { return }
        for candidate in names where candidate.hasPrefix(prefix) && candidate.hasSuffix(".tmp") {
            let digits = candidate.dropFirst(prefix.count).dropLast(4)
            guard let pid = Int32(digits), pid > 0 else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH {
                unlink(Self.join(folder, candidate))
            }
        }
    }

    /// Makes a finished rename durable; failures are ignored, the data is already in place.
    func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
