#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files a schema generated once but no longer names: the fixture of a renamed example, the
/// Swift copy left at an output path that moved. They keep our header, so nothing else flags
/// them, and an old Swift copy keeps compiling into its target: the identical-copy trap again.
///
/// Where they are looked for (docs/check.md, "Orphaned files"): below the schema's folder,
/// without following links, skipping hidden folders, the build and dependency folders
/// `skippedFolders` names and every folder that holds another schema of our file name (its
/// files are that schema's), listing at most `maximumEntries` names. A file is a candidate
/// when its ending is one livecontract writes and it lies in a folder that holds one of the
/// schema's outputs, inside its fixtures or json-schema folder, or has the file name of one of
/// its outputs; a candidate is an orphan only with both header lines naming this schema.
public struct Orphan: Sendable, Equatable {
    /// Schema folder + path, as findings show paths.
    public var displayPath: String
    /// The path below the schema's folder.
    public var relative: String
    /// Inside the fixtures or json-schema folder the schema owns: `generate` deletes it.
    /// Anything else (code) is deleted only with `--prune`.
    public var inOwnedFolder: Bool
    /// The `outputs:` entry of the same kind, to point at.
    public var location: SourceLocation?
}

public enum Orphans {
    /// Endings of the files livecontract writes.
    static let endings = [".swift", ".kt", ".ts", ".py", ".go", ".json"]
    /// Folders never searched: dependencies and build products, large and never ours.
    public static let skippedFolders: Set<String> = ["node_modules", "Pods", "build", "DerivedData", "Carthage", "vendor", "__pycache__"]
    /// Most directory entries one search lists; past it the rest of the tree is not searched.
    public static let maximumEntries = 20_000

    /// What the search needs to know about the schema's outputs.
    public struct Outputs: Sendable {
        var paths: Set<String>
        var folders: Set<String>
        var names: Set<String>
        /// The fixtures and json-schema folders, with where the schema names them.
        var owned: [(folder: String, location: SourceLocation)]
        /// The file outputs' endings, with where the schema names them.
        var locations: [(ending: String, location: SourceLocation)]

        public init(files: [GeneratedFile], contract: Contract) {
            paths = Set(files.map(\.path))
            folders = Set(files.map { FileSystem.directory(of: $0.path) })
            names = Set(files.map { FileSystem.fileName(of: $0.path) })
            owned = ["fixtures", "json-schema"].compactMap { key in contract.outputs[key]?.path.map { ($0.path, $0.location) } }
            locations = Emitters.all.filter { $0.key != "fixtures" && $0.key != "json-schema" }.flatMap { emitter in
                (contract.outputs[emitter.key]?.paths ?? []).compactMap { path in
                    Orphans.endings.first { path.path.hasSuffix($0) }.map { ($0, path.location) }
                }
            }
        }

        /// Whether `relative` (below the schema's folder) is a file the search reads.
        public func isCandidate(_ relative: String) -> Bool {
            guard !paths.contains(relative), Orphans.endings.contains(where: { relative.hasSuffix($0) }) else { return false }
            return folders.contains(FileSystem.directory(of: relative)) || names.contains(FileSystem.fileName(of: relative))
                || inOwnedFolder(relative)
        }

        func inOwnedFolder(_ relative: String) -> Bool {
            owned.contains { relative.hasPrefix($0.folder + "/") }
        }

        func location(of relative: String) -> SourceLocation? {
            owned.first { relative.hasPrefix($0.folder + "/") }?.location ?? locations.first { relative.hasSuffix($0.ending) }?.location
        }
    }

