/// Text helpers every language emitter shares: splitting docs into lines and making
/// invisible characters visible inside comments.
enum CodeText {
    /// Whether every byte of `text` is printable ASCII (space to `~`) and none is in
    /// `special`. Such text needs no escaping in comments or in any language's string
    /// literals apart from its `special` characters, and that is almost all schema text, so
    /// each escaper checks this first and skips its scalar-by-scalar pass.
    static func isPlain(_ text: String, except special: StaticString = "") -> Bool {
        // The special characters become a 128-bit mask, so each byte costs one shift.
        var low: UInt64 = 0, high: UInt64 = 0
        special.withUTF8Buffer { special in
            for byte in special where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
        func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes {
                guard byte >= 0x20 && byte < 0x7F else { return false }
                let bit = byte < 64 ? low >> UInt64(byte) : high >> UInt64(byte - 64)
                if bit & 1 != 0 { return false }
            }
            return true
        }
        if let result = text.utf8.withContiguousStorageIfAvailable(plain) { return result }
        var copy = text
        return copy.withUTF8(plain)
    }

    /// `parts` with `separator` between them, for [String] only: the generic
    /// `joined(separator:)` looks up its element type at run time on first use.
    static func joined(_ parts: [String], separator: String = "") -> String {
        var count = separator.utf8.count * max(parts.count - 1, 0)
        for index in parts.indices { count += parts[index].utf8.count }
        var result = ""
        result.reserveCapacity(count)
        for index in parts.indices {
            if index > 0 { result += separator }
            result += parts[index]
        }
        return result
    }

    /// `text.count <= limit` (in Characters), without walking grapheme clusters when the
    /// UTF-8 length already decides it: there are never more Characters than bytes, and ASCII
    /// text has exactly one per byte.
    static func fits(_ text: String, within limit: Int) -> Bool {
        let bytes = text.utf8.count
        if bytes <= limit { return true }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return text.count <= limit
    }

    /// Splits on LF, CR, CRLF, U+2028 and U+2029, dropping trailing empty lines.
    static func lines(of text: String) -> [String] {
        if isPlain(text) {
            if text.isEmpty { return [] }
            if text.utf8.last != UInt8(ascii: " ") { return [text] }
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
