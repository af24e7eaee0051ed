/// libyaml's syntax errors in plain words: what is likely wrong, where, and the fix.
///
/// libyaml names the parser state it was in (`did not find expected key (while parsing a
/// block mapping)`), often on the line after the mistake. The common mistakes in a
/// hand-written schema are few: a tab, a line indented one level off, an unclosed bracket or
/// quote, a `: ` inside a plain value. Each is recognised from libyaml's problem, its two
/// marks and the text around them; anything else keeps libyaml's words and position.
struct YAMLSyntaxHints {
    /// One line per element, without its line break; `lines[0]` is line 1.
    let lines: [[UInt8]]

    init(_ bytes: [UInt8]) {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A {
                if current.last == 0x0D { current.removeLast() }
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        lines.append(current)
        self.lines = lines
    }

    /// A message and a 1-based position, from libyaml's problem at `problem` (line, column)
    /// and the construct it was reading, which began at `context`.
    func explain(problem text: String, context: String?, at problem: (line: Int, column: Int),
                 openedAt opened: (line: Int, column: Int)) -> (message: String, line: Int, column: Int) {
        let raw = "invalid YAML: \(text)" + (context.map { " (\($0))" } ?? "")
        if let tab = tab(near: problem) {
            return ("a tab at \(tab.line):\(tab.column); YAML indents with spaces, so replace the tab with spaces", tab.line, tab.column)
        }
        if context == "while scanning a quoted scalar" {
            let quote = character(at: opened) ?? "\""
            return ("the \(quote) opened at line \(opened.line), column \(opened.column) is never closed; end the value with \(quote) on the same line", opened.line, opened.column)
        }
        if context == "while parsing a flow mapping" || context == "while parsing a flow sequence",
           let quote = unclosedQuote(inLine: opened.line, from: opened.column) {
            // A quote left open on the bracket's line swallows the closing bracket.
            return ("the \(quote.mark) opened at line \(opened.line), column \(quote.column) is never closed; end the value with \(quote.mark) on the same line", opened.line, quote.column)
        }
        if context == "while parsing a flow mapping" || context == "while parsing a flow sequence" {
            let close = context == "while parsing a flow mapping" ? "}" : "]"
            let open = close == "}" ? "{" : "["
            if problem.line > opened.line {
                return ("the '\(open)' at line \(opened.line), column \(opened.column) is not closed on its line; add '\(close)' at the end of line \(opened.line) (or quote text that contains a comma or a bracket)",
                        opened.line, opened.column)
            }
            let found = character(at: problem).map { " found '\($0)'" } ?? ""
            return ("the '\(open)' at column \(opened.column) needs '\(close)' before what follows;\(found) instead (quote text that contains , [ ] { } or :)", problem.line, problem.column)
        }
        if text == "did not find expected key", context == "while parsing a block mapping", let hint = indentation(ofLine: problem.line) {
            return hint
        }
        if text == "mapping values are not allowed in this context" {
            if let hint = deeperThanPlainValue(problem.line) { return hint }
            return ("a ': ' inside a plain value at line \(problem.line) starts a mapping; quote the value (\"...\")", problem.line, problem.column)
        }
        if text == "found character that cannot start any token", let character = character(at: problem) {
            return ("'\(character)' cannot start a plain value; quote the value (\"...\")", problem.line, problem.column)
        }
        return (raw, problem.line, problem.column)
    }

    func line(_ number: Int) -> [UInt8]? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    func indent(_ line: [UInt8]) -> Int { line.prefix { $0 == 0x20 }.count }

    func isBlank(_ line: [UInt8]) -> Bool {
        let rest = line.drop { $0 == 0x20 || $0 == 0x09 }
        return rest.isEmpty || rest.first == UInt8(ascii: "#")
    }

    /// The character at a 1-based position of an ASCII line (other text is not named).
    func character(at position: (line: Int, column: Int)) -> String? {
        guard let text = line(position.line), position.column >= 1, position.column <= text.count else { return nil }
        let byte = text[position.column - 1]
        return byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : nil
    }

    /// A tab in the leading whitespace of the problem's line or the line before it (libyaml
    /// may trip over it one token later).
    func tab(near problem: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        for number in [problem.line, problem.line - 1] {
            guard let text = line(number) else { continue }
            if let index = text.prefix(while: { $0 == 0x20 || $0 == 0x09 }).firstIndex(of: 0x09) {
                return (number, index + 1)
            }
        }
        return nil
    }

    /// The nearest earlier non-blank line, as (number, indentation).
    func previous(_ number: Int, where accept: (Int) -> Bool = { _ in true }) -> (number: Int, indent: Int)? {
        var current = number - 1
        while let text = line(current) {
            if !isBlank(text), accept(indent(text)) { return (current, indent(text)) }
            current -= 1
        }
        return nil
    }

    /// `did not find expected key`: the line is indented less than the keys of the mapping
    /// it follows but more than the enclosing one, so it belongs to neither.
    func indentation(ofLine number: Int) -> (message: String, line: Int, column: Int)? {
        guard let text = line(number), let before = previous(number) else { return nil }
        let here = indent(text)
        guard here < before.indent else { return nil }
        let outer = previous(number) { $0 < here }
        let choices = "\(spaces(before.indent)) like line \(before.number)" + (outer.map { " or \(spaces($0.indent)) like line \($0.number)" } ?? "")
        return ("line \(number) is indented \(spaces(here)), which matches no key above it; indent it \(choices)", number, here + 1)
    }

    /// `mapping values are not allowed`: a line indented deeper than a line that already
    /// has a value. Either this line is indented too far, or the line before it too little
    /// (when the lines before that one are indented like this one).
    func deeperThanPlainValue(_ number: Int) -> (message: String, line: Int, column: Int)? {
        guard let text = line(number), let before = previous(number), let beforeText = line(before.number) else { return nil }
        let here = indent(text)
        guard here > before.indent, beforeText.contains(UInt8(ascii: ":")), beforeText.last != UInt8(ascii: ":") else { return nil }
        if let sibling = previous(before.number), sibling.indent == here {
            return ("line \(before.number) is indented \(spaces(before.indent)) but the lines around it \(spaces(here)); indent it \(spaces(here)) so the keys after it stay in the same mapping", before.number, before.indent + 1)
        }
        return ("line \(number) is indented \(spaces(here)), deeper than line \(before.number) (\(spaces(before.indent))), which already has a value; indent it \(spaces(before.indent))", number, here + 1)
    }

    func spaces(_ count: Int) -> String { count == 1 ? "1 space" : "\(count) spaces" }

    /// The first quote on `number` (from `column` on) that the line does not close: `"` ends
    /// at the next unescaped `"`, `'` at the next `'` not doubled.
    func unclosedQuote(inLine number: Int, from column: Int) -> (mark: String, column: Int)? {
        guard let text = line(number) else { return nil }
        var index = max(column - 1, 0)
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                if byte == UInt8(ascii: "#"), index > 0, text[index - 1] == 0x20 { return nil }
                index += 1
                continue
            }
            let start = index
            index += 1
            var closed = false
            while index < text.count {
                if byte == UInt8(ascii: "\""), text[index] == UInt8(ascii: "\\") { index += 2; continue }
                if text[index] == byte {
                    if byte == UInt8(ascii: "'"), index + 1 < text.count, text[index + 1] == byte { index += 2; continue }
                    closed = true
                    index += 1
                    break
                }
                index += 1
            }
            if !closed { return (byte == UInt8(ascii: "'") ? "'" : "\"", start + 1) }
        }
        return nil
    }
}
