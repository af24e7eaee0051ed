#if canImport(Glibc)
import Glibc
import CFileSystem
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way livecontract reads a file: schema, template, payload, compat file and every
/// existing output that `generate` and `check` compare against.
///
/// Each read opens with `O_NONBLOCK` (a FIFO cannot hang the run), refuses anything but a
/// regular file (`/dev/zero`, a socket, a folder), and stops at a size cap before it holds
/// more than the cap in memory (a `/proc` file reports size 0, so the cap is enforced on the
/// bytes read, not only on `st_size`). Outputs are opened one path component at a time with
/// `openat(O_NOFOLLOW)` from the schema's folder, so no symlink anywhere below that folder
/// is followed: what `check` reads (and may print) is exactly what `generate` would write.
extension FileSystem {
    /// Size caps, chosen far above any real input so only hostile input meets them.
    public enum Limit {
        /// Schemas (the YAML reader refuses more anyway).
        public static let schema = 1 << 20
        /// Mustache templates: the built-in ones are under 40 KB.
        public static let template = 1 << 20
        /// Payloads for `validate`: APNs and FCM allow 4 KB, so 1 MiB is 256 times that.
        public static let payload = 1 << 20
        /// An existing output compared by `generate` and `check`.
        public static let output = 64 << 20
    }

    /// Why a read was refused.
    public enum ReadProblem: Sendable, Equatable {
        case missing
        /// A symlink at this path (a folder on the way, or the file itself).
        case symlink(String)
        /// Something on the way is a file, not a folder.
        case notAFolder(String)
        /// The file is a folder, FIFO, device or socket.
        case notRegular
        case tooLarge(Int)
        case failed(String)
    }

    public struct ReadFailure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var problem: ReadProblem

        public var reason: String {
            switch problem {
            case .missing: return "no such file"
            case .symlink(let link): return "'\(link)' is a symlink, which is not followed"
            case .notAFolder(let file): return "'\(file)' is a file, not a folder"
            case .notRegular: return "not a regular file"
            case .tooLarge(let limit): return "larger than the \(FileSystem.describe(limit)) limit"
            case .failed(let reason): return reason
            }
        }

