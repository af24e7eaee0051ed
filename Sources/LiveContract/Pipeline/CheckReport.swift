/// One schema's `check` result: its warnings and findings, or why it could not be loaded.
public struct CheckedSchema: Sendable {
    public var path: String
    public var fileCount: Int
    /// At most `CappedDiagnostics.perRule` of each rule, and a note for the rest.
    public var diagnostics: [Diagnostic]
    /// Errors the cap left out, for the summary's count.
    public var leftOutErrors: Int
    public var findings: [CheckFinding]

    /// The schema did not load (its diagnostics hold an error), so none of its files were checked.
    public var invalid: Bool { diagnostics.contains { $0.severity == .error } }

    public init(path: String, fileCount: Int, diagnostics: [Diagnostic], findings: [CheckFinding]) {
        let capped = CappedDiagnostics(diagnostics)
        self.path = path
        self.fileCount = fileCount
        self.diagnostics = capped.items
        self.leftOutErrors = capped.leftOutErrors
        self.findings = findings
    }
}

/// Renders a whole `check` run. Pure: the CLI prints `problems` to stderr and `summary` to
/// stdout in text mode, and everything to stdout in the machine formats.
public struct CheckReport: Sendable {
    public var schemas: [CheckedSchema]
    /// `--strict`: warnings (line-ending drift, schema warnings) fail the run too.
    public var strict: Bool

    public init(schemas: [CheckedSchema], strict: Bool) {
        self.schemas = schemas
        self.strict = strict
    }

    public var fileCount: Int { schemas.reduce(0) { $0 + $1.fileCount } }
    public var findings: [CheckFinding] { schemas.flatMap(\.findings) }

    /// Some schema did not load: the run exits 2 and no machine format may call it ok.
    public var invalid: Bool { schemas.contains(where: \.invalid) }

    /// True when the run must not pass (exit 1, or 2 when `invalid`).
    public var failed: Bool {
        invalid || findings.contains { $0.severity == .error || strict }
            || (strict && schemas.contains { !$0.diagnostics.isEmpty })
    }

    public var summary: String {
        let invalidCount = schemas.filter(\.invalid).count
        if invalidCount > 0 {
            let errors = schemas.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == .error }.count + $1.leftOutErrors }
            let names = schemas.filter(\.invalid).map(\.path).joined(separator: ", ")
            return "livecontract: \(invalidCount) of \(schemas.count) schema\(schemas.count == 1 ? "" : "s") invalid (\(names); \(errors) error\(errors == 1 ? "" : "s")); "
                + "their files were not checked, \(findings.filter { $0.severity == .error || strict }.count) of \(fileCount) other files out of sync"
        }
        let problems = findings.filter { $0.severity == .error || strict }
        if problems.isEmpty {
            let warned = findings.count
            return "livecontract: \(fileCount) files in sync" + (warned > 0 ? " (\(warned) with line-ending differences only)" : "")
        }
        var kinds: [String: Int] = [:]
        for finding in problems { kinds[finding.kind.rawValue, default: 0] += 1 }
        let detail = kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "livecontract: \(problems.count) of \(fileCount) generated files out of sync (\(detail))"
    }

    public func render(_ format: ReportFormat, colour: Bool = false) -> String {
        switch format {
        case .text:
            // The usual answer, "in sync", needs none of the machinery below.
            guard schemas.contains(where: { !$0.findings.isEmpty }) else { return "" }
            var cap = PeopleCap()
            var text = opening
            for finding in schemas.flatMap(\.findings) {
                guard cap.takeFinding() else { continue }
                text += self.text(finding, colour: colour, cap: &cap)
            }
            return text + cap.leftOutNote()
        case .json: return TerminalText.json(JSONWriter.pretty(json))
        case .github: return github
        case .sarif: return SARIF.render(sarifResults)
        }
    }
}

/// The three renderings of a check run.
extension CheckReport {
    /// A finding for people: headline, what it means for the contract, the fix, the diff.
    func text(_ finding: CheckFinding, colour: Bool, cap: inout PeopleCap) -> String {
        // The pieces are escaped before they are coloured, so the console can keep colour
        // sequences knowing that each one is this renderer's.
        let paint = { (code: String, text: String) in colour ? "\u{1B}[\(code)m\(TerminalText.visible(text))\u{1B}[0m" : text }
        let label = paint(finding.severity == .error ? "1;31" : "1;35", finding.kind.rawValue)
        let safe = { (text: String) in colour ? TerminalText.visible(text) : text }
        var text = "\(paint("1", finding.displayPath)): \(label): \(safe(finding.message)) [\(finding.rule)]\n"
        if finding.alsoLineEndings { text += "  note: the file also has CRLF line endings; the diff below ignores them\n" }
        for meaning in finding.meanings {
            text += "  contract: " + (meaning.line.map { "line \($0): " } ?? "") + safe(meaning.text) + "\n"
        }
        text += "  fix: \(safe(finding.fix))\n"
        let (shown, leftOut) = cap.diff(of: finding)
        for line in shown {
            let code = line.hasPrefix("+++") || line.hasPrefix("---") ? "1" : line.hasPrefix("+") ? "32" : line.hasPrefix("-") ? "31" : line.hasPrefix("@@") ? "36" : ""
            text += (code.isEmpty ? safe(String(line)) : paint(code, String(line))) + "\n"
        }
        if leftOut > 0 { text += PeopleCap.moreLines(leftOut, shown: !shown.isEmpty, fix: finding.fix) + "\n" }
        return text
    }

