#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides, before anything is written, what `generate` may do with each output file.
///
/// Every refusal (a symlink on the way, a file we did not generate, something that is not a
/// regular file) is found for all outputs first, so a run with any problem writes nothing.
public struct OutputPlan: Sendable {
    public enum Action: Sendable, Equatable { case create, update, unchanged }

    public struct Entry: Sendable {
        /// The path as shown to the user: schema folder + output path.
        public var displayPath: String
        public var file: GeneratedFile
        public var action: Action
        public var existing: String?
        /// The temporary file reserved for this write (empty when unchanged).
        public var temporary: String = ""
        /// Where the schema names this output.
        public var location: SourceLocation? = nil
        /// The schema's folder and the output's path below it, whose folders the write opens
        /// without following links; nil for a write `--force` allowed through a link.
        public var anchor: FileSystem.WriteAnchor? = nil
    }

    public var entries: [Entry] = []
    public var diagnostics = Diagnostics()
    /// The schemas of our file name nearer the outputs, read once per plan.
    var owners = NearerOwner()
    /// Outputs `--force` writes through a symlinked folder on the way.
    var throughLink: Set<String> = []

    /// Plans the writes of `files` for the schema at `schemaPath`.
    public static func make(files: [GeneratedFile], contract: Contract, schemaPath: String, force: Bool, fileSystem: FileSystem) -> OutputPlan {
        var plan = OutputPlan()
        let folder = FileSystem.directory(of: schemaPath)
        let locations = Self.locations(of: contract)
        var refusedFolders: Set<String> = []
        for file in files {
            let display = FileSystem.join(folder, file.path)
            let location = Self.location(of: file, in: locations, schemaPath: schemaPath)
            if let git = gitFolderReached(by: display) {
                // One error per output: a folder output's files all lie in the same place.
                let output = locations[file.path] == nil ? FileSystem.directory(of: display) : display
                if refusedFolders.insert(output).inserted {
                    plan.diagnostics.error("'\(output)' lies inside '\(git)'; livecontract never writes into a git folder", at: location, rule: "output-path")
                }
                continue
            }
            // Files a folder output names after the schema's names (`con.json` for an example
            // `con`) are checked here; paths the schema spells out were checked on loading.
            if let problem = PortablePath.problem(file.path) {
                plan.diagnostics.error("cannot write '\(display)': \(problem)", at: location, rule: "output-path")
                continue
            }
            // Read without following a symlink in any component below the schema's folder:
            // a symlink could send the write anywhere on disk (`check` reads the same way).
            switch fileSystem.readOutput(file.path, below: folder) {
            case .success(let bytes):
                plan.decide(file, display: display, bytes: bytes, location: location, force: force, schema: (schemaPath, fileSystem))
            case .failure(let failure):
                switch failure.problem {
                case .missing:
                    plan.entries.append(Entry(displayPath: display, file: file, action: .create, existing: nil))
                case .symlink(let link) where link == display:
                    if force {
                        plan.entries.append(Entry(displayPath: display, file: file, action: .update, existing: nil))
                    } else {
                        plan.diagnostics.error("'\(display)' is a symlink; livecontract does not write through symlinks (use --force to replace the link with a file)", at: location, rule: "output-symlink")
                    }
                case .symlink(let link):
                    if force {
                        plan.planThroughLink(file, display: display, location: location, fileSystem: fileSystem)
                    } else {
                        plan.diagnostics.error("'\(link)' is a symlink; outputs are not written through symlinks (use --force to allow)", at: location, rule: "output-symlink")
                    }
                case .notAFolder(let prefix):
                    plan.diagnostics.error("'\(prefix)' is a file, so '\(display)' cannot be created there", at: location, rule: "output-path")
                case .notRegular:
                    plan.diagnostics.error("'\(display)' exists and is not a regular file", at: location, rule: "output-path")
                case .tooLarge, .failed:
                    plan.diagnostics.error("cannot read '\(display)': \(failure.reason)", at: location, rule: "output-path")
                }
            }
        }
        // Written as planned, without following a link, unless `--force` allowed one.
        for index in plan.entries.indices where !plan.throughLink.contains(plan.entries[index].displayPath) {
            plan.entries[index].anchor = FileSystem.WriteAnchor(folder: folder, relative: plan.entries[index].file.path)
        }
        plan.reserveTemporaries(fileSystem: fileSystem, schemaPath: schemaPath, locations: locations)
        return plan
    }

    /// Longest file name and path the systems livecontract runs on accept (Linux and macOS
    /// NAME_MAX; Linux PATH_MAX, macOS allows 1024 so a path over it fails there).
    static let nameMax = 255, pathMax = 4096

