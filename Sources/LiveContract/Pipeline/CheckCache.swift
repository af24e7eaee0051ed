#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The check cache: a `check` that passed keeps its report and the journal of every read it
/// made (`ReadJournal`). The next `check` with the same arguments, in the same folder, by
/// the same build, replays those reads; when each gives the same answer (the schema, every
/// template and every output byte for byte), the result cannot differ, and the recorded
/// report is printed without loading the schema or rendering anything. Any other answer
/// (one byte of one output) and the check runs in full as if there were no cache.
///
/// It lives outside the repository, in `$LIVECONTRACT_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/livecontract`, else `~/.cache/livecontract`, so nothing a pull request
/// commits can plant an entry. A folder (or entry) that is not this user's own, or that
/// others may write, is ignored; so is a folder inside a git folder. `LIVECONTRACT_CACHE=off`
/// or `check --no-cache` turns it off. Only passing runs are kept, each entry whole or not
/// at all (written to a temporary file and renamed, with a checksum), at most `maxEntries`.
public struct CheckCache: Sendable {
    /// What a recorded run printed, write by write (1 standard output, 2 standard error, so
    /// a replay interleaves them as the run did), and how it ended.
    public struct Outcome: Sendable, Equatable {
        public var writes: [(stream: Int32, bytes: [UInt8])]
        public var exitCode: Int32

        public init(writes: [(stream: Int32, bytes: [UInt8])], exitCode: Int32) {
            self.writes = writes
            self.exitCode = exitCode
        }

        public static func == (left: Outcome, right: Outcome) -> Bool {
            left.exitCode == right.exitCode && left.writes.count == right.writes.count
                && zip(left.writes, right.writes).allSatisfy { $0.stream == $1.stream && $0.bytes == $1.bytes }
        }
    }

    public let folder: String
    let identity: [UInt8]
    static let maxEntries = 64
    /// A run that read more than this is not kept: the entry would cost more to read back
    /// than a check costs.
    static let maxEntryBytes = 32 << 20

    /// The cache for this process, or nil when it is off or has no trustworthy folder.
    /// `environment` answers getenv-style (nil for unset).
    public static func locate(environment: (String) -> String?) -> CheckCache? {
        if let setting = environment("LIVECONTRACT_CACHE"), ["off", "0", "false", "no"].contains(setting.lowercased()) { return nil }
        let folder: String
        if let explicit = environment("LIVECONTRACT_CACHE_DIR"), explicit.hasPrefix("/") {
            folder = explicit
        } else if let xdg = environment("XDG_CACHE_HOME"), xdg.hasPrefix("/") {
            folder = FileSystem.join(xdg, "livecontract")
        } else if let home = environment("HOME"), home.hasPrefix("/") {
            folder = FileSystem.join(home, ".cache/livecontract")
        } else {
            return nil
        }
        guard !insideRepository(folder), let identity = BuildIdentity.current() else { return nil }
        return CheckCache(folder: folder, identity: identity)
    }

    /// True when `folder` lies in a git folder or a git working tree, spelled out or reached
    /// through a symlink: files a repository checks out are the user's own and not writable
    /// by others, so an entry committed there would pass every ownership test. A relative
    /// folder (`LIVECONTRACT_CACHE_DIR=cache`) is not used at all, for the same reason.
    static func insideRepository(_ folder: String) -> Bool {
        if OutputPlan.gitFolderReached(by: folder) != nil { return true }
        var existing = folder
        while FileSystem.kind(existing) == .missing, FileSystem.directory(of: existing) != existing { existing = FileSystem.directory(of: existing) }
        guard let resolved = realpath(existing, nil) else { return true }
        var path = String(cString: resolved)
        free(resolved)
        while true {
            if FileSystem.kind(FileSystem.join(path, ".git")) != .missing { return true }
            let parent = FileSystem.directory(of: path)
            if parent == path || path.isEmpty { return false }
            path = parent
        }
    }

    /// The key of one invocation: the command's arguments (in a canonical order), the
    /// folder it runs in and anything else that changes what it prints (colour).
    public static func key(command: String, arguments: [String], currentDirectory: String, colour: Bool) -> [UInt8] {
        var key = Array("\(command)\u{0}\(currentDirectory)\u{0}\(colour ? 1 : 0)".utf8)
        for argument in arguments { key += [0] + Array(argument.utf8) }
        return key
    }

