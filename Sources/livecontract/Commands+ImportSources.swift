import LiveContract

/// The Swift files `import` reads: each file argument as given, and every `.swift` file under
/// a folder argument (an app's widget or shared folder), so types declared next to the
/// attributes struct are found without naming each file.
struct ImportSources {
    /// Folders that hold build output or third-party code, never the app's own declarations.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "node_modules", "build", "Build"]
    /// Enough for any app's sources; a folder beyond it is most likely the wrong one.
    static let maximumFiles = 2000

    var files: [SwiftSourceSet.File] = []
    /// Files found in folders that import's reader cannot follow: skipped, with a warning.
    var skipped: [Diagnostic] = []

    /// Reads `paths`; `failure` is the diagnostic to print (exit 2) when one cannot be read.
    static func read(_ paths: [String], fileSystem: FileSystem) -> (sources: ImportSources, failure: Diagnostic?) {
        var sources = ImportSources()
        for path in paths {
            if fileSystem.kind(path) == .directory {
                var found: [String] = []
                collect(path, into: &found, fileSystem: fileSystem)
                guard !found.isEmpty else {
                    return (sources, Diagnostic(.error, "'\(path)' holds no .swift file (hidden and build folders are not read); name the folder or file that declares the ActivityAttributes struct",
                                                at: SourceLocation(file: path, line: 1, column: 1), rule: "import-unreadable"))
                }
                guard found.count <= maximumFiles else {
                    return (sources, Diagnostic(.error, "'\(path)' holds more than \(maximumFiles) Swift files; name the folder of the widget or of the shared models instead",
                                               at: SourceLocation(file: path, line: 1, column: 1), rule: "import-unreadable"))
                }
                for file in found {
                    guard case .success(let bytes) = fileSystem.readFile(file, limit: FileSystem.Limit.schema, followLink: false) else { continue }
                    let text = String(decoding: bytes, as: UTF8.self)
                    if let problem = SwiftImport.syntaxProblem(in: text, path: file) {
                        sources.skipped.append(Diagnostic(.warning, "skipped: \(problem.message) (a file found in the folder '\(path)'; name it on its own if it declares a type the contract uses)",
                                                          at: problem.location, rule: "import-changed"))
                        continue
                    }
                    sources.files.append(SwiftSourceSet.File(path: file, text: text))
                }
                continue
            }
            let read = fileSystem.readFile(path, limit: FileSystem.Limit.schema, followLink: true)
            guard case .success(let bytes) = read else {
                let reason = switch read.failureProblem {
                case .missing?: "no such file or folder"
                case .symlink?: "\(read.failureReason); pass the path of the file it points to"
                default: "not a regular file of at most 1 MiB"
                }
                return (sources, Diagnostic(.error, "cannot read '\(path)': \(reason); name the Swift file that declares the ActivityAttributes struct (or its folder)",
                                           at: SourceLocation(file: path, line: 1, column: 1), rule: "import-unreadable"))
            }
            sources.files.append(SwiftSourceSet.File(path: path, text: String(decoding: bytes, as: UTF8.self)))
        }
        return (sources, nil)
    }

    /// Every `.swift` file under `folder`, in name order; hidden and build folders are skipped,
    /// and symbolic links are not followed (no cycles).
    static func collect(_ folder: String, into found: inout [String], fileSystem: FileSystem) {
        guard let names = try? fileSystem.listDirectory(folder) else { return }
        for name in names where !name.hasPrefix(".") && found.count <= maximumFiles {
            let path = FileSystem.join(folder, name)
            switch fileSystem.kind(path) {
            case .directory where !skippedFolders.contains(name): collect(path, into: &found, fileSystem: fileSystem)
            case .file where name.hasSuffix(".swift"): found.append(path)
            default: continue
            }
        }
    }
}
