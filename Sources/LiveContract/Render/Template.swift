#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value a template can read.
///
/// Templates are logic-less on purpose: Swift code decides everything and escapes
/// text for the target language, so a template only needs these four shapes. Lists and
/// objects already keep their members on the heap, so the enum is not `indirect`: a text
/// value needs no box of its own.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
}

/// A template problem, located at the tag that caused it so that users who override
/// a built-in template can jump straight to the mistake.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template's name, e.g. "swift.mustache" or a user path.
    public var templateName: String
    /// 1-based line of the offending tag.
    public var line: Int
    /// 1-based column of the offending tag's "{{", counted in Unicode scalars.
    public var column: Int
    /// Lower-case explanation that says how to fix the problem.
    public var message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// Compiler-style so editors and CI log parsers recognise the location.
    public var description: String {
        "\(templateName):\(line):\(column): error: \(message) [template]"
    }
}

/// A parsed template (a subset of Mustache without HTML escaping or partials).
///
/// The source is parsed once into a node tree so that rendering large contracts
/// is a single linear walk that appends into one output string.
public struct Template: Sendable {
    /// Used as the file name in every error this template reports.
    public let name: String
    /// The UTF-8 source: text nodes are ranges of it, and error positions are counted in it.
    private let source: [UInt8]
    private let nodes: [TemplateNode]

    /// Parses `source`; every syntax error is reported here rather than at render time.
    public init(name: String, source: String) throws(TemplateError) {
        try self.init(name: name, utf8: Array(source.utf8))
    }

    /// Parses UTF-8 `bytes` (invalid sequences read as U+FFFD, as `String(decoding:)` does).
    /// The source is made well-formed here, once, so that rendered output is well-formed
    /// UTF-8 by construction: every delimiter is ASCII, so text ranges never split a character.
    public init(name: String, utf8 bytes: [UInt8]) throws(TemplateError) {
        self.name = name
        let bytes = UTF8Bytes.firstInvalid(bytes) == nil ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8)
        self.source = bytes
        self.nodes = try bytes.withUnsafeBufferPointer { buffer throws(TemplateError) in
            var parser = TemplateParser(name: name, bytes: buffer)
            return try parser.parse()
        }
    }

    /// Renders with `context` as the outermost scope. Any name the template uses must
    /// exist in some enclosing scope: strictness turns template typos into errors.
    public func render(_ context: [String: TemplateValue]) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(context), as: UTF8.self)
    }

    /// `render` as well-formed UTF-8 bytes, which is what files and `check` need: appending
    /// to a byte array is several times cheaper than appending to a String, and templates
    /// render on every `check`.
    public func renderUTF8(_ context: [String: TemplateValue]) throws(TemplateError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        var scopes: [TemplateValue] = [.object(context)]
        try source.withUnsafeBufferPointer { source throws(TemplateError) in
            try render(nodes, source: source, into: &output, scopes: &scopes)
        }
        // Every output stays in memory until `check` has compared them all: keep the bytes,
        // not the room reserved for them.
        guard output.capacity - output.count > 4096 else { return output }
        return [UInt8](unsafeUninitializedCapacity: output.count) { buffer, count in
            output.withUnsafeBufferPointer { _ = memcpy(buffer.baseAddress!, $0.baseAddress!, $0.count) }
            count = output.count
        }
    }

    private func render(_ nodes: [TemplateNode], source: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
                        scopes: inout [TemplateValue]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let range):
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
            case .variable(let tag):
                switch try resolve(tag, in: scopes) {
                case .text(let text): output += text.utf8
                case .flag(let flag): output += (flag ? "true" : "false").utf8
                case .list:
                    throw error(at: tag, "'{{\(tag.name)}}' is a list and cannot be inserted as text; iterate it with '{{#\(tag.name)}}...{{/\(tag.name)}}'")
                case .object:
                    throw error(at: tag, "'{{\(tag.name)}}' is an object and cannot be inserted as text; insert one of its members, e.g. '{{\(tag.name).name}}', or open it with '{{#\(tag.name)}}...{{/\(tag.name)}}'")
                }
            case .section(let tag, let inverted, let body):
                let value = try resolve(tag, in: scopes)
                if inverted {
                    if !value.rendersSection { try render(body, source: source, into: &output, scopes: &scopes) }
                } else if case .list(let items) = value {
                    for item in items {
                        scopes.append(item)
                        try render(body, source: source, into: &output, scopes: &scopes)
                        scopes.removeLast()
                    }
                } else if value.rendersSection {
                    scopes.append(value)
                    try render(body, source: source, into: &output, scopes: &scopes)
                    scopes.removeLast()
                }
            }
        }
    }

    /// Mustache lookup: the first segment is searched from the innermost scope outward
    /// (non-object items such as list strings hold no names); later segments must be
    /// members of the value found so far.
    private func resolve(_ tag: TemplateTag, in scopes: [TemplateValue]) throws(TemplateError) -> TemplateValue {
        guard let first = tag.head else { return scopes[scopes.count - 1] }
        var found: TemplateValue?
        for index in scopes.indices.reversed() {
            if case .object(let members) = scopes[index], let value = members[first] {
                found = value
                break
            }
        }
        guard var current = found else {
            let within = tag.members.isEmpty ? "" : " in '\(tag.name)'"
            throw error(at: tag, "unknown name '\(first)'\(within); no value with that name is in scope here; fix the spelling or remove the tag")
        }
        for (offset, member) in tag.members.enumerated() {
            // Only for messages, so only built when there is one.
            var owner: String { ([first] + tag.members[..<offset]).joined(separator: ".") }
            guard case .object(let members) = current else {
                throw error(at: tag, "'\(owner)' is \(current.kindDescription), not an object, so it has no member '\(member)'; write '\(owner)' without '.\(member)'")
            }
            guard let value = members[member] else {
                throw error(at: tag, "'\(owner)' has no member '\(member)'; fix the spelling of '\(tag.name)'")
            }
            current = value
        }
        return current
    }

    private func error(at tag: TemplateTag, _ message: String) -> TemplateError {
        let (line, column) = source.withUnsafeBufferPointer { TemplatePosition.of(tag.offset, in: $0) }
        return TemplateError(templateName: name, line: line, column: column, message: message)
    }
}

