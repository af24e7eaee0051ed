import LiveContract

/// `generate` and `check`: load every schema first, then act, so one bad schema stops the
/// whole run before any file is written.
enum Commands {
    static let defaultSchema = "livecontract.yaml"

    static var coreEntries: [CommandEntry] {
        [
            CommandEntry(name: "generate", summary: "write every output the schema names; unchanged files are not touched",
                         spec: ArgumentSpec(flags: ["--force", "--strict", "--quiet"], options: ["--templates"]),
                         help: Help.generate, run: generate),
            CommandEntry(name: "check", summary: "regenerate in memory and report missing, stale or hand-edited files",
                         spec: ArgumentSpec(flags: ["--strict", "--quiet"], options: ["--templates"]),
                         help: Help.check, run: check),
        ]
    }

    /// Loads all schemas named on the command line; prints diagnostics; nil on any error.
    static func loadAll(_ parsed: ParsedArguments, console: Console) -> [LoadedSchema]? {
        let fileSystem = FileSystem()
        var templates: TemplateSet
        do {
            templates = try TemplateSet.builtIn()
            if let folder = parsed.options["--templates"] {
                guard fileSystem.kind(folder) == .directory else {
                    console.err("livecontract: --templates '\(folder)' is not a folder")
                    return nil
                }
                try templates.override(from: folder, fileSystem: fileSystem)
            }
        } catch {
            console.err(error.description)
            return nil
        }
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
        return failed ? nil : loaded
    }

    static func generate(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let schemas = loadAll(parsed, console: console) else { return .invalidInput }
        let fileSystem = FileSystem()
        let force = parsed.flags.contains("--force")
        var plans: [OutputPlan] = []
        var refused = false
        for schema in schemas {
            let plan = OutputPlan.make(files: schema.files, contract: schema.contract, schemaPath: schema.path, force: force, fileSystem: fileSystem)
            console.print(plan.diagnostics.sorted)
            refused = refused || plan.diagnostics.hasErrors
            plans.append(plan)
        }
        if refused {
            console.err("livecontract: nothing was written")
            return .invalidInput
        }
        var changed = 0, unchanged = 0
        for plan in plans {
            do {
                for entry in try plan.write(fileSystem: fileSystem) {
                    changed += 1
                    if !parsed.flags.contains("--quiet") {
                        console.out("\(entry.action == .create ? "created" : "updated") \(entry.displayPath)")
                    }
                }
            } catch {
                console.err("livecontract: cannot write \(error.description)")
                return .invalidInput
            }
            unchanged += plan.entries.filter { $0.action == .unchanged }.count
        }
        if !parsed.flags.contains("--quiet") {
            console.out("\(changed) written, \(unchanged) unchanged")
        }
        return .ok
    }

    static func check(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let schemas = loadAll(parsed, console: console) else { return .invalidInput }
        let fileSystem = FileSystem()
        var total = 0, drifted = 0
        for schema in schemas {
            let findings = Checker.check(files: schema.files, contract: schema.contract, schemaPath: schema.path, fileSystem: fileSystem)
            total += schema.files.count
            drifted += findings.count
            for finding in findings {
                var text = "\(finding.displayPath): \(finding.kind.rawValue): \(finding.message)"
                if !finding.diff.isEmpty { text += "\n" + finding.diff }
                console.err(text)
            }
        }
        if drifted > 0 {
            console.err("livecontract check: \(drifted) of \(total) generated files out of sync")
            return .findings
        }
        if !parsed.flags.contains("--quiet") {
            console.out("livecontract check: \(total) files in sync")
        }
        return .ok
    }
}
