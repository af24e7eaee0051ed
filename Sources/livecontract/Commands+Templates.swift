import LiveContract

/// `templates dump DIR [NAME...]` and `templates which [SCHEMA...]`: the way to start a custom
/// template from the built-in one, and to see which file renders each output.
extension Commands {
    static func templates(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        let rest = Array(parsed.positionals.dropFirst())
        switch parsed.positionals.first {
        case "dump":
            guard parsed.options["--templates"] == nil else {
                console.err("livecontract: --templates belongs to `templates which`")
                return .usage
            }
            return dumpTemplates(rest, force: parsed.flags.contains("--force"), console: console)
        case "which":
            guard !parsed.flags.contains("--force") else {
                console.err("livecontract: --force belongs to `templates dump`")
                return .usage
            }
            var schemas = parsed
            schemas.positionals = rest
            return whichTemplates(schemas, console: console)
        case let other?:
            var message = "livecontract: unknown subcommand '\(other)'"
            if let guess = Suggest.closest(to: other, in: ["dump", "which"]) { message += "; did you mean '\(guess)'?" }
            console.err(message + "\nrun `livecontract help templates` for usage")
            return .usage
        case nil:
            console.err("livecontract: say `dump DIR` or `which`\nrun `livecontract help templates` for usage")
            return .usage
        }
    }

    /// Writes the named built-in templates (all when none is named) into `arguments[0]`.
    /// Every refusal is found before anything is written.
    static func dumpTemplates(_ arguments: [String], force: Bool, console: Console) -> ExitCode {
        guard let folder = arguments.first else {
            console.err("livecontract: name the folder to write to, e.g. `templates dump templates`")
            return .usage
        }
        var names: [String] = []
        for argument in arguments.dropFirst() {
            let name = argument.hasSuffix(".mustache") ? argument : argument + ".mustache"
            guard TemplateSet.names.contains(name) else {
                var message = "livecontract: no template '\(argument)'"
                if let guess = Suggest.closest(to: name, in: TemplateSet.names) { message += "; did you mean '\(guess)'?" }
                console.err(message + " (templates: \(TemplateSet.names.joined(separator: ", ")))")
                return .usage
            }
            if !names.contains(name) { names.append(name) }
        }
        if names.isEmpty { names = TemplateSet.names }
        let fileSystem = FileSystem()
        let token = FileSystem.newToken()
        var writes: [FileSystem.PendingWrite] = []
        for name in names {
            let path = FileSystem.join(folder, name)
            if refusedAsGitFolder(path, console: console) { return .invalidInput }
            let source = TemplateSet.builtInSource(name) ?? []
            // Checked and written as generate checks and writes an output: no symlink below
            // the current folder is followed, on the way or at the end.
            switch writeTarget(path, limit: FileSystem.Limit.template, fileSystem: fileSystem, console: console) {
            case .missing?:
                writes.append(fileSystem.namedWrite(path, source, token: token))
            case .file(let bytes)?:
                if bytes == source { continue }
                guard force else {
                    console.print(Diagnostic(.error, "'\(path)' already exists; pass --force to overwrite it (nothing was written)",
                                             at: SourceLocation(file: path, line: 1, column: 1), rule: "file-exists"))
                    return .invalidInput
                }
                writes.append(fileSystem.namedWrite(path, source, token: token))
            case nil:
                return .invalidInput
            }
        }
        // One set: every file is written and synced before the first rename, so a failure
        // leaves the folder as it was.
        do {
            try fileSystem.write(writes)
        } catch {
            console.err("livecontract: cannot write \(error.description)")
            return .invalidInput
        }
        for name in names { console.out("wrote \(FileSystem.join(folder, name))") }
        console.out("""
        use them with `--templates \(folder)` or `templates: \(folder)` in the schema (a path relative
        to the schema's folder); delete the ones you do not change, so they keep following livecontract
        """)
        return .ok
    }

    /// One line per templated output: the template file that renders it. With a schema (given,
    /// or livecontract.yaml in this folder) only its outputs, after its `templates:` key.
    static func whichTemplates(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        let fileSystem = FileSystem()
        let width = Emitters.keys.map(\.count).max()! + 2
        func line(_ output: String, _ text: String) -> String {
            "  " + output + String(repeating: " ", count: width - output.count) + text
        }
        func describe(_ name: String, in set: TemplateSet) -> String {
            let origin = set.origin(name) ?? TemplateSet.builtInOrigin
            return origin == TemplateSet.builtInOrigin ? "built-in \(name)" : origin
        }
        /// The output's line, then one line per partial its template includes.
        func lines(_ output: String, _ template: String, in set: TemplateSet, suffix: String = "") -> [String] {
            [line(output, describe(template, in: set) + suffix)] + set.partials(of: template).map { line("", "includes " + describe($0, in: set)) }
        }
        if parsed.positionals.isEmpty && fileSystem.kind(defaultSchema) == .missing {
            var set: TemplateSet
            do {
                set = try TemplateSet.builtIn()
                if let folder = parsed.options["--templates"] {
                    guard fileSystem.kind(folder) == .directory else {
                        console.err("livecontract: --templates '\(folder)' is not a folder")
                        return .invalidInput
                    }
                    try set.override(from: folder, fileSystem: fileSystem)
                }
            } catch {
                console.err(error.description)
                return .invalidInput
            }
            let all = Emitters.all.flatMap { emitter in
                emitter.template.map { lines(emitter.key, $0, in: set) } ?? [line(emitter.key, "no template: JSON written by livecontract itself")]
            }
            console.out(all.joined(separator: "\n"))
            return .ok
        }
        guard let schemas = loadAll(parsed, console: console) else { return .invalidInput }
        var text: [String] = []
        for schema in schemas {
            text.append("\(schema.path):")
            for emitter in Emitters.all {
                guard let output = schema.contract.outputs[emitter.key] else { continue }
                guard let template = emitter.template else {
                    text.append(line(emitter.key, "no template: JSON written by livecontract itself"))
                    continue
                }
                let copies = output.paths.count > 1 ? " (\(output.paths.count) files)" : ""
                text += lines(emitter.key, template, in: schema.templates, suffix: copies)
            }
        }
        console.out(text.joined(separator: "\n"))
        return .ok
    }
}

extension Help {
    static let templates = """
    usage: livecontract templates dump [--force] DIR [NAME...]
           livecontract templates which [--templates DIR] [SCHEMA...]

    Every output except the JSON fixtures is rendered from a template: swift.mustache,
    swift-bridge.mustache, kotlin.mustache and typescript.mustache, built into the binary.
    The fixed runtime helpers are partials (kotlin-runtime.mustache, typescript-runtime.mustache,
    ...) that a template includes with `{{> name}}`; `which` lists them under their output,
    and a file named like one overrides it for every template that includes it.

      dump DIR [NAME...]   write the built-in templates (or only the NAMEd ones, e.g. swift)
                           into DIR for editing; refuses to overwrite a changed file without --force
      which [SCHEMA...]    print which template file renders each output: built-in, the
                           schema's `templates:` folder, or --templates DIR (which wins)

    Use edited templates with `--templates DIR` on generate and check, or with
    `templates: DIR` in the schema (relative to the schema's folder). A template may only
    lay out values; docs/templates.md lists the values each template receives.
    """
}
