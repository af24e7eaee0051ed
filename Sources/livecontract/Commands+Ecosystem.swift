import LiveContract

/// `init`, `templates`, `import` and `explain`: the commands that fit livecontract into a
/// project's existing tools. `templates` and `import` live in their own files.
extension Commands {
    static var ecosystemEntries: [CommandEntry] {
        [
            CommandEntry(name: "init", summary: "write a commented starter schema for an Expo module + widget + Android layout",
                         spec: ArgumentSpec(flags: ["--force"], options: ["--output"]),
                         help: Help.initCommand, run: initSchema),
            CommandEntry(name: "templates", summary: "dump the built-in templates for editing, or say which template each output uses",
                         spec: ArgumentSpec(flags: ["--force"], options: ["--templates"]),
                         help: Help.templates, run: templates),
            CommandEntry(name: "import", summary: "write the schema for an existing hand-written ActivityAttributes struct",
                         spec: ArgumentSpec(flags: ["--force"], options: ["--output", "--type"]),
                         help: Help.importCommand, run: importSwift),
            CommandEntry(name: "explain", summary: "say what a diagnostic's rule means, with an example and the fix",
                         spec: ArgumentSpec(flags: [], options: []),
                         help: Help.explain, run: explain),
        ]
    }

    /// Writes `text` to `path` unless a different file is there and `force` is off; the
    /// message explains a refusal. Used by `init`, `import` and `templates dump`.
    static func writeNew(_ path: String, _ text: String, force: Bool, console: Console) -> Bool {
        let fileSystem = FileSystem()
        if refusedAsGitFolder(path, console: console) { return false }
        // The file is created in a repository, which must check out on Windows too.
        if let problem = PortablePath.problem(FileSystem.fileName(of: path)) {
            console.print(Diagnostic(.error, "cannot write '\(path)': \(problem) (nothing was written)",
                                     at: SourceLocation(file: path, line: 1, column: 1), rule: "output-path"))
            return false
        }
        switch writeTarget(path, limit: FileSystem.Limit.schema, fileSystem: fileSystem, console: console) {
        case .missing?:
            break
        case .file?:
            guard force else {
                console.print(Diagnostic(.error, "'\(path)' already exists; pass --force to overwrite it (nothing was written)",
                                         at: SourceLocation(file: path, line: 1, column: 1), rule: "file-exists"))
                return false
            }
        case nil:
            return false
        }
        do {
            try fileSystem.writeAtomically(path, Array(text.utf8))
            return true
        } catch {
            console.err("livecontract: cannot write \(error.description)")
            return false
        }
    }

    /// What is at `path`, a file named on the command line that is about to be written, found
    /// the way `generate` checks an output: nil, with the refusal printed, when a symlink
    /// below the current folder is on the way or at the end (`templates -> ~/.ssh`), a file
    /// stands where a folder must be, or something that is not a regular file is there.
    static func writeTarget(_ path: String, limit: Int, fileSystem: FileSystem, console: Console) -> FileSystem.NamedTarget? {
        let failure: FileSystem.ReadFailure
        switch fileSystem.namedWriteTarget(path, limit: limit) {
        case .success(let target): return target
        case .failure(let found): failure = found
        }
        let (message, rule): (String, String)
        switch failure.problem {
        case .symlink(let link):
            let instead = link == path ? "remove the link, or name the file it points to" : "name the folder it points to instead"
            (message, rule) = ("'\(link)' is a symlink; livecontract does not write through symlinks, even with --force (\(instead))", "output-symlink")
        case .notAFolder(let file):
            (message, rule) = ("'\(file)' is a file, so '\(path)' cannot be created there", "output-path")
        case .notRegular:
            (message, rule) = ("'\(path)' exists and is not a regular file", "file-exists")
        default:
            (message, rule) = ("cannot write '\(path)': \(failure.reason)", "output-path")
        }
        console.print(Diagnostic(.error, message + " (nothing was written)", at: SourceLocation(file: path, line: 1, column: 1), rule: rule))
        return nil
    }