    /// Every orphan of the schema at `schemaPath` whose outputs are `files`, sorted by path.
    public static func find(files: [GeneratedFile], contract: Contract, schemaPath: String, fileSystem: FileSystem) -> [Orphan] {
        let outputs = Outputs(files: files, contract: contract)
        let folder = FileSystem.directory(of: schemaPath)
        let schemaName = FileSystem.fileName(of: schemaPath)
        // The schema name as our headers spell it, per header form (code, JSON).
        let spellings = Set(files.compactMap { GeneratedHeader.parse(String(decoding: $0.bytes.prefix(2048), as: UTF8.self))?.schema })
        var orphans: [Orphan] = []
        var pending = [""]
        var listed = 0
        while let relative = pending.popLast(), listed < maximumEntries {
            let here = relative.isEmpty ? folder : FileSystem.join(folder, relative)
            guard let names = try? fileSystem.listDirectory(here) else { continue }
            // A nearer schema of our file name owns this folder and everything below it.
            if !relative.isEmpty && names.contains(schemaName) { continue }
            listed += names.count
            for name in names.reversed() where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if outputs.isCandidate(path) {
                    guard fileSystem.kind(FileSystem.join(folder, path)) == .file,
                          case .success(let bytes) = fileSystem.readOutput(path, below: folder),
                          let header = GeneratedHeader.parse(String(decoding: bytes.prefix(2048), as: UTF8.self)),
                          header.fingerprint != nil, spellings.contains(header.schema), OutputPlan.gitFolder(in: path) == nil,
                          !claimedAbove(path, schemaFolder: folder, schemaName: schemaName, fileSystem: fileSystem)
                    else { continue }
                    orphans.append(Orphan(displayPath: FileSystem.join(folder, path), relative: path,
                                          inOwnedFolder: outputs.inOwnedFolder(path), location: outputs.location(of: path)))
                } else if !skippedFolders.contains(name), !Orphans.endings.contains(where: { name.hasSuffix($0) }),
                          fileSystem.kind(FileSystem.join(folder, path)) == .directory {
                    pending.append(path)
                }
            }
        }
        return orphans.sorted { $0.relative < $1.relative }
    }

    /// Whether a schema of our file name in a folder above ours names `relative` (below our
    /// folder) as an output, or does not load so nobody can tell: outputs stay inside their
    /// schema's folder tree, so such a schema may write into ours, and its files are never
    /// our orphans. (Schemas below ours are skipped by the search itself.)
    static func claimedAbove(_ relative: String, schemaFolder: String, schemaName: String, fileSystem: FileSystem) -> Bool {
        guard let resolved = realpath(schemaFolder, nil) else { return true }
        var absolute = String(cString: resolved)
        free(resolved)
        var below = relative
        for _ in 0..<64 where absolute != "/" {
            let parent = FileSystem.directory(of: absolute)
            below = FileSystem.fileName(of: absolute) + "/" + below
            absolute = parent.isEmpty ? "/" : parent
            let candidate = absolute == "/" ? "/" + schemaName : absolute + "/" + schemaName
            guard fileSystem.kind(candidate) == .file else { continue }
            guard case .success(let bytes) = fileSystem.readFile(candidate, limit: FileSystem.Limit.schema, followLink: false),
                  let (contract, _) = try? SchemaLoader.load(bytes, path: candidate) else { return true }
            if contract.outputs.all.contains(where: { below == $0.path || below.hasPrefix($0.path + "/") }) { return true }
        }
        return false
    }

    /// The `check` finding for an orphan.
    public static func finding(_ orphan: Orphan, schemaPath: String) -> CheckFinding {
        let fix = orphan.inOwnedFolder
            ? "run `livecontract generate \(schemaPath)`, which deletes it, or name it under `outputs:` again"
            : "delete it (or run `livecontract generate --prune \(schemaPath)`), or name it under `outputs:` again; a stale copy still compiles into its target"
        return CheckFinding(kind: .orphaned, displayPath: orphan.displayPath,
                            message: "carries this schema's generated header but is no longer one of its outputs",
                            diff: "", location: orphan.location, firstChangedLine: 1, fix: fix)
    }

    /// The `generate` error for an orphaned code file kept without `--prune`.
    public static func refusal(_ orphan: Orphan, schemaPath: String) -> Diagnostic {
        Diagnostic(.error, "'\(orphan.displayPath)' carries this schema's generated header but is no longer one of its outputs; delete it, or run `livecontract generate --prune \(schemaPath)` to delete it (a stale copy still compiles into its target)",
                   at: orphan.location ?? SourceLocation(file: schemaPath, line: 1, column: 1), rule: "drift-orphaned")
    }

    /// Deletes `orphans` after checking each again as `find` did (a regular file reached
    /// without a link, our full header): a file that changed since is left alone. Returns
    /// the orphans deleted.
    public static func delete(_ orphans: [Orphan], schemaPath: String, spellings files: [GeneratedFile], fileSystem: FileSystem) -> [Orphan] {
        let folder = FileSystem.directory(of: schemaPath)
        let spellings = Set(files.compactMap { GeneratedHeader.parse(String(decoding: $0.bytes.prefix(2048), as: UTF8.self))?.schema })
        var deleted: [Orphan] = []
        for orphan in orphans {
            guard case .success(let bytes) = fileSystem.readOutput(orphan.relative, below: folder),
                  let header = GeneratedHeader.parse(String(decoding: bytes.prefix(2048), as: UTF8.self)),
                  header.fingerprint != nil, spellings.contains(header.schema) else { continue }
            fileSystem.removeFile(orphan.displayPath)
            deleted.append(orphan)
        }
        return deleted
    }
}
