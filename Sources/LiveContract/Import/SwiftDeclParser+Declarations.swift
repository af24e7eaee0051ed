/// The declaration forms `import` understands: types, properties, enum cases, functions,
/// typealiases and type expressions.
extension SwiftDeclParser {
    /// `struct Name<T>: A, B where ... { members }` and the other type kinds.
    mutating func typeDeclaration(doc: String?, isPublic: Bool) throws(SwiftSyntaxError) -> SwiftTypeDecl {
        let keyword = tokens[index]
        try descend(at: keyword)
        defer { depth -= 1 }
        index += 1
        guard var name = current?.kind == .word ? current?.text : nil else {
            throw error("expected a name after '\(keyword.text)'", at: current)
        }
        let nameToken = tokens[index]
        index += 1
        while current?.is(".") == true, let part = peek(1), part.kind == .word {
            name += "." + part.text
            index += 2
        }
        var isGeneric = false
        var genericParameters: [String] = []
        if current?.is("<") == true {
            isGeneric = true
            // A parameter name is the word right after `<` or a `,` at the clause's own depth.
            var depth = 0
            var previous = ""
            for token in try balancedGroup() {
                if token.is("<") || token.is("(") || token.is("[") { depth += 1 }
                if token.is(">") || token.is(")") || token.is("]") { depth -= 1 }
                if depth == 0, token.kind == .word, previous == "" || previous == "," { genericParameters.append(token.text) }
                previous = token.kind == .symbol ? token.text : "word"
            }
        }
        var inherited: [String] = []
        if current?.is(":") == true {
            index += 1
            while let token = current, !token.is("{"), !token.is("where") {
                if token.is(",") || token.is("&") || token.is("~") || token.is("@") {
                    index += token.is("@") ? 2 : 1
                    continue
                }
                let before = index
                // `Codable & Hashable` is two conformances, as Swift reads it.
                inherited += Self.conformances(in: try type())
                if index == before { index += 1 }
            }
        }
        while let token = current, !token.is("{") {
            if token.is("}") || startsDeclaration(token) {
                throw error("expected '{' to open the body of '\(name)'", at: token)
            }
            index += 1
        }
        guard let opener = current else { throw error("expected '{' to open the body of '\(name)'", at: nil) }
        index += 1
        let members = try members(closedBy: opener)
        return SwiftTypeDecl(kind: SwiftTypeDecl.Kind(rawValue: keyword.text) ?? .struct, name: name, inherited: inherited,
                             isGeneric: isGeneric, isPublic: isPublic, members: members, doc: doc,
                             line: nameToken.line, column: nameToken.column, endLine: tokens[index - 1].line, genericParameters: genericParameters)
    }

    /// `var a: Int = 0, b: String { get }`: one property per binding. In `var a, b: Double`
    /// an untyped binding takes the type of the next typed one, as in Swift.
    mutating func properties(doc: String?, attributes: [String], isStatic: Bool, isLazy: Bool) throws(SwiftSyntaxError) -> [SwiftProperty] {
        let isLet = tokens[index].text == "let"
        index += 1
        var result: [SwiftProperty] = []
        while let nameToken = current {
            guard nameToken.kind == .word else {
                throw error("expected a property name after '\(isLet ? "let" : "var")'", at: nameToken)
            }
            index += 1
            var property = SwiftProperty(name: nameToken.text, type: nil, isLet: isLet, isStatic: isStatic, isComputed: false,
                                         isLazy: isLazy, initializer: [], attributes: attributes, doc: doc,
                                         line: nameToken.line, column: nameToken.column)
            if current?.is(":") == true {
                index += 1
                property.type = try type()
            }
            if current?.is("=") == true {
                index += 1
                property.initializer = try expression()
            }
            if current?.is("{") == true {
                let block = try balancedGroup()
                let first = block.first { $0.kind != .doc }
                property.isComputed = !(first?.is("willSet") == true || first?.is("didSet") == true)
            }
            result.append(property)
            guard current?.is(",") == true else { break }
            index += 1
        }
        var nextType: SwiftTypeRef?
        for position in result.indices.reversed() {
            if let type = result[position].type {
                nextType = type
            } else if result[position].initializer.isEmpty, !result[position].isComputed {
                result[position].type = nextType
            }
        }
        return result
    }

    /// An initial value or raw value: tokens up to a `,`, `;`, a `{ willSet`/`{ didSet`
    /// block, the closing `}` of the body, or a new line that starts a declaration.
    mutating func expression() throws(SwiftSyntaxError) -> [SwiftToken] {
        var result: [SwiftToken] = []
        var previousLine = tokens[index - 1].line
        while let token = current {
            if token.is(",") || token.is(";") || token.is("}") { break }
            if token.line > previousLine && (startsDeclaration(token) || token.is("{")) { break }
            if token.is("{"), let next = peek(1), next.is("willSet") || next.is("didSet") { break }
            if token.is("(") || token.is("[") || token.is("{") {
                let start = index
                try skipBalanced()
                result += tokens[start..<index]
            } else {
                result.append(token)
                index += 1
            }
            previousLine = tokens[index - 1].line
        }
        return result
    }

