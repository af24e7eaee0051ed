#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a set of outputs so that every reader, and every interrupted run, sees all the old
/// files or all the new ones (up to the renames, the last step), and no temporary file left.
extension FileSystem {
    /// One file of a write set: where it goes, its bytes and its reserved temporary path.
    public struct PendingWrite: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var temporary: String
        /// Where the schema names this output, for positioned errors.
        public var location: SourceLocation?
        /// For a planned output, the folder it is below and its path there: its folders are
        /// then opened without following links (`WriteAnchor`); nil opens them by path.
        public var anchor: WriteAnchor?

        public init(path: String, bytes: [UInt8], temporary: String, location: SourceLocation? = nil, anchor: WriteAnchor? = nil) {
            self.path = path
            self.bytes = bytes
            self.temporary = temporary
            self.location = location
            self.anchor = anchor
        }
    }

    /// Writes through a temporary file in the same folder, `fsync`s it and renames it into
    /// place; for one file outside a plan (init, import --output, the fuzzer's self-check).
    /// Like a planned output, no symlink below the current folder is followed (`namedWrite`).
    public func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        try write([namedWrite(path, bytes, token: Self.newToken())])
    }

    /// Writes every file of `set`: first creates the missing folders, then writes and `fsync`s
    /// every temporary file, and only when all of them are on disk renames them into place
    /// and `fsync`s their folders. A failure before the renames (a full disk, a read-only
    /// folder, a file-size limit) removes every temporary file and every folder this call
    /// created, so nothing changed. While temporary files exist, SIGINT, SIGTERM, SIGHUP and
    /// SIGXFSZ remove them all before the signal takes its usual course (`InterruptCleanup`);
    /// a signal the process ignores (nohup) stays ignored. SIGKILL cannot be caught, so each
    /// write first sweeps the temporary files that dead runs left next to the same output.
    public func write(_ set: [PendingWrite]) throws(Failure) {
        journal?.noteUnrepeatable()
        if set.isEmpty { return }
        var createdFolders: [String] = []
        var written: [(folder: Int32, name: String)] = []
        var folders = WriteFolders()
        defer { folders.closeAll() }
        var descriptors: [Int32] = []
        func rollBack() {
            for temporary in written { unlinkat(temporary.folder, temporary.name, 0) }
            for folder in createdFolders.reversed() { rmdir(folder) }
        }
        for item in set {
            do {
                descriptors.append(try openFolder(of: item, in: &folders, created: &createdFolders))
            } catch {
                rollBack()
                var failure = error
                failure.location = item.location
                throw failure
            }
        }
        let cleanup = InterruptCleanup(temporaries: set.map(\.temporary), folders: createdFolders.reversed())
        defer { cleanup.finish() }
        for (item, folder) in zip(set, descriptors) {
            do {
                sweepStaleTemporaries(in: Self.directory(of: item.path), for: Self.fileName(of: item.path))
                try writeTemporary(item, in: folder)
                written.append((folder, Self.fileName(of: item.temporary)))
            } catch {
                rollBack()
                var failure = error
                failure.location = item.location
                throw failure
            }
        }
        for (index, item) in set.enumerated() where renameat(descriptors[index], Self.fileName(of: item.temporary), descriptors[index], Self.fileName(of: item.path)) != 0 {
            var failure = self.failure(item.path)
            failure.location = item.location
            for (later, folder) in zip(set[index...], descriptors[index...]) { unlinkat(folder, Self.fileName(of: later.temporary), 0) }
            failure.reason += index == 0 ? "" : " (\(index) of \(set.count) files were already replaced)"
            throw failure
        }
        // Makes the renames durable; failures are ignored, the data is already in place.
        for fd in folders.descriptors.values { fsync(fd) }
    }

    /// Creates, fills and `fsync`s `item.temporary` in the open `folder`, with the
    /// permissions of the file it replaces; removes it again on failure.
    private func writeTemporary(_ item: PendingWrite, in folder: Int32) throws(Failure) {
        let name = Self.fileName(of: item.temporary)
        var mode: mode_t = 0o644
        var existing = stat()
        if fstatat(folder, Self.fileName(of: item.path), &existing, AT_SYMLINK_NOFOLLOW) == 0 && (existing.st_mode & S_IFMT) == S_IFREG {
            mode = existing.st_mode & 0o7777
        }
        let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw failure(item.temporary) }
        fchmod(fd, mode)
        guard Self.writeAll(fd, item.bytes) else {
            let error = failure(item.temporary)
            close(fd)
            unlinkat(folder, name, 0)
            throw error
        }
        if fsync(fd) != 0 || close(fd) != 0 {
            let error = failure(item.temporary)
            unlinkat(folder, name, 0)
            throw error
        }
    }

    /// `mkdir -p`, noting each folder it made (outermost first) so a failed set can remove them.
    func makeDirectories(_ path: String, created: inout [String]) throws(Failure) {
        if path.isEmpty || path == "." || kind(path) == .directory { return }
        let parent = Self.directory(of: path)
        if parent != path { try makeDirectories(parent, created: &created) }
        if mkdir(path, 0o755) == 0 {
            created.append(path)
        } else if errno != EEXIST {
            throw failure(path)
        }
    }

    /// `.<name>.livecontract-`: what a temporary file for output `name` starts with.
    static func temporaryPrefix(for name: String) -> String {
        ".\(name).livecontract-"
    }

    /// `<pid>-<16 hex>`: unique per run even when every run is PID 1 (containers), so a file
    /// a killed run left can never block the next one.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 16)
        return "\(getpid())-" + String(repeating: "0", count: 16 - random.count) + random
    }

    /// `folder/.<name>.livecontract-<token>.tmp` for the output at `path`.
    public static func temporaryPath(for path: String, token: String) -> String {
        join(directory(of: path), temporaryPrefix(for: fileName(of: path)) + token + ".tmp")
    }

    /// The pid in a temporary file name of ours (`<pid>.tmp` from older versions, or
    /// `<pid>-<hex>.tmp`), or nil when `candidate` is no temporary file of output `name`.
    static func temporaryOwner(_ candidate: String, for name: String) -> Int32? {
        let prefix = temporaryPrefix(for: name)
        guard candidate.hasPrefix(prefix), candidate.hasSuffix(".tmp") else { return nil }
        let token = candidate.dropFirst(prefix.count).dropLast(4)
        let digits = token.prefix { $0 != "-" }
        let rest = token.dropFirst(digits.count)
        guard let pid = Int32(digits), pid > 0 else { return nil }
        guard rest.isEmpty || (rest.count == 17 && rest.dropFirst().allSatisfy(\.isHexDigit)) else { return nil }
        return pid
    }

    /// Temporary files next to output `name` that no running write owns: their process is
    /// gone, or it is this very process (a PID-1 container run reuses the pid of the killed
    /// run), since this process creates its own only after the sweep.
    func staleTemporaries(in folder: String, for name: String) -> [String] {
        guard let names = try? listDirectory(folder) else { return [] }
        return names.filter { candidate in
            guard let pid = Self.temporaryOwner(candidate, for: name) else { return false }
            return pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
        }.map { Self.join(folder, $0) }
    }

    /// Removes what `staleTemporaries` finds: what a run killed with SIGKILL (or a power cut)
    /// leaves. A live process's file is left alone.
    func sweepStaleTemporaries(in folder: String, for name: String) {
        for path in staleTemporaries(in: folder, for: name) { unlink(path) }
    }

    /// The stale temporary files next to `paths` (for `check` to mention): each folder is
    /// listed once, however many outputs it holds.
    public func staleTemporaries(nextTo paths: [String]) -> [String] {
        var temporaries = false
        guard let journal else { return Self.staleTemporaries(nextTo: paths, temporaries: &temporaries) }
        // Stamped before listing: a file added after the stamp changes the folder's stamp.
        let folders = Set(paths.map { Self.directory(of: $0) }).sorted()
        let stamps = journal.stamps(ofFolders: folders)
        let found = Self.staleTemporaries(nextTo: paths, temporaries: &temporaries)
        journal.noteStaleTemporaries(paths, found, folders: folders, folderStamps: temporaries ? nil : stamps)
        return found
    }

    /// `temporaries` is set when a folder holds any temporary file of a generate, stale or not
    /// (whether its run is alive is not something a folder's stamp can vouch for).
    static func staleTemporaries(nextTo paths: [String], temporaries: inout Bool) -> [String] {
        var namesByFolder: [String: Set<String>] = [:]
        for path in paths { namesByFolder[Self.directory(of: path), default: []].insert(Self.fileName(of: path)) }
        var found: [String] = []
        for (folder, names) in namesByFolder.sorted(by: { $0.key < $1.key }) {
            guard let entries = try? listDirectory(folder) else { continue }
            for candidate in entries where candidate.hasPrefix(".") && candidate.hasSuffix(".tmp") {
                guard let marker = candidate.ranges(of: ".livecontract-").last else { continue }
                temporaries = true
                let name = String(candidate[candidate.index(after: candidate.startIndex)..<marker.lowerBound])
                guard names.contains(name), let pid = Self.temporaryOwner(candidate, for: name) else { continue }
                if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) { found.append(Self.join(folder, candidate)) }
            }
        }
        return found
    }
}
