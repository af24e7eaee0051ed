/// Reads the few Swift literals `import` carries over: initial values that become schema
/// defaults, raw values of enum cases, and the literal a property's type is inferred from.
/// Anything that is not a plain literal is left alone (nil), never evaluated.
enum SwiftLiterals {
    /// The text of a plain string literal (`"a\n"` -> `a` + newline), or nil for raw,
    /// multi-line or interpolated literals.
    static func string(_ tokens: [SwiftToken]) -> String? {
        guard tokens.count == 1, tokens[0].kind == .string else { return nil }
        let spelling = tokens[0].text
        guard spelling.hasPrefix("\""), !spelling.hasPrefix("\"\"\""), spelling.count >= 2 else { return nil }
        let body = Array(spelling.unicodeScalars.dropFirst().dropLast())
        var result = ""
        var index = 0
        while index < body.count {
            let scalar = body[index]
            index += 1
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard index < body.count else { return nil }
            let escaped = body[index]
            index += 1
            switch escaped {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "\"", "\\", "'": result.unicodeScalars.append(escaped)
            case "u":
                guard index < body.count, body[index] == "{", let close = body[index...].firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(body[(index + 1)..<close])), radix: 16),
                      let decoded = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(decoded)
                index = close + 1
            default:
                return nil
            }
        }
        return result
    }

    /// An integer literal, with an optional minus sign and `_` separators.
    static func integer(_ tokens: [SwiftToken]) -> Int? {
        var parts = tokens
        var negative = false
        if parts.first?.is("-") == true {
            negative = true
            parts.removeFirst()
        }
        guard parts.count == 1, parts[0].kind == .number else { return nil }
        let digits = parts[0].text.filter { $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
        return negative ? -value : value
    }

    /// A decimal literal (`0.5`, `-3`, `1e-7`) as JSON-grammar text, or nil (hex floats).
    static func decimal(_ tokens: [SwiftToken]) -> String? {
        guard !tokens.isEmpty, tokens.allSatisfy({ $0.kind == .number || $0.is("-") || $0.is("+") }) else { return nil }
        var text = tokens.map(\.text).joined().filter { $0 != "_" }
        if text.hasPrefix("+") { text.removeFirst() }
        guard SchemaLoader.isDecimalNumber(text), let value = Double(text), value.isFinite else { return nil }
        return text
    }

    /// `true` or `false`.
    static func bool(_ tokens: [SwiftToken]) -> Bool? {
        guard tokens.count == 1, tokens[0].kind == .word else { return nil }
        switch tokens[0].text {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    /// `.caseName` or `TypeName.caseName`: the case name.
    static func enumCase(_ tokens: [SwiftToken]) -> String? {
        guard tokens.count >= 2, tokens[tokens.count - 2].is("."), tokens.last?.kind == .word else { return nil }
        let prefix = tokens.dropLast(2)
        guard prefix.allSatisfy({ $0.kind == .word || $0.is(".") }) else { return nil }
        return tokens.last?.text
    }

    /// The type Swift gives an unannotated literal (`= 0` is Int, `= 0.5` Double, ...).
    static func inferredType(_ tokens: [SwiftToken]) -> SwiftTypeRef? {
        if bool(tokens) != nil { return .named(["Bool"], arguments: []) }
        if integer(tokens) != nil { return .named(["Int"], arguments: []) }
        if decimal(tokens) != nil { return .named(["Double"], arguments: []) }
        if string(tokens) != nil { return .named(["String"], arguments: []) }
        return nil
    }

    /// `nil`.
    static func isNil(_ tokens: [SwiftToken]) -> Bool {
        tokens.count == 1 && tokens[0].is("nil")
    }
}
