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

    /// The type Swift gives an unannotated initial value: a literal (`= 0` is Int, `= 0.5`
    /// Double, ...), or a call of a standard type's initializer (`UUID()`, `Date()`, `Int64(0)`)
    /// and `Date.now`.
    static func inferredType(_ tokens: [SwiftToken]) -> SwiftTypeRef? {
        if tokens.count >= 3, tokens[0].kind == .word, initializable.contains(tokens[0].text), tokens[1].is("("), tokens.last?.is(")") == true,
           balancedSpan(tokens, from: 1) == tokens.count {
            return .named([tokens[0].text], arguments: [])
        }
        if tokens.count == 3, tokens[0].is("Date"), tokens[1].is("."), tokens[2].is("now") { return .named(["Date"], arguments: []) }
        if bool(tokens) != nil { return .named(["Bool"], arguments: []) }
        if integer(tokens) != nil { return .named(["Int"], arguments: []) }
        if decimal(tokens) != nil { return .named(["Double"], arguments: []) }
        if string(tokens) != nil { return .named(["String"], arguments: []) }
        return nil
    }

    /// Types whose initializer call gives a value of that type (so `var id = UUID()` is a UUID).
    static let initializable: Set<String> = [
        "UUID", "Date", "String", "Int", "Double", "Bool", "Float", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// The end (exclusive) of the bracket group opening at `start`.
    static func balancedSpan(_ tokens: [SwiftToken], from start: Int) -> Int? {
        var depth = 0
        for position in start..<tokens.count {
            if tokens[position].is("(") || tokens[position].is("[") || tokens[position].is("{") { depth += 1 }
            if tokens[position].is(")") || tokens[position].is("]") || tokens[position].is("}") {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
        }
        return nil
    }

    /// The argument of `Name(label: argument)` (with a trailing `!` when `forceUnwrapped`).
    static func call(_ tokens: [SwiftToken], _ name: String, label: String, forceUnwrapped: Bool) -> [SwiftToken]? {
        var parts = tokens
        if forceUnwrapped {
            guard parts.last?.is("!") == true else { return nil }
            parts.removeLast()
        }
        guard parts.count >= 6, parts[0].is(name), parts[1].is("("), parts[2].is(label), parts[3].is(":"), parts.last?.is(")") == true,
              balancedSpan(parts, from: 1) == parts.count else { return nil }
        return Array(parts[4..<(parts.count - 1)])
    }

    /// The items of an array literal `[a, b]` (split at top-level commas), or nil.
    static func list(_ tokens: [SwiftToken]) -> [[SwiftToken]]? {
        guard tokens.count >= 2, tokens[0].is("["), balancedSpan(tokens, from: 0) == tokens.count else { return nil }
        var items: [[SwiftToken]] = []
        var item: [SwiftToken] = []
        var depth = 0
        for token in tokens[1..<(tokens.count - 1)] {
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            if depth == 0 && token.is(",") {
                items.append(item)
                item = []
            } else {
                item.append(token)
            }
        }
        if !item.isEmpty { items.append(item) }
        return items.contains(where: \.isEmpty) ? nil : items
    }

    /// Tokens as a reader would write them in a message: `Date(timeIntervalSince1970: 0)`,
    /// `canImport(A) && os(iOS)`.
    static func spelled(_ tokens: [SwiftToken]) -> String {
        var text = ""
        for (position, token) in tokens.enumerated() {
            let previous = position > 0 ? tokens[position - 1] : nil
            let pair = previous.map { ($0.is("&") && token.is("&")) || ($0.is("|") && token.is("|")) } ?? false
            if token.is("&") || token.is("|"), !pair { text += " " }
            if let previous, previous.kind == .word || previous.kind == .number || previous.kind == .string,
               token.kind == .word || token.kind == .number || token.kind == .string { text += " " }
            text += token.text
            if token.is(",") || token.is(":") || pair { text += " " }
        }
        return text
    }

    /// `nil`.
    static func isNil(_ tokens: [SwiftToken]) -> Bool {
        tokens.count == 1 && tokens[0].is("nil")
    }
}
