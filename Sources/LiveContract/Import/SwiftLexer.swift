/// One token of Swift source, with the position of its first character.
///
/// `import` reads only declarations, so the token set is small: names, punctuation, literals
/// and doc comments. Plain comments and whitespace are dropped; a doc comment is kept as a
/// token so the parser can attach it to the declaration that follows.
struct SwiftToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// An identifier or keyword; backticks are removed (`` `default` `` -> `default`).
        case word
        /// One punctuation or operator character: `{`, `<`, `?`, `.`, `=`, ...
        case symbol
        /// A string literal; `text` holds the source spelling, quotes included.
        case string
        case number
        /// `///` lines or a `/** */` block; `text` holds the comment's text without markers.
        case doc
        /// `#if`, `#elseif`, `#else`, `#endif`, `#warning`, ...: `text` is the directive name.
        case directive
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int
    /// Where the token starts and ends in the source, in Unicode scalars (a doc token spans its
    /// comment): `import` copies a member the schema cannot hold as the source text between them.
    var offset = 0
    var endOffset = 0

    func `is`(_ word: String) -> Bool { (kind == .word || kind == .symbol) && text == word }
}

/// A place the lexer could not read, such as an unterminated string or comment.
struct SwiftSyntaxError: Error, Sendable {
    var message: String
    var line: Int
    var column: Int
}

