import CYAML

/// Reads YAML through libyaml's event API into `YAMLNode`s with positions.
///
/// A schema is configuration written by many hands and run in CI, so the reader accepts only
/// the plain subset a schema needs and refuses the rest with a position: anchors and aliases
/// (alias bombs), tags and directives, merge keys, several documents, duplicate and non-text
/// keys. Size and nesting depth are capped before libyaml can spend quadratic time on them.
public struct YAMLReader: Sendable {
    public var maxBytes: Int = 1 << 20
    public var maxDepth: Int = 32

    public init() {}

    /// Parses `bytes` (the file at `path`, used in messages). Throws every problem found.
    public func read(_ bytes: [UInt8], path: String) throws(DiagnosticsError) -> YAMLNode {
        var diagnostics = Diagnostics()
        func fail(_ message: String, line: Int = 1, column: Int = 1, rule: String) -> DiagnosticsError {
            diagnostics.error(message, at: SourceLocation(file: path, line: line, column: column), rule: rule)
            return DiagnosticsError(diagnostics)
        }
        if bytes.count > maxBytes {
            throw fail("the schema is \(bytes.count) bytes; the limit is \(maxBytes) bytes. split it or trim docs", rule: "yaml-too-large")
        }
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = Self.position(of: nul, in: bytes)
            throw fail("the file contains a NUL byte; a schema is UTF-8 text", line: line, column: column, rule: "yaml-invalid-utf8")
        }
        if let bad = UTF8Bytes.firstInvalid(bytes) {
            let (line, column) = Self.position(of: bad, in: bytes)
            throw fail("the file is not valid UTF-8 here; save it as UTF-8", line: line, column: column, rule: "yaml-invalid-utf8")
        }
        // A UTF-8 byte-order mark (some Windows editors write one) is not part of the text.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let (offset, scalar) = Self.firstForbiddenCharacter(bytes) {
            let (line, column) = Self.position(of: offset, in: bytes)
            throw fail("control character U+\(scalar) is not allowed anywhere in YAML, even in a comment; remove it (inside a double-quoted string write an escape such as \\u\(scalar))",
                       line: line, column: column, rule: "yaml-syntax")
        }
        var builder = EventTreeBuilder(path: path, maxDepth: maxDepth, bytes: bytes)
        do {
            return try builder.run(bytes)
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw fail("unreadable YAML", rule: "yaml-syntax")
        }
    }
}

/// A collection under construction. A class, so appending to the innermost open collection
/// does not copy the whole stack of arrays on every event.
private final class Frame {
    let isMapping: Bool
    let location: SourceLocation
    let isFlow: Bool
    var items: [YAMLNode] = []
    var entries: [(key: YAMLNode, value: YAMLNode)] = []
    var pendingKey: YAMLNode?
    /// Where each key was first seen, for the duplicate-key check. Most mappings are small,
    /// and a scan of `entries` costs less than hashing into a dictionary, so the index is built
    /// only once a mapping grows past `indexedSize` keys.
    private var keyIndex: [String: SourceLocation]?
    private static let indexedSize = 16

    init(isMapping: Bool, location: SourceLocation, isFlow: Bool) {
        self.isMapping = isMapping
        self.location = location
        self.isFlow = isFlow
    }

    /// The location of an earlier key spelled `text`, if any; then remembers this one.
    func previousKey(_ text: String, at location: SourceLocation) -> SourceLocation? {
        if keyIndex == nil && entries.count >= Self.indexedSize {
            var index: [String: SourceLocation] = [:]
            for entry in entries.reversed() {
                if let key = entry.key.scalar { index[key] = entry.key.location }
            }
            keyIndex = index
        }
        if keyIndex != nil {
            if let first = keyIndex?[text] { return first }
            keyIndex?[text] = location
            return nil
        }
        return entries.first { $0.key.scalar == text }?.key.location
    }
}

/// Drives libyaml and turns its event stream into one tree, refusing unsupported features.
private struct EventTreeBuilder {
    let path: String
    let maxDepth: Int
    /// The file, for the end position; see `location(_:)`.
    let bytes: [UInt8]
    /// Fewer lines than (or as many as) libyaml sees: each LF ends a line, and CR, NEL, U+2028
    /// and U+2029 only add more. A position on an earlier line is inside the file.
    let linesAtLeast: Int
    /// Line and column just after the last character, counted when first needed.
    var end: (line: Int, column: Int)?
    var stack: [Frame] = []
    var root: YAMLNode?
    var documents = 0
    var diagnostics = Diagnostics()

    init(path: String, maxDepth: Int, bytes: [UInt8]) {
        self.path = path
        self.maxDepth = maxDepth
        self.bytes = bytes
        self.linesAtLeast = YAMLReader.count(of: UInt8(ascii: "\n"), in: bytes) + 1
    }

    /// libyaml puts an error at the end of a file without a final newline on the line after
    /// the last one, which no editor can jump to; such positions become the end of the file.
    mutating func location(_ mark: yaml_mark_t) -> SourceLocation {
        let line = Int(mark.line) + 1, column = Int(mark.column) + 1
        guard line >= linesAtLeast else { return SourceLocation(file: path, line: line, column: column) }
        let end = self.end ?? YAMLReader.position(of: bytes.count, in: bytes)
        self.end = end
        if line > end.line || (line == end.line && column > end.column) {
            return SourceLocation(file: path, line: end.line, column: end.column)
        }
        return SourceLocation(file: path, line: line, column: column)
    }

