/// Reads hand-written `init(from:)` and `encode(to:)` bodies of the one shape that says
/// nothing synthesized `Codable` (plus schema defaults) would not: a keyed container over
/// `CodingKeys`, then one statement per property,
///
///     self.x = try container.decode(T.self, forKey: .x)
///     self.y = try container.decodeIfPresent(T.self, forKey: .y) ?? literal
///     try container.encode(x, forKey: .x)   /   try container.encodeIfPresent(y, forKey: .y)
///
/// Anything else (another container, `try?`, a computed value, a renamed key) is reported at
/// its statement, since import does not guess what custom code does.
struct SwiftCodableBody {
    /// How `init(from:)` reads one key.
    struct Decoded {
        enum Form { case required, ifPresent, defaulted([SwiftToken]) }
        var form: Form
        var type: SwiftTypeRef
        var line: Int
        var column: Int
        /// A date converted as it is decoded (`encoding:`); `.reference` for a plain decode.
        var dateEncoding: DateEncoding = .reference
    }

    /// How `encode(to:)` writes one key.
    struct Encoded {
        var ifPresent: Bool
        var line: Int
        var column: Int
        /// A date converted as it is written (`encoding:`); `.reference` for the property itself.
        var dateEncoding: DateEncoding = .reference
    }

    /// Where and why a body is not of the readable shape.
    struct Unreadable: Error {
        var line: Int
        var column: Int
        /// What the statement does instead, when it is a recognisable conversion.
        var reason: String?
    }

    let tokens: [SwiftToken]
    var index = 0
    /// The declared types of the stored properties, by name, so a message about a key read
    /// into a local says what differs (the type, or only the way it is stored).
    var propertyTypes: [String: SwiftTypeRef] = [:]

    init(_ tokens: [SwiftToken]) {
        self.tokens = tokens.filter { $0.kind != .doc }
    }

    var current: SwiftToken? { index < tokens.count ? tokens[index] : nil }

    mutating func expect(_ texts: String...) throws(Unreadable) {
        for text in texts {
            guard let token = current, token.is(text) else { throw unreadable() }
            index += 1
        }
    }

    mutating func word() throws(Unreadable) -> String {
        guard let token = current, token.kind == .word else { throw unreadable() }
        index += 1
        return token.text
    }

    func unreadable() -> Unreadable {
        let token = current ?? tokens.last
        return Unreadable(line: token?.line ?? 0, column: token?.column ?? 0)
    }

    /// Skips `;` between statements.
    mutating func skipSeparators() {
        while current?.is(";") == true { index += 1 }
    }

    /// `let container = try decoder.container(keyedBy: CodingKeys.self)` (or `var`, any names).
    mutating func keyedContainer(_ method: String, hasTry: Bool) throws(Unreadable) -> String {
        guard current?.is("let") == true || current?.is("var") == true else { throw unreadable() }
        index += 1
        let name = try word()
        try expect("=")
        if hasTry { try expect("try") }
        _ = try word()
        try expect(".", method, "(", "keyedBy", ":", "CodingKeys", ".", "self", ")")
        return name
    }

    /// The keys an `init(from:)` body decodes, by property name.
    static func decoding(_ body: [SwiftToken], propertyTypes: [String: SwiftTypeRef] = [:]) throws(Unreadable) -> [String: Decoded] {
        var reader = SwiftCodableBody(body)
        reader.propertyTypes = propertyTypes
        let container = try reader.keyedContainer("container", hasTry: true)
        var result: [String: Decoded] = [:]
        reader.skipSeparators()
        while let start = reader.current {
            if start.is("let") || start.is("var"), let dated = reader.encodedDateThroughLocal(container, at: start) {
                guard result[dated.property] == nil else { throw Unreadable(line: start.line, column: start.column) }
                result[dated.property] = dated.decoded
                reader.skipSeparators()
                continue
            }
            if start.is("let") || start.is("var"), let conversion = reader.decodedIntoLocal(container) {
                throw Unreadable(line: start.line, column: start.column, reason: conversion)
            }
            if start.is("self") { try reader.expect("self", ".") }
            let property = try reader.word()
            try reader.expect("=")
            if let dated = reader.encodedDateDecode(container, key: property, at: start) {
                guard result[property] == nil else { throw Unreadable(line: start.line, column: start.column) }
                result[property] = dated
                reader.skipSeparators()
                continue
            }
            if reader.current?.is("try") != true, let conversion = reader.convertedDecode(container) {
                throw Unreadable(line: start.line, column: start.column, reason: conversion)
            }
            let decoded = try reader.decodeExpression(container, key: property, at: start)
            guard result[property] == nil else { throw Unreadable(line: start.line, column: start.column) }
            result[property] = decoded
            reader.skipSeparators()
        }
        return result
    }