    var json: JSONValue {
        let schemas = self.schemas.map { schema -> JSONValue in
            .object([
                JSONMember("schema", .string(schema.path)),
                JSONMember("valid", .bool(!schema.invalid)),
                JSONMember("files", .int(Int64(schema.fileCount))),
                JSONMember("diagnostics", .array(schema.diagnostics.map(DiagnosticText.json))),
                JSONMember("findings", .array(schema.findings.map(Self.json))),
            ])
        }
        let problems = findings.filter { $0.severity == .error || strict }.count
        return .object([
            JSONMember("command", .string("check")),
            JSONMember("ok", .bool(!failed)),
            JSONMember("invalidSchemas", .int(Int64(self.schemas.filter(\.invalid).count))),
            JSONMember("files", .int(Int64(fileCount))),
            JSONMember("outOfSync", .int(Int64(problems))),
            JSONMember("schemas", .array(schemas)),
        ])
    }

    static func json(_ finding: CheckFinding) -> JSONValue {
        var members = [JSONMember("rule", .string(finding.rule)), JSONMember("kind", .string(finding.kind.rawValue)),
                       JSONMember("severity", .string(finding.severity.rawValue)), JSONMember("path", .string(finding.displayPath))]
        if let line = finding.firstChangedLine { members.append(JSONMember("line", .int(Int64(line)))) }
        members += [JSONMember("message", .string(finding.message)), JSONMember("fix", .string(finding.fix))]
        members.append(JSONMember("contract", .array(finding.meanings.map { meaning in
            .object((meaning.line.map { [JSONMember("line", .int(Int64($0)))] } ?? [])
                    + [JSONMember("message", .string(meaning.text)), JSONMember("breaks", .bool(meaning.breaks))])
        })))
        members.append(JSONMember("lineEndingsToo", .bool(finding.alsoLineEndings)))
        if let location = finding.location {
            members.append(JSONMember("schemaLocation", .object([JSONMember("file", .string(location.file)), JSONMember("line", .int(Int64(location.line))),
                                                                  JSONMember("column", .int(Int64(location.column)))])))
        }
        members.append(JSONMember("diff", .string(finding.diff)))
        if finding.diffLeftOut > 0 { members.append(JSONMember("diffLinesLeftOut", .int(Int64(finding.diffLeftOut)))) }
        return .object(members)
    }

    /// One annotation per finding, on the copy's drifted line (the first contract meaning
    /// with a line, else the first changed line); a missing file is annotated where the
    /// schema names it. Diffs follow in collapsible groups.
    var github: String {
        var lines: [String] = []
        var cap = PeopleCap()
        if !opening.isEmpty { lines.append(GitHubAnnotation.plainLines(String(opening.dropLast()))) }
        for schema in schemas {
            lines += schema.diagnostics.map { GitHubAnnotation.command($0) }
            var listed: [CheckFinding] = []
            for finding in schema.findings where cap.takeFinding() {
                listed.append(finding)
                var message = "\(finding.displayPath) \(finding.message)"
                for meaning in finding.meanings { message += "\n" + meaning.text }
                message += "\nfix: \(finding.fix)"
                let severity: Severity = strict ? .error : finding.severity
                let title = "livecontract " + finding.rule
                if finding.kind == .missing, let location = finding.location {
                    lines.append(GitHubAnnotation.command(severity, file: location.file, line: location.line, column: location.column, title: title, message: message))
                } else {
                    let line = finding.meanings.compactMap(\.line).first ?? finding.firstChangedLine
                    lines.append(GitHubAnnotation.command(severity, file: finding.displayPath, line: line, column: nil, title: title, message: message))
                }
            }
            for finding in listed where !finding.diff.isEmpty || finding.diffLeftOut > 0 {
                let (shown, leftOut) = cap.diff(of: finding)
                // The title is command data like a message: GitHub decodes `%0A` in it.
                lines.append("::group::livecontract diff \(GitHubAnnotation.escapeData(finding.displayPath))")
                // Lines of a committed file: none may read as a workflow command.
                lines += shown.map { GitHubAnnotation.neutralised(String($0)) }
                if leftOut > 0 { lines.append(GitHubAnnotation.plainLines(PeopleCap.moreLines(leftOut, shown: !shown.isEmpty, fix: finding.fix))) }
                lines.append("::endgroup::")
            }
        }
        let leftOut = cap.leftOutNote()
        if !leftOut.isEmpty { lines.append(GitHubAnnotation.plainLines(String(leftOut.dropLast()))) }
        lines.append(GitHubAnnotation.plainLines(closing))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Schema diagnostics, then one result per finding at the same place its annotation goes.
    var sarifResults: [SARIFResult] {
        schemas.flatMap { schema in
            schema.diagnostics.map { SARIFResult($0) } + schema.findings.map { finding in
                var message = "\(finding.displayPath): \(finding.kind.rawValue): \(finding.message)"
                for meaning in finding.meanings { message += "\n" + meaning.text }
                message += "\nfix: \(finding.fix)"
                let location: SourceLocation
                if finding.kind == .missing, let named = finding.location {
                    location = named
                } else {
                    location = SourceLocation(file: finding.displayPath, line: finding.meanings.compactMap(\.line).first ?? finding.firstChangedLine ?? 1, column: 1)
                }
                return SARIFResult(rule: finding.rule, severity: strict ? .error : finding.severity, message: message, location: location)
            }
        }
    }
}