    /// Like every write of the tool: a file in the git folder (a hook, `config`) runs code.
    /// True (with the error printed) when `path` lies there, spelled out or through a link.
    static func refusedAsGitFolder(_ path: String, console: Console) -> Bool {
        guard let git = OutputPlan.gitFolderReached(by: path) else { return false }
        console.print(Diagnostic(.error, "'\(path)' lies inside '\(git)'; livecontract never writes into a git folder (nothing was written)",
                                 at: SourceLocation(file: path, line: 1, column: 1), rule: "output-path"))
        return true
    }

    static func initSchema(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard parsed.positionals.count <= 1 else {
            console.err("livecontract: takes one NAME at most\nrun `livecontract help init` for usage")
            return .usage
        }
        let name = parsed.positionals.first ?? SchemaScaffold.defaultName
        if let problem = SchemaScaffold.problem(with: name) {
            console.err("livecontract: \(problem)")
            return .usage
        }
        let path = parsed.options["--output"] ?? defaultSchema
        guard writeNew(path, SchemaScaffold.text(name: name), force: parsed.flags.contains("--force"), console: console) else {
            return .invalidInput
        }
        let argument = path == defaultSchema ? "" : " " + path
        console.out("""
            created \(path)
            next: edit it, then run `livecontract generate\(argument)`
            then: in .git/hooks/pre-commit, `exec livecontract check --staged --quiet\(argument)` fails a commit whose copies drifted
            """)
        return .ok
    }

    static func explain(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        /// One line per rule: the id, padded, and its summary.
        func list(_ heading: String, _ rules: [RuleInfo]) {
            let width = (rules.map(\.id.count).max() ?? 0) + 2
            let lines = rules.map { $0.id + String(repeating: " ", count: width - $0.id.count) + $0.summary }
            console.out(([heading] + lines.map { "  " + $0 }).joined(separator: "\n"))
        }
        guard let id = parsed.positionals.first else {
            list("rules (`livecontract explain RULE` for one):", RuleCatalog.entries)
            return .ok
        }
        guard parsed.positionals.count == 1 else {
            console.err("livecontract: takes one RULE\nrun `livecontract help explain` for usage")
            return .usage
        }
        let rule = id.hasPrefix("[") && id.hasSuffix("]") ? String(id.dropFirst().dropLast()) : id
        // A prefix (`payload-date`, `compat-enum`) names a family of rules: one match is
        // explained, several are listed, so the nearest single id never hides the rest.
        let family = rule.isEmpty ? [] : RuleCatalog.entries.filter { $0.id.hasPrefix(rule) }
        if RuleCatalog.entry(for: rule) == nil, family.count > 1 {
            list("\(family.count) rules start with '\(rule)' (`livecontract explain RULE` for one):", family)
            return .ok
        }
        guard let info = RuleCatalog.entry(for: rule) ?? family.first else {
            var message = "livecontract: no rule '\(rule)'"
            if let guess = Suggest.closest(to: rule, in: RuleCatalog.entries.map(\.id)) { message += "; did you mean '\(guess)'?" }
            console.err(message + "\nrun `livecontract explain` to list every rule")
            return .usage
        }
        let example = info.example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        console.out("\(info.id): \(info.summary)\n\nexample:\n\(example)\n\nfix: \(info.fix)")
        return .ok
    }
}

extension Help {
    static let initCommand = """
    usage: livecontract init [--output PATH] [--force] [NAME]

    Writes a commented starter schema (default livecontract.yaml) for contract NAME (default
    \(SchemaScaffold.defaultName)): one attribute, a state showing dates, bounds, an optional and an enum
    with an `unknown:` fallback, two examples, and outputs laid out for an Expo app:
      modules/<name>/ios/          the Expo module's Swift copy and bridge records
      targets/widget/              the widget extension's Swift copy
      modules/<name>/android/...   the Kotlin FCM parser, package expo.modules.<name>
      modules/<name>/src/          TypeScript types and payload builders
      fixtures/<name>/             JSON fixtures for server and app tests
    Edit it, then run `livecontract generate`.

      --output PATH   write the schema to PATH instead of livecontract.yaml
      --force         overwrite an existing file
    """

    static let explain = """
    usage: livecontract explain [RULE]

    Every diagnostic ends with its rule id in brackets, e.g. `[reserved-name]`. `explain RULE`
    prints what the rule means, an input that triggers it and how to fix it. A prefix of
    several ids (`explain payload-date`, `explain compat-enum`) lists every rule it starts;
    without RULE it lists every rule.
    """
}