        public var description: String { "\(path): \(reason)" }
    }

    /// `1 MiB`, `64 MiB`, `4096 bytes`.
    static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }

    /// A file the user named (schema, template, payload, compat file). With `followLink`
    /// unset a final symlink is refused. With it set the path is a command-line argument:
    /// it is read through `readNamed`, which follows no symlink at all in the part of the
    /// path below the current folder, since the repository a CI run checks out is the
    /// untrusted part (a committed `livecontract.yaml -> ~/.config/gh/hosts.yml` would
    /// print the token in an error).
    public func readFile(_ path: String, limit: Int, followLink: Bool) -> Result<[UInt8], ReadFailure> {
        let result = Self.readFile(path, limit: limit, followLink: followLink)
        journal?.noteRead(path, limit: limit, followLink: followLink, result)
        return result
    }

    static func readFile(_ path: String, limit: Int, followLink: Bool) -> Result<[UInt8], ReadFailure> {
        // The read as a whole is journaled above, so the reads inside readNamed are not.
        if followLink { return FileSystem().readNamed(path, limit: limit) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return .failure(ReadFailure(path: path, problem: openProblem(path, errno))) }
        defer { close(fd) }
        return readOpened(fd, path: path, limit: limit)
    }

    /// Standard input (`validate -`), which may be a pipe: only the cap applies.
    public func readStandardInput(limit: Int) -> Result<[UInt8], ReadFailure> {
        journal?.noteUnrepeatable()
        return Self.readOpened(0, path: "<stdin>", limit: limit, regularOnly: false)
    }

    /// The existing output `relative` below `folder`, following no symlink in any component
    /// of `relative` (the schema's folder itself is the user's choice and may be a link).
    /// `folders`, when given, keeps the folders on the way open for the next read below the
    /// same ones (a run reads 32 outputs in 8 folders): each is opened once, the same way.
    public func readOutput(_ relative: String, below folder: String, limit: Int = Limit.output, folders: OpenFolders? = nil) -> Result<[UInt8], ReadFailure> {
        guard let journal else { return Self.readOutput(relative, below: folder, limit: limit, folders: folders) }
        var stamp: [UInt8]?
        let result = Self.readOutput(relative, below: folder, limit: limit, folders: folders) { info, system in
            stamp = journal.stamp(info, fileSystem: system)
        }
        journal.noteOutput(relative, below: folder, limit: limit, result, stamp: stamp)
        return result
    }

    /// `inspected`, when given, sees the output's status and file system before it is read
    /// (the journal takes its stamp there: a write after that point changes the stamp it took).
    static func readOutput(_ relative: String, below folder: String, limit: Int, folders: OpenFolders?,
                           inspected: Inspection? = nil) -> Result<[UInt8], ReadFailure> {
        let display = Self.join(folder, relative)
        // Split as bytes: Character-wise splitting cost more than the opens and reads.
        let parts = relative.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        // Without a caller's set, this read's own: it closes the folders when the read is done.
        let folders = folders ?? OpenFolders()
        let parent: Int32
        switch parentFolder(of: parts, below: folder, display: display, folders: folders) {
        case .success(let descriptor): parent = descriptor
        case .failure(let failure): return .failure(failure)
        }
        guard let last = parts.last else { return readOpened(parent, path: display, limit: limit) }
        let fd = openat(parent, last, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(unopened(parts, parts.count - 1, in: parent, below: folder, display: display, errno)) }
        defer { close(fd) }
        return readOpened(fd, path: display, limit: limit, inspected: inspected)
    }

    /// The open folder (kept by `folders`) that holds the output `relative` below `folder`,
    /// reached as `readOutput` reaches it, or nil.
    static func outputFolder(of relative: String, below folder: String, folders: OpenFolders) -> Int32? {
        let parts = relative.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        guard !parts.isEmpty, case .success(let parent) = parentFolder(of: parts, below: folder, display: relative, folders: folders) else { return nil }
        return parent
    }

    /// The open folder that holds the last of `parts` below `folder` (the folder itself for
    /// no parts), each folder on the way opened once per `folders`, none through a symlink.
    private static func parentFolder(of parts: [String], below folder: String, display: String, folders: OpenFolders) -> Result<Int32, ReadFailure> {
        var key = folder
        var directory = folders.descriptor(key) { open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard directory >= 0 else { return .failure(ReadFailure(path: display, problem: openProblem(folder, errno))) }
        for (index, part) in parts.dropLast().enumerated() {
            let parent = directory
            key += "/" + part
            directory = folders.descriptor(key) { openat(parent, part, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_DIRECTORY) }
            if directory < 0 { return .failure(unopened(parts, index, in: parent, below: folder, display: display, errno)) }
        }
        return .success(directory)
    }

    /// Why `parts[index]` in the open folder `parent` did not open with `error`.
    private static func unopened(_ parts: [String], _ index: Int, in parent: Int32, below folder: String, display: String,
                                 _ error: Int32) -> ReadFailure {
        var info = stat()
        let isLink = fstatat(parent, parts[index], &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        let isFile = index < parts.count - 1 && error == ENOTDIR
        let prefix = parts[...index].reduce(folder) { Self.join($0, $1) }
        let problem: ReadProblem = isLink ? .symlink(prefix) : isFile ? .notAFolder(prefix)
            : error == ENOENT ? .missing : .failed(String(cString: strerror(error)))
        return ReadFailure(path: display, problem: problem)
    }

    /// The old entry points, kept so callers elsewhere still compile; both go through the
    /// read path above (regular files only, capped at `Limit.output`, never blocking).
    public func read(_ path: String) throws(Failure) -> [UInt8] {
        switch readFile(path, limit: Limit.output, followLink: true) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw Failure(path: path, reason: failure.reason)
        }
    }

    /// The regular file at `path` without following a final symlink, or nil.
    public func readRegularFile(_ path: String) -> [UInt8]? {
        try? readFile(path, limit: Limit.output, followLink: false).get()
    }

    private static func openProblem(_ path: String, _ error: Int32) -> ReadProblem {
        switch error {
        case ENOENT: return .missing
        case ELOOP: return .symlink(path)
        case ENOTDIR: return .notAFolder(path)
        default: return .failed(String(cString: strerror(error)))
        }
    }

    /// True for a file of procfs or sysfs (`/proc/self/environ`): "regular" to fstat, with
    /// a size of 0, but text the kernel makes up (the environment, memory maps), never a
    /// schema, payload or output, and nothing to quote in a message.
    static func isKernelFile(system: UInt64?) -> Bool {
        system == 0x9FA0 || system == 0x6265_6572
    }

    /// What sees a file's status (`fstat`) and file system (`f_type`, nil when unknown)
    /// before it is read, so the two are asked once per file.
    typealias Inspection = (stat, UInt64?) -> Void

    /// fstat, refuse non-regular files and oversized ones, then read at most `limit + 1`
    /// bytes so a file that lies about its size (`/proc`) or grows is still caught.
    private static func readOpened(_ fd: Int32, path: String, limit: Int, regularOnly: Bool = true,
                                   inspected: Inspection? = nil) -> Result<[UInt8], ReadFailure> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ReadFailure(path: path, problem: .failed(String(cString: strerror(errno))))) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        if regularOnly && !regular { return .failure(ReadFailure(path: path, problem: .notRegular)) }
        if regularOnly {
            let system = FileStamp.fileSystem(of: fd)
            if Self.isKernelFile(system: system) { return .failure(ReadFailure(path: path, problem: .notRegular)) }
            inspected?(info, system)
        }
        if regular && Int(info.st_size) > limit { return .failure(ReadFailure(path: path, problem: .tooLarge(limit))) }
        // O_NONBLOCK only kept the open itself from waiting; reads of a regular file ignore
        // it, and a file system that answers EAGAIN anyway gets blocking reads from then on.
        func blocking() -> Bool {
            errno == EAGAIN && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0
        }
        // Read straight into the result: one buffer the file's size plus one byte (which
        // tells a file that grew from one that did not), no chunk to copy from, and not
        // zeroed first. Only a file that grew (or a pipe) goes on to the loop below.
        var bytes: [UInt8] = []
        var count = 0
        if regular {
            let capacity = min(Int(info.st_size) + 1, limit + 1)
            var error: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                var filled = 0
                while filled < capacity {
                    let got = Glue.read(fd, buffer.baseAddress! + filled, capacity - filled)
                    if got < 0 && (errno == EINTR || blocking()) { continue }
                    if got < 0 { error = errno }
                    if got <= 0 { break }
                    filled += got
                    // A short read of a regular file is its end: one read a file, not two.
                    if filled < capacity { break }
                }
                initialized = filled
            }
            if error != 0 { return .failure(ReadFailure(path: path, problem: .failed(String(cString: strerror(error))))) }
            if bytes.count < capacity { return .success(bytes) }
            count = bytes.count
        } else {
            bytes = [UInt8](repeating: 0, count: 65_536)
        }
        while count <= limit {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count))) }
            let got = bytes.withUnsafeMutableBytes { Glue.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR || (regular && blocking()) { continue }
                return .failure(ReadFailure(path: path, problem: .failed(String(cString: strerror(errno)))))
            }
            if got == 0 {
                bytes.removeLast(bytes.count - count)
                return .success(bytes)
            }
            count += got
        }
        return .failure(ReadFailure(path: path, problem: .tooLarge(limit)))
    }
}

extension Result where Failure == FileSystem.ReadFailure {
    /// Why the read failed ("" when it did not), for one-line messages.
    public var failureReason: String {
        if case .failure(let failure) = self { return failure.reason }
        return ""
    }

    /// What made the read fail, or nil when it did not.
    public var failureProblem: FileSystem.ReadProblem? {
        if case .failure(let failure) = self { return failure.problem }
        return nil
    }
}
