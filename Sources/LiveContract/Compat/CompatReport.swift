/// Renders a `compat` run. Each finding is a diagnostic line (`path:line:col: error: ...
/// [rule]`) followed by one line per audience that breaks and the fix, so a reviewer sees who
/// is hurt before deciding whether the change may ship.
public struct CompatReport: Sendable {
    public var schemaPath: String
    /// What the schema was compared with, as the user named it (`git:HEAD~1`, `old.yaml`).
    public var against: String
    public var findings: [CompatFinding]
    /// `--strict`: warnings fail the run too.
    public var strict: Bool
    /// Why a version could not be read or loaded (then there are no findings and the run
    /// exits 2); machine formats carry them so a reader never gets an empty document.
    /// At most `CappedDiagnostics.perRule` of each rule, and a note for the rest.
    public var schemaDiagnostics: [Diagnostic]
    /// Errors the cap left out, for the summary's count.
    public var leftOutErrors: Int
    /// The old side has no such schema (the change that adds it): nothing was compared, and
    /// the run passes with a note, so a first pull request's CI is not red.
    public var newContract = false

    public init(schemaPath: String, against: String, findings: [CompatFinding], strict: Bool, schemaDiagnostics: [Diagnostic] = []) {
        let capped = CappedDiagnostics(schemaDiagnostics)
        self.schemaPath = schemaPath
        self.against = against
        self.findings = findings
        self.strict = strict
        self.schemaDiagnostics = capped.items
        self.leftOutErrors = capped.leftOutErrors
    }

    /// The report for a schema the old side does not have (`git:REF` without the file, or an
    /// old file that does not exist): one note, no findings, exit 0, in every format.
    public static func newContract(schemaPath: String, against: String, oldLabel: String) -> CompatReport {
        let note = Diagnostic(.note, "new contract: nothing to compare; \(oldLabel) has no such schema, so no widget, server or running activity depends on an older version yet",
                              at: SourceLocation(file: schemaPath, line: 1, column: 1), rule: "compat-new-contract")
        var report = CompatReport(schemaPath: schemaPath, against: against, findings: [], strict: false, schemaDiagnostics: [note])
        report.newContract = true
        return report
    }

    /// A version did not load, so nothing was compared.
    public var invalid: Bool { schemaDiagnostics.contains { $0.severity == .error } }

    public var failed: Bool { invalid || findings.contains { $0.severity == .error || strict } }

    public var summary: String {
        if newContract {
            return "livecontract: new contract: nothing to compare (\(schemaPath) against \(against))"
        }
        if invalid {
            let errors = schemaDiagnostics.filter { $0.severity == .error }.count + leftOutErrors
            return "livecontract: nothing compared; \(errors) error\(errors == 1 ? "" : "s") in the schemas (\(schemaPath) against \(against))"
        }
        let breaking = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - breaking
        let head = breaking == 0 ? "no breaking changes" : "\(breaking) breaking change\(breaking == 1 ? "" : "s")"
        let tail = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        return "livecontract: \(head)\(tail) in \(schemaPath) against \(against)"
    }

    public func render(_ format: ReportFormat, colour: Bool = false) -> String {
        switch format {
        case .text:
            return schemaDiagnostics.map { DiagnosticText.render($0, colour: colour) + "\n" }.joined() + findings.map { text($0, colour: colour) }.joined()
        case .json:
            return TerminalText.json(JSONWriter.pretty(.object([
                JSONMember("command", .string("compat")),
                JSONMember("schema", .string(schemaPath)),
                JSONMember("against", .string(against)),
                JSONMember("ok", .bool(!failed)),
                JSONMember("newContract", .bool(newContract)),
                JSONMember("diagnostics", .array(schemaDiagnostics.map(DiagnosticText.json))),
                JSONMember("findings", .array(findings.map(Self.json))),
            ])))
        case .github:
            let lines = findings.map { finding in
                GitHubAnnotation.command(finding.diagnostic, extra: Self.details(finding))
            }
            return (schemaDiagnostics.map { GitHubAnnotation.command($0) } + lines + [GitHubAnnotation.plainLines(summary)]).joined(separator: "\n") + "\n"
        case .sarif:
            return SARIF.render(schemaDiagnostics.map { SARIFResult($0) } + findings.map { SARIFResult($0.diagnostic, extra: Self.details($0)) })
        }
    }

    /// Who breaks and the fix, as lines after the message in annotations and SARIF.
    static func details(_ finding: CompatFinding) -> String {
        finding.impacts.map { "\n\($0.audience.label): \($0.text)" }.joined() + "\nfix: \(finding.fix)"
    }

    func text(_ finding: CompatFinding, colour: Bool) -> String {
        var text = DiagnosticText.render(finding.diagnostic, colour: colour) + "\n"
        for impact in finding.impacts {
            let verb = impact.effect == .fails ? "breaks" : impact.effect == .misreads ? "misreads" : "degrades"
            text += "  \(verb) \(impact.audience.label): \(impact.text)\n"
        }
        return text + "  fix: \(finding.fix)\n"
    }

    static func json(_ finding: CompatFinding) -> JSONValue {
        .object([
            JSONMember("rule", .string(finding.rule)),
            JSONMember("severity", .string(finding.severity.rawValue)),
            JSONMember("message", .string(finding.message)),
            JSONMember("file", .string(finding.location.file)),
            JSONMember("line", .int(Int64(finding.location.line))),
            JSONMember("column", .int(Int64(finding.location.column))),
            JSONMember("impacts", .array(finding.impacts.map { impact in
                .object([JSONMember("audience", .string(impact.audience.rawValue)), JSONMember("effect", .string(impact.effect.rawValue)),
                         JSONMember("message", .string(impact.text))])
            })),
            JSONMember("fix", .string(finding.fix)),
        ])
    }
}

/// Entry point for the CLI: both schemas' bytes in, findings out. The CLI fetches the old
/// bytes (from a file or `git show`); the library never spawns processes. Nothing is
/// generated: compat needs only the two contracts.
public enum Compat {
    /// Loads both versions and compares them; a version that does not load comes back as its
    /// diagnostics (exit 2).
    public static func compare(newBytes: [UInt8], newPath: String, oldBytes: [UInt8], oldLabel: String) -> Result<[CompatFinding], DiagnosticsError> {
        let old: Contract, new: Contract
        do {
            (new, _) = try SchemaLoader.load(newBytes, path: newPath)
            (old, _) = try SchemaLoader.load(oldBytes, path: oldLabel)
        } catch {
            return .failure(error)
        }
        let checker = CompatChecker(old: ContractShape(contract: old), new: ContractShape(contract: new), oldLabel: oldLabel, newPath: newPath)
        return .success(checker.findings())
    }
}
