#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations livecontract needs, on the C library directly: Foundation would
/// add its start-up cost to every pre-commit run for nothing we use.
public struct FileSystem: Sendable {
    public enum Kind: Sendable, Equatable { case missing, file, directory, symlink, other }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// Where the schema names the output that failed, when a plan wrote it.
        public var location: SourceLocation? = nil
        public var description: String { "\(path): \(reason)" }
    }

    /// When set, every read is noted in it (with its answer), so the run can be replayed;
    /// see `ReadJournal`. nil for every run but a `check` that may be cached.
    public var journal: ReadJournal?

    public init(journal: ReadJournal? = nil) {
        self.journal = journal
    }

    /// What is at `path`, without following a final symlink.
    public func kind(_ path: String) -> Kind {
        let kind = Self.kind(path)
        journal?.noteKind(path, kind)
        return kind
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// `mkdir -p`.
    public func makeDirectories(_ path: String) throws(Failure) {
        journal?.noteUnrepeatable()
        if path.isEmpty || kind(path) == .directory { return }
        let parent = Self.directory(of: path)
        if parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw failure(path) }
    }

    public func listDirectory(_ path: String) throws(Failure) -> [String] {
        let result = Result { () throws(Failure) in try Self.listDirectory(path) }
        journal?.noteList(path, result)
        return try result.get()
    }

    static func listDirectory(_ path: String) throws(Failure) -> [String] {
        guard let handle = opendir(path) else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public func removeFile(_ path: String) {
        journal?.noteUnrepeatable()
        unlink(path)
    }

    /// `rm -rf` without following symlinks: a link is removed, never what it points to.
    /// For scratch folders this process owns (tests, the fuzzer's self-check).
    public func removeTree(_ path: String) {
        journal?.noteUnrepeatable()
        switch kind(path) {
        case .missing:
            return
        case .directory:
            for name in (try? listDirectory(path)) ?? [] {
                removeTree(Self.join(path, name))
            }
            rmdir(path)
        default:
            unlink(path)
        }
    }

    public var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let path = getcwd(&buffer, buffer.count) == nil ? "." : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        journal?.noteCurrentDirectory(path)
        return path
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and EINTR; false (with errno
    /// set) on any other failure. Shared by atomic file writes and the CLI's stdout/stderr.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glue.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 { return false }
            written += count
        }
        return true
    }

    /// True when both hold the same bytes: one memcmp, the whole cost of `check` for a file
    /// that is in sync.
    public static func sameBytes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.count == right.count && left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }

    /// The folder part of a path (`a/b/c.swift` -> `a/b`, `c.swift` -> `.`).
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Joins a folder and a relative path, keeping `.` out of messages.
    public static func join(_ folder: String, _ relative: String) -> String {
        if folder == "." || folder.isEmpty { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }
}

/// Folders opened (without following links) by reads below them, kept open for the next
/// read in the same folder and closed together when the set goes away.
public final class OpenFolders {
    private var descriptors: [String: Int32] = [:]

    public init() {}

    deinit {
        for descriptor in descriptors.values { close(descriptor) }
    }

    /// The folder `key`, opened by `open` the first time (-1 with errno set when that fails;
    /// a failure is not kept, so the next read tries again).
    func descriptor(_ key: String, _ open: () -> Int32) -> Int32 {
        if let descriptor = descriptors[key] { return descriptor }
        let descriptor = open()
        if descriptor >= 0 { descriptors[key] = descriptor }
        return descriptor
    }
}

/// The C `read`/`write` under names that do not clash with our own methods.
enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return Glibc.read(fd, buffer, count)
        #endif
    }

    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, buffer, count)
        #else
        return Glibc.write(fd, buffer, count)
        #endif
    }
}