    mutating func stop(_ message: String, at location: SourceLocation, rule: String) -> DiagnosticsError {
        diagnostics.error(message, at: location, rule: rule)
        return DiagnosticsError(diagnostics)
    }

    mutating func run(_ bytes: [UInt8]) throws -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw stop("could not start the YAML parser", at: SourceLocation(file: path, line: 1, column: 1), rule: "yaml-syntax")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    throw syntaxError(parser)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                try handle(&event)
            }
            guard let root else {
                throw stop("the schema is empty; start it with `livecontract: 1`", at: SourceLocation(file: path, line: 1, column: 1), rule: "yaml-empty")
            }
            return root
        }
    }

    mutating func syntaxError(_ parser: yaml_parser_t) -> DiagnosticsError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        var mark = parser.problem_mark
        if parser.error == YAML_SCANNER_ERROR || parser.error == YAML_PARSER_ERROR {
            mark = parser.problem_mark
        }
        let context = parser.context.map { String(cString: $0) }
        let at = location(mark), opened = location(parser.context_mark)
        let hint = YAMLSyntaxHints(bytes).explain(problem: problem, context: context, at: (at.line, at.column), openedAt: (opened.line, opened.column))
        return stop(hint.message, at: SourceLocation(file: path, line: hint.line, column: hint.column), rule: "yaml-syntax")
    }

    mutating func handle(_ event: inout yaml_event_t) throws {
        let here = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw stop("a schema holds one YAML document; remove the second `---`", at: here, rule: "yaml-multiple-documents")
            }
            let start = event.data.document_start
            if start.version_directive != nil || start.tag_directives.start != start.tag_directives.end {
                throw stop("directives (%YAML, %TAG) are not supported in a schema; delete the line", at: here, rule: "yaml-tag")
            }
        case YAML_ALIAS_EVENT:
            throw stop("aliases (*name) are not supported in a schema; write the value out", at: here, rule: "yaml-alias")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            try refuseAnchorAndTag(anchor: scalar.anchor, tag: scalar.tag, plainImplicit: scalar.plain_implicit != 0 || scalar.quoted_implicit != 0, at: here)
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            let style: YAMLNode.ScalarStyle
            switch scalar.style {
            case YAML_PLAIN_SCALAR_STYLE: style = .plain
            case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
            default: style = .quoted
            }
            try add(YAMLNode(kind: .scalar(text, style), location: here))
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            try refuseAnchorAndTag(anchor: start.anchor, tag: start.tag, plainImplicit: start.implicit != 0, at: here)
            try open(Frame(isMapping: false, location: here, isFlow: start.style == YAML_FLOW_SEQUENCE_STYLE))
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            try refuseAnchorAndTag(anchor: start.anchor, tag: start.tag, plainImplicit: start.implicit != 0, at: here)
            try open(Frame(isMapping: true, location: here, isFlow: start.style == YAML_FLOW_MAPPING_STYLE))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let kind: YAMLNode.Kind = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
            try add(YAMLNode(kind: kind, location: frame.location, isFlow: frame.isFlow))
        default:
            break
        }
    }

    mutating func refuseAnchorAndTag(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?, plainImplicit: Bool, at here: SourceLocation) throws {
        if anchor != nil {
            throw stop("anchors (&name) are not supported in a schema; repeat the value instead", at: here, rule: "yaml-anchor")
        }
        if tag != nil {
            let name = String(cString: tag!)
            throw stop("tags (\(name)) are not supported in a schema; remove the tag and quote the value if it is text", at: here, rule: "yaml-tag")
        }
    }

    mutating func open(_ frame: Frame) throws {
        if stack.count >= maxDepth {
            throw stop("nesting is deeper than \(maxDepth) levels; a schema never needs that", at: frame.location, rule: "yaml-too-deep")
        }
        stack.append(frame)
    }

    /// Puts a finished node into the innermost open collection (or makes it the root).
    mutating func add(_ node: YAMLNode) throws {
        guard let frame = stack.last else {
            root = node
            return
        }
        guard frame.isMapping else {
            frame.items.append(node)
            return
        }
        guard let key = frame.pendingKey else {
            guard let text = node.scalar, node.scalarStyle != .block else {
                throw stop("a mapping key must be plain text, not \(node.kindDescription)", at: node.location, rule: "yaml-key")
            }
            if text == "<<" && node.scalarStyle == .plain {
                throw stop("merge keys (<<) are not supported in a schema; write the keys out", at: node.location, rule: "yaml-merge-key")
            }
            if let first = frame.previousKey(text, at: node.location) {
                // Swift's String == is canonical equivalence: `é` and `e` + U+0301 match here,
                // but JavaScript and Kotlin keep them apart, so the copies would disagree.
                if let earlier = frame.entries.first(where: { $0.key.location == first })?.key.scalar, !earlier.utf8.elementsEqual(text.utf8) {
                    throw stop("key '\(YAMLReader.spelled(text))' and '\(YAMLReader.spelled(earlier))' (line \(first.line)) are the same text once Unicode-normalized (Swift treats them as one key) but different keys in JavaScript and Kotlin; spell both alike (NFC)",
                               at: node.location, rule: "yaml-duplicate-key")
                }
                throw stop("duplicate key '\(text)' (first at line \(first.line)); remove one of them", at: node.location, rule: "yaml-duplicate-key")
            }
            frame.pendingKey = node
            return
        }
        frame.entries.append((key: key, value: node))
        frame.pendingKey = nil
    }
}
