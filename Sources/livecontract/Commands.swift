#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// `generate` and `check`: load every schema first, then act, so one bad schema stops the
/// whole run before any file is written.
enum Commands {
    static let defaultSchema = "livecontract.yaml"

    static var coreEntries: [CommandEntry] {
        [
            CommandEntry(name: "generate", summary: "write every output the schema names; unchanged files are not touched",
                         spec: ArgumentSpec(flags: ["--force", "--prune", "--strict", "--quiet"], options: ["--templates"]),
                         help: Help.generate, run: generate),
            CommandEntry(name: "check", summary: "regenerate in memory and report missing, stale or hand-edited files",
                         spec: ArgumentSpec(flags: ["--staged", "--strict", "--quiet", "--no-cache"], options: ["--templates", "--format"]),
                         help: Help.check, run: check),
        ]
    }

    /// The built-in templates with `--templates DIR` applied; nil when the folder is missing
    /// or a template in it is broken, after printing why, or, with `refused`, after handing
    /// it the diagnostic (a machine format puts it in its document instead).
    static func loadTemplates(_ parsed: ParsedArguments, console: Console, fileSystem: FileSystem,
                              refused: ((Diagnostic) -> Void)? = nil) -> TemplateSet? {
        do {
            var templates = try TemplateSet.builtIn()
            if let folder = parsed.options["--templates"] {
                guard fileSystem.kind(folder) == .directory else {
                    if let refused {
                        refused(Diagnostic(.error, "--templates '\(folder)' is not a folder", at: nil, rule: "templates-folder"))
                    } else {
                        console.err("livecontract: --templates '\(folder)' is not a folder")
                    }
                    return nil
                }
                try templates.override(from: folder, fileSystem: fileSystem)
            }
            return templates
        } catch {
            if let refused {
                refused(Diagnostic(.error, error.message, at: SourceLocation(file: error.templateName, line: error.line, column: error.column), rule: "template"))
            } else {
                console.err(error.description)
            }
            return nil
        }
    }

    /// `generate -` and `check -`: a schema names its outputs relative to its own folder, so
    /// it cannot come from standard input; says so (a usage error) instead of "no schema at '-'".
    static func refusesStandardInput(_ parsed: ParsedArguments, command: String, console: Console) -> Bool {
        guard parsed.positionals.contains("-") else { return false }
        console.err("livecontract: \(command) reads each schema from its file (outputs are paths relative to the schema's folder), not from standard input; pass the path, e.g. `livecontract \(command) livecontract.yaml`\nrun `livecontract help \(command)` for usage")
        return true
    }

    /// Loads all schemas named on the command line; prints diagnostics; nil on any error.
    static func loadAll(_ parsed: ParsedArguments, console: Console, fileSystem: FileSystem = FileSystem()) -> [LoadedSchema]? {
        guard let templates = loadTemplates(parsed, console: console, fileSystem: fileSystem) else { return nil }
        let paths = parsed.positionals.isEmpty ? [defaultSchema] : parsed.positionals
        var loaded: [LoadedSchema] = []
        var failed = false
        for path in paths {
            switch Workspace.load(schemaPath: path, templates: templates, fileSystem: fileSystem) {
            case .success(let schema):
                console.print(schema.warnings)
                if parsed.flags.contains("--strict") && !schema.warnings.isEmpty {
                    failed = true
                }
                loaded.append(schema)
            case .failure(let error):
                console.print(error.diagnostics.sorted)
                failed = true
            }
        }
        // The process exits soon after the command; the schemas are kept until then, since
        // freeing their trees one object at a time would only delay the exit.
        KeptUntilExit.keep(loaded)
        return failed ? nil : loaded
    }

