/// More `init(from:)` forms: one that hands every decoded key to another initializer
/// (`self.init(a: try container.decode(...), ...)`, read like per-property statements once the
/// importer has checked that initializer only stores its parameters), and two conversions
/// that are recognised only to say precisely why they have no schema form.
extension SwiftCodableBody {
    /// A `self.init(...)` call whose arguments are all decoded keys.
    struct DelegatedCall {
        /// The argument labels, in call order.
        var labels: [String]
        var line: Int
        var column: Int
    }

    /// The keys by argument label and the call, when the body is the keyed container and then
    /// only `self.init(label: try container.decode(T.self, forKey: .label) [?? literal], ...)`;
    /// nil when it does not start that way (the per-property reader then judges it).
    static func delegation(_ body: [SwiftToken]) throws(Unreadable) -> (decoded: [String: Decoded], call: DelegatedCall)? {
        var reader = SwiftCodableBody(body)
        guard let container = try? reader.keyedContainer("container", hasTry: true) else { return nil }
        reader.skipSeparators()
        let at = reader.index
        guard let start = reader.current, start.is("self"), at + 3 < reader.tokens.count,
              reader.tokens[at + 1].is("."), reader.tokens[at + 2].is("init"), reader.tokens[at + 3].is("(") else { return nil }
        reader.index += 4
        var decoded: [String: Decoded] = [:]
        var labels: [String] = []
        while let argument = reader.current, !argument.is(")") {
            let label = try reader.word()
            try reader.expect(":")
            if reader.current?.is("try") != true, let conversion = reader.convertedDecode(container) {
                throw Unreadable(line: argument.line, column: argument.column, reason: conversion)
            }
            let value = try reader.decodeExpression(container, key: label, at: argument)
            guard decoded[label] == nil else { throw Unreadable(line: argument.line, column: argument.column) }
            decoded[label] = value
            labels.append(label)
            if reader.current?.is(",") == true { reader.index += 1 } else if reader.current?.is(")") != true { throw reader.unreadable() }
        }
        try reader.expect(")")
        reader.skipSeparators()
        guard reader.current == nil else { throw reader.unreadable() }
        return (decoded, DelegatedCall(labels: labels, line: start.line, column: start.column))
    }

    /// The tokens from the current one to the end of its statement: up to the last token
    /// before one that starts a new line outside brackets.
    func statementTokens() -> ArraySlice<SwiftToken> {
        var end = index
        var depth = 0
        while end < tokens.count {
            let token = tokens[end]
            if end > index, depth == 0, token.line != tokens[end - 1].line, !token.is("."), !token.is("?"), !token.is(":") { break }
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            end += 1
        }
        return tokens[index..<end]
    }

    /// `x = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .x))`: the
    /// decoded value is converted before it is stored. Nil when the statement decodes nothing.
    func convertedDecode(_ container: String) -> String? {
        let statement = Array(statementTokens())
        for position in statement.indices.dropLast(3)
        where statement[position].is("try") && statement[position + 1].is(container) && statement[position + 2].is(".")
            && (statement[position + 3].is("decode") || statement[position + 3].is("decodeIfPresent")) {
            var inner = SwiftCodableBody(Array(statement[position...]))
            let first = statement[position]
            guard let value = try? inner.decodeExpression(container, key: Self.keyName(in: statement[position...]) ?? "", at: first) else { continue }
            let key = Self.keyName(in: statement[position...]) ?? ""
            let written = Self.spelled(statement[...])
            if let declared = propertyTypes[key], declared == value.type || declared == .optional(value.type) {
                let method = statement[position + 3].text
                return "it decodes the key '\(key)' as \(value.type.spelling) and stores what `\(written)` computes from it rather than the value decoded, so what the type holds is not simply the JSON; the JSON and the property are both \(value.type.spelling), so store the key as decoded (`\(key) = try \(container).\(method)(\(value.type.spelling).self, forKey: .\(key))`) and move the normalising into app code, or keep this type by hand"
            }
            return "it decodes the key '\(key)' as \(value.type.spelling) and stores what `\(written)` computes from it, so the JSON of '\(key)' is \(value.type.spelling)'s while the property has another type, and a schema field's JSON is always its own Swift type's Codable form: declare '\(key)' as \(value.type.spelling) (the JSON stays the same) and convert where app code reads it, or keep this type by hand"
        }
        return nil
    }

    /// `forKey: .name` in `tokens`.
    static func keyName(in tokens: ArraySlice<SwiftToken>) -> String? {
        let list = Array(tokens)
        for position in list.indices.dropLast(3) where list[position].is("forKey") && list[position + 1].is(":") && list[position + 2].is(".") {
            return list[position + 3].text
        }
        return nil
    }

    /// After `let stored = try container.decodeIfPresent(T.self, forKey: .key)`, the next
    /// statement `[self.]property = stored ?? <expression>` with an expression that is no
    /// literal: the fallback for a missing key is computed (from other properties, say).
    mutating func computedFallback(of local: String, key: String, type: SwiftTypeRef) -> String? {
        skipSeparators()
        if current?.is("self") == true { index += 2 }
        guard let property = try? word(), (try? expect("=", local, "?", "?")) != nil else { return nil }
        let fallbackStart = index
        if Self.startsLiteral(tokens[fallbackStart...]), (try? literal()) != nil, index == tokens.count || tokens[index].line != tokens[index - 1].line {
            let fallback = Self.spelled(tokens[fallbackStart..<index])
            return "it reads the key '\(key)' into '\(local)' and then stores '\(property)' as `\(local) ?? \(fallback)`; import reads a default only in one statement: write `\(property) = try container.decodeIfPresent(\(type.spelling).self, forKey: .\(key)) ?? \(fallback)` (the same decoding) and import again"
        }
        index = fallbackStart
        let fallback = Self.spelled(statementTokens())
        return "it reads the key '\(key)' as \(type.spelling) into '\(local)' and stores '\(property)' as `\(local) ?? \(fallback)`, a fallback computed each time the key is missing, while a schema default is one fixed literal: write a literal fallback (`?? <value>`), declare '\(property)' optional and compute the fallback where app code reads it, or keep this type by hand"
    }
}

extension SwiftCodableBody {
    /// Whether `tokens` start a literal rather than an expression over other values: a
    /// string, number, `-`, list, `.case`, `true`/`false`, or a dotted name or call
    /// (`Mood.calm`, `URL(string: "x")!`); a parenthesised expression or a bare name (another
    /// property) is computed.
    static func startsLiteral(_ tokens: ArraySlice<SwiftToken>) -> Bool {
        guard let first = tokens.first else { return false }
        if first.kind == .string || first.kind == .number || first.is("-") || first.is("[") || first.is(".") { return true }
        guard first.kind == .word else { return false }
        if first.is("true") || first.is("false") { return true }
        let next = tokens.dropFirst().first
        return next.map { ($0.is(".") || $0.is("(")) && $0.line == first.line } ?? false
    }

    /// The tokens as written: a space wherever the source had one between two tokens of a
    /// line, one between lines.
    static func spelled(_ tokens: ArraySlice<SwiftToken>) -> String {
        var text = ""
        var previous: SwiftToken?
        for token in tokens where token.kind != .doc {
            if let before = previous, before.line != token.line || token.column > before.column + before.text.count { text += " " }
            text += token.text
            previous = token
        }
        return text
    }
}
