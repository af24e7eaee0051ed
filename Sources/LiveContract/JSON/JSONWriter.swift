/// Writes `JSONValue`s: compact text exactly as JavaScript's `JSON.stringify` writes it (FCM
/// values must match what a Node server sends), or pretty-printed with two-space indents for
/// fixture files that people read in code review.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, into: &output, indent: false, depth: 0)
        return String(decoding: output, as: UTF8.self)
    }

    public static func pretty(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, into: &output, indent: true, depth: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes into a byte buffer: appending bytes is several times cheaper than appending
    /// to a `String`, and fixtures are the largest thing `check` renders.
    private static func write(_ value: JSONValue, into output: inout [UInt8], indent: Bool, depth: Int) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .int(let number): output += String(number).utf8
        case .double(let number): output += JSNumber.format(number).utf8
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]".utf8
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent, depth + 1)
                write(item, into: &output, indent: indent, depth: depth + 1)
            }
            newline(&output, indent, depth)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}".utf8
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent, depth + 1)
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if indent { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, indent: indent, depth: depth + 1)
            }
            newline(&output, indent, depth)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], _ indent: Bool, _ depth: Int) {
        guard indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// `JSON.stringify` string escaping: the short escapes, `\u00XX` for other control
    /// characters, everything else (including non-ASCII, as UTF-8) as is. Runs of bytes that
    /// need no escape are copied in one piece.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
                case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    let hex = "0123456789abcdef".utf8
                    output.append(contentsOf: "u00".utf8)
                    output.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
                    output.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// Numbers as JavaScript's `String(number)` writes them: the shortest digits that round-trip
/// (Swift's `description` finds those), laid out by ECMAScript's Number::toString rules.
public enum JSNumber {
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == 0 { return "0" }
        if number < 0 { return "-" + format(-number) }
        let (digits, exponent) = decimalDigits(number)
        // The value is 0.d1d2d3... x 10^exponent; `point` is where the decimal point goes.
        let k = digits.count
        let point = exponent
        if k <= point && point <= 21 {
            return digits + String(repeating: "0", count: point - k)
        }
        if 0 < point && point <= 21 {
            let index = digits.index(digits.startIndex, offsetBy: point)
            return digits[..<index] + "." + digits[index...]
        }
        if -6 < point && point <= 0 {
            return "0." + String(repeating: "0", count: -point) + digits
        }
        let shown = point - 1
        let sign = shown < 0 ? "-" : "+"
        let mantissa = k == 1 ? digits : String(digits.first!) + "." + digits.dropFirst()
        return "\(mantissa)e\(sign)\(abs(shown))"
    }

    /// Shortest round-trip significant digits (no leading/trailing zeros) and the position of
    /// the decimal point, from Swift's own shortest formatting.
    static func decimalDigits(_ number: Double) -> (String, Int) {
        let text = number.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...])!
        }
        var integerPart = mantissa
        var fraction: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fraction = mantissa[mantissa.index(after: dot)...]
        }
        var digits = String(integerPart) + fraction
        var point = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        return (digits.isEmpty ? "0" : digits, point)
    }
}
