/// Strings and numbers: the two tokens with their own grammar.
extension JSONScanner {
    /// A string token; the cursor is on its opening quote. Raw bytes are checked as UTF-8
    /// here, since a string is the only place JSON allows non-ASCII text.
    mutating func string() throws(JSONParseError) -> String {
        advance()
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string: end of file before the closing quote") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                try escape(into: &buffer)
            case 0..<0x20:
                let what = byte == 0x0A ? "a raw newline" : "control character 0x" + String(byte, radix: 16)
                throw failure("\(what) inside a string; write it as an escape (\\n, \\t, \\u00XX)")
            case 0x20..<0x80:
                buffer.append(byte)
                advance()
            default:
                let length = utf8Length(at: offset)
                guard length > 0 else { throw failure("invalid UTF-8 (byte 0x\(String(byte, radix: 16))); JSON text must be UTF-8") }
                for _ in 0..<length {
                    buffer.append(bytes[offset])
                    advance()
                }
            }
        }
    }

    /// The escape after a backslash. `\u` escapes are combined into scalars; a lone surrogate
    /// is refused, because no decoder can turn it into a Swift `String` faithfully.
    mutating func escape(into buffer: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw failure("unterminated escape at end of file") }
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let replacement = simple[byte] {
            buffer.append(replacement)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw failure("invalid escape '\\\(describeCurrent().trimmingQuotes)'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        advance()
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar) {
            guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw failure("lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true)); a pair needs its low half")
            }
            advance()
            advance()
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a high surrogate must be followed by a low surrogate (\\uDC00-\\uDFFF)") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
        }
        buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw failure("\\u needs four hex digits, found \(describeCurrent())")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - 55)
        default: return nil
        }
    }

    /// Length of the well-formed UTF-8 sequence at `index` (2-4), or 0: rejects overlong
    /// forms, encoded surrogates and code points above U+10FFFF, as RFC 3629 requires.
    func utf8Length(at index: Int) -> Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8)
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return 0 }
        return length
    }

    /// A number token, returned as its exact text after checking RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws(JSONParseError) -> String {
        let start = offset
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 48 && $0 <= 57 } ?? false }
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else { throw failure("expected a digit after '-', found \(describeCurrent())") }
        if current == UInt8(ascii: "0") {
            advance()
            if isDigit(current) { throw failure("numbers may not have leading zeros") }
        } else {
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw failure("expected a digit after the decimal point, found \(describeCurrent())") }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw failure("expected a digit in the exponent, found \(describeCurrent())") }
            while isDigit(current) { advance() }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
}

private extension String {
    /// `'x'` -> `x`, for quoting a character inside another quoted form.
    var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
