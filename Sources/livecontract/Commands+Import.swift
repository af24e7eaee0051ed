import LiveContract

/// `import FILE.swift`: the way most apps start, from the `ActivityAttributes` struct they
/// already have. The schema goes to stdout (or `--output`); nothing is written when any part
/// of the struct has no schema form.
extension Commands {
    static func importSwift(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let first = parsed.positionals.first else {
            console.err("livecontract: name the Swift file, e.g. `livecontract import ios/DeliveryAttributes.swift`\nrun `livecontract help import` for usage")
            return .usage
        }
        let fileSystem = FileSystem()
        // The destination is refused before any source is read, so no message about the
        // sources can come first (or quote them).
        if let output = parsed.options["--output"], refusedAsGitFolder(output, console: console) { return .invalidInput }
        let read = ImportSources.read(parsed.positionals, fileSystem: fileSystem)
        var sources = read.sources
        if let failure = read.failure {
            console.print(failure)
            return .invalidInput
        }
        let lookup = ImportProjectLookup.complete(&sources, arguments: parsed.positionals, typeName: parsed.options["--type"], fileSystem: fileSystem)
        console.print(sources.skipped)
        console.print(lookup.notes)
        let set = SwiftSourceSet(sources.files)
        // The file that declares the attributes type becomes `outputs.swift`, wherever it is
        // among the arguments (or in a folder given), unless it holds other code too.
        let probe = lookup.result ?? SwiftImport.run(set, typeName: parsed.options["--type"], swiftOutput: "")
        let declaring = probe.attributesFile ?? sources.files.first?.path ?? first
        let moved = Self.separateFile(for: probe, declaring: declaring, fileSystem: fileSystem)
        if let moved, moved.warning.severity == .error {
            console.print(moved.warning)
            return .invalidInput
        }
        let file = moved?.path ?? declaring
        let output = parsed.options["--output"]
        let schemaPath = output ?? defaultSchema
        let relative = SwiftImport.outputPath(swiftFile: file, schemaPath: schemaPath, currentDirectory: fileSystem.currentDirectory)
        if relative == nil && output == nil {
            console.err("livecontract: warning: '\(file)' lies outside the current folder, so `outputs.swift` names it by its file name; save the schema next to it (or pass --output)")
        }
        guard let swiftOutput = relative ?? (output == nil ? FileSystem.fileName(of: file) : nil) else {
            let folder = FileSystem.directory(of: schemaPath)
            console.print(Diagnostic(.error, "'\(file)' lies outside '\(folder)', the folder of \(schemaPath), but `outputs.swift` must name it relative to that folder (outputs never leave it), so `generate --force` can replace it; write the schema to a folder that contains '\(file)', e.g. a livecontract.yaml in the project root",
                                     at: SourceLocation(file: file, line: 1, column: 1), rule: "output-path"))
            return .invalidInput
        }
        if let moved { console.print(moved.warning) }
        var result = SwiftImport.run(set, typeName: parsed.options["--type"], swiftOutput: swiftOutput, separateOutput: moved != nil)
        // What the generated copy drops goes to an extension file beside it, never over a file
        // that exists (one with the very same text is simply kept).
        var membersFile: (path: String, exists: Bool)?
        if let members = result.appMembers, let typeName = result.attributesTypeName {
            switch Self.appMembersFile(beside: file, typeName: typeName, text: members, fileSystem: fileSystem) {
            case .success(let chosen):
                membersFile = chosen
                result = SwiftImport.run(set, typeName: parsed.options["--type"], swiftOutput: swiftOutput, separateOutput: moved != nil, appMembersFile: chosen.path)
            case .failure(let taken):
                if output != nil {
                    console.print(result.diagnostics.sorted)
                    console.print(taken.diagnostic)
                    return .invalidInput
                }
            }
        }
        console.print(result.diagnostics.sorted)
        guard let schema = result.schema else {
            let count = result.diagnostics.errors.count
            console.err("livecontract: nothing written; \(count) part\(count == 1 ? "" : "s") of '\(file)' cannot be expressed in a schema (see above)")
            return .invalidInput
        }
        guard let output else {
            console.out(schema)
            return .ok
        }
        guard writeNew(output, schema, force: parsed.flags.contains("--force"), console: console) else { return .invalidInput }
        if let membersFile, !membersFile.exists, let members = result.appMembers {
            guard writeNew(membersFile.path, members, force: false, console: console) else { return .invalidInput }
            console.out("wrote \(membersFile.path) (what the app uses besides the contract; keep it beside the generated copy)")
        }
        if let moved {
            console.out("wrote \(output)\nnext: review it, run `livecontract generate \(output)`, then delete the hand-written \(moved.typeName) from '\(declaring)' (the generated copy is '\(file)')")
        } else {
            console.out("wrote \(output)\nnext: review it, then run `livecontract generate --force \(output)` once to replace '\(file)' with the generated copy")
        }
        return .ok
    }