    /// `try container.decode(T.self, forKey: .key)` or `decodeIfPresent(...)`, with an optional
    /// `?? literal`, where `key` must be the property (or argument) it sets.
    mutating func decodeExpression(_ container: String, key expected: String, at start: SwiftToken) throws(Unreadable) -> Decoded {
        try expect("try", container, ".")
        let method = try word()
        guard method == "decode" || method == "decodeIfPresent" else { throw unreadable() }
        try expect("(")
        let type = try typeUntilSelf()
        try expect(",", "forKey", ":", ".")
        let key = try word()
        try expect(")")
        guard key == expected else { throw Unreadable(line: start.line, column: start.column) }
        var form: Decoded.Form = method == "decode" ? .required : .ifPresent
        if current?.is("?") == true, tokens.indices.contains(index + 1), tokens[index + 1].is("?") {
            guard method == "decodeIfPresent" else { throw unreadable() }
            index += 2
            form = .defaulted(try literal())
        }
        return Decoded(form: form, type: type, line: start.line, column: start.column)
    }

    /// The keys an `encode(to:)` body writes, by property name.
    static func encoding(_ body: [SwiftToken]) throws(Unreadable) -> [String: Encoded] {
        var reader = SwiftCodableBody(body)
        let container = try reader.keyedContainer("container", hasTry: false)
        var result: [String: Encoded] = [:]
        reader.skipSeparators()
        while let start = reader.current {
            try reader.expect("try", container, ".")
            let method = try reader.word()
            guard method == "encode" || method == "encodeIfPresent" else { throw reader.unreadable() }
            try reader.expect("(")
            if let dated = reader.encodedDateValue() {
                try reader.expect(",", "forKey", ":", ".")
                let key = try reader.word()
                try reader.expect(")")
                guard key == dated.property, result[key] == nil, dated.optional == (method == "encodeIfPresent") else {
                    throw Unreadable(line: start.line, column: start.column)
                }
                result[key] = Encoded(ifPresent: dated.optional, line: start.line, column: start.column, dateEncoding: dated.encoding)
                reader.skipSeparators()
                continue
            }
            if reader.current?.is("self") == true { try reader.expect("self", ".") }
            let property = try reader.word()
            if reader.current?.is(",") != true, let conversion = reader.encodedComputed(property) {
                throw Unreadable(line: start.line, column: start.column, reason: conversion)
            }
            try reader.expect(",", "forKey", ":", ".")
            let key = try reader.word()
            try reader.expect(")")
            guard key == property, result[property] == nil else {
                throw Unreadable(line: start.line, column: start.column)
            }
            result[property] = Encoded(ifPresent: method == "encodeIfPresent", line: start.line, column: start.column)
            reader.skipSeparators()
        }
        return result
    }