    /// The longest token a temporary name holds (`newToken`: a pid of up to 10 digits, `-`,
    /// 16 hex digits), so a length checked with it holds for every run.
    public static let longestToken = String(repeating: "9", count: 10) + "-" + String(repeating: "f", count: 16)

    /// Why the output at `display` cannot be written: its temporary file's name over
    /// NAME_MAX, or its path over PATH_MAX; nil when it fits. Asked when a schema loads
    /// (with the longest token, for every command: `check` must not call "missing, run
    /// generate" a file generate refuses) and again when a plan reserves its temporary names.
    public static func lengthProblem(_ display: String, token: String = longestToken) -> String? {
        let temporary = FileSystem.temporaryPath(for: display, token: token)
        let name = FileSystem.fileName(of: temporary)
        if name.utf8.count > nameMax {
            let over = name.utf8.count - nameMax
            return "the file name '\(FileSystem.fileName(of: display))' is too long: its temporary file '\(name)' is \(name.utf8.count) bytes, over the \(nameMax)-byte limit of file names; shorten it by \(over) bytes"
        }
        if temporary.utf8.count >= pathMax {
            return "'\(display)' is too long a path (\(temporary.utf8.count) bytes with its temporary file name; the limit is \(pathMax - 1)); shorten it"
        }
        return nil
    }

    /// Gives every write its temporary name and checks, before the first byte is written,
    /// what would make a write fail half-way: a temporary name over NAME_MAX, a path over
    /// PATH_MAX, a folder that cannot be written. Each error is at the output's position.
    mutating func reserveTemporaries(fileSystem: FileSystem, schemaPath: String, locations: [String: SourceLocation]) {
        let token = FileSystem.newToken()
        for index in entries.indices where entries[index].action != .unchanged {
            let display = entries[index].displayPath
            let location = Self.location(of: entries[index].file, in: locations, schemaPath: schemaPath)
            let temporary = FileSystem.temporaryPath(for: display, token: token)
            entries[index].temporary = temporary
            entries[index].location = location
            if let problem = Self.lengthProblem(display, token: token) {
                diagnostics.error(problem, at: location, rule: "output-path")
                continue
            }
            var folder = FileSystem.directory(of: display)
            while fileSystem.kind(folder) == .missing && FileSystem.directory(of: folder) != folder { folder = FileSystem.directory(of: folder) }
            if access(folder, W_OK | X_OK) != 0 {
                diagnostics.error("cannot write '\(display)': the folder '\(folder)' is not writable (\(String(cString: strerror(errno))))",
                                  at: location, rule: "output-path")
            }
        }
    }

    /// What to do with an output whose current bytes are `bytes`: nothing when they match,
    /// an update when the file is ours (both header lines, this schema) or `force` is given.
    /// With `schema`, a file whose header names our schema's file name is still another's when
    /// a schema of that name nearer the file claims it (`NearerOwner`).
    mutating func decide(_ file: GeneratedFile, display: String, bytes: [UInt8], location: SourceLocation, force: Bool,
                         schema: (path: String, fileSystem: FileSystem)? = nil) {
        let existing = String(decoding: bytes, as: UTF8.self)
        if FileSystem.sameBytes(file.bytes, bytes) {
            entries.append(Entry(displayPath: display, file: file, action: .unchanged, existing: existing))
            return
        }
        var ownership = force ? .ours : GeneratedHeader.ownership(of: existing, generated: file.bytes)
        if ownership == .ours, !force, let schema, let name = GeneratedHeader.parse(existing)?.schema,
           let owner = owners.owner(of: file.path, schemaPath: schema.path, named: name, fileSystem: schema.fileSystem) {
            ownership = .otherSchema(owner)
        }
        switch ownership {
        case .ours:
            entries.append(Entry(displayPath: display, file: file, action: .update, existing: existing))
        case .otherSchema(let owner):
            diagnostics.error("'\(display)' is owned by \(owner) (its generated header names that schema); pick another output path, or pass --force to take it over",
                              at: location, rule: "output-not-ours")
        case .notGenerated:
            diagnostics.error("'\(display)' exists and was not generated by livecontract (no generated header); move it away or pass --force to overwrite it", at: location, rule: "output-not-ours")
        }
    }

    /// `--force` with a symlinked folder on the way: the user allowed writing through it.
    mutating func planThroughLink(_ file: GeneratedFile, display: String, location: SourceLocation, fileSystem: FileSystem) {
        throughLink.insert(display)
        switch fileSystem.readFile(display, limit: FileSystem.Limit.output, followLink: false) {
        case .success(let bytes):
            decide(file, display: display, bytes: bytes, location: location, force: true)
        case .failure(let failure) where failure.problem == .missing:
            entries.append(Entry(displayPath: display, file: file, action: .create, existing: nil))
        case .failure(let failure) where failure.problem == .symlink(display):
            entries.append(Entry(displayPath: display, file: file, action: .update, existing: nil))
        case .failure(let failure):
            diagnostics.error("cannot write '\(display)': \(failure.reason)", at: location, rule: "output-path")
        }
    }

