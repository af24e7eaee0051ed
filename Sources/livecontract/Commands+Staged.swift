#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// `check --staged`: the check of what the commit will contain. A plain git pre-commit hook
/// runs with unstaged changes in the working tree (the pre-commit framework stashes them, git
/// does not), so reading the working tree can pass a commit whose staged copy drifted.
///
/// The files the check reads (each schema, its templates folder, every path its outputs name
/// and every file of the schema's name below its folder, for `NearerOwner`) are taken from the
/// index through git's plumbing (`ls-files`, `cat-file`, never a command that runs hooks or
/// filters) into a private temporary folder laid out like the repository; the ordinary check
/// then runs there from the same relative folder, so every rule, refusal (a symlink in the
/// index stays a symlink) and message is the working-tree check's, with the same paths.
enum StagedCheck {
    /// One index entry: `mode` as git writes it (`100644`, `100755`, `120000`, `160000`).
    struct Entry {
        var mode: String
        var object: String
        var path: String
    }

    /// Most bytes `ls-files` may list; a repository whose schema folder holds more is refused.
    static let listingLimit = 64 << 20

    /// `git` with the settings every read of livecontract passes (`GitShow.file`).
    static func git(_ top: String?, _ arguments: [String], input: String = "/dev/null", limit: Int = FileSystem.Limit.schema) -> (Int32, [UInt8], [UInt8])? {
        GitShow.run(["git", "-c", "safe.bareRepository=explicit", "-c", "core.fsmonitor=false", "--literal-pathspecs"]
                    + (top.map { ["-C", $0] } ?? []) + arguments, input: input, limit: limit)
    }

    static func firstLine(_ bytes: [UInt8]) -> String {
        TerminalText.visible(String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "")
    }

    static func run(_ parsed: ParsedArguments, format: ReportFormat, console: Console) -> ExitCode {
        let fileSystem = FileSystem()
        let here = fileSystem.currentDirectory
        func refuse(_ message: String) -> ExitCode {
            console.err("livecontract: check --staged: \(message)")
            return .invalidInput
        }
        guard let (status, out, err) = git(nil, ["rev-parse", "--show-toplevel", "--show-prefix"]) else {
            return refuse("cannot run git (is it installed and on PATH?)")
        }
        guard status == 0 else {
            return refuse("'\(here)' is not inside a git repository, so there is no index to read (git: \(firstLine(err))); run `livecontract check` to check the working tree")
        }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2, lines[0].hasPrefix("/") else {
            return refuse("this is a bare repository or a git folder; run it in a working tree")
        }
        let top = lines[0], prefix = lines[1]

        // Each schema and `--templates DIR` as a path inside the repository.
        var schemas: [String] = []
        for path in parsed.positionals.isEmpty ? [Commands.defaultSchema] : parsed.positionals {
            guard let inside = repositoryPath(path, top: top, prefix: prefix) else {
                return refuse("'\(path)' is outside the repository at '\(top)'; the index holds only files inside it")
            }
            schemas.append(inside)
        }
        var templatesFolder: String?
        if let folder = parsed.options["--templates"] {
            guard let inside = repositoryPath(folder, top: top, prefix: prefix) else {
                return refuse("--templates '\(folder)' is outside the repository at '\(top)'")
            }
            templatesFolder = inside
        }

        // What the index holds below each schema's folder (and the templates folder).
        // A schema of the same file name in a folder above one of ours may own files below it
        // (the orphan search asks), so those paths are listed too.
        let above = Set(schemas.flatMap { ancestors(of: $0) })
        let folders = Set(schemas.map { FileSystem.directory(of: $0) } + (templatesFolder.map { [$0] } ?? [])).union(above)
        guard let (listed, listing, listError) = git(top, ["ls-files", "--stage", "-z", "--full-name", "--"] + folders.sorted(),
                                                     limit: listingLimit) else {
            return refuse("cannot run git (is it installed and on PATH?)")
        }
        guard listed == 0 else { return refuse("`git ls-files` failed in '\(top)': \(firstLine(listError))") }
        guard listing.count <= listingLimit else { return refuse("the index lists more than \(listingLimit >> 20) MiB of paths below the schema's folder") }
        var entries: [String: Entry] = [:]
        for record in listing.split(separator: 0) {
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
            guard fields.count == 3 else { continue }
            if fields[2] != "0" {
                return refuse("'\(TerminalText.visible(path))' has unresolved merge conflicts in the index; resolve them and stage the result")
            }
            entries[path] = Entry(mode: fields[0], object: fields[1], path: path)
        }

        // The entries the check reads: found from each staged schema.
        var wanted: [Entry] = above.compactMap { entries[$0] }
        for schema in schemas {
            wanted += selection(for: schema, entries: entries, top: top)
        }
        if let templatesFolder {
            wanted += entries.values.filter { $0.path.hasPrefix(templatesFolder == "." ? "" : templatesFolder + "/") }
        }
        var seen: Set<String> = []
        wanted = wanted.filter { seen.insert($0.path).inserted }.sorted { $0.path < $1.path }

        guard let scratch = makeScratch() else { return refuse("cannot create a temporary folder (\(String(cString: strerror(errno))))") }
        defer {
            _ = chdir(here)
            fileSystem.removeTree(scratch)
        }
        let tree = scratch + "/index"
        mkdir(tree, 0o700)
        if let problem = materialize(wanted, top: top, into: tree, scratch: scratch) { return refuse(problem) }

        // The ordinary check, from the same folder inside the copy of the index.
        let inside = prefix.isEmpty ? tree : FileSystem.join(tree, String(prefix.dropLast()))
        if let problem = makeFolders(inside) { return refuse(problem) }
        guard chdir(inside) == 0 else { return refuse("cannot enter the temporary folder (\(String(cString: strerror(errno))))") }
        var staged = parsed
        staged.positionals = parsed.positionals.map { $0.hasPrefix("/") ? mapped($0, top: top, tree: tree) : $0 }
        if let folder = parsed.options["--templates"], folder.hasPrefix("/") { staged.options["--templates"] = mapped(folder, top: top, tree: tree) }
        return Commands.check(staged, format: format, console: console, fileSystem: FileSystem())
    }

