/// Reads the declarations of a Swift file from its tokens: types, stored and computed
/// properties, enum cases, functions and typealiases, each with its position.
///
/// It is a reader for declarations, not a Swift compiler: statements inside function bodies,
/// initial values and accessor blocks are skipped by balancing brackets (without recursion),
/// and `#if` chains are resolved beforehand (`SwiftConditionals`). What it cannot place it
/// skips token by token rather than guessing a meaning.
///
/// Nested declarations and type expressions are read recursively, so their depth is bounded
/// (`maximumDepth`): a file with thousands of nested brackets is an error at the bracket that
/// goes too deep, not a stack overflow.
struct SwiftDeclParser {
    let tokens: [SwiftToken]
    var index = 0
    /// How many type declarations and type expressions enclose the current token.
    var depth = 0

    /// Far beyond any real declaration (a few levels), far below what the stack holds.
    static let maximumDepth = 48

    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "nonisolated", "dynamic", "required",
        "convenience", "indirect", "optional", "isolated", "distributed",
    ]
    static let declarationWords: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "case", "struct", "enum", "class", "actor",
        "protocol", "extension", "typealias", "import", "associatedtype",
    ]

    init(tokens: [SwiftToken]) {
        self.tokens = tokens
    }

    /// The whole file.
    mutating func parseFile() throws(SwiftSyntaxError) -> SwiftMembers {
        try members(closedBy: nil)
    }

    var current: SwiftToken? { index < tokens.count ? tokens[index] : nil }

    func peek(_ offset: Int) -> SwiftToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    /// Enters one more level of nesting at `token`, or fails there when it is too deep.
    mutating func descend(at token: SwiftToken?) throws(SwiftSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("declarations or types nested more than \(Self.maximumDepth) levels deep", at: token)
        }
    }

    func error(_ message: String, at token: SwiftToken?) -> SwiftSyntaxError {
        let last = tokens.last
        return SwiftSyntaxError(message: message, line: token?.line ?? last?.line ?? 1, column: token?.column ?? last?.column ?? 1)
    }

    /// Declarations until the `}` that closes `opener` (consumed), or the end of the file.
    mutating func members(closedBy opener: SwiftToken?) throws(SwiftSyntaxError) -> SwiftMembers {
        var result = SwiftMembers()
        var doc: String?
        var docOffset: Int?
        while let token = current {
            if token.is("}") {
                guard opener != nil else { throw error("'}' closes nothing", at: token) }
                index += 1
                return result
            }
            if token.kind == .doc {
                if doc == nil { docOffset = token.offset }
                doc = token.text
                index += 1
                continue
            }
            if token.kind == .directive {
                result.macros.append((token.text, token.line, token.column))
                skipDirective()
                continue
            }
            let start = index
            var attributes: [String] = []
            var words: Set<String> = []
            while let next = current {
                if next.is("@"), let name = peek(1), name.kind == .word {
                    attributes.append(name.text)
                    index += 2
                    if current?.is("(") == true { try skipBalanced() }
                } else if next.kind == .word, isModifier(next.text) {
                    words.insert(next.text)
                    index += 1
                    if current?.is("(") == true { try skipBalanced() }
                } else {
                    break
                }
            }
            guard let keyword = current, keyword.kind == .word else {
                if let opener = current, ["(", "[", "{"].contains(opener.text), opener.kind == .symbol {
                    try skipBalanced()
                } else if index == start {
                    index += 1
                }
                doc = nil
                docOffset = nil
                continue
            }
            let isStatic = words.contains("static") || words.contains("class")
            let spanStart = (doc == nil ? nil : docOffset) ?? tokens[start].offset
            func span() -> SwiftSpan { SwiftSpan(start: spanStart, end: tokens[index - 1].endOffset) }
            switch keyword.text {
            case "struct", "enum", "class", "actor", "protocol", "extension":
                var decl = try typeDeclaration(doc: doc, isPublic: words.contains("public") || words.contains("open"))
                decl.span = span()
                result.types.append(decl)
            case "var", "let":
                let bound = try properties(doc: doc, attributes: attributes, isStatic: isStatic, isLazy: words.contains("lazy"))
                let statement = span()
                result.properties += bound.map { var property = $0; property.span = statement; return property }
            case "case":
                result.cases += try enumCases(doc: doc)
            case "func", "init":
                var function = try function()
                function.span = span()
                result.functions.append(function)
            case "typealias":
                var alias = try typeAlias()
                alias.span = span()
                result.aliases.append(alias)
            case "subscript":
                index += 1
                try skipToBody()
                result.subscripts.append((span(), keyword.line, keyword.column))
            case "deinit":
                index += 1
                try skipToBody()
            case "import":
                // `import SwiftUI`, `import struct Foundation.Date`: the module is the first
                // name after the keyword and an optional declaration kind.
                let names = tokens[(index + 1)...].prefix { $0.line == keyword.line && $0.kind == .word }
                if let module = names.first(where: { !Self.declarationWords.contains($0.text) }) {
                    result.imports.append((module.text, keyword.line))
                }
                skipLine(of: keyword)
            case "associatedtype":
                skipLine(of: keyword)
            default:
                index += 1
            }
            doc = nil
            docOffset = nil
        }
        if let opener { throw error("missing '}' for the '{' at \(opener.line):\(opener.column)", at: nil) }
        return result
    }

    /// `class` is a modifier only before another declaration word (`class var`, `class func`).
    private func isModifier(_ word: String) -> Bool {
        if word == "class" {
            guard let next = peek(1), next.kind == .word else { return false }
            return Self.declarationWords.contains(next.text) && next.text != "class" || Self.modifiers.contains(next.text)
        }
        return Self.modifiers.contains(word)
    }

    /// Freestanding macros such as `#warning(...)` or `#Preview("x") { ... }` (`#if` chains are
    /// gone by now).
    mutating func skipDirective() {
        let directive = tokens[index]
        index += 1
        if current?.is("(") == true, current?.line == directive.line { try? skipBalanced() }
        if current?.is("{") == true, current?.line == directive.line { try? skipBalanced() }
    }

    /// Skips every token on the line where `token` starts.
    mutating func skipLine(of token: SwiftToken) {
        while let next = current, next.line == token.line { index += 1 }
    }

    /// Skips a `(...)`, `[...]`, `{...}` or `<...>` group starting at the current token.
    mutating func skipBalanced() throws(SwiftSyntaxError) {
        _ = try balancedGroup()
    }

    /// The tokens inside the bracket group at the current token (which must open it).
    mutating func balancedGroup() throws(SwiftSyntaxError) -> [SwiftToken] {
        let opener = tokens[index]
        let pairs: [String: String] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let closer = pairs[opener.text] else { return [] }
        var stack = [closer]
        index += 1
        let start = index
        while let token = current {
            index += 1
            if token.kind != .symbol { continue }
            if token.text == stack.last {
                stack.removeLast()
                if stack.isEmpty { return Array(tokens[start..<(index - 1)]) }
            } else if let close = pairs[token.text], token.text != "<" || opener.text == "<" {
                stack.append(close)
            } else if [")", "]", "}"].contains(token.text), opener.text != "<" {
                throw error("'\(token.text)' does not match the '\(opener.text)' at \(opener.line):\(opener.column)", at: token)
            }
        }
        throw error("missing '\(closer)' for the '\(opener.text)' at \(opener.line):\(opener.column)", at: nil)
    }

    /// From a signature to past its `{ body }`, or to the next declaration when it has none
    /// (a protocol requirement).
    mutating func skipToBody() throws(SwiftSyntaxError) {
        _ = try bodyAfterSignature()
    }

    mutating func bodyAfterSignature() throws(SwiftSyntaxError) -> [SwiftToken] {
        var previousLine = tokens[max(index - 1, 0)].line
        while let token = current {
            if token.is("{") { return try balancedGroup() }
            if token.is("(") || token.is("[") {
                try skipBalanced()
            } else if token.is("}") || (token.line > previousLine && startsDeclaration(token)) {
                return []
            } else {
                index += 1
            }
            previousLine = tokens[index - 1].line
        }
        return []
    }

    /// Whether `token` can only begin a new declaration (used to end initial values and
    /// bodiless signatures, which Swift ends with a line break).
    func startsDeclaration(_ token: SwiftToken) -> Bool {
        switch token.kind {
        case .doc, .directive: return true
        case .symbol: return token.text == "@"
        case .word: return Self.declarationWords.contains(token.text) || Self.modifiers.contains(token.text)
        default: return false
        }
    }
}
