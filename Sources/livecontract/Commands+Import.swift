import LiveContract

/// `import FILE.swift`: the way most apps start, from the `ActivityAttributes` struct they
/// already have. The schema goes to stdout (or `--output`); nothing is written when any part
/// of the struct has no schema form.
extension Commands {
    static func importSwift(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard parsed.positionals.count == 1, let file = parsed.positionals.first else {
            console.err("livecontract import: name one Swift file, e.g. `livecontract import ios/DeliveryAttributes.swift`\nrun `livecontract help import` for usage")
            return .usage
        }
        let fileSystem = FileSystem()
        guard case .success(let bytes) = fileSystem.readFile(file, limit: FileSystem.Limit.schema, followLink: true) else {
            console.err("livecontract import: cannot read '\(file)' (a regular file of at most 1 MiB)")
            return .invalidInput
        }
        let output = parsed.options["--output"]
        let swiftOutput = SwiftImport.outputPath(swiftFile: file, schemaPath: output ?? defaultSchema,
                                                 currentDirectory: fileSystem.currentDirectory)
        let result = SwiftImport.run(source: String(decoding: bytes, as: UTF8.self), path: file,
                                     typeName: parsed.options["--type"], swiftOutput: swiftOutput)
        console.print(result.diagnostics.sorted)
        guard let schema = result.schema else {
            let count = result.diagnostics.errors.count
            console.err("livecontract import: nothing written; \(count) part\(count == 1 ? "" : "s") of '\(file)' cannot be expressed in a schema (see above)")
            return .invalidInput
        }
        guard let output else {
            console.out(schema)
            return .ok
        }
        guard writeNew(output, schema, force: parsed.flags.contains("--force"), console: console) else { return .invalidInput }
        console.out("wrote \(output)\nnext: review it, then run `livecontract generate --force \(output)` once to replace '\(file)' with the generated copy")
        return .ok
    }
}

extension Help {
    static let importCommand = """
    usage: livecontract import [--output SCHEMA] [--force] [--type NAME] FILE.swift

    Reads a hand-written `struct <Name>Attributes: ActivityAttributes` and prints the schema
    whose generated Swift encodes the same JSON: stored properties of the attributes and of
    ContentState, String-raw enums, nested Codable structs, optionals, arrays, Date,
    ClosedRange<Date>, URL, literal initial values (as `default:`) and doc comments.
    `outputs.swift` names FILE, so `generate --force` replaces it with the generated copy.

    What the schema cannot express is an error at its line and column, and nothing is
    written: a hand-written init(from:) or encode(to:), enums with associated values or
    non-String raw values, renamed CodingKeys, dictionaries, property wrappers, types not
    declared in FILE. Notes say where the schema reads the Swift differently without changing
    the JSON (e.g. TimeInterval becomes Double).

      --output SCHEMA   write the schema to SCHEMA instead of printing it
      --force           overwrite SCHEMA if it exists
      --type NAME       the attributes struct to read when FILE declares several
    """
}
