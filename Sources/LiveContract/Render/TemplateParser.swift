#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A name as written in a tag, with its position kept for render-time errors.
struct TemplateTag: Sendable {
    var name: String
    /// The first dotted segment, empty for `.` (the current item); the segments after it are
    /// `members` (usually none, so most tags hold no array).
    var head: String
    var members: [String] = []
    /// `TemplateObject.summary(of: head)`, worked out once rather than on every lookup.
    var headSummary: UInt64 = 0
    /// Where the tag's "{{" starts in the source; line and column are counted from it only
    /// when an error needs them.
    var offset: Int
}

/// 1-based line and column (in Unicode scalars) of a byte offset.
enum TemplatePosition {
    static func of(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// A parsed template as numbers, four per step, so that the built-in templates can be kept in
/// the binary as plain data (`BuiltInTemplateSteps`, written from templates/*.mustache by
/// BuiltInTemplateStepsTests) and need no parsing at run time:
///
/// - `text, start, end, 0`: copy `source[start..<end]`;
/// - `variable, offset, nameStart, nameEnd`: insert a value; `offset` is the tag's "{{",
///   `source[nameStart..<nameEnd]` its name;
/// - `section` or `inverted`, the same three numbers: the steps up to the matching `close`
///   are the body;
/// - `close, 0, 0, 0`;
/// - `partial` or `standalonePartial`, the same three numbers as a variable: include the
///   template named by the tag (`{{> name}}` -> `name.mustache`); a standalone one (alone on
///   its line) puts the blanks before its tag in front of every line the partial writes.
enum TemplateSteps {
    static let text: UInt32 = 0
    static let variable: UInt32 = 1
    static let section: UInt32 = 2
    static let inverted: UInt32 = 3
    static let close: UInt32 = 4
    static let partial: UInt32 = 5
    static let standalonePartial: UInt32 = 6

    /// Whether a step of `kind` opens a body that a `close` step ends.
    static func opensBody(_ kind: UInt32) -> Bool { kind == section || kind == inverted }

    /// The steps and tags of well-formed UTF-8 `source` (what BuiltInTemplateStepsTests
    /// writes out).
    static func parse(_ source: [UInt8], name: String) throws(TemplateError) -> (steps: [UInt32], tags: [TemplateTag]) {
        try source.withUnsafeBufferPointer { buffer throws(TemplateError) in
            var parser = TemplateParser(name: name, bytes: buffer)
            return try parser.parse()
        }
    }
}

/// Steps ready to render: the tag of each variable and section, and where each section
/// closes, found in one pass over the steps.
struct TemplateProgram: Sendable {
    struct Link: Sendable {
        /// Index into `tags` (variables and sections).
        var tag: Int32 = 0
        /// The step index of a section's `close`.
        var close: Int32 = 0
    }

    let steps: [UInt32]
    let links: [Link]
    let tags: [TemplateTag]

    /// `steps` must be balanced and `tags` hold one tag per variable and section step, in
    /// order: the parser guarantees both, and BuiltInTemplateStepsTests checks the stored
    /// ones against the parser.
    init(steps: [UInt32], tags: [TemplateTag]) {
        let count = steps.count / 4
        var links = [Link](repeating: Link(), count: count)
        var open: [Int] = []
        var tag: Int32 = 0
        for index in 0..<count {
            let kind = steps[4 * index]
            if kind == TemplateSteps.text { continue }
            if kind == TemplateSteps.close {
                links[open.removeLast()].close = Int32(index)
                continue
            }
            links[index].tag = tag
            tag += 1
            if TemplateSteps.opensBody(kind) { open.append(index) }
        }
        self.steps = steps
        self.links = links
        var tags = tags
        for index in tags.indices { tags[index].headSummary = TemplateObject.summary(of: tags[index].head) }
        self.tags = tags
    }
}

/// One forward pass over the UTF-8 bytes. Bytes rather than Characters because every
/// delimiter is ASCII, so slicing between them keeps UTF-8 valid and stays linear.
struct TemplateParser {
    /// What a tag does, decided by the first character after "{{" and any blanks.
    private enum Kind { case variable, open, inverted, close, comment, partial }

    /// The ASCII bytes the syntax is built from.
    private enum Byte {
        static let newline = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")

        /// Blanks are spaces and tabs only: a newline is never padding inside a tag or line.
        static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

        /// ASCII letters, digits, '_' and '-': what schema-derived names need, and nothing
        /// that could be a typo for another tag kind.
        static func isName(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte == 0x5F || byte == 0x2D
        }
    }

    let name: String
    /// The template source, valid for the parser's lifetime (its caller owns the array).
    let bytes: UnsafeBufferPointer<UInt8>

    init(name: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.name = name
        self.bytes = bytes
    }

    /// The template's steps (`TemplateSteps`) and the tag of each variable and section step;
    /// sections are checked to close in order.
    mutating func parse() throws(TemplateError) -> (steps: [UInt32], tags: [TemplateTag]) {
        var steps: [UInt32] = []
        var tags: [TemplateTag] = []
        var open: [TemplateTag] = []
        var textStart = 0
        var cursor = 0
        while let start = findOpen(from: cursor) {
            let (kind, tag, name, end) = try readTag(at: start)
            var textEnd = start
            var standalone = false
            cursor = end
            if kind != .variable, let (indent, next) = standaloneLine(tagStart: start, tagEnd: end) {
                textEnd = indent
                cursor = next
                standalone = true
            }
            if textEnd > textStart {
                steps += [TemplateSteps.text, UInt32(textStart), UInt32(textEnd), 0]
            }
            textStart = cursor
            switch kind {
            case .variable, .open, .inverted:
                let step = kind == .variable ? TemplateSteps.variable : kind == .open ? TemplateSteps.section : TemplateSteps.inverted
                steps += [step, UInt32(tag.offset), UInt32(name.lowerBound), UInt32(name.upperBound)]
                tags.append(tag)
                if kind != .variable { open.append(tag) }
            case .close:
                guard let opened = open.last else {
                    throw error(start, "'{{/\(tag.name)}}' closes a section that was never opened; remove it or add '{{#\(tag.name)}}' before it")
                }
                guard opened.name == tag.name else {
                    let (line, column) = TemplatePosition.of(opened.offset, in: bytes)
                    throw error(start, "'{{/\(tag.name)}}' does not match the open section '\(opened.name)' (opened at \(line):\(column)); fix the name or close '\(opened.name)' first with '{{/\(opened.name)}}'")
                }
                open.removeLast()
                steps += [TemplateSteps.close, 0, 0, 0]
            case .partial:
                let step = standalone ? TemplateSteps.standalonePartial : TemplateSteps.partial
                steps += [step, UInt32(tag.offset), UInt32(name.lowerBound), UInt32(name.upperBound)]
                tags.append(tag)
            case .comment:
                break
            }
        }
        if textStart < bytes.count {
            steps += [TemplateSteps.text, UInt32(textStart), UInt32(bytes.count), 0]
        }
        if let unclosed = open.last {
            throw error(unclosed.offset, "unclosed section '\(unclosed.name)'; add '{{/\(unclosed.name)}}' where it should end")
        }
        return (steps, tags)
    }

    /// The next "{{" at or after `start`. The C library's `memchr` scans for the brace many
    /// bytes at a time.
    private func findOpen(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = start
        while index + 1 < bytes.count {
            guard let found = memchr(base + index, Int32(Byte.openBrace), bytes.count - 1 - index) else { return nil }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[at + 1] == Byte.openBrace { return at }
            index = at + 1
        }
        return nil
    }

    /// Reads the tag whose "{{" is at `open` and returns its kind, the tag, the range of its
    /// name and the offset after "}}". Only comments may span lines, so a forgotten "}}" is
    /// reported at its own tag instead of silently swallowing the rest of the file.
    private func readTag(at open: Int) throws(TemplateError) -> (Kind, TemplateTag, Range<Int>, Int) {
        var start = skipBlanks(from: open + 2)
        let first = start < bytes.count ? bytes[start] : 0
        let kind: Kind = switch first {
        case UInt8(ascii: "#"): .open
        case UInt8(ascii: "^"): .inverted
        case UInt8(ascii: "/"): .close
        case UInt8(ascii: "!"): .comment
        case UInt8(ascii: ">"): .partial
        default: .variable
        }
        if kind != .variable {
            start += 1
        } else if first == UInt8(ascii: "{") || first == UInt8(ascii: "&")
                    || first == UInt8(ascii: "=") || first == UInt8(ascii: "<") || first == UInt8(ascii: "$") {
            throw error(open, "unsupported tag '{{\(UnicodeScalar(first))'; only {{name}}, {{#name}}, {{^name}}, {{/name}}, {{> partial}} and {{! comment}} are available")
        }
        var close = start
        while close + 1 < bytes.count, !(bytes[close] == Byte.closeBrace && bytes[close + 1] == Byte.closeBrace) {
            if kind != .comment && bytes[close] == Byte.newline { break }
            close += 1
        }
        guard close + 1 < bytes.count, bytes[close] == Byte.closeBrace else {
            throw error(open, "unclosed tag; add '}}' to end it on the same line")
        }
        let nameStart = skipBlanks(from: start)
        var nameEnd = close
        while nameEnd > nameStart, Byte.isBlank(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let text = string(nameStart, nameEnd)
        if kind == .partial {
            return (kind, try partialTag(text, nameStart..<nameEnd, open: open), nameStart..<nameEnd, close + 2)
        }
        if kind == .comment || text == "." {
            return (kind, TemplateTag(name: text, head: "", offset: open), nameStart..<nameEnd, close + 2)
        }
        // Only for messages, so only built when there is one.
        var sigil: String { kind == .variable ? "" : String(UnicodeScalar(first)) }
        guard !text.isEmpty else {
            throw error(open, "'{{\(sigil)}}' has no name; write one between the braces, e.g. '{{\(sigil)title}}'")
        }
        // Split on '.' and validate in one pass over the bytes; most names have one part.
        var head: String?
        var members: [String] = []
        var partStart = nameStart
        var valid = true
        for index in nameStart...nameEnd {
            if index == nameEnd || bytes[index] == UInt8(ascii: ".") {
                valid = valid && index > partStart
                let part = index == nameEnd && partStart == nameStart ? text : string(partStart, index)
                if head == nil { head = part } else { members.append(part) }
                partStart = index + 1
            } else if !Byte.isName(bytes[index]) {
                valid = false
            }
        }
        guard valid else {
            throw error(open, "invalid name '\(text)' in '{{\(sigil)\(text)}}'; names use letters, digits, '_' and '-', with '.' between members")
        }
        return (kind, TemplateTag(name: text, head: head ?? "", members: members, offset: open), nameStart..<nameEnd, close + 2)
    }

    /// The tag of `{{> name}}`: a partial names a template file (`name.mustache`), not a
    /// value, so it has no members and no '.'.
    private func partialTag(_ text: String, _ name: Range<Int>, open: Int) throws(TemplateError) -> TemplateTag {
        guard !text.isEmpty else {
            throw error(open, "'{{>}}' names no partial; write the template's name without '.mustache', e.g. '{{> kotlin-runtime}}'")
        }
        guard name.allSatisfy({ Byte.isName(bytes[$0]) }) else {
            let bare = text.hasSuffix(".mustache") ? String(text.dropLast(".mustache".count)) : ""
            let example = !bare.isEmpty && bare.utf8.allSatisfy(Byte.isName) ? bare : "kotlin-runtime"
            throw error(open, "invalid partial name '\(text)' in '{{> \(text)}}'; name the template without '.mustache', in letters, digits, '_' and '-', e.g. '{{> \(example)}}'")
        }
        return TemplateTag(name: text, head: text, offset: open)
    }

    /// The text of `bytes[start..<end]`.
    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    private func skipBlanks(from start: Int) -> Int {
        var index = start
        while index < bytes.count, Byte.isBlank(bytes[index]) { index += 1 }
        return index
    }

    /// Mustache's standalone rule: a control tag alone on its line (apart from blanks)
    /// takes the whole line with it, so templates can be indented readably without
    /// leaving blank lines in the output. Returns where the line's indentation starts
    /// and where the next line starts (end of input on the last line).
    private func standaloneLine(tagStart: Int, tagEnd: Int) -> (Int, Int)? {
        var indent = tagStart
        while indent > 0, Byte.isBlank(bytes[indent - 1]) { indent -= 1 }
        guard indent == 0 || bytes[indent - 1] == Byte.newline else { return nil }
        let end = skipBlanks(from: tagEnd)
        if end == bytes.count { return (indent, end) }
        if bytes[end] == Byte.newline { return (indent, end + 1) }
        if bytes[end] == Byte.carriageReturn, end + 1 < bytes.count, bytes[end + 1] == Byte.newline { return (indent, end + 2) }
        return nil
    }

    private func error(_ offset: Int, _ message: String) -> TemplateError {
        let (line, column) = TemplatePosition.of(offset, in: bytes)
        return TemplateError(templateName: name, line: line, column: column, message: message)
    }
}