    /// The keys synthesized Codable writes for associated values `(meters: Int, _ note: String, Bool)`:
    /// each label, or `_<position>` for an unlabeled one.
    static func associatedKeys(_ tokens: ArraySlice<SwiftToken>) -> [String] {
        var keys: [String] = []
        var depth = 0
        var start = true
        var position = 0
        for (offset, token) in zip(tokens.indices, tokens) {
            if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
            if depth == 0 && token.is(",") {
                start = true
                continue
            }
            guard start, depth == 0 else { continue }
            start = false
            let next = offset + 1 < tokens.endIndex ? tokens[offset + 1] : nil
            let labeled = token.kind == .word && token.text != "_" && next?.is(":") == true
            keys.append(labeled ? token.text : "_\(position)")
            position += 1
        }
        return keys
    }

    /// `case a, b = "x", c(Int)`.
    mutating func enumCases(doc: String?) throws(SwiftSyntaxError) -> [SwiftEnumCase] {
        index += 1
        var result: [SwiftEnumCase] = []
        while let nameToken = current, nameToken.kind == .word {
            index += 1
            var enumCase = SwiftEnumCase(name: nameToken.text, rawValue: [], hasAssociatedValues: false, doc: doc,
                                         line: nameToken.line, column: nameToken.column)
            if current?.is("(") == true {
                enumCase.hasAssociatedValues = true
                let open = index
                try skipBalanced()
                enumCase.associatedKeys = Self.associatedKeys(tokens[(open + 1)..<(index - 1)])
            }
            if current?.is("=") == true {
                index += 1
                enumCase.rawValue = try expression()
            }
            result.append(enumCase)
            guard current?.is(",") == true else { break }
            index += 1
        }
        return result
    }

    /// `func name<T>(label name: Type, ...) ... { body }` and `init?(...)`.
    mutating func function() throws(SwiftSyntaxError) -> SwiftFunction {
        let keyword = tokens[index]
        index += 1
        var name = keyword.text
        if keyword.text == "func", let token = current {
            name = token.text
            index += 1
        }
        while let token = current, token.is("?") || token.is("!") || (token.kind == .symbol && !token.is("(") && !token.is("<")) {
            index += 1
        }
        let generic = current?.is("<") == true
        if generic { try skipBalanced() }
        var labels: [String] = []
        var parameters: [String] = []
        var types: [String] = []
        if current?.is("(") == true {
            var depth = 0
            var expectLabel = true
            var expectName = false
            var inType = false
            for token in try balancedGroup() {
                if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
                if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
                if depth == 0 && (token.is(":") || token.is("=")) {
                    inType = token.is(":") && types.count < labels.count
                    if inType { types.append("") }
                } else if inType && token.kind != .doc {
                    let last = types[types.count - 1].unicodeScalars.last
                    let spaced = token.kind == .word && last.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" } == true
                    types[types.count - 1] += (spaced ? " " : "") + token.text
                }
                if depth == 0 && token.is(",") {
                    expectLabel = true
                    inType = false
                } else if expectLabel && token.kind == .word && token.text != "inout" {
                    labels.append(token.text)
                    parameters.append(token.text)
                    expectLabel = false
                    expectName = true
                    continue
                } else if expectName && token.kind == .word {
                    // `init(name n: String)`: the body names the parameter `n`.
                    parameters[parameters.count - 1] = token.text
                } else if token.kind != .doc {
                    expectLabel = false
                }
                expectName = false
            }
        }
        let body = try bodyAfterSignature()
        return SwiftFunction(name: name, labels: labels, parameters: parameters, parameterTypes: generic ? [] : types, body: body, line: keyword.line, column: keyword.column)
    }

    /// `typealias Name = Type`.
    mutating func typeAlias() throws(SwiftSyntaxError) -> SwiftTypeAlias {
        let keyword = tokens[index]
        index += 1
        guard let nameToken = current, nameToken.kind == .word else {
            throw error("expected a name after 'typealias'", at: current)
        }
        index += 1
        if current?.is("<") == true { try skipBalanced() }
        guard current?.is("=") == true else { throw error("expected '=' in typealias '\(nameToken.text)'", at: current) }
        index += 1
        return SwiftTypeAlias(name: nameToken.text, target: try type(), line: keyword.line, column: keyword.column)
    }

    /// The protocols a type in an inheritance clause names: a composition
    /// (`Codable & Hashable`, kept whole by `type()`) is one conformance per part.
    static func conformances(in type: SwiftTypeRef) -> [String] {
        let spelling = type.spelling
        guard case .other = type, spelling.contains(" & ") else { return [spelling] }
        var parts: [String] = []
        var rest = Substring(spelling)
        while let range = rest.firstRange(of: " & ") {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        return parts + [String(rest)]
    }
}
