import LiveContract

/// `doctor`: the project around the copies (Xcode targets, Expo config, Android manifest),
/// read and judged by `Doctor` in the library. Reads only, below the current folder.
extension Commands {
    static var doctorEntries: [CommandEntry] {
        [
            CommandEntry(name: "doctor", summary: "check the project around the copies: target membership, Info.plist, entitlements, manifest",
                         spec: ArgumentSpec(flags: ["--strict", "--quiet"], options: ["--format"]),
                         help: Help.doctor, run: doctor),
        ]
    }

    static func doctor(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard let format = reportFormat(parsed, command: "doctor", console: console) else { return .usage }
        let fileSystem = FileSystem()
        let strict = parsed.flags.contains("--strict")
        var entries: [DoctorReport.Entry] = []
        var scan: RepositoryScan?
        for path in parsed.positionals.isEmpty ? [defaultSchema] : parsed.positionals {
            let contract: Contract
            switch Workspace.readSchema(path, fileSystem: fileSystem, hint: "pass the schema, e.g. `livecontract doctor livecontract.yaml`") {
            case .failure(let error):
                entries.append(DoctorReport.Entry(schemaPath: path, schemaDiagnostics: error.diagnostics.items, findings: []))
                continue
            case .success(let bytes):
                do {
                    (contract, _) = try SchemaLoader.load(bytes, path: path)
                } catch {
                    entries.append(DoctorReport.Entry(schemaPath: path, schemaDiagnostics: error.diagnostics.sorted, findings: []))
                    continue
                }
            }
            // The repository is the current folder; a schema named from outside it is read
            // with its own folder as the root.
            var schemaPath = path, root = "."
            if PathText.normalize(path) == nil {
                root = FileSystem.directory(of: path)
                schemaPath = FileSystem.fileName(of: path)
            } else {
                schemaPath = PathText.normalize(path) ?? path
            }
            let repository = root == "." ? (scan ?? RepositoryScan(root: ".", fileSystem: fileSystem)) : RepositoryScan(root: root, fileSystem: fileSystem)
            if root == "." { scan = repository }
            let findings = Doctor.run(contract: contract, schemaPath: schemaPath, root: root, scan: repository)
            entries.append(DoctorReport.Entry(schemaPath: path, schemaDiagnostics: [], findings: findings))
        }
        let report = DoctorReport(entries: entries, strict: strict)
        emit(report.render(format, colour: console.colourErrors), summary: report.summary, format: format,
             failed: report.failed || report.invalid, quiet: parsed.flags.contains("--quiet"), console: console)
        return report.invalid ? .invalidInput : report.failed ? .findings : .ok
    }
}

extension Help {
    static let doctor = """
    usage: livecontract doctor [--format text|json|github|sarif] [--strict] [--quiet] [SCHEMA...]

    Reads the project around the schema's outputs (run it from the repository root) and
    reports the mistakes that make a correct copy useless: a Swift copy no target compiles, a
    widget extension or app that compiles no copy, a second declaration of the attributes
    type in one target, NSSupportsLiveActivities missing from the app's Info.plist,
    aps-environment missing from the app's entitlements, a widget extension below iOS 16.1,
    a `bundleId:` that is not the app's; on Android no FirebaseMessagingService for
    MESSAGING_EVENT, no POST_NOTIFICATIONS / POST_PROMOTED_NOTIFICATIONS, a Kotlin package
    that does not match its folder. It reads Xcode projects (build phases and Xcode 16
    synchronized folders), Expo app.json, @bacons/apple-targets folders, podspecs and
    AndroidManifest.xml files. It never writes, never runs project code (an app.config.js is
    read as text, and what it cannot decide is a note) and follows no symlink.
    Exit 0 when nothing (or only warnings) is found, 1 on errors, 2 when a schema or a
    project file cannot be read.

      --format F        text (default), json, github (workflow annotations) or sarif (SARIF
                        2.1.0 for code scanning)
      --strict          warnings fail too
      --quiet           print only problems
    """
}
