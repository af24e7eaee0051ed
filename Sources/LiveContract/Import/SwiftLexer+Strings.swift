/// String literals: the one place the lexer must understand nesting (interpolations hold
/// expressions, which hold strings), so that no quote or brace inside a literal reaches the
/// declaration parser.
extension SwiftLexer {
    /// A string literal with any number of `#` delimiters, single- or multi-line; an
    /// interpolation `\( ... )` may hold nested strings and parentheses.
    mutating func stringLiteral(_ startLine: Int, _ startColumn: Int) throws(SwiftSyntaxError) -> String {
        var text = ""
        var hashes = 0
        while peek() == "#" {
            hashes += 1
            text += "#"
            advance()
        }
        // `##` only ever opens a raw string; at the end of the file or before anything but a
        // quote there is no literal to read (and nothing to advance over).
        guard peek() == "\"" else {
            throw SwiftSyntaxError(message: "'\(text)' does not open a string literal (a raw string is #\"...\"#)", line: startLine, column: startColumn)
        }
        let multiLine = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        let quotes = multiLine ? 3 : 1
        for _ in 0..<quotes {
            text += "\""
            advance()
        }
        let escape = "\\" + String(repeating: "#", count: hashes)
        while true {
            guard let scalar = peek(), multiLine || scalar != "\n" && scalar != "\r" else {
                throw SwiftSyntaxError(message: "unterminated string literal", line: startLine, column: startColumn)
            }
            if matches(escape + "(") {
                for _ in 0..<(escape.unicodeScalars.count + 1) {
                    advance()
                }
                text += escape + "(" + (try interpolation(startLine, startColumn)) + ")"
                continue
            }
            if matches(escape) {
                text += escape
                for _ in 0..<escape.unicodeScalars.count { advance() }
                if let next = peek() {
                    text.unicodeScalars.append(next)
                    advance()
                }
                continue
            }
            if matches(String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)) {
                for _ in 0..<(quotes + hashes) { advance() }
                return text + String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes)
            }
            text.unicodeScalars.append(scalar)
            advance()
        }
    }

    /// The inside of `\( ... )` up to its closing parenthesis (which is consumed).
    private mutating func interpolation(_ startLine: Int, _ startColumn: Int) throws(SwiftSyntaxError) -> String {
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        if interpolationDepth > SwiftDeclParser.maximumDepth {
            throw SwiftSyntaxError(message: "string interpolations nested more than \(SwiftDeclParser.maximumDepth) levels deep", line: line, column: column)
        }
        var depth = 1
        var text = ""
        while let scalar = peek() {
            if scalar == "\"" || (scalar == "#" && peek(1) == "\"") {
                text += try stringLiteral(line, column)
                continue
            }
            advance()
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                depth -= 1
                if depth == 0 { return text }
            }
            text.unicodeScalars.append(scalar)
        }
        throw SwiftSyntaxError(message: "unterminated string interpolation", line: startLine, column: startColumn)
    }

    func matches(_ text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }
}
