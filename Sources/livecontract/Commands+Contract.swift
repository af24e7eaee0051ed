#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// `compat` and `validate`: the commands that judge changes and real payloads against a schema.
/// Also the pieces `check` shares with them: `--format` and loading schemas without printing.
extension Commands {
    static var contractEntries: [CommandEntry] {
        [
            CommandEntry(name: "compat", summary: "report who breaks when the schema changes (like buf breaking); OLD is a file or git:REF",
                         spec: ArgumentSpec(flags: ["--strict", "--quiet"], options: ["--against", "--format"]),
                         help: Help.compat, run: compat),
            CommandEntry(name: "validate", summary: "check a real APNs or FCM payload against what the widget will decode",
                         spec: ArgumentSpec(flags: ["--strict", "--quiet"], options: ["--schema", "--kind", "--format"]),
                         help: Help.validate, run: validate),
        ]
    }

    /// `--format text|json|github|sarif`, text by default; nil (after printing why) when unknown.
    static func reportFormat(_ parsed: ParsedArguments, command: String, console: Console) -> ReportFormat? {
        guard let text = parsed.options["--format"] else { return .text }
        if let format = ReportFormat(rawValue: text) { return format }
        let names = ReportFormat.allCases.map(\.rawValue)
        let guess = Suggest.closest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? ""
        console.err("livecontract: unknown --format '\(text)'\(guess); use \(names.joined(separator: ", "))")
        return nil
    }

    /// Prints a finished report: problems to stderr and the summary to stdout in text (so a
    /// quiet pre-commit hook shows only problems), everything to stdout in machine formats.
    static func emit(_ rendered: String, summary: String, format: ReportFormat, failed: Bool, quiet: Bool, console: Console) {
        guard format == .text else {
            console.out(rendered)
            return
        }
        if !rendered.isEmpty { console.err(rendered) }
        if failed { console.err(summary) } else if !quiet { console.out(summary) }
    }

    /// `check` in a machine format: every schema is loaded and a failure is kept as diagnostics
    /// (for the JSON document or annotations) instead of printed as text. Shares `loadTemplates`
    /// with `loadAll`; templates that fail (`--templates` no folder, a broken or linked
    /// template) fail every schema with that diagnostic, so the document still says why.
    static func loadQuietly(_ parsed: ParsedArguments, console: Console, fileSystem: FileSystem = FileSystem()) -> [(schema: LoadedSchema?, failure: CheckedSchema?)] {
        let paths = parsed.positionals.isEmpty ? [defaultSchema] : parsed.positionals
        var refusal: Diagnostic?
        guard let templates = loadTemplates(parsed, console: console, fileSystem: fileSystem, refused: { refusal = $0 }) else {
            return paths.map { (nil, CheckedSchema(path: $0, fileCount: 0, diagnostics: refusal.map { [$0] } ?? [], findings: [])) }
        }
        return paths.map { path in
            switch Workspace.load(schemaPath: path, templates: templates, fileSystem: fileSystem) {
            case .success(let schema): return (schema, nil)
            case .failure(let error): return (nil, CheckedSchema(path: path, fileCount: 0, diagnostics: error.diagnostics.sorted, findings: []))
            }
        }
    }