    static func generate(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        if refusesStandardInput(parsed, command: "generate", console: console) { return .usage }
        guard let schemas = loadAll(parsed, console: console) else { return .invalidInput }
        let fileSystem = FileSystem()
        let force = parsed.flags.contains("--force")
        var plans: [OutputPlan] = []
        var refused = false
        // Files a schema no longer names (docs/check.md, "Orphaned files"): those in its
        // fixtures and json-schema folders are deleted, code files only with --prune.
        var orphans: [(schema: LoadedSchema, orphans: [Orphan])] = []
        for schema in schemas {
            let plan = OutputPlan.make(files: schema.files, contract: schema.contract, schemaPath: schema.path, force: force, fileSystem: fileSystem)
            console.print(plan.diagnostics.sorted)
            refused = refused || plan.diagnostics.hasErrors
            plans.append(plan)
            let found = Orphans.find(files: schema.files, contract: schema.contract, schemaPath: schema.path, fileSystem: fileSystem)
            let kept = parsed.flags.contains("--prune") ? [] : found.filter { !$0.inOwnedFolder }
            console.print(kept.map { Orphans.refusal($0, schemaPath: schema.path) })
            refused = refused || !kept.isEmpty
            orphans.append((schema, found))
        }
        if refused {
            console.err("livecontract: nothing was written")
            return .invalidInput
        }
        let written: [OutputPlan.Entry]
        do {
            written = try OutputPlan.write(plans, fileSystem: fileSystem)
        } catch {
            let message = "cannot write \(error.description)" + (error.reason.contains("already replaced") ? "" : "; no output was changed")
            console.print(Diagnostic(.error, message, at: error.location, rule: "output-write"))
            return .invalidInput
        }
        let changed = written.count
        let unchanged = plans.reduce(0) { $0 + $1.entries.filter { $0.action == .unchanged }.count }
        // Deleted only once every write landed, each checked again just before.
        let deleted = orphans.flatMap { Orphans.delete($0.orphans, schemaPath: $0.schema.path, spellings: $0.schema.files, fileSystem: fileSystem) }
        if !parsed.flags.contains("--quiet") {
            for entry in written { console.out("\(entry.action == .create ? "created" : "updated") \(entry.displayPath)") }
            for orphan in deleted { console.out("deleted \(orphan.displayPath) (no longer an output)") }
            console.out("\(changed) written, \(unchanged) unchanged" + (deleted.isEmpty ? "" : ", \(deleted.count) deleted"))
        }
        return .ok
    }

    /// Text: schema diagnostics as usual, then each drifted file with its contract meaning and
    /// diff. JSON and GitHub: one document or annotation stream holding everything, including
    /// schemas that failed to load (exit 2).
    static func check(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let format = reportFormat(parsed, command: "check", console: console) else { return .usage }
        if refusesStandardInput(parsed, command: "check", console: console) { return .usage }
        // What the commit will contain, read from the git index; never cached, since the
        // copy it checks lives in a temporary folder for one run.
        if parsed.flags.contains("--staged") { return StagedCheck.run(parsed, format: format, console: console) }
        // A passing check is kept in the check cache with every read it made; the same check
        // again, when every read gets the same answer, prints the kept report (docs/check.md).
        guard !parsed.flags.contains("--no-cache"), let cache = CheckCache.locate(environment: { getenv($0).map { String(cString: $0) } }) else {
            return check(parsed, format: format, console: console, fileSystem: FileSystem())
        }
        var arguments = parsed.positionals.map { "=" + $0 } + parsed.flags.sorted()
        arguments += parsed.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let key = CheckCache.key(command: "check", arguments: arguments, currentDirectory: FileSystem().currentDirectory, colour: console.colourErrors)
        if let outcome = cache.lookUp(key: key) {
            for write in outcome.writes { console.raw(write.stream, write.bytes) }
            return ExitCode(rawValue: outcome.exitCode) ?? .findings
        }
        let journal = ReadJournal()
        let recording = console.recording()
        let code = check(parsed, format: format, console: recording, fileSystem: FileSystem(journal: journal))
        cache.store(key: key, journal: journal, outcome: CheckCache.Outcome(writes: recording.transcript?.writes ?? [], exitCode: code.rawValue))
        return code
    }

    static func check(_ parsed: ParsedArguments, format: ReportFormat, console: Console, fileSystem: FileSystem) -> ExitCode {
        let checkOne = { (schema: LoadedSchema, diagnostics: [Diagnostic]) in
            console.print(Checker.staleTemporaries(files: schema.files, contract: schema.contract, schemaPath: schema.path, fileSystem: fileSystem))
            return CheckedSchema(path: schema.path, fileCount: schema.files.count, diagnostics: diagnostics,
                                 findings: Checker.check(files: schema.files, contract: schema.contract, schemaPath: schema.path, fileSystem: fileSystem,
                                                         templates: schema.templates))
        }
        var checked: [CheckedSchema] = []
        if format == .text {
            guard let schemas = loadAll(parsed, console: console, fileSystem: fileSystem) else { return .invalidInput }
            checked = schemas.map { checkOne($0, []) }
        } else {
            let loaded = loadQuietly(parsed, console: console, fileSystem: fileSystem)
            checked = loaded.map { $0.schema.map { checkOne($0, $0.warnings) } ?? $0.failure! }
            let invalid = loaded.contains { $0.schema == nil || (parsed.flags.contains("--strict") && !($0.schema?.warnings.isEmpty ?? true)) }
            if invalid {
                console.out(CheckReport(schemas: checked, strict: parsed.flags.contains("--strict")).render(format))
                return .invalidInput
            }
        }
        let report = CheckReport(schemas: checked, strict: parsed.flags.contains("--strict"))
        emit(report.render(format, colour: console.colourErrors), summary: report.closing, format: format, failed: report.failed,
             quiet: parsed.flags.contains("--quiet"), console: console)
        return report.failed ? .findings : .ok
    }
}
