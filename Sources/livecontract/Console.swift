#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiveContract

/// Writes to stdout and stderr, colouring diagnostics only on a terminal and never when
/// NO_COLOR is set (https://no-color.org convention), so CI logs and pipes stay plain.
///
/// Every write, whatever it holds (arguments echoed in a usage error, file names, schema
/// strings, a replayed cache entry), passes `TerminalText.visible`: the one place where
/// control characters and other invisible text are escaped on the way out, so no message
/// needs to remember to do it. Only the colour sequences of the tool's own renderers stay.
struct Console {
    let colourErrors: Bool
    /// When set, everything written is also kept here (for the check cache).
    private(set) var transcript: Transcript?

    init() {
        colourErrors = isatty(2) != 0 && getenv("NO_COLOR") == nil && String(cString: getenv("TERM") ?? strdup("dumb")) != "dumb"
    }

    /// This console, also keeping what it writes.
    func recording() -> Console {
        var console = self
        console.transcript = Transcript()
        return console
    }

    /// Writes a recorded report being replayed. It was escaped when it was recorded, so this
    /// changes nothing in an entry the tool wrote; one planted or damaged cannot print more.
    func raw(_ fd: Int32, _ bytes: [UInt8]) {
        if bytes.isEmpty { return }
        let text = TerminalText.visible(String(decoding: bytes, as: UTF8.self), keepingColour: colourErrors)
        _ = FileSystem.writeAll(fd, Array(text.utf8))
    }

    func out(_ text: String) {
        write(1, text)
    }

    func err(_ text: String) {
        write(2, text)
    }

    private func write(_ fd: Int32, _ text: String) {
        var bytes = Array(TerminalText.visible(text, keepingColour: colourErrors).utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        transcript?.append(fd, bytes)
        _ = FileSystem.writeAll(fd, bytes)
    }

    func print(_ diagnostic: Diagnostic) {
        guard colourErrors else {
            err(diagnostic.description)
            return
        }
        let colour: String
        switch diagnostic.severity {
        case .error: colour = "\u{1B}[1;31m"
        case .warning: colour = "\u{1B}[1;35m"
        case .note: colour = "\u{1B}[1;36m"
        }
        var text = ""
        if let location = diagnostic.location {
            text += "\u{1B}[1m\(TerminalText.visible(location.file)):\(location.line):\(location.column):\u{1B}[0m "
        }
        text += "\(colour)\(diagnostic.severity.rawValue):\u{1B}[0m \(TerminalText.visible(diagnostic.message)) [\(diagnostic.rule)]"
        err(text)
    }

    /// A list of one input's findings, at most `CappedDiagnostics.perRule` of each rule (a
    /// schema of 20,000 misspelt types, or an imported struct of 30,000 fields with initial
    /// values, printed megabytes), then a note saying how many more there were.
    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in CappedDiagnostics(diagnostics).items { print(diagnostic) }
    }
}

/// What a console wrote, write by write, with the stream of each (1 or 2).
final class Transcript {
    private(set) var writes: [(stream: Int32, bytes: [UInt8])] = []

    func append(_ fd: Int32, _ bytes: [UInt8]) {
        writes.append((fd, bytes))
    }
}
