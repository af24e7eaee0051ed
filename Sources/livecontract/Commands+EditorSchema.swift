import LiveContract

/// `editor-schema`: the JSON Schema of the schema format, for completion and inline errors in
/// editors (VS Code's YAML extension reads `# yaml-language-server: $schema=...`).
extension Commands {
    static var editorEntries: [CommandEntry] {
        [
            CommandEntry(name: "editor-schema", summary: "print a JSON Schema of livecontract.yaml for editor completion and inline errors",
                         spec: ArgumentSpec(flags: [], options: []),
                         help: Help.editorSchema, run: editorSchema),
        ]
    }

    static func editorSchema(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard parsed.positionals.isEmpty else {
            console.err("livecontract: editor-schema takes no arguments; redirect its output, e.g. `livecontract editor-schema > livecontract.schema.json`\nrun `livecontract help editor-schema` for usage")
            return .usage
        }
        console.out(EditorSchema.render())
        return .ok
    }
}

extension Help {
    static let editorSchema = """
    usage: livecontract editor-schema > livecontract.schema.json

    Prints a JSON Schema (draft 2020-12) of the livecontract.yaml format: every key with its
    description, the type forms, enum cases with raw values, output paths, names the
    generated code reserves, and values checked against their field's type. With VS Code's
    YAML extension (redhat.vscode-yaml), make this the first line of the schema file:

        # yaml-language-server: $schema=livecontract.schema.json

    (the path is relative to the YAML file), or map it in .vscode/settings.json:
    "yaml.schemas": { "./livecontract.schema.json": ["livecontract.yaml", "schema/*.yaml"] }.
    The editor then completes keys and underlines mistakes as you type. What relates two
    places (type references, examples against fields, collisions) only `livecontract check`
    and `generate` can tell; docs/editor-schema.md lists it.
    """
}
