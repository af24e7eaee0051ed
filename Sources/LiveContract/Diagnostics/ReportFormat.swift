/// The output formats of `check`, `compat` and `validate`: text for people, JSON for tools,
/// GitHub workflow commands for annotations on a pull request's diff, SARIF for code scanning.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif
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
        // Inside a command only the older form could still be read (`##[` anywhere).
        return result.utf8.contains(UInt8(ascii: "#")) ? result.replacing("##[", with: "#\\u{23}[") : result
    }

    /// A line of the log that is not one of our commands (a diff line, a file name, the
    /// summary): the runner reads a line as a command when, after leading blanks, it starts
    /// with `::`, and reads `##[` anywhere in a line as the older command form
    /// (`##[error]...`, `##[stop-commands]token`, which would hide every annotation after
    /// it). Each line of `text` gets `neutralised`; the log shows the same text otherwise.
    public static func plainLines(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) || text.utf8.contains(UInt8(ascii: "#")) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { neutralised(String($0)) }.joined(separator: "\n")
    }

    /// `line` with `::` at its start (after blanks) spelled `\u{3A}:` and every `##[`
    /// spelled `#\u{23}[`, the way the console spells the characters it will not print, so
    /// no text from outside the tool forms a workflow command in either form.
    public static func neutralised(_ line: String) -> String {
        var line = line
        if line.utf8.contains(UInt8(ascii: "#")), line.contains("##[") { line = line.replacing("##[", with: "#\\u{23}[") }
        let blanks = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        if line.utf8.dropFirst(blanks).starts(with: "::".utf8) {
            let start = line.utf8.index(line.utf8.startIndex, offsetBy: blanks)
            line = String(line[..<start]) + "\\u{3A}" + String(line[line.index(after: start)...])
        }
        return line
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
        if let location = diagnostic.location { text += "\u{1B}[1m\(TerminalText.visible(location.file)):\(location.line):\(location.column):\u{1B}[0m " }
        return text + "\(tint)\(diagnostic.severity.rawValue):\u{1B}[0m \(TerminalText.visible(diagnostic.message)) [\(diagnostic.rule)]"
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