    /// The recorded outcome of `key`, when one exists and every read it made gets the same
    /// answer now.
    public func lookUp(key: [UInt8]) -> Outcome? {
        guard Self.trusted(folder, directory: true) else { return nil }
        // Mapped, not read: the entry is mostly the outputs' bytes, compared once each, and
        // a mapping of the page cache costs a fraction of the page faults of a copy.
        let fd = open(entryPath(key), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Self.trusted(info, directory: false), info.st_size > 0, info.st_size <= Self.maxEntryBytes,
              let mapping = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else { return nil }
        defer { munmap(mapping, Int(info.st_size)) }
        let replay = ReadJournal.Replay()
        // Only passing runs are stored, so an entry that says otherwise was not written here.
        guard let outcome = CheckCacheEntry.parse(UnsafeRawBufferPointer(start: mapping, count: Int(info.st_size)), key: identity + [0] + key,
                                                  read: replay.matches)?.outcome, outcome.exitCode == 0 else { return nil }
        return outcome
    }

    /// Keeps `outcome` with the reads that produced it; does nothing (silently: a cache is
    /// never a reason to fail) when the run cannot be replayed, did not pass, or is too big.
    public func store(key: [UInt8], journal: ReadJournal, outcome: Outcome) {
        guard outcome.exitCode == 0, let reads = journal.entries else { return }
        let entry = CheckCacheEntry(key: identity + [0] + key, outcome: outcome, reads: reads)
        let bytes = entry.encoded()
        guard bytes.count <= Self.maxEntryBytes else { return }
        if FileSystem.kind(folder) == .missing {
            try? FileSystem().makeDirectories(FileSystem.directory(of: folder))
            mkdir(folder, 0o700)
        }
        guard Self.trusted(folder, directory: true) else { return }
        let path = entryPath(key)
        let temporary = FileSystem.join(folder, ".entry-\(getpid())-\(FileSystem.newToken()).tmp")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = FileSystem.writeAll(fd, bytes)
        close(fd)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return
        }
        evictOldEntries()
    }

    /// `check-<hash of the key>`: one entry per invocation; a hash collision only replaces
    /// the other invocation's entry, since the whole key is compared on reading.
    func entryPath(_ key: [UInt8]) -> String {
        let hash = CheckCacheEntry.checksum(identity + [0] + key)
        let digits = Array("0123456789abcdef".utf8)
        let hex = (0..<16).map { digits[Int(hash >> (60 - 4 * UInt64($0)) & 15)] }
        return FileSystem.join(folder, "check-" + String(decoding: hex, as: UTF8.self))
    }

    /// This user's own, a real folder or file (not a link), and writable by no one else.
    static func trusted(_ path: String, directory: Bool) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && trusted(info, directory: directory)
    }

    /// The same test on a status already taken (`fstat` of an open entry).
    static func trusted(_ info: stat, directory: Bool) -> Bool {
        info.st_mode & S_IFMT == (directory ? S_IFDIR : S_IFREG) && info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }

    /// How old an entry's temporary file must be before it is taken for the leftover of a
    /// run that was killed while writing it (a write takes milliseconds).
    static let abandonedSeconds = 600

    /// Removes the oldest entries beyond `maxEntries` (by modification time), and the
    /// temporary files of runs killed while writing an entry.
    private func evictOldEntries() {
        guard let names = try? FileSystem.listDirectory(folder) else { return }
        var entries: [(path: String, time: Int)] = []
        let now = Int(time(nil))
        for name in names where name.hasPrefix("check-") || (name.hasPrefix(".entry-") && name.hasSuffix(".tmp")) {
            let path = FileSystem.join(folder, name)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            #if canImport(Glibc)
            let time = info.st_mtim
            #else
            let time = info.st_mtimespec
            #endif
            if name.hasPrefix(".entry-") {
                if Self.trusted(info, directory: false), Int(time.tv_sec) + Self.abandonedSeconds < now { unlink(path) }
                continue
            }
            entries.append((path, Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)))
        }
        guard entries.count > Self.maxEntries else { return }
        for entry in entries.sorted(by: { $0.time < $1.time }).prefix(entries.count - Self.maxEntries) { unlink(entry.path) }
    }
}
