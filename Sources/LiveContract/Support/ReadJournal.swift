#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run read from the file system, in order, each read with the answer it got.
///
/// A command whose only inputs are its arguments and what it reads through `FileSystem` is a
/// function of those answers: asked again with the same arguments, a run whose reads all get
/// the same answers prints the same report. `check` keeps its journal in the check cache
/// (`CheckCache`), and `replays(_:)` is how a later run proves that nothing it would read
/// has changed without loading the schema or rendering anything.
///
/// A run that reads standard input or writes a file cannot be replayed and is marked so.
/// One lock guards the entries, so reads on any thread may be noted.
public final class ReadJournal: @unchecked Sendable {
    /// One read: what was asked (operation and arguments) and what came back, both as bytes
    /// (slices, so entries decoded from one cache file share its buffer).
    public struct Entry: Sendable, Equatable {
        public var access: ArraySlice<UInt8>
        public var answer: ArraySlice<UInt8>
    }

    private enum Operation: UInt8 {
        case kind = 1, list, readFile, readOutput, staleTemporaries, currentDirectory
        /// An output read whole, noted by its stamp.
        case outputStamp
        /// Folders with no temporary file in them (none stale, none of a live run), noted by
        /// their stamps: the same stamps, the same listings, the same (empty) answer.
        case quietFolders
    }

    /// When the run started (its clock tick): a file changed since then is noted as bytes.
    private let start = FileStamp.clock()

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var recorded: [Entry] = []
    private var repeatable = true

    public init() {
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The reads so far, or nil when the run did something a replay cannot repeat.
    public var entries: [Entry]? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return repeatable ? recorded : nil
    }

    /// The run read standard input or changed the file system.
    func noteUnrepeatable() {
        pthread_mutex_lock(lock)
        repeatable = false
        pthread_mutex_unlock(lock)
    }

    func noteKind(_ path: String, _ kind: FileSystem.Kind) {
        note(.kind, [path], Self.answer(kind))
    }

    func noteList(_ path: String, _ result: Result<[String], FileSystem.Failure>) {
        note(.list, [path], Self.answer(result))
    }

    func noteRead(_ path: String, limit: Int, followLink: Bool, _ result: Result<[UInt8], FileSystem.ReadFailure>) {
        note(.readFile, [path, String(limit), followLink ? "1" : "0"], Self.answer(result))
    }

    /// `stamp` is the output's stamp taken before it was read, when it is trustworthy.
    func noteOutput(_ relative: String, below folder: String, limit: Int, _ result: Result<[UInt8], FileSystem.ReadFailure>,
                    stamp: [UInt8]? = nil) {
        if case .success = result, let stamp {
            note(.outputStamp, [relative, folder, String(limit)], stamp)
        } else {
            note(.readOutput, [relative, folder, String(limit)], Self.answer(result))
        }
    }

    /// `folderStamps`: the stamps of the folders listed, taken before listing them, when all
    /// are trustworthy and the listings held no temporary file at all.
    func noteStaleTemporaries(_ paths: [String], _ found: [String], folders: [String], folderStamps: [UInt8]?) {
        if let folderStamps, found.isEmpty {
            note(.quietFolders, folders, folderStamps)
        } else {
            note(.staleTemporaries, paths, Self.joined(found))
        }
    }

