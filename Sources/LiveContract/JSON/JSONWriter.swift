/// Writes `JSONValue`s: compact text exactly as JavaScript's `JSON.stringify` writes it (FCM
/// values must match what a Node server sends), or pretty-printed with two-space indents for
/// fixture files that people read in code review.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: nil, depth: 0)
        return output
    }

    public static func pretty(_ value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: "  ", depth: 0)
        return output + "\n"
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: String?, depth: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += JSNumber.format(number)
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, depth + 1)
                write(item, into: &output, indent: indent, depth: depth + 1)
            }
            newline(&output, indent, depth)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent, depth + 1)
                writeString(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.value, into: &output, indent: indent, depth: depth + 1)
            }
            newline(&output, indent, depth)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: String?, _ depth: Int) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<depth { output += indent }
    }

    /// `JSON.stringify` string escaping: the short escapes, `\u00XX` for other control
    /// characters, everything else (including non-ASCII) as is.
    static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