    /// `let raw = try container.decode(T.self, forKey: .key)`: the key is read into a local
    /// and the property set from something computed from it (a Unix timestamp made a Date,
    /// say), so the key's JSON is a T's while the property has another type. Nil for any
    /// other statement; the reader is left where it was.
    private mutating func decodedIntoLocal(_ container: String) -> String? {
        let start = index
        defer { index = start }
        index += 1
        guard let local = try? word(), (try? expect("=", "try", container, ".")) != nil,
              let method = try? word(), method == "decode" || method == "decodeIfPresent",
              (try? expect("(")) != nil, let type = try? typeUntilSelf(),
              (try? expect(",", "forKey", ":", ".")) != nil, let key = try? word(), (try? expect(")")) != nil else { return nil }
        if let fallback = computedFallback(of: local, key: key, type: type) { return fallback }
        // The key's case names the property (CodingKeys cases are the property names).
        if let declared = propertyTypes[key], declared == type || declared == .optional(type) {
            return "it reads the key '\(key)' as \(type.spelling) into the local '\(local)', and '\(key)' is set from it only through other code (a computed fallback, a conversion, or an initializer that computes), so what the type holds is not simply the JSON; the JSON and the property are both \(type.spelling), so store the key in one statement (`\(key) = try container.decode(\(type.spelling).self, forKey: .\(key))`, or `decodeIfPresent(...) ?? literal` for a default) and move any normalising into app code, or keep this type by hand"
        }
        return "it reads the key '\(key)' as \(type.spelling) into a local and sets the property from a value computed from it, so the JSON of '\(key)' is \(type.spelling)'s while the property has another type, and a schema field's JSON is always its own Swift type's Codable form: declare '\(key)' as \(type.spelling) (the JSON stays the same) and convert where app code reads it, or keep this type by hand"
    }

    /// `try container.encode(x.something, forKey: .key)`: the value written is computed from
    /// the property, not the property itself. Nil when the statement is not of that form.
    private mutating func encodedComputed(_ property: String) -> String? {
        let start = index
        defer { index = start }
        var depth = 0
        while let token = current, !(depth == 0 && token.is(",")) {
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            guard depth >= 0 else { return nil }
            index += 1
        }
        let written = tokens[(start - 1)..<index].map(\.text).joined()
        guard (try? expect(",", "forKey", ":", ".")) != nil, let key = try? word() else { return nil }
        return "it writes \(written) under the key '\(key)', a value computed from '\(property)' rather than the property itself, so the JSON is not the property's own Codable form, which is what a schema field's JSON always is: declare '\(key)' with the type of what is written (the JSON stays the same) and convert where app code reads it, or keep this type by hand"
    }

    /// `T` in `T.self`: the tokens up to `.self`, read as a type.
    mutating func typeUntilSelf() throws(Unreadable) -> SwiftTypeRef {
        let start = index
        var depth = 0
        while let token = current {
            if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
            if depth == 0, token.is("."), index + 1 < tokens.count, tokens[index + 1].is("self") { break }
            guard depth >= 0 else { throw unreadable() }
            index += 1
        }
        var parser = SwiftDeclParser(tokens: Array(tokens[start..<index]))
        guard index > start, let type = try? parser.type(), parser.index == index - start else {
            throw Unreadable(line: tokens[start].line, column: tokens[start].column)
        }
        try expect(".", "self")
        return type
    }

    /// The literal after `??`: `-`? then a bracket group, or a dotted name with an optional
    /// call and `!` (`.on`, `Mood.calm`, `URL(string: "x")!`, `Date(timeIntervalSince1970: 0)`),
    /// or a single literal token. Whether it is a value the schema can hold is decided later.
    mutating func literal() throws(Unreadable) -> [SwiftToken] {
        let start = index
        try singleLiteral()
        // `a...b` (a ClosedRange<Date> default)
        if index + 2 < tokens.count, tokens[index].is("."), tokens[index + 1].is("."), tokens[index + 2].is(".") {
            index += 3
            try singleLiteral()
        }
        return Array(tokens[start..<index])
    }

    private mutating func singleLiteral() throws(Unreadable) {
        if current?.is("-") == true { index += 1 }
        guard let first = current else { throw unreadable() }
        if first.is("[") || first.is("(") {
            try skipGroup()
        } else if first.kind == .string || first.kind == .number {
            index += 1
        } else if first.is(".") || first.kind == .word {
            if first.is(".") { index += 1 }
            _ = try word()
            while current?.is(".") == true, index + 1 < tokens.count, tokens[index + 1].kind == .word { index += 2 }
            if current?.is("(") == true, current?.line == tokens[index - 1].line { try skipGroup() }
            if current?.is("!") == true { index += 1 }
        } else {
            throw unreadable()
        }
    }

    /// A balanced bracket group at the current token, read without recursion.
    private mutating func skipGroup() throws(Unreadable) {
        var depth = 0
        repeat {
            guard let token = current else { throw unreadable() }
            if token.is("(") || token.is("[") || token.is("{") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") { depth -= 1 }
            index += 1
        } while depth > 0
    }
}
