/// One schema taken through the whole pipeline: read -> load -> validate -> generate.
public struct LoadedSchema: Sendable {
    public var path: String
    public var contract: Contract
    /// Warnings found while loading (errors never get this far).
    public var warnings: [Diagnostic]
    public var files: [GeneratedFile]
    /// The templates the files were rendered with: built-in, then the schema's `templates:`
    /// folder, then `--templates DIR` (`livecontract templates which` prints their origins).
    public var templates: TemplateSet
}

public enum Workspace {
    /// Reads and generates `schemaPath`; every problem comes back as diagnostics.
    public static func load(schemaPath: String, templates: TemplateSet, fileSystem: FileSystem) -> Result<LoadedSchema, DiagnosticsError> {
        var diagnostics = Diagnostics()
        let bytes: [UInt8]
        switch readSchema(schemaPath, fileSystem: fileSystem) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        let contract: Contract
        var warnings: Diagnostics
        do {
            (contract, warnings) = try SchemaLoader.load(bytes, path: schemaPath)
        } catch {
            return .failure(error)
        }
        // The worst-case size of every route (docs/wire.md, "Size budget").
        warnings.append(contentsOf: RouteBudget(contract).diagnostics)
        var templates = templates
        if let folder = contract.templates {
            let schemaFolder = FileSystem.directory(of: schemaPath)
            let directory = FileSystem.join(schemaFolder, folder.path)
            switch fileSystem.kind(directory) {
            case .directory:
                break
            case .symlink:
                diagnostics.error("templates folder '\(directory)' is a symlink; templates are read without following links below the schema's folder, like outputs (a committed link could render files from outside the repository); name the folder it points to",
                                  at: folder.location, rule: "templates-folder")
                return .failure(DiagnosticsError(diagnostics))
            default:
                diagnostics.error("templates folder '\(directory)' does not exist; create it (`livecontract templates dump \(directory)`) or remove the key",
                                  at: folder.location, rule: "templates-folder")
                return .failure(DiagnosticsError(diagnostics))
            }
            do {
                try templates.fillIn(folder: folder.path, below: schemaFolder, fileSystem: fileSystem)
            } catch {
                diagnostics.error(error.message, at: SourceLocation(file: error.templateName, line: error.line, column: error.column), rule: "template")
                return .failure(DiagnosticsError(diagnostics))
            }
        }
        do {
            let files = try Generator(templates: templates).generate(contract)
            // A file no run could write (a fixture named after a 240-byte example, a path
            // over PATH_MAX) makes the schema invalid for every command, not only generate.
            let locations = OutputPlan.locations(of: contract)
            for file in files {
                if let problem = OutputPlan.lengthProblem(FileSystem.join(FileSystem.directory(of: schemaPath), file.path)) {
                    diagnostics.error(problem, at: OutputPlan.location(of: file, in: locations, schemaPath: schemaPath), rule: "output-path")
                }
            }
            if diagnostics.hasErrors { return .failure(DiagnosticsError(diagnostics)) }
            return .success(LoadedSchema(path: schemaPath, contract: contract, warnings: warnings.items, files: files, templates: templates))
        } catch {
            diagnostics.error(error.message, at: SourceLocation(file: error.templateName, line: error.line, column: error.column), rule: "template")
            return .failure(DiagnosticsError(diagnostics))
        }
    }

    /// The schema's bytes through the one read path: no symlink below the current folder is
    /// followed (`FileSystem.readNamed`), anything but a regular file or more than `FileSystem.Limit.schema`
    /// bytes is refused before it is read. Every problem is a diagnostic at `path:1:1`, so
    /// editors and CI annotations can point at it like at any other error.
    public static func readSchema(_ schemaPath: String, fileSystem: FileSystem, hint: String = "create one with `livecontract init`") -> Result<[UInt8], DiagnosticsError> {
        var diagnostics = Diagnostics()
        let start = SourceLocation(file: schemaPath, line: 1, column: 1)
        switch fileSystem.readFile(schemaPath, limit: FileSystem.Limit.schema, followLink: true) {
        case .success(let bytes):
            return .success(bytes)
        case .failure(let failure):
            switch failure.problem {
            case .missing:
                diagnostics.error("no schema at '\(schemaPath)'; \(hint)", at: start, rule: "schema-missing")
            case .notRegular:
                diagnostics.error("'\(schemaPath)' is not a regular file; pass the schema's .yaml path", at: start, rule: "schema-missing")
            case .symlink(let link):
                diagnostics.error("'\(link)' is a symlink, and inputs are read without following links (a committed link could make the errors quote a file outside the repository); pass the path of the file it points to",
                                  at: start, rule: "schema-unreadable")
            case .tooLarge(let limit):
                diagnostics.error("the schema is larger than the \(FileSystem.describe(limit)) limit; split it or trim docs", at: start, rule: "yaml-too-large")
            default:
                diagnostics.error("cannot read the schema: \(failure.reason)", at: start, rule: "schema-unreadable")
            }
            return .failure(DiagnosticsError(diagnostics))
        }
    }
}