extension TemplateValue {
    /// Whether `{{#name}}` renders its body; `{{^name}}` renders exactly when this is false.
    fileprivate var rendersSection: Bool {
        switch self {
        case .text(let text): return !text.isEmpty
        case .flag(let flag): return flag
        case .list(let items): return !items.isEmpty
        case .object: return true
        }
    }

    /// Names the kind a user actually supplied, for messages about a wrong kind.
    fileprivate var kindDescription: String {
        switch self {
        case .text: return "text"
        case .flag: return "a flag"
        case .list: return "a list"
        case .object: return "an object"
        }
    }
}

/// A name as written in a tag, with its position kept for render-time errors.
private struct TemplateTag: Sendable {
    var name: String
    /// The first dotted segment, nil for `.` (the current item); the segments after it are
    /// `members` (usually none, so most tags hold no array).
    var head: String?
    var members: [String] = []
    /// Where the tag's "{{" starts in the source; line and column are counted from it only
    /// when an error needs them.
    var offset: Int
}

/// 1-based line and column (in Unicode scalars) of a byte offset.
private enum TemplatePosition {
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

/// The parsed template: literal text (a range of the source's bytes, copied straight into
/// the output), variables, and sections owning their bodies.
private enum TemplateNode: Sendable {
    case text(Range<Int>)
    case variable(TemplateTag)
    case section(TemplateTag, inverted: Bool, body: [TemplateNode])
}

/// One forward pass over the UTF-8 bytes. Bytes rather than Characters because every
/// delimiter is ASCII, so slicing between them keeps UTF-8 valid and stays linear.
private struct TemplateParser {
    /// What a tag does, decided by the first character after "{{" and any blanks.
    private enum Kind { case variable, open, inverted, close, comment }

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

