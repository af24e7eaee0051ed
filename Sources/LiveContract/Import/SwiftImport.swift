/// What `livecontract import` produced: the schema text, or nothing when any part of the Swift
/// file could not be expressed, plus every error and note with its Swift position.
public struct SwiftImportResult: Sendable {
    public var schema: String?
    public var diagnostics: Diagnostics
    /// The schema text as written before the schema loader checked it: what a reviewer (and
    /// a test) reads when only the loader refused the result.
    public var draft: String? = nil
    /// The file (of those read) that declares the imported attributes type.
    public var attributesFile: String? = nil
    /// The Swift name of the attributes type read.
    public var attributesTypeName: String? = nil
    /// The attributes type's line in the joined text, until `run` names its file.
    var attributesLine: Int? = nil
    /// Outermost names of the types and protocols the contract needs that none of the files
    /// declares (or whose Codable conformance, CodingKeys or initializer none of them holds),
    /// and of protocols its types conform to that none declares (an extension of one may
    /// implement their Codable code): the names a look through the rest of the project
    /// searches for.
    public var undeclaredTypes: [String] = []
    /// Top-level code in the attributes file that the generated file will not hold (a widget,
    /// `#Preview`, helpers), as a reader would name each, at its position.
    public var besideAttributes: [(what: String, location: SourceLocation)] = []
    /// The extension file that keeps what the app's code uses but the schema has no place for
    /// (computed properties, methods, static members, typealiases, other types, conformances),
    /// as written; nil when the generated copy drops nothing. Not a generated file: it carries
    /// no livecontract header, and livecontract never writes over it.
    public var appMembers: String? = nil
    /// What `appMembers` keeps, each as a reader names it, at its position.
    public var appMembersListed: [(what: String, location: SourceLocation)] = []
}

/// `livecontract import FILE.swift`: reads a hand-written `ActivityAttributes` struct and
/// writes the schema whose generated Swift encodes the same JSON.
///
/// The reader is a small declaration parser of our own (see `SwiftDeclParser`), not the
/// compiler: it reads struct, enum, extension and typealias declarations, stored properties,
/// enum cases and the signatures of `init(from:)`/`encode(to:)`. Whatever could change the
/// JSON and has no schema form is reported at its position rather than guessed.
public enum SwiftImport {
    /// Imports `source` (read from `path`, which positions refer to). `typeName` picks the
    /// attributes struct when the file has several; `swiftOutput` becomes `outputs.swift`.
    public static func run(source: String, path: String, typeName: String? = nil, swiftOutput: String) -> SwiftImportResult {
        run(SwiftSourceSet([SwiftSourceSet.File(path: path, text: source)]), typeName: typeName, swiftOutput: swiftOutput)
    }

    /// Imports the attributes struct declared in any file of `sources`; the others may declare
    /// the types it uses. Positions name the file each declaration is in.
    /// `separateOutput`: `swiftOutput` is a new file beside the attributes file (which holds
    /// other code), so the schema's first comment says to generate it and delete the struct.
    /// `appMembersFile`: where the command writes `appMembers`, as the note names it
    /// (`<Type>+App.swift` beside `swiftOutput` when nil).
    public static func run(_ sources: SwiftSourceSet, typeName: String? = nil, swiftOutput: String, separateOutput: Bool = false, appMembersFile: String? = nil) -> SwiftImportResult {
        var result = read(sources.joined, path: sources.placeholder, fileStarts: sources.lineStarts, typeName: typeName, swiftOutput: swiftOutput, separateOutput: separateOutput, appMembersFile: appMembersFile)
        result.diagnostics = sources.located(result.diagnostics)
        result.besideAttributes = result.besideAttributes.map { ($0.what, sources.located($0.location)) }
        result.appMembersListed = result.appMembersListed.map { ($0.what, sources.located($0.location)) }
        result.attributesFile = result.attributesLine.map { sources.located(SourceLocation(file: sources.placeholder, line: $0, column: 1)).file }
        return result
    }

    /// Why import's reader cannot follow `text` on its own (an `import-syntax` error at the
    /// position), or nil when it can: a folder's files are checked one by one, so one file the
    /// reader cannot follow does not hide the rest.
    public static func syntaxProblem(in text: String, path: String) -> Diagnostic? {
        do {
            var lexer = SwiftLexer(text)
            var parser = SwiftDeclParser(tokens: try SwiftConditionals.resolve(try lexer.tokens()).tokens)
            _ = try parser.parseFile()
            return nil
        } catch {
            return Diagnostic(.error, "cannot read this Swift: \(error.message)", at: SourceLocation(file: path, line: error.line, column: error.column), rule: "import-syntax")
        }
    }