    /// The stamp of the open file `fd` when it is trustworthy for this run, else nil.
    func stamp(_ fd: Int32) -> [UInt8]? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return stamp(info, fileSystem: FileStamp.fileSystem(of: fd))
    }

    /// The stamp of a file whose status is `info`, on the file system `fileSystem`, when it
    /// is trustworthy for this run, else nil.
    func stamp(_ info: stat, fileSystem: UInt64?) -> [UInt8]? {
        FileStamp.trustworthy(info, fileSystem: fileSystem, start: start) ? FileStamp.encode(info) : nil
    }

    /// The stamps of `folders` (followed, as listing them follows them), or nil when one is
    /// not trustworthy or cannot be opened.
    func stamps(ofFolders folders: [String]) -> [UInt8]? {
        var stamps: [UInt8] = []
        for folder in folders {
            let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            guard let stamp = stamp(fd) else { return nil }
            stamps += stamp
        }
        return stamps
    }

    func noteCurrentDirectory(_ path: String) {
        note(.currentDirectory, [], Array(path.utf8))
    }

    /// True when every read of `entries`, made again now, gets the answer it got then.
    /// Stops at the first difference; an entry it cannot decode is a difference.
    public static func replays(_ entries: [Entry]) -> Bool {
        let replay = Replay()
        return entries.allSatisfy { entry in
            entry.access.withUnsafeBytes { access in entry.answer.withUnsafeBytes { answer in replay.matches(access, answer) } }
        }
    }

    /// Reads made again, one at a time, on one file system with one set of open folders.
    struct Replay {
        let fileSystem = FileSystem()
        let folders = OpenFolders()
        /// The folder of each output checked by stamp, by its bytes in the entry: most of a
        /// replay is outputs, a few folders holding many, so each is looked up as bytes once.
        let outputFolders = OutputFolders()

        final class OutputFolders {
            var descriptors: [ArraySlice<UInt8>: Int32] = [:]
        }

        /// True when the read `access` describes gets `answer` now.
        func matches(_ access: UnsafeRawBufferPointer, _ answer: UnsafeRawBufferPointer) -> Bool {
            guard let operation = access.first.flatMap(Operation.init(rawValue:)) else { return false }
            if operation == .outputStamp { return matchesStamp(UnsafeRawBufferPointer(rebasing: access.dropFirst()), answer) }
            let arguments = access.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            func same(_ now: [UInt8]) -> Bool { now.count == answer.count && now.withUnsafeBytes { ReadJournal.equal($0, answer) } }
            switch (operation, arguments.count) {
            case (.kind, 1): return same(ReadJournal.answer(fileSystem.kind(arguments[0])))
            case (.list, 1): return same(ReadJournal.answer(Result { () throws(FileSystem.Failure) in try fileSystem.listDirectory(arguments[0]) }))
            // A limit no run of the tool asks for means the entry was not written by it: a
            // forged one must not make a replay read a huge file into memory.
            case (.readFile, 3):
                guard let limit = Int(arguments[1]), limit >= 0, limit <= FileSystem.Limit.output else { return false }
                return ReadJournal.matches(fileSystem.readFile(arguments[0], limit: limit, followLink: arguments[2] == "1"), answer)
            case (.readOutput, 3):
                guard let limit = Int(arguments[2]), limit >= 0, limit <= FileSystem.Limit.output else { return false }
                return ReadJournal.matches(fileSystem.readOutput(arguments[0], below: arguments[1], limit: limit, folders: folders), answer)
            case (.staleTemporaries, _): return same(ReadJournal.joined(fileSystem.staleTemporaries(nextTo: access.count == 1 ? [] : arguments)))
            case (.currentDirectory, 1): return same(Array(fileSystem.currentDirectory.utf8))
            case (.quietFolders, _):
                guard answer.count == arguments.count * FileStamp.size else { return false }
                for (index, folder) in arguments.enumerated() {
                    guard let stamp = FileStamp.of(folder.isEmpty ? "." : folder, in: AT_FDCWD, follow: true),
                          stamp.withUnsafeBytes({ ReadJournal.equal($0, UnsafeRawBufferPointer(rebasing: answer[(index * FileStamp.size)...].prefix(FileStamp.size))) })
                    else { return false }
                }
                return true
            default: return false
            }
        }

        /// `.outputStamp` (arguments: the output's path below the folder, the folder, the
        /// size limit): the output's stamp now, reached as `readOutput` reaches it, equals
        /// `answer`. Works on the entry's bytes; only a folder not met before makes strings.
        private func matchesStamp(_ arguments: UnsafeRawBufferPointer, _ answer: UnsafeRawBufferPointer) -> Bool {
            guard answer.count == FileStamp.size, let end = arguments.firstIndex(of: 0),
                  let folderEnd = arguments[(end + 1)...].firstIndex(of: 0) else { return false }
            let slash = arguments[..<end].lastIndex(of: UInt8(ascii: "/"))
            let name = arguments[(slash.map { $0 + 1 } ?? 0)..<end]
            // The key: the output's folder part, NUL, the folder it lies below.
            let key = ArraySlice(Array(arguments[..<(slash ?? 0)]) + Array(arguments[end..<folderEnd]))
            let parent: Int32
            if let known = outputFolders.descriptors[key] {
                parent = known
            } else {
                let relative = String(decoding: arguments[..<end], as: UTF8.self)
                let folder = String(decoding: arguments[(end + 1)..<folderEnd], as: UTF8.self)
                guard let found = FileSystem.outputFolder(of: relative, below: folder, folders: folders) else { return false }
                outputFolders.descriptors[key] = found
                parent = found
            }
            guard !name.isEmpty else { return false }
            var info = stat()
            let status = withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { path in
                UnsafeMutableRawBufferPointer(path).copyMemory(from: UnsafeRawBufferPointer(rebasing: name))
                path[name.count] = 0
                return fstatat(parent, path.baseAddress!, &info, AT_SYMLINK_NOFOLLOW)
            }
            return status == 0 && FileStamp.encode(info).withUnsafeBytes { ReadJournal.equal($0, answer) }
        }
    }

    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
    }

    private func note(_ operation: Operation, _ arguments: [String], _ answer: [UInt8]) {
        // Paths are C strings, so NUL cannot occur inside an argument.
        var access: [UInt8] = [operation.rawValue]
        for (index, argument) in arguments.enumerated() {
            if index > 0 { access.append(0) }
            access.append(contentsOf: argument.utf8)
        }
        pthread_mutex_lock(lock)
        recorded.append(Entry(access: access[...], answer: answer[...]))
        pthread_mutex_unlock(lock)
    }

    static func answer(_ kind: FileSystem.Kind) -> [UInt8] {
        switch kind {
        case .missing: return [0]
        case .file: return [1]
        case .directory: return [2]
        case .symlink: return [3]
        case .other: return [4]
        }
    }

    static func answer(_ result: Result<[String], FileSystem.Failure>) -> [UInt8] {
        switch result {
        case .success(let names): return [0] + joined(names)
        case .failure(let failure): return [1] + Array(failure.reason.utf8)
        }
    }

    /// `answer(result) == recorded`, without copying the bytes read.
    static func matches(_ result: Result<[UInt8], FileSystem.ReadFailure>, _ recorded: UnsafeRawBufferPointer) -> Bool {
        guard case .success(let bytes) = result else { return answer(result).withUnsafeBytes { equal($0, recorded) } }
        guard recorded.first == 0 else { return false }
        return bytes.withUnsafeBytes { equal($0, UnsafeRawBufferPointer(rebasing: recorded.dropFirst())) }
    }

    static func answer(_ result: Result<[UInt8], FileSystem.ReadFailure>) -> [UInt8] {
        switch result {
        case .success(let bytes): return [0] + bytes
        case .failure(let failure): return [1] + Array(failure.description.utf8)
        }
    }

    static func joined(_ names: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, name) in names.enumerated() {
            if index > 0 { bytes.append(0) }
            bytes.append(contentsOf: name.utf8)
        }
        return bytes
    }
}