/// Splits Swift source into `SwiftToken`s. It understands comments (nested block comments
/// too), string literals (plain, multi-line, raw, with interpolation) and numbers well enough
/// that no quote or brace inside them confuses the declaration parser.
struct SwiftLexer {
    private let scalars: [Unicode.Scalar]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1
    /// How many string interpolations enclose the current character: strings nest inside
    /// interpolations recursively, so the depth is bounded like the parser's.
    var interpolationDepth = 0

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func tokens() throws(SwiftSyntaxError) -> [SwiftToken] {
        var result: [SwiftToken] = []
        var pendingDoc: (lines: [String], line: Int, column: Int, offset: Int, endOffset: Int)?
        func flushDoc() {
            if let doc = pendingDoc {
                result.append(SwiftToken(kind: .doc, text: doc.lines.joined(separator: "\n"), line: doc.line, column: doc.column,
                                         offset: doc.offset, endOffset: doc.endOffset))
                pendingDoc = nil
            }
        }
        while let scalar = peek() {
            let startLine = line, startColumn = column, startIndex = index
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/" && peek(1) == "/" {
                let text = lineComment()
                if text.hasPrefix("/") && !text.hasPrefix("//") {
                    let body = String(text.dropFirst())
                    let trimmed = body.hasPrefix(" ") ? String(body.dropFirst()) : body
                    if pendingDoc == nil { pendingDoc = ([], startLine, startColumn, startIndex, index) }
                    pendingDoc?.lines.append(trimmed)
                    pendingDoc?.endOffset = index
                }
            } else if scalar == "/" && peek(1) == "*" {
                flushDoc()
                let (text, isDoc) = try blockComment()
                if isDoc { result.append(SwiftToken(kind: .doc, text: text, line: startLine, column: startColumn, offset: startIndex, endOffset: index)) }
            } else {
                flushDoc()
                var next = try token(startLine, startColumn)
                next.offset = startIndex
                next.endOffset = index
                result.append(next)
            }
        }
        flushDoc()
        return result
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// A line ends at LF, CRLF or a lone CR, as it does for the Swift compiler.
    mutating func advance() {
        if scalars[index] == "\n" || scalars[index] == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n") {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    /// The text after `//` up to the end of the line.
    private mutating func lineComment() -> String {
        advance()
        advance()
        var text = ""
        // A lone CR ends the comment too: the compiler reads what follows it as code.
        while let scalar = peek(), scalar != "\n", scalar != "\r" {
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    /// A block comment, nested ones included; a `/**` comment comes back as doc text with the
    /// leading `*` of each line removed.
    private mutating func blockComment() throws(SwiftSyntaxError) -> (String, Bool) {
        let startLine = line, startColumn = column
        advance()
        advance()
        let isDoc = peek() == "*" && peek(1) != "/"
        var depth = 1
        var text = ""
        while depth > 0 {
            guard let scalar = peek() else {
                throw SwiftSyntaxError(message: "unterminated comment", line: startLine, column: startColumn)
            }
            if scalar == "/" && peek(1) == "*" {
                depth += 1
            } else if scalar == "*" && peek(1) == "/" {
                depth -= 1
                advance()
                advance()
                continue
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard isDoc else { return ("", false) }
        let lines = text.dropFirst().split(separator: "\n", omittingEmptySubsequences: false).map { raw -> String in
            var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
            if line.first == "*" { line = line.dropFirst() }
            if line.first == " " { line = line.dropFirst() }
            return String(line.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
        }
        let trimmed = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
        return (trimmed.joined(separator: "\n"), true)
    }

    private mutating func token(_ startLine: Int, _ startColumn: Int) throws(SwiftSyntaxError) -> SwiftToken {
        let scalar = peek()!
        func make(_ kind: SwiftToken.Kind, _ text: String) -> SwiftToken {
            SwiftToken(kind: kind, text: text, line: startLine, column: startColumn)
        }
        if scalar == "`" {
            advance()
            var name = ""
            while let next = peek(), next != "`", next != "\n", next != "\r" {
                name.unicodeScalars.append(next)
                advance()
            }
            guard peek() == "`" else {
                throw SwiftSyntaxError(message: "unterminated backtick name", line: startLine, column: startColumn)
            }
            advance()
            return try word(name, startLine, startColumn)
        }
        if Self.isIdentifierStart(scalar) {
            return try word(take(while: Self.isIdentifierPart), startLine, startColumn)
        }
        if ("0"..."9").contains(scalar) {
            var text = ""
            // `1e-07`: a sign right after a decimal exponent belongs to the number.
            func isExponentSign(_ scalar: Unicode.Scalar) -> Bool {
                (scalar == "-" || scalar == "+") && (text.hasSuffix("e") || text.hasSuffix("E")) && !text.hasPrefix("0x")
            }
            while let next = peek(), Self.isIdentifierPart(next) || isExponentSign(next) || next == "." && peek(1).map({ ("0"..."9").contains($0) }) == true {
                text.unicodeScalars.append(next)
                advance()
            }
            return make(.number, text)
        }
        if scalar == "\"" || (scalar == "#" && (peek(1) == "\"" || peek(1) == "#")) {
            return make(.string, try stringLiteral(startLine, startColumn))
        }
        if scalar == "#" {
            advance()
            return make(.directive, take(while: Self.isIdentifierPart))
        }
        // The compiler refuses these outside strings and comments; read as a symbol they
        // split a name in two (`e<U+202E>ta`) and the error came out about something else.
        // A byte order mark opens a file legally.
        let category = scalar.properties.generalCategory
        if (category == .control || category == .format) && !(scalar == "\u{FEFF}" && index == 0) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw SwiftSyntaxError(message: "U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), a control or format character, outside a string or comment",
                                   line: startLine, column: startColumn)
        }
        advance()
        return make(.symbol, String(scalar))
    }

    /// No real name is longer than a line; one of a megabyte would be copied into every
    /// message and schema key that names it.
    static let maximumWordBytes = 256

    private func word(_ text: String, _ line: Int, _ column: Int) throws(SwiftSyntaxError) -> SwiftToken {
        if text.utf8.count > Self.maximumWordBytes {
            throw SwiftSyntaxError(message: "an identifier of \(text.utf8.count) bytes ('\(text.prefix(24))...'); the reader takes names of at most \(Self.maximumWordBytes) bytes",
                                   line: line, column: column)
        }
        return SwiftToken(kind: .word, text: text, line: line, column: column)
    }

    private mutating func take(while accept: (Unicode.Scalar) -> Bool) -> String {
        var text = ""
        while let scalar = peek(), accept(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCIILetter || scalar == "_" || scalar == "$" || scalar.value > 0x7F && scalar.properties.isXIDStart
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar) || scalar.value > 0x7F && scalar.properties.isXIDContinue
    }
}