    private static func read(_ source: String, path: String, fileStarts: [Int] = [1], typeName: String?, swiftOutput: String, separateOutput: Bool = false, appMembersFile: String? = nil) -> SwiftImportResult {
        var diagnostics = Diagnostics()
        let file: SwiftMembers
        let conditionals: [SwiftConditionals.Block]
        do {
            var lexer = SwiftLexer(source)
            let resolved = try SwiftConditionals.resolve(try lexer.tokens())
            var parser = SwiftDeclParser(tokens: resolved.tokens)
            file = try parser.parseFile()
            conditionals = resolved.blocks
        } catch {
            diagnostics.error("cannot read this Swift: \(error.message)", at: SourceLocation(file: path, line: error.line, column: error.column), rule: "import-syntax")
            return SwiftImportResult(schema: nil, diagnostics: diagnostics)
        }
        var importer = SwiftImporter(path: path, file: file, conditionals: conditionals)
        importer.fileStarts = fileStarts
        importer.replacingFile = !separateOutput
        let contract = importer.contract(typeName: typeName, swiftOutput: swiftOutput, sourceName: FileSystem.fileName(of: path))
        diagnostics.append(contentsOf: importer.diagnostics)
        let line = importer.chosenLine
        guard let contract else {
            var result = SwiftImportResult(schema: nil, diagnostics: diagnostics, attributesLine: line)
            result.undeclaredTypes = importer.undeclared.sorted()
            return result
        }
        var written = contract
        written.separateOutput = separateOutput
        let writer = SchemaWriter.write(written)
        let problems = selfCheck(writer, contract: contract)
        diagnostics.append(contentsOf: problems)
        var result = SwiftImportResult(schema: problems.hasErrors ? nil : writer.text, diagnostics: diagnostics, draft: writer.text, attributesLine: line)
        result.undeclaredTypes = importer.undeclared.sorted()
        result.attributesTypeName = importer.attributesName
        result.besideAttributes = importer.handWrittenBeside(in: file).map { ($0.what, SourceLocation(file: path, line: $0.line, column: $0.column)) }
        let kept = importer.appMembers(replacingFile: !separateOutput)
        if !kept.isEmpty, result.schema != nil {
            let typeName = importer.attributesName
            let folder = FileSystem.directory(of: swiftOutput)
            let name = appMembersFile ?? ((folder.isEmpty || folder == "." ? "" : folder + "/") + typeName + "+App.swift")
            result.appMembers = AppMembersFile.render(kept, source: Array(source.unicodeScalars), typeName: typeName)
            result.appMembersListed = kept.listed.map { ($0.what, SourceLocation(file: path, line: $0.line, column: $0.column)) }
            let listed = kept.listed.map(\.what).joined(separator: ", ")
            result.diagnostics.append(Diagnostic(.note, "the generated \(typeName) holds only the contract, so what the app's code may use besides (\(listed)) is kept as written in '\(name)' beside it, an extension file import writes with --output and livecontract never writes again; keep it in the targets that compile the generated copy",
                                                 at: SourceLocation(file: path, line: line ?? 1, column: importer.generatedCounterparts.first?.entry.decl.column ?? 1), rule: "import-changed"))
        }
        return result
    }

    /// Loads the written schema as `generate` would. Anything the loader refuses (a property
    /// named like a Kotlin keyword, a name that collides after case conversion, ...) cannot be
    /// regenerated, so it is reported at the Swift position of the YAML line it came from.
    static func selfCheck(_ writer: SchemaWriter, contract: ImportedContract) -> Diagnostics {
        var result = Diagnostics()
        do {
            _ = try SchemaLoader.load(Array(writer.text.utf8), path: "imported.yaml")
        } catch {
            for problem in error.diagnostics.errors {
                let origin = problem.location.flatMap { writer.origins[$0.line] } ?? contract.origin
                result.error("the schema cannot express this: \(problem.message)", at: origin, rule: problem.rule)
            }
        }
        return result
    }

    /// `outputs.swift` for a schema at `schemaPath`: the Swift file's path relative to the
    /// schema's folder (so `generate --force` replaces that very file), or nil when the file
    /// lies outside that folder, where no output may go. Relative paths are taken from
    /// `currentDirectory`; `.` and `..` are resolved lexically.
    public static func outputPath(swiftFile: String, schemaPath: String, currentDirectory: String) -> String? {
        let file = normalized(absolute(swiftFile, from: currentDirectory))
        let folder = normalized(absolute(FileSystem.directory(of: schemaPath), from: currentDirectory))
        guard file.count > folder.count, Array(file.prefix(folder.count)) == folder else { return nil }
        return file.dropFirst(folder.count).joined(separator: "/")
    }

    private static func absolute(_ path: String, from directory: String) -> String {
        path.hasPrefix("/") ? path : directory + "/" + path
    }

    /// Path components with `.` and `..` resolved (lexically; symlinks are not followed).
    private static func normalized(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(String(part))
        }
        return parts
    }
}
