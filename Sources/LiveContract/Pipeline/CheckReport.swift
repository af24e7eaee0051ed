/// The output formats of `check`, `compat` and `validate`: text for people, JSON for tools,
/// GitHub workflow commands for annotations on a pull request's diff.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github
}

/// GitHub Actions workflow commands (`::error file=a.swift,line=3,col=5,title=x::message`).
///
/// Escaping follows the runner: in the message `%`, CR and LF are percent-encoded (so a
/// multi-line message stays one command); in property values `:` and `,` are as well, since
/// they separate properties.
public enum GitHubAnnotation {
    public static func command(_ severity: Severity, file: String?, line: Int?, column: Int?, title: String, message: String) -> String {
        let level = severity == .error ? "error" : severity == .warning ? "warning" : "notice"
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    public static func escapeData(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    /// A diagnostic as an annotation titled with its rule id.
    public static func command(_ diagnostic: Diagnostic, extra: String = "") -> String {
        command(diagnostic.severity, file: diagnostic.location?.file, line: diagnostic.location?.line, column: diagnostic.location?.column,
                title: "livecontract " + diagnostic.rule, message: diagnostic.message + extra)
    }
}

/// Diagnostics as text, with ANSI colour when the caller's terminal wants it.
public enum DiagnosticText {
    public static func render(_ diagnostic: Diagnostic, colour: Bool) -> String {
        guard colour else { return diagnostic.description }
        let tint = diagnostic.severity == .error ? "\u{1B}[1;31m" : diagnostic.severity == .warning ? "\u{1B}[1;35m" : "\u{1B}[1;36m"
        var text = ""
        if let location = diagnostic.location { text += "\u{1B}[1m\(location.file):\(location.line):\(location.column):\u{1B}[0m " }
        return text + "\(tint)\(diagnostic.severity.rawValue):\u{1B}[0m \(diagnostic.message) [\(diagnostic.rule)]"
    }

    /// A diagnostic as a JSON object.
    public static func json(_ diagnostic: Diagnostic) -> JSONValue {
        var members = [JSONMember("severity", .string(diagnostic.severity.rawValue)), JSONMember("rule", .string(diagnostic.rule)),
                       JSONMember("message", .string(diagnostic.message))]
        if let location = diagnostic.location {
            members += [JSONMember("file", .string(location.file)), JSONMember("line", .int(Int64(location.line))), JSONMember("column", .int(Int64(location.column)))]
        }
        return .object(members)
    }
}

/// One schema's `check` result: its warnings and findings, or why it could not be loaded.
public struct CheckedSchema: Sendable {
    public var path: String
    public var fileCount: Int
    public var diagnostics: [Diagnostic]
    public var findings: [CheckFinding]

    public init(path: String, fileCount: Int, diagnostics: [Diagnostic], findings: [CheckFinding]) {
        self.path = path
        self.fileCount = fileCount
        self.diagnostics = diagnostics
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

    /// True when the run must exit 1.
    public var failed: Bool {
        findings.contains { $0.severity == .error || strict }
            || (strict && schemas.contains { !$0.diagnostics.isEmpty })
    }

    public var summary: String {
        let problems = findings.filter { $0.severity == .error || strict }
        if problems.isEmpty {
            let warned = findings.count
            return "livecontract check: \(fileCount) files in sync" + (warned > 0 ? " (\(warned) with line-ending differences only)" : "")
        }
        var kinds: [String: Int] = [:]
        for finding in problems { kinds[finding.kind.rawValue, default: 0] += 1 }
        let detail = kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "livecontract check: \(problems.count) of \(fileCount) generated files out of sync (\(detail))"
    }

    public func render(_ format: ReportFormat, colour: Bool = false) -> String {
        switch format {
        case .text:
            // The usual answer, "in sync", needs none of the machinery below.
            guard schemas.contains(where: { !$0.findings.isEmpty }) else { return "" }
            return schemas.flatMap(\.findings).map { text($0, colour: colour) }.joined()
        case .json: return JSONWriter.pretty(json)
        case .github: return github
        }
    }
}

/// The three renderings of a check run.
extension CheckReport {
    /// A finding for people: headline, what it means for the contract, the fix, the diff.
    func text(_ finding: CheckFinding, colour: Bool) -> String {
        let paint = { (code: String, text: String) in colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let label = paint(finding.severity == .error ? "1;31" : "1;35", finding.kind.rawValue)
        var text = "\(paint("1", finding.displayPath)): \(label): \(finding.message) [\(finding.rule)]\n"
        if finding.alsoLineEndings { text += "  note: the file also has CRLF line endings; the diff below ignores them\n" }
        for meaning in finding.meanings {
            text += "  contract: " + (meaning.line.map { "line \($0): " } ?? "") + meaning.text + "\n"
        }
        text += "  fix: \(finding.fix)\n"
        for line in finding.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let code = line.hasPrefix("+++") || line.hasPrefix("---") ? "1" : line.hasPrefix("+") ? "32" : line.hasPrefix("-") ? "31" : line.hasPrefix("@@") ? "36" : ""
            text += (code.isEmpty ? String(line) : paint(code, String(line))) + "\n"
        }
        return text
    }

    var json: JSONValue {
        let schemas = self.schemas.map { schema -> JSONValue in
            .object([
                JSONMember("schema", .string(schema.path)),
                JSONMember("files", .int(Int64(schema.fileCount))),
                JSONMember("diagnostics", .array(schema.diagnostics.map(DiagnosticText.json))),
                JSONMember("findings", .array(schema.findings.map(Self.json))),
            ])
        }
        let problems = findings.filter { $0.severity == .error || strict }.count
        return .object([
            JSONMember("command", .string("check")),
            JSONMember("ok", .bool(!failed)),
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
        return .object(members)
    }

    /// One annotation per finding, on the copy's drifted line (the first contract meaning
    /// with a line, else the first changed line); a missing file is annotated where the
    /// schema names it. Diffs follow in collapsible groups.
    var github: String {
        var lines: [String] = []
        for schema in schemas {
            lines += schema.diagnostics.map { GitHubAnnotation.command($0) }
            for finding in schema.findings {
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
            for finding in schema.findings where !finding.diff.isEmpty {
                lines.append("::group::livecontract diff \(finding.displayPath)")
                lines.append(String(finding.diff.dropLast()))
                lines.append("::endgroup::")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }
}