    static func compat(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let format = reportFormat(parsed, command: "compat", console: console) else { return .usage }
        guard let against = parsed.options["--against"], parsed.positionals.count <= 1 else {
            console.err("livecontract: pass one SCHEMA and --against OLD (a file or git:REF)\nrun `livecontract help compat` for usage")
            return .usage
        }
        let path = parsed.positionals.first ?? defaultSchema
        let strict = parsed.flags.contains("--strict")
        let fileSystem = FileSystem()
        /// Every refusal is a document too in the machine formats (exit 2).
        func refuse(_ diagnostics: [Diagnostic]) -> ExitCode {
            let report = CompatReport(schemaPath: path, against: against, findings: [], strict: strict, schemaDiagnostics: diagnostics)
            emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format, failed: true, quiet: true, console: console)
            return .invalidInput
        }
        let newBytes: [UInt8]
        switch Workspace.readSchema(path, fileSystem: fileSystem, hint: "pass the schema to compare, e.g. `livecontract compat schema.yaml --against git:HEAD`") {
        case .success(let bytes): newBytes = bytes
        case .failure(let error): return refuse(error.diagnostics.items)
        }
        /// The first change that adds the schema: the new side must still load, then the run
        /// passes with a note (docs/compat.md, "A new contract").
        func newContract(_ oldLabel: String) -> ExitCode {
            do {
                _ = try SchemaLoader.load(newBytes, path: path)
            } catch {
                return refuse(error.diagnostics.sorted)
            }
            let report = CompatReport.newContract(schemaPath: path, against: against, oldLabel: oldLabel)
            emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format, failed: false,
                 quiet: parsed.flags.contains("--quiet"), console: console)
            return .ok
        }
        let oldBytes: [UInt8], oldLabel: String
        if against.hasPrefix("git:") {
            let spec = against.dropFirst(4)
            let ref = String(spec.prefix { $0 != ":" })
            let oldPath = spec.contains(":") ? String(spec.drop { $0 != ":" }.dropFirst()) : path
            switch GitShow.file(ref: ref, path: oldPath) {
            case .success(let bytes): (oldBytes, oldLabel) = (bytes, "\(ref):\(oldPath)")
            // Only the schema's own path makes a new contract: `git:REF:PATH` says where the
            // file was, so a PATH the revision lacks is a mistake.
            case .absent where !spec.contains(":"): return newContract("\(ref):\(oldPath)")
            case .absent:
                return refuse([Diagnostic(.error, "cannot read the old schema \(against): '\(TerminalText.visible(oldPath))' is not in \(ref); name the path it had there (git log --follow -- \(path))",
                                          at: SourceLocation(file: path, line: 1, column: 1), rule: "schema-unreadable")])
            case .failure(let message):
                return refuse([Diagnostic(.error, "cannot read the old schema \(against): \(message); name a revision that has the file (git log -- \(oldPath))",
                                          at: SourceLocation(file: path, line: 1, column: 1), rule: "schema-unreadable")])
            }
        } else if against.hasSuffix(".yaml") || against.hasSuffix(".yml"), fileSystem.kind(against) == .missing,
                  fileSystem.kind(FileSystem.directory(of: against)) == .directory {
            // A schema file (by its ending) that is not there, in a folder that is: a new contract.
            return newContract(against)
        } else {
            switch Workspace.readSchema(against, fileSystem: fileSystem, hint: "for a git revision write git:REF, e.g. --against git:HEAD~1") {
            case .success(let bytes): (oldBytes, oldLabel) = (bytes, against)
            case .failure(let error): return refuse(error.diagnostics.items)
            }
        }
        switch Compat.compare(newBytes: newBytes, newPath: path, oldBytes: oldBytes, oldLabel: oldLabel) {
        case .failure(let error):
            return refuse(error.diagnostics.sorted)
        case .success(let findings):
            let report = CompatReport(schemaPath: path, against: against, findings: findings, strict: strict)
            emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format, failed: report.failed,
                 quiet: parsed.flags.contains("--quiet"), console: console)
            return report.failed ? .findings : .ok
        }
    }

    static func validate(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let format = reportFormat(parsed, command: "validate", console: console) else { return .usage }
        var kind: PayloadKind?
        if let text = parsed.options["--kind"] {
            guard let known = PayloadKind(rawValue: text) else {
                console.err("livecontract: unknown --kind '\(text)'; use \(PayloadKind.allCases.map(\.rawValue).joined(separator: ", "))")
                return .usage
            }
            kind = known
        }
        guard !parsed.positionals.isEmpty else {
            console.err("livecontract: name at least one PAYLOAD.json (or - for standard input)\nrun `livecontract help validate` for usage")
            return .usage
        }
        let schemaPath = parsed.options["--schema"] ?? defaultSchema
        let strict = parsed.flags.contains("--strict")
        let fileSystem = FileSystem()
        func refuse(_ diagnostics: [Diagnostic]) -> ExitCode {
            let report = ValidationReport(schemaPath: schemaPath, payloads: [], strict: strict, schemaDiagnostics: diagnostics)
            emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format, failed: true, quiet: true, console: console)
            return .invalidInput
        }
        let contract: Contract
        switch Workspace.readSchema(schemaPath, fileSystem: fileSystem, hint: "pass --schema SCHEMA") {
        case .failure(let error):
            return refuse(error.diagnostics.items)
        case .success(let schemaBytes):
            do {
                (contract, _) = try SchemaLoader.load(schemaBytes, path: schemaPath)
            } catch {
                return refuse(error.diagnostics.sorted)
            }
        }
        var payloads: [PayloadValidation] = []
        for path in parsed.positionals {
            let read = path == "-" ? fileSystem.readStandardInput(limit: FileSystem.Limit.payload)
                : fileSystem.readFile(path, limit: FileSystem.Limit.payload, followLink: true)
            guard case .success(let bytes) = read else {
                let reason = read.failureReason
                let hint = if case .failure(let failure) = read, case .symlink = failure.problem { "; pass the path of the file it points to" } else { "" }
                let diagnostic = Diagnostic(.error, "cannot read the payload file: \(reason)\(hint)", at: SourceLocation(file: path, line: 1, column: 1), rule: "payload-kind")
                payloads.append(PayloadValidation(path: path, reading: nil, diagnostics: [diagnostic], unreadable: true))
                continue
            }
            payloads.append(PayloadChecker.validate(bytes, path: path == "-" ? "<stdin>" : path, contract: contract, kind: kind))
        }
        let report = ValidationReport(schemaPath: schemaPath, payloads: payloads, strict: strict)
        emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format,
             failed: report.failed || report.unreadable, quiet: parsed.flags.contains("--quiet"), console: console)
        return report.unreadable ? .invalidInput : report.failed ? .findings : .ok
    }
}

