/// Text helpers every language emitter shares: splitting docs into lines and making
/// invisible characters visible inside comments.
enum CodeText {
    /// Whether every byte of `text` is printable ASCII (space to `~`) and none is in
    /// `special`. Such text needs no escaping in comments or in any language's string
    /// literals apart from its `special` characters, and that is almost all schema text, so
    /// each escaper checks this first and skips its scalar-by-scalar pass.
    static func isPlain(_ text: String, except special: StaticString = "") -> Bool {
        special.withUTF8Buffer { special in
            text.utf8.allSatisfy { byte in byte >= 0x20 && byte < 0x7F && !special.contains(byte) }
        }
    }

    /// Splits on LF, CR, CRLF, U+2028 and U+2029, dropping trailing empty lines.
    static func lines(of text: String) -> [String] {
        if isPlain(text) {
            var line = Substring(text)
            while line.utf8.last == UInt8(ascii: " ") { line = line.dropLast() }
            return line.isEmpty ? [] : [String(line)]
        }
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                lines.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        while let last = lines.last, last.allSatisfy({ $0 == " " }) {
            lines.removeLast()
        }
        return lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }
    }

    /// Replaces control characters, bidi overrides and other format characters with a
    /// `\u{XXXX}` spelling, so a comment cannot reorder or hide the code around it.
    static func visibleControls(in line: String) -> String {
        if isPlain(line) { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            if isInvisible(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text for one `//` line: invisible controls and every line break form (LF, CR, U+2028,
    /// U+2029, NEL) spelled out, so nothing in it can end the comment and start code.
    static func singleLine(_ text: String) -> String {
        if isPlain(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) || scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x08, 0x0B...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0x061C: return true
        default: return false
        }
    }
}
