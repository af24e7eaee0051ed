/// Renders a `validate` run over one or more payload files.
public struct ValidationReport: Sendable {
    public var schemaPath: String
    public var payloads: [PayloadValidation]
    /// `--strict`: warnings (unknown keys, enum fallbacks, out-of-bounds values) fail too.
    public var strict: Bool
    /// Why the schema could not be read or loaded (then no payload was validated, exit 2);
    /// machine formats carry them so a reader never gets an empty document.
    /// At most `CappedDiagnostics.perRule` of each rule, and a note for the rest.
    public var schemaDiagnostics: [Diagnostic]
    /// Errors the cap left out, for the summary's count.
    public var leftOutErrors: Int

    public init(schemaPath: String, payloads: [PayloadValidation], strict: Bool, schemaDiagnostics: [Diagnostic] = []) {
        let capped = CappedDiagnostics(schemaDiagnostics)
        self.schemaPath = schemaPath
        self.payloads = payloads.map { $0.capped() }
        self.strict = strict
        self.schemaDiagnostics = capped.items
        self.leftOutErrors = capped.leftOutErrors
    }

    /// The schema did not load.
    public var invalid: Bool { schemaDiagnostics.contains { $0.severity == .error } }

    /// Some file was not JSON or not a payload at all, or the schema is invalid (exit 2).
    public var unreadable: Bool { invalid || payloads.contains { $0.unreadable } }

    /// Some payload would fail to decode or be refused (exit 1).
    public var failed: Bool {
        payloads.contains { payload in payload.diagnostics.contains { $0.severity == .error || strict } }
    }

    /// One line per payload: what it was read as and the verdict.
    public var summary: String {
        if invalid {
            let errors = schemaDiagnostics.filter { $0.severity == .error }.count + leftOutErrors
            return "livecontract: nothing validated; \(errors) error\(errors == 1 ? "" : "s") in \(schemaPath)"
        }
        return payloads.map { payload in
            // Notes (the cap's "N more ...") are not findings; the ones the cap left out are.
            let errors = payload.diagnostics.filter { $0.severity == .error }.count + payload.leftOutErrors
            let warnings = payload.diagnostics.filter { $0.severity == .warning }.count + payload.leftOutWarnings
            guard let reading = payload.reading else { return "\(payload.path): not validated" }
            var counts: [String] = []
            if errors > 0 { counts.append("\(errors) error\(errors == 1 ? "" : "s")") }
            if warnings > 0 { counts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            let verdict = counts.isEmpty ? "decodes as the schema says" : counts.joined(separator: ", ")
            return "\(payload.path): \(reading): \(verdict)"
        }.joined(separator: "\n")
    }

    public func render(_ format: ReportFormat, colour: Bool = false) -> String {
        switch format {
        case .text:
            return (schemaDiagnostics + payloads.flatMap(\.diagnostics)).map { DiagnosticText.render($0, colour: colour) + "\n" }.joined()
        case .json:
            return TerminalText.json(JSONWriter.pretty(.object([
                JSONMember("command", .string("validate")),
                JSONMember("schema", .string(schemaPath)),
                JSONMember("ok", .bool(!failed && !unreadable)),
                JSONMember("diagnostics", .array(schemaDiagnostics.map(DiagnosticText.json))),
                JSONMember("payloads", .array(payloads.map { payload in
                    .object([
                        JSONMember("path", .string(payload.path)),
                        JSONMember("reading", payload.reading.map { .string($0) } ?? .null),
                        JSONMember("diagnostics", .array(payload.diagnostics.map(DiagnosticText.json))),
                    ])
                })),
            ])))
        case .github:
            let lines = (schemaDiagnostics + payloads.flatMap(\.diagnostics)).map { GitHubAnnotation.command($0) }
            return (lines + [GitHubAnnotation.plainLines(summary)]).joined(separator: "\n") + "\n"
        case .sarif:
            return SARIF.render((schemaDiagnostics + payloads.flatMap(\.diagnostics)).map { SARIFResult($0) })
        }
    }
}