/// `git show REF:path` for `compat --against git:REF`, through posix_spawn: the CLI avoids
/// Foundation's `Process` to keep start-up fast, and the library never spawns processes.
enum GitShow {
    /// `absent`: the revision exists but has no file at the path (the schema is new).
    enum Outcome { case success([UInt8]), absent, failure(String) }

    /// The bytes of `path` (relative to the current folder) as of `ref`. Runs git in the
    /// file's folder with `REF:./name`, so it works from any folder inside the repository.
    static func file(ref: String, path: String) -> Outcome {
        if let problem = refProblem(ref) { return .failure(problem) }
        if path.isEmpty || path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure("'git:\(ref):' needs a file path without control characters")
        }
        let folder = FileSystem.directory(of: path)
        let spec = "\(ref):./\(FileSystem.fileName(of: path))"
        // `--end-of-options`: whatever the ref says, git reads it as a revision, never as an
        // option (`git:--output=FILE` must not make git write FILE). `safe.bareRepository=
        // explicit`: a bare repository committed in the schema's folder (HEAD, config, objects,
        // refs) is not taken for the repository, so its refs cannot stand in for the real
        // ones (an old schema equal to the new one hides every break) and its config is never
        // read; git before 2.38 ignores the setting. `core.fsmonitor=false`: no hook runs.
        guard let (status, out, err) = run(["git", "-c", "safe.bareRepository=explicit", "-c", "core.fsmonitor=false",
                                            "-C", folder, "show", "--end-of-options", spec]) else {
            return .failure("cannot run git (is it installed and on PATH?)")
        }
        guard status == 0 else {
            // The revision resolves but the path is not in it: a new contract, not an error.
            // The ref was vetted by `refProblem`, and `--end-of-options` keeps it a revision.
            if let (found, _, _) = run(["git", "-c", "safe.bareRepository=explicit", "-c", "core.fsmonitor=false", "-C", folder,
                                        "rev-parse", "--verify", "--quiet", "--end-of-options", "\(ref)^{commit}"]), found == 0 {
                return .absent
            }
            let reason = String(decoding: err, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
            return .failure("`git show \(spec)` failed in '\(folder)': \(reason)")
        }
        if out.count > FileSystem.Limit.schema {
            return .failure("`git show \(spec)` is larger than the 1 MiB schema limit")
        }
        return .success(out)
    }