    /// Where the generated copy goes when the attributes file also holds code the generated
    /// file would not (Xcode's template keeps the widget and its previews there): a file of
    /// its own beside it, `<Type>.swift` (`<Type>.generated.swift` if that is the file itself
    /// or already exists), with the warning that says so. Nil when the file holds only the contract.
    /// Only a name that is free, or a file livecontract generated (an earlier import's), is
    /// taken; when both are someone else's (a hand-written file, a symlink, a folder) the
    /// "warning" is an error: the schema would tell `generate --force` to replace that file.
    static func separateFile(for probe: SwiftImportResult, declaring: String, fileSystem: FileSystem) -> (path: String, typeName: String, warning: Diagnostic)? {
        guard let first = probe.besideAttributes.first, let typeName = probe.attributesTypeName else { return nil }
        let folder = FileSystem.directory(of: declaring)
        let candidates = [typeName + ".swift", typeName + ".generated.swift"]
            .filter { $0 != FileSystem.fileName(of: declaring) }
            .map { FileSystem.join(folder, $0) }
        func free(_ path: String) -> Bool {
            switch fileSystem.kind(path) {
            case .missing: return true
            case .file:
                guard case .success(let bytes) = fileSystem.readFile(path, limit: FileSystem.Limit.output, followLink: false) else { return false }
                return GeneratedHeader.parse(String(decoding: bytes, as: UTF8.self))?.fingerprint != nil
            default: return false
            }
        }
        guard var path = candidates.first(where: free) else {
            let taken = candidates.map { "'\($0)'" }.joined(separator: " and ")
            return (declaring, typeName, Diagnostic(.error, "this file also holds \(probe.besideAttributes[0].what), so the generated \(typeName) needs a file of its own beside it, but \(taken) already exist\(candidates.count == 1 ? "s" : "") and livecontract did not write \(candidates.count == 1 ? "it" : "them") (nothing was written); rename \(candidates.count == 1 ? "it" : "one"), or move the other code out of this file, and import again",
                                                    at: first.location, rule: "file-exists"))
        }
        if folder.isEmpty || folder == "." { path = FileSystem.fileName(of: path) }
        let listed = probe.besideAttributes.prefix(4).map(\.what).joined(separator: ", ") + (probe.besideAttributes.count > 4 ? ", ..." : "")
        let warning = Diagnostic(.warning, "this file also holds \(listed), which the generated file will not contain, so `outputs.swift` names a file of its own for the generated \(typeName), '\(path)' (replacing this file would delete them); after `livecontract generate`, delete the hand-written \(typeName) from this file, since Swift refuses two declarations of it",
                                 at: first.location, rule: "import-changed")
        return (path, typeName, warning)
    }
}

extension Commands {
    /// Why no name for the app's members file was free.
    struct MembersFileTaken: Error {
        var diagnostic: Diagnostic
    }

    /// The extension file for what the generated copy drops: `<Type>+App.swift` beside the
    /// generated copy, else `<Type>+AppMembers.swift`. A name is taken when nothing is there,
    /// or when the file there already holds exactly `text` (an earlier import wrote it); a
    /// file with anything else in it is the app's own and never written over.
    static func appMembersFile(beside generated: String, typeName: String, text: String, fileSystem: FileSystem) -> Result<(path: String, exists: Bool), MembersFileTaken> {
        let folder = FileSystem.directory(of: generated)
        let candidates = [typeName + "+App.swift", typeName + "+AppMembers.swift"].map { folder.isEmpty || folder == "." ? $0 : FileSystem.join(folder, $0) }
        for path in candidates {
            switch fileSystem.kind(path) {
            case .missing:
                return .success((path, false))
            case .file:
                if case .success(let bytes) = fileSystem.readFile(path, limit: FileSystem.Limit.output, followLink: false), bytes == Array(text.utf8) {
                    return .success((path, true))
                }
            default:
                continue
            }
        }
        let taken = candidates.map { "'\($0)'" }.joined(separator: " and ")
        return .failure(MembersFileTaken(diagnostic: Diagnostic(.error, "the generated \(typeName) holds only the contract, and import keeps what the app's code uses besides in a file of its own beside it, but \(taken) already exist with other content (nothing was written); move or rename one and import again",
                                                                at: SourceLocation(file: candidates[0], line: 1, column: 1), rule: "file-exists")))
    }
}

extension Help {
    static let importCommand = """
    usage: livecontract import [--output SCHEMA] [--force] [--type NAME] FILE.swift|FOLDER [MODELS.swift|FOLDER ...]

    Reads a hand-written `struct <Name>Attributes: ActivityAttributes` and prints the schema
    whose generated Swift encodes the same JSON: stored properties of the attributes and of
    ContentState, String-raw enums (raw values too), nested Codable structs, optionals,
    arrays, [String: T] maps, Date, ClosedRange<Date>, URL, UUID, sized integers, Float,
    doc comments, and init(from:) of the `decodeIfPresent(...) ?? literal` form (as
    `default:`). `#if` branches are read as an iOS build with ActivityKit sees them.
    `outputs.swift` is the path (from the schema's folder) of the file that declares the
    attributes, so `generate --force` replaces it; when that file holds other code too (a
    widget, #Preview), a new file beside it, so nothing hand-written is replaced. The other
    files, and every .swift file in a FOLDER given, are read for the types it uses (they are
    not outputs); a type none of them declares is looked up in the repository that holds
    the attributes file, and each file read that way is named in a note. A class imports as
    a struct (same JSON; a warning says so). What the struct declares besides the contract
    (computed properties, methods, static members, typealiases, other types, conformances)
    is written as it is into `<Type>+App.swift` beside the generated copy (with --output;
    never over an existing file), so the app's code that uses it keeps compiling.

    What the schema cannot express is an error at its line and column, and nothing is
    written: other hand-written init(from:) or encode(to:), enums with associated values or
    non-String raw values, non-String dictionary keys, property wrappers, CodingKeys keys
    the schema cannot carry (a quote, comma, backslash or control character),
    types declared nowhere in the project, a subclass. Notes and warnings say where the schema
    reads the Swift differently (an initial value is no default: the key stays required).

      --output SCHEMA   write the schema to SCHEMA instead of printing it
      --force           overwrite SCHEMA if it exists
      --type NAME       the attributes struct to read when the files declare several, or one
                        that conforms only through a protocol declared elsewhere
    """
}
