/// A `doctor` run over one or more schemas, in the four report formats `check` uses.
public struct DoctorReport: Sendable {
    public struct Entry: Sendable {
        public var schemaPath: String
        /// Why the schema could not be loaded (exit 2), or nil when it was examined.
        public var schemaDiagnostics: [Diagnostic]
        public var findings: [Diagnostic]

        public init(schemaPath: String, schemaDiagnostics: [Diagnostic], findings: [Diagnostic]) {
            self.schemaPath = schemaPath
            self.schemaDiagnostics = schemaDiagnostics
            self.findings = CappedDiagnostics(Self.sorted(findings)).items
        }

        static func sorted(_ items: [Diagnostic]) -> [Diagnostic] {
            var diagnostics = Diagnostics()
            for item in items { diagnostics.append(item) }
            return diagnostics.sorted
        }
    }

    public var entries: [Entry]
    public var strict: Bool

    public init(entries: [Entry], strict: Bool) {
        self.entries = entries
        self.strict = strict
    }

    var all: [Diagnostic] { entries.flatMap { $0.schemaDiagnostics + $0.findings } }

    /// A schema did not load, or a project file could not be read: exit 2.
    public var invalid: Bool {
        entries.contains { entry in
            entry.schemaDiagnostics.contains { $0.severity == .error } || entry.findings.contains { $0.severity == .error && $0.rule == "doctor-unreadable" }
        }
    }

    /// An error (or, with --strict, a warning) was found: exit 1.
    public var failed: Bool {
        entries.contains { entry in entry.findings.contains { $0.severity == .error || (strict && $0.severity == .warning) } }
    }

    public var summary: String {
        entries.map { entry in
            if entry.schemaDiagnostics.contains(where: { $0.severity == .error }) {
                return "livecontract: \(entry.schemaPath): not examined; the schema has errors"
            }
            let errors = entry.findings.filter { $0.severity == .error }.count
            let warnings = entry.findings.filter { $0.severity == .warning }.count
            let notes = entry.findings.filter { $0.severity == .note }.count
            var counts: [String] = []
            if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
            if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            if notes > 0 { counts.append("\(notes) note\(notes == 1 ? "" : "s")") }
            return "livecontract doctor: \(entry.schemaPath): " + (counts.isEmpty ? "no problems found in the project around the copies" : counts.joined(separator: ", "))
        }.joined(separator: "\n")
    }

    public func render(_ format: ReportFormat, colour: Bool = false) -> String {
        switch format {
        case .text:
            return all.map { DiagnosticText.render($0, colour: colour) + "\n" }.joined()
        case .json:
            return TerminalText.json(JSONWriter.pretty(.object([
                JSONMember("command", .string("doctor")),
                JSONMember("ok", .bool(!failed && !invalid)),
                JSONMember("schemas", .array(entries.map { entry in
                    .object([
                        JSONMember("schema", .string(entry.schemaPath)),
                        JSONMember("diagnostics", .array((entry.schemaDiagnostics + entry.findings).map(DiagnosticText.json))),
                    ])
                })),
            ])))
        case .github:
            return (all.map { GitHubAnnotation.command($0) } + [GitHubAnnotation.plainLines(summary)]).joined(separator: "\n") + "\n"
        case .sarif:
            return SARIF.render(all.map { SARIFResult($0) })
        }
    }
}