    /// A section whose close tag has not been seen yet; index 0 is the template root.
    private struct Frame {
        var tag: TemplateTag?
        var inverted = false
        var body: [TemplateNode] = []
    }

    let name: String
    /// The template source, valid for the parser's lifetime (`Template.init` owns the array).
    let bytes: UnsafeBufferPointer<UInt8>

    init(name: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.name = name
        self.bytes = bytes
    }

    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var frames = [Frame()]
        var textStart = 0
        var cursor = 0
        while let open = findOpen(from: cursor) {
            let (kind, tag, end) = try readTag(at: open)
            var textEnd = open
            cursor = end
            if kind != .variable, let (indent, next) = standaloneLine(tagStart: open, tagEnd: end) {
                textEnd = indent
                cursor = next
            }
            if textEnd > textStart {
                frames[frames.count - 1].body.append(.text(textStart..<textEnd))
            }
            textStart = cursor
            switch kind {
            case .variable:
                frames[frames.count - 1].body.append(.variable(tag))
            case .open, .inverted:
                frames.append(Frame(tag: tag, inverted: kind == .inverted))
            case .close:
                guard let opened = frames[frames.count - 1].tag else {
                    throw error(open, "'{{/\(tag.name)}}' closes a section that was never opened; remove it or add '{{#\(tag.name)}}' before it")
                }
                guard opened.name == tag.name else {
                    let (line, column) = TemplatePosition.of(opened.offset, in: bytes)
                    throw error(open, "'{{/\(tag.name)}}' does not match the open section '\(opened.name)' (opened at \(line):\(column)); fix the name or close '\(opened.name)' first with '{{/\(opened.name)}}'")
                }
                let frame = frames.removeLast()
                frames[frames.count - 1].body.append(.section(opened, inverted: frame.inverted, body: frame.body))
            case .comment:
                break
            }
        }
        if textStart < bytes.count {
            frames[frames.count - 1].body.append(.text(textStart..<bytes.count))
        }
        if let unclosed = frames.last?.tag {
            throw error(unclosed.offset, "unclosed section '\(unclosed.name)'; add '{{/\(unclosed.name)}}' where it should end")
        }
        return frames[0].body
    }

    /// The next "{{" at or after `start`. The C library's `memchr` scans for the brace many
    /// bytes at a time; the built-in templates are parsed on every run.
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

    /// Reads the tag whose "{{" is at `open` and returns its kind, name and the offset
    /// after "}}". Only comments may span lines, so a forgotten "}}" is reported at its
    /// own tag instead of silently swallowing the rest of the file.
    private func readTag(at open: Int) throws(TemplateError) -> (Kind, TemplateTag, Int) {
        var start = skipBlanks(from: open + 2)
        let first = start < bytes.count ? bytes[start] : 0
        let kind: Kind = switch first {
        case UInt8(ascii: "#"): .open
        case UInt8(ascii: "^"): .inverted
        case UInt8(ascii: "/"): .close
        case UInt8(ascii: "!"): .comment
        default: .variable
        }
        if kind != .variable {
            start += 1
        } else if first == UInt8(ascii: "{") || first == UInt8(ascii: "&") || first == UInt8(ascii: ">")
                    || first == UInt8(ascii: "=") || first == UInt8(ascii: "<") || first == UInt8(ascii: "$") {
            throw error(open, "unsupported tag '{{\(UnicodeScalar(first))'; only {{name}}, {{#name}}, {{^name}}, {{/name}} and {{! comment}} are available")
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
        if kind == .comment || text == "." {
            return (kind, TemplateTag(name: text, head: nil, offset: open), close + 2)
        }
        // Only for messages; built lazily because tags are parsed on every run.
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
        return (kind, TemplateTag(name: text, head: head, members: members, offset: open), close + 2)
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
