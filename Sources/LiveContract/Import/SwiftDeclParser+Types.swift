/// Type expressions as they appear after `:` in properties, typealiases and inheritance
/// clauses.
extension SwiftDeclParser {
    /// A type expression: names with generic arguments, `[T]`, `[K: V]`, `T?`, and anything
    /// else (tuples, functions, `some`/`any`, `T!`) as `.other`. One spelled in more than
    /// `maximumTypeTokens` tokens is an error: a Codable property's type takes a handful, and
    /// a spelling as long as the file (a tuple nested 100,000 deep) would be copied into
    /// every message that names it.
    mutating func type() throws(SwiftSyntaxError) -> SwiftTypeRef {
        let start = index
        let result = try typeExpression()
        if index - start > Self.maximumTypeTokens {
            throw error("a type spelled in \(index - start) tokens; the reader takes types of at most \(Self.maximumTypeTokens) (write that field of the schema by hand)",
                        at: tokens[start])
        }
        return result
    }

    static let maximumTypeTokens = 256

    private mutating func typeExpression(composing: Bool = true) throws(SwiftSyntaxError) -> SwiftTypeRef {
        guard let token = current else { throw error("expected a type", at: nil) }
        try descend(at: token)
        defer { depth -= 1 }
        var result: SwiftTypeRef
        if token.is("[") {
            index += 1
            let element = try typeExpression()
            if current?.is(":") == true {
                index += 1
                result = .dictionary(element, try typeExpression())
            } else {
                result = .array(element)
            }
            guard current?.is("]") == true else { throw error("expected ']' to close the type at \(token.line):\(token.column)", at: current) }
            index += 1
        } else if token.is("@"), let name = peek(1), name.kind == .word {
            // A type attribute (`@Sendable () -> Void`, `@escaping`, `@MainActor`): never a
            // stored Codable property's type, so it is kept only as written.
            index += 2
            // Arguments touch the name (`@MainActor(unsafe)`); `@Sendable ()` is a function type.
            if let open = current, open.is("("), open.line == name.line, open.column == name.column + name.text.utf8.count { try skipBalanced() }
            result = .other("@" + name.text + " " + (try typeExpression()).spelling)
        } else if token.is("(") {
            let start = index
            try skipBalanced()
            var text = tokens[start..<index].map(\.text).joined()
            // Effects of a function type: `async`, `throws`, `throws(E)`, `rethrows`.
            while let effect = current, effect.kind == .word, ["async", "throws", "rethrows"].contains(effect.text) {
                index += 1
                text += " " + effect.text
                if effect.text == "throws", current?.is("(") == true { try skipBalanced() }
            }
            if current?.is("-") == true, peek(1)?.is(">") == true {
                index += 2
                text += " -> " + (try typeExpression()).spelling
            }
            result = .other(text)
        } else if token.kind == .word, ["some", "any", "inout", "borrowing", "consuming", "sending"].contains(token.text) {
            index += 1
            result = .other(token.text + " " + (try typeExpression()).spelling)
        } else if token.kind == .word {
            var path = [token.text]
            index += 1
            var arguments: [SwiftTypeRef] = []
            var nestedArguments = false
            while true {
                if current?.is("<") == true {
                    nestedArguments = nestedArguments || !arguments.isEmpty
                    arguments = try genericArguments()
                } else if current?.is(".") == true, let part = peek(1), part.kind == .word {
                    nestedArguments = nestedArguments || !arguments.isEmpty
                    path.append(part.text)
                    index += 2
                } else {
                    break
                }
            }
            result = nestedArguments ? .other(path.joined(separator: ".")) : .named(path, arguments: arguments)
        } else {
            throw error("expected a type, found '\(token.text)'", at: token)
        }
        // Each `?` or `!` wraps the type once more, so it counts as a level of nesting like a
        // bracket: `Int???...` would otherwise build a type as deep as the file is long, which
        // every recursive walk (spelling, comparison, release) would overflow the stack on.
        var wrappers = 0
        defer { depth -= wrappers }
        while let suffix = current, suffix.is("?") || suffix.is("!"), suffix.line == tokens[index - 1].line {
            try descend(at: suffix)
            wrappers += 1
            result = suffix.is("?") ? .optional(result) : .other(result.spelling + "!")
            index += 1
        }
        // A composition (`any Codable & Sendable`) is no schema type; it is kept whole, so it
        // is refused as written instead of read as its first part.
        if composing, current?.is("&") == true {
            var parts = [result.spelling]
            while current?.is("&") == true {
                index += 1
                parts.append(try typeExpression(composing: false).spelling)
            }
            result = .other(parts.joined(separator: " & "))
        }
        return result
    }

    /// `<A, B>` after a type name.
    private mutating func genericArguments() throws(SwiftSyntaxError) -> [SwiftTypeRef] {
        index += 1
        var arguments: [SwiftTypeRef] = []
        while let token = current, !token.is(">") {
            if token.is(",") {
                index += 1
                continue
            }
            arguments.append(try typeExpression())
        }
        guard current?.is(">") == true else { throw error("expected '>' to close the generic arguments", at: nil) }
        index += 1
        return arguments
    }
}
