/// Where something sits in a file, 1-based, as editors and CI annotations count.
public struct SourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// How much a finding matters: errors stop generation, warnings only fail under `--strict`.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .note: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One finding about the user's input, printed as `path:line:col: error: message [rule-id]`.
/// The library only collects these; the command-line front end decides how to print them.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// A stable id (`unknown-key`, `reserved-name`, ...) that `explain` and tests refer to.
    public var rule: String

    /// Messages quote the user's text, so line breaks, bidi and other invisible characters in
    /// it are spelled out (`\u{202E}`): a schema must not be able to split one diagnostic into
    /// two, forge a CI annotation line, or reorder what the terminal shows. The file is text a
    /// repository chooses too (a template's file name, the schema's `templates:` folder).
    /// Format characters (a soft hyphen, tag characters) are spelled out here too, so a JSON
    /// report hands its reader the same visible text a terminal shows, not the raw character.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, rule: String) {
        self.severity = severity
        self.message = Self.bounded(TerminalText.visible(CodeText.singleLine(message)))
        self.location = location.map { SourceLocation(file: TerminalText.visible(CodeText.singleLine($0.file)), line: $0.line, column: $0.column) }
        self.rule = rule
    }

    /// Longest message kept whole, in UTF-8 bytes: room for a path of PATH_MAX and the
    /// sentence around it. The tool's own sentences are far shorter; only quoted input (a
    /// type or value as long as the file) gets here, and a megabyte of it in one line helps
    /// no one, in a terminal or a CI log.
    static let maximumMessageBytes = 8192

    /// `message`, or its start and end around a note of how much was left out.
    static func bounded(_ message: String) -> String {
        let count = message.utf8.count
        guard count > maximumMessageBytes else { return message }
        let head = message.unicodeScalars.prefix(4096), tail = message.unicodeScalars.suffix(1024)
        let left = count - String(String.UnicodeScalarView(head)).utf8.count - String(String.UnicodeScalarView(tail)).utf8.count
        return String(String.UnicodeScalarView(head)) + " [... \(left) bytes left out ...] " + String(String.UnicodeScalarView(tail))
    }

    public var description: String {
        var text = ""
        if let location {
            text += "\(location.file):\(location.line):\(location.column): "
        }
        return text + "\(severity.rawValue): \(message) [\(rule)]"
    }
}

/// Collects every finding of a stage, so a user sees all problems of a schema in one run
/// instead of fixing them one at a time.
public struct Diagnostics: Sendable {
    /// Added to only through `append` (which counts errors); the cascade rewrites messages.
    public internal(set) var items: [Diagnostic] = []
    /// Which subjects failed and which error each failure counts its followers on; see
    /// Diagnostics+Cascade.swift.
    var cascade = Cascade()
    /// How many of `items` are errors, kept as they are added: checks ask before and after
    /// every field, so counting each time made a schema of many bad fields quadratic.
    private(set) var errorTotal = 0

    public init() {}

    public var hasErrors: Bool { errorTotal > 0 }
    public var errors: [Diagnostic] { items.filter { $0.severity == .error } }

    public mutating func error(_ message: String, at location: SourceLocation?, rule: String) {
        append(Diagnostic(.error, message, at: location, rule: rule))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, rule: String) {
        append(Diagnostic(.warning, message, at: location, rule: rule))
    }

    public mutating func append(contentsOf other: Diagnostics) {
        for item in other.items { append(item) }
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
        if diagnostic.severity == .error { errorTotal += 1 }
    }

    /// Sorted by file, line, column, so output order does not depend on the order checks ran.
    public var sorted: [Diagnostic] {
        items.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            let ka = (la?.file ?? "", la?.line ?? 0, la?.column ?? 0)
            let kb = (lb?.file ?? "", lb?.line ?? 0, lb?.column ?? 0)
            if ka != kb { return ka < kb }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// A report of one input shows at most `perRule` findings of each rule and severity: a 1 MiB
/// payload of unknown keys is 100,000 warnings of one kind, megabytes of output that bury
/// every other finding and help no one more than the first few. The rest are counted in one
/// note, at the first one left out, with the same rule id.
public struct CappedDiagnostics: Sendable, Equatable {
    public static let perRule = 20

    /// What is shown: the first `perRule` of each rule and severity, in their order, each
    /// group's note right after its last one kept.
    public var items: [Diagnostic]
    /// How many errors and warnings were left out (for the counts of a summary).
    public var leftOutErrors = 0
    public var leftOutWarnings = 0

    public init(_ all: [Diagnostic], perRule limit: Int = CappedDiagnostics.perRule) {
        struct Group { var shown = 0; var leftOut = 0; var first: SourceLocation?; var lastKept = 0 }
        var groups: [String: Group] = [:]
        var kept: [Diagnostic] = []
        kept.reserveCapacity(min(all.count, 256))
        for diagnostic in all {
            let key = diagnostic.severity.rawValue + " " + diagnostic.rule
            var group = groups[key, default: Group()]
            if group.shown < limit {
                group.shown += 1
                kept.append(diagnostic)
                group.lastKept = kept.count - 1
            } else {
                if group.leftOut == 0 { group.first = diagnostic.location }
                group.leftOut += 1
                switch diagnostic.severity {
                case .error: leftOutErrors += 1
                case .warning: leftOutWarnings += 1
                case .note: break
                }
            }
            groups[key] = group
        }
        // Each note goes after the last finding of its group that is shown, so a sorted
        // report stays sorted up to it.
        var notes: [(after: Int, note: Diagnostic)] = []
        for (key, group) in groups where group.leftOut > 0 {
            let severity = String(key.prefix { $0 != " " })
            let rule = String(key.dropFirst(severity.count + 1))
            let plural = group.leftOut == 1 ? severity : severity + "s"
            notes.append((group.lastKept, Diagnostic(.note, "\(group.leftOut) more \(rule) \(plural) like the \(limit) above are left out, the first of them here; fix those and run again to see the rest",
                                                     at: group.first, rule: rule)))
        }
        notes.sort { $0.after < $1.after }
        items = []
        items.reserveCapacity(kept.count + notes.count)
        var next = 0
        for (index, diagnostic) in kept.enumerated() {
            items.append(diagnostic)
            while next < notes.count, notes[next].after == index {
                items.append(notes[next].note)
                next += 1
            }
        }
    }
}

/// Thrown by a stage that cannot go on; carries everything found so far.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: Diagnostics
    public init(_ diagnostics: Diagnostics) { self.diagnostics = diagnostics }
}