    /// `path` (as typed, relative to the current folder `prefix` below `top`) as a path from
    /// the repository's top, `..` and `.` resolved; nil when it leaves the repository.
    static func repositoryPath(_ path: String, top: String, prefix: String) -> String? {
        var full: String
        if path.hasPrefix("/") {
            guard path.hasPrefix(top + "/") || path == top else { return nil }
            full = String(path.dropFirst(top.count))
        } else {
            full = prefix + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `a/b/c/x.yaml` -> `a/b/x.yaml`, `a/x.yaml`, `x.yaml`: where a schema of the same file
    /// name above this one would sit, inside the repository.
    static func ancestors(of schema: String) -> [String] {
        let name = FileSystem.fileName(of: schema)
        var folder = FileSystem.directory(of: schema)
        var result: [String] = []
        while folder != "." && !folder.isEmpty {
            folder = FileSystem.directory(of: folder)
            result.append(FileSystem.join(folder, name))
        }
        return result
    }

    /// An absolute path inside the repository, moved into the copy of the index.
    static func mapped(_ path: String, top: String, tree: String) -> String {
        tree + path.dropFirst(top.count)
    }

    /// The entries the check of `schema` reads: the schema, its templates folder, every path
    /// its outputs name (a folder output's files too), and every file of the schema's name
    /// below its folder (a nearer schema that may own an output). A schema that does not
    /// load is copied alone: the check then reports why, as for the working tree.
    static func selection(for schema: String, entries: [String: Entry], top: String) -> [Entry] {
        guard let own = entries[schema] else { return [] }
        let folder = FileSystem.directory(of: schema)
        let base = folder == "." ? "" : folder + "/"
        let name = FileSystem.fileName(of: schema)
        var claimed: [String] = []
        var orphanCandidates: Orphans.Outputs?
        if own.mode == "100644" || own.mode == "100755",
           let (read, bytes, _) = git(top, ["cat-file", "blob", own.object]), read == 0, bytes.count <= FileSystem.Limit.schema,
           let (contract, _) = try? SchemaLoader.load(bytes, path: schema) {
            claimed = contract.outputs.all.map { base + $0.path }
            if let templates = contract.templates { claimed.append(base + templates.path) }
            // The files the orphan search would read: their paths do not depend on templates.
            if let templates = try? TemplateSet.builtIn(), let files = try? Generator(templates: templates).generate(contract) {
                orphanCandidates = Orphans.Outputs(files: files, contract: contract)
            }
        }
        return entries.values.filter { entry in
            guard entry.path.hasPrefix(base) else { return false }
            if entry.path == schema || FileSystem.fileName(of: entry.path) == name { return true }
            if orphanCandidates?.isCandidate(String(entry.path.dropFirst(base.count))) == true { return true }
            return claimed.contains { entry.path == $0 || entry.path.hasPrefix($0 + "/") }
        }
    }

    /// Writes `entries` below `tree` as the index holds them: regular files with their
    /// bytes, symlinks as symlinks, a submodule as an empty folder. Sizes are checked with
    /// `cat-file --batch-check` before any content is read; nil when every file is written.
    static func materialize(_ entries: [Entry], top: String, into tree: String, scratch: String) -> String? {
        let blobs = entries.filter { $0.mode != "160000" }
        for entry in entries {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) || OutputPlan.gitFolder(in: entry.path) != nil {
                return "the index holds a path git would not check out: '\(TerminalText.visible(entry.path))'"
            }
        }
        guard !blobs.isEmpty else { return nil }
        let request = scratch + "/objects"
        let list = blobs.map { $0.object + "\n" }.joined()
        guard (try? FileSystem().writeAtomically(request, Array(list.utf8))) != nil else { return "cannot write a temporary file in '\(scratch)'" }
        // Every size first, so nothing over the output limit is ever read.
        guard let (checked, sizes, sizeError) = StagedCheck.git(top, ["cat-file", "--batch-check"], input: request, limit: listingLimit), checked == 0 else {
            return "`git cat-file --batch-check` failed in '\(top)'"
        }
        _ = sizeError
        var total = 0
        let sizeLines = sizes.split(separator: UInt8(ascii: "\n"))
        guard sizeLines.count == blobs.count else { return "`git cat-file --batch-check` answered \(sizeLines.count) of \(blobs.count) objects" }
        for (entry, line) in zip(blobs, sizeLines) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)) else {
                return "the index names an object git cannot read for '\(TerminalText.visible(entry.path))'"
            }
            if size > FileSystem.Limit.output {
                return "'\(TerminalText.visible(entry.path))' in the index is larger than the \(FileSystem.Limit.output >> 20) MiB limit of outputs"
            }
            total += size + 100
        }
        guard let (read, contents, _) = StagedCheck.git(top, ["cat-file", "--batch"], input: request, limit: total), read == 0 else {
            return "`git cat-file --batch` failed in '\(top)'"
        }
        var offset = 0
        for entry in blobs {
            guard let newline = contents[offset...].firstIndex(of: UInt8(ascii: "\n")),
                  let size = Int(String(decoding: contents[offset..<newline].split(separator: UInt8(ascii: " ")).last ?? [], as: UTF8.self)),
                  newline + 1 + size <= contents.count else {
                return "`git cat-file --batch` gave a short answer for '\(TerminalText.visible(entry.path))'"
            }
            let bytes = Array(contents[(newline + 1)..<(newline + 1 + size)])
            offset = newline + 1 + size + 1
            let path = tree + "/" + entry.path
            if let problem = makeFolders(FileSystem.directory(of: path)) { return problem }
            if entry.mode == "120000" {
                guard symlink(String(decoding: bytes, as: UTF8.self), path) == 0 else { return "cannot copy the symlink '\(TerminalText.visible(entry.path))' from the index" }
                continue
            }
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, entry.mode == "100755" ? 0o700 : 0o600)
            guard fd >= 0 else { return "cannot copy '\(TerminalText.visible(entry.path))' from the index (\(String(cString: strerror(errno))))" }
            let written = FileSystem.writeAll(fd, bytes)
            close(fd)
            if !written { return "cannot copy '\(TerminalText.visible(entry.path))' from the index" }
        }
        for entry in entries where entry.mode == "160000" {
            if let problem = makeFolders(tree + "/" + entry.path) { return problem }
        }
        return nil
    }

    /// `mkdir -p` inside the private temporary folder; nil when it exists afterwards.
    static func makeFolders(_ path: String) -> String? {
        if FileSystem().kind(path) == .directory { return nil }
        if let problem = makeFolders(FileSystem.directory(of: path)) { return problem }
        if mkdir(path, 0o700) == 0 || FileSystem().kind(path) == .directory { return nil }
        return "cannot create '\(path)' (\(String(cString: strerror(errno))))"
    }

    /// A new folder only this user can read, in TMPDIR (or /tmp); its path, or nil.
    static func makeScratch() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((FileSystem.join(base, "livecontract-staged-XXXXXX")).utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }
}