    /// Why `ref` is not a revision to pass to git, or nil: it must not look like an option
    /// (a leading `-`), and holds no space, control character or `:` (git:REF:PATH splits there).
    static func refProblem(_ ref: String) -> String? {
        if ref.isEmpty { return "`git:` needs a revision, e.g. git:HEAD~1" }
        if ref.hasPrefix("-") { return "'\(ref)' is not a git revision (it starts with '-'); write git:REF, e.g. git:HEAD~1" }
        if ref.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return "'\(ref)' is not a git revision (spaces and control characters are not allowed)"
        }
        return nil
    }

    /// The variables git reads that say which repository, index and configuration files to
    /// use: kept (paths made absolute, since git runs with `-C`), so a pre-commit hook's
    /// `GIT_INDEX_FILE` (a temporary index for `git commit -a`), a worktree's `GIT_DIR` and a
    /// sandbox's `GIT_CONFIG_GLOBAL=/dev/null` still hold. Every other `GIT_*` variable is
    /// dropped: `GIT_CONFIG_PARAMETERS`/`GIT_CONFIG_COUNT` (settings a parent git passes on),
    /// `GIT_EXTERNAL_DIFF`, `GIT_TRACE*` (which writes files) and the like must not change
    /// what the plumbing does or runs.
    static let pathVariables: Set<String> = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
                                              "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"]
    static let otherKeptVariables: Set<String> = ["GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
                                                   "GIT_CONFIG_NOSYSTEM"]

    /// This process's environment for git, `GIT_*` reduced as `pathVariables` says, without
    /// optional locks or prompts.
    static func environment(currentDirectory: String) -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            defer { pointer += 1 }
            let text = String(cString: entry)
            guard text.hasPrefix("GIT_") else { result.append(text); continue }
            let name = String(text.prefix { $0 != "=" })
            if otherKeptVariables.contains(name) { result.append(text) }
            guard pathVariables.contains(name) else { continue }
            let value = String(text.dropFirst(name.count + 1))
            result.append("\(name)=\(value.isEmpty || value.hasPrefix("/") ? value : FileSystem.join(currentDirectory, value))")
        }
        return result + ["GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0"]
    }

    /// Runs `arguments` (looked up on PATH) with stdin from `input` (a file) or /dev/null and
    /// the environment of `environment(currentDirectory:)`; collects stdout (up to `limit`
    /// bytes, the rest drained) and stderr with poll so neither pipe can fill up and stall the child.
    static func run(_ arguments: [String], input: String = "/dev/null", limit: Int = FileSystem.Limit.schema) -> (Int32, [UInt8], [UInt8])? {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { return nil }
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment(currentDirectory: FileSystem().currentDirectory).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard spawned == 0 else { return nil }
        var out: [UInt8] = [], err: [UInt8] = []
        var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count > 0 {
                    // Past the cap the rest is drained, not kept: the caller refuses it anyway.
                    if index == 0 { if out.count <= limit { out += buffer[0..<count] } } else if err.count < 65_536 { err += buffer[0..<count] }
                } else if count == 0 || errno != EINTR {
                    fds[index].fd = -1
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), out, err)
    }
}