    /// The first `.git` folder on `path` (any letter case, with the trailing dots and spaces
    /// Windows ignores, or a Windows alias of it), or nil: a hook or config planted there would run code.
    public static func gitFolder(in path: String) -> String? {
        if !mayNameGitFolder(path) { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            var name = Substring(part.lowercased())
            while let last = name.last, last == "." || last == " " { name = name.dropLast() }
            // `git~1` is the git folder's 8.3 short name and `.git:` opens an NTFS stream of
            // it (`.git::$INDEX_ALLOCATION`): the spellings git itself refuses in a path.
            if name == ".git" || name == "git~1" || name.hasPrefix(".git:") { return parts[...index].joined(separator: "/") }
        }
        return nil
    }

    /// False when no component of an ASCII `path` can be a git folder or one of its aliases:
    /// the path holds neither `.git` nor `git~`, in any case. `check` asks this of every
    /// output on every run, and the full test lowercases each component as Unicode text. A
    /// path with other bytes always takes the full test.
    static func mayNameGitFolder(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        func lower(_ index: Int) -> UInt8 { bytes[index] | 0x20 }
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80 { return true }
            guard index + 3 < bytes.count else { continue }
            if byte == UInt8(ascii: "."), lower(index + 1) == UInt8(ascii: "g"), lower(index + 2) == UInt8(ascii: "i"), lower(index + 3) == UInt8(ascii: "t") {
                return true
            }
            if lower(index) == UInt8(ascii: "g"), lower(index + 1) == UInt8(ascii: "i"), lower(index + 2) == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: "~") {
                return true
            }
        }
        return false
    }

    /// The git folder `path` names or reaches through a symlink on disk, or nil: the test
    /// every write of the tool makes (outputs, `init`, `import --output`, `templates dump`).
    public static func gitFolderReached(by path: String) -> String? {
        gitFolder(in: path) ?? gitFolderOnDisk(path)
    }

    /// The git folder `path` reaches once every symlink on the way is resolved, or nil: a
    /// committed link (`hooks -> .git/hooks`) must not carry a write there, even under
    /// `--force`, which only allows writing through links. The longest existing prefix is
    /// resolved and the rest of the path appended, so an output not yet created is covered.
    public static func gitFolderOnDisk(_ path: String) -> String? {
        var existing = path, rest: [String] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let full = ([String(cString: resolved)] + rest.reversed()).joined(separator: "/")
                return gitFolder(in: full)
            }
            let parent = FileSystem.directory(of: existing)
            guard parent != existing else { return nil }
            rest.append(FileSystem.fileName(of: existing))
            existing = parent
        }
    }

    /// Output path -> where the schema names it, for positioned messages.
    static func locations(of contract: Contract) -> [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        for output in contract.outputs.all {
            result[output.path] = output.location
        }
        return result
    }

    /// Where the schema names `file`: its own output key, or the folder output (fixtures,
    /// json-schema) it is written into.
    static func location(of file: GeneratedFile, in locations: [String: SourceLocation], schemaPath: String) -> SourceLocation {
        locations[file.path] ?? locations[FileSystem.directory(of: file.path)] ?? SourceLocation(file: schemaPath, line: 1, column: 1)
    }

    /// Writes every entry that changed. Call only when `diagnostics` has no errors.
    public func write(fileSystem: FileSystem) throws(FileSystem.Failure) -> [Entry] {
        try Self.write([self], fileSystem: fileSystem)
    }

    /// Writes the changed entries of every plan as one set: every temporary file is written
    /// and synced before the first rename, and a failure before that leaves the disk as it
    /// was (`FileSystem.write(_:)`). Call only when no plan has errors.
    public static func write(_ plans: [OutputPlan], fileSystem: FileSystem) throws(FileSystem.Failure) -> [Entry] {
        let changed = plans.flatMap { $0.entries.filter { $0.action != .unchanged } }
        // A killed run's temporary file next to an output that did not change is swept too.
        for entry in plans.flatMap(\.entries) where entry.action == .unchanged {
            fileSystem.sweepStaleTemporaries(in: FileSystem.directory(of: entry.displayPath), for: FileSystem.fileName(of: entry.displayPath))
        }
        try fileSystem.write(changed.map { FileSystem.PendingWrite(path: $0.displayPath, bytes: $0.file.bytes, temporary: $0.temporary, location: $0.location, anchor: $0.anchor) })
        return changed
    }
}
