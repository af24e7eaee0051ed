/// A JSON value as read from a file, with the line and column where it starts, so `validate`
/// can point at `payload.json:7:14` instead of only naming a JSON path.
public struct JSONNode: Sendable, Equatable {
    /// The JSON value itself; containers hold positioned children.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// The number's exact text: `3.0` and `3` mean different things to a Swift `Int`
        /// decoder only through their spelling, and very long integers must not lose digits.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([JSONNodeMember])
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    /// The member named `key` (the first one when the key repeats).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What a message calls this value: "a string", "an object", ...
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let text):
            // `1e400` is a JSON number no decoder reads: Foundation, JavaScript and Kotlin
            // refuse it or make it infinite, so "found a number" would be no explanation.
            guard NumberText.double(text) == nil else { return "a number" }
            return "the number \(NumberText.shown(text)), which is out of the range of Double (no decoder reads it as a number)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair, with where the key starts.
public struct JSONNodeMember: Sendable, Equatable {
    public var key: String
    public var line: Int
    public var column: Int
    public var value: JSONNode
}

/// A key that appears twice in one object. Decoders disagree on which value wins (Foundation's
/// `JSONDecoder` keeps the first, JavaScript's `JSON.parse` the last), so it is always reported.
public struct JSONDuplicateKey: Sendable, Equatable {
    public var key: String
    public var line: Int
    public var column: Int
    public var firstLine: Int
}

/// A parsed file: the root value and the duplicate keys found on the way.
public struct JSONDocument: Sendable {
    public var root: JSONNode
    public var duplicates: [JSONDuplicateKey]
}

/// Why a file is not JSON, with the position of the first offending character.
public struct JSONParseError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
    /// `json-syntax` or `json-too-deep`.
    public var rule: String
}

/// A strict RFC 8259 parser that keeps positions.
///
/// Foundation's `JSONSerialization` is off limits in the library (start-up cost, no
/// positions, different behaviour per platform), and payload validation needs `line:column`
/// for every value. Strict means: no comments, no trailing commas, no leading zeros, no
/// `NaN`, only the escapes RFC 8259 lists, no raw control characters, valid UTF-8, no lone
/// surrogates. A UTF-8 byte order mark is skipped (RFC 8259 section 8.1 allows that).
/// Columns count Unicode scalars from 1, as editors do.
public struct JSONParser {
    /// Nesting deeper than this is refused: no real payload nests more than a handful of
    /// levels, and the limit keeps hostile input from exhausting the stack.
    public var maxDepth: Int

    public init(maxDepth: Int = 128) {
        self.maxDepth = maxDepth
    }

    /// Parses one JSON text; throws at the first error, collects duplicate keys on the way.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.offset = 3 }
        scanner.skipWhitespace()
        let root = try scanner.value(depth: 0)
        scanner.skipWhitespace()
        if scanner.offset < bytes.count {
            throw scanner.failure("unexpected \(scanner.describeCurrent()) after the JSON value; a file holds exactly one value")
        }
        return JSONDocument(root: root, duplicates: scanner.duplicates)
    }
}

/// The parser's cursor. Line and column advance with every byte consumed; only whitespace
/// can hold a newline (strings may not contain raw control characters).
struct JSONScanner {
    let bytes: [UInt8]
    let maxDepth: Int
    var offset = 0
    var line = 1
    var column = 1
    var duplicates: [JSONDuplicateKey] = []

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        // LF, CRLF and a lone CR (old Mac files) each end one line, as editors count them.
        if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && current != UInt8(ascii: "\n")) {
            line += 1
            column = 1
        } else if byte == UInt8(ascii: "\r") {
            // The LF that follows ends the line.
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    func failure(_ message: String, rule: String = "json-syntax") -> JSONParseError {
        JSONParseError(message: message, line: line, column: column, rule: rule)
    }

    /// The character at the cursor as a message shows it.
    func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "space" }
        return "byte 0x" + String(byte, radix: 16)
    }

    /// Any value at the cursor; `depth` counts the containers around it, for the cap.
    mutating func value(depth: Int) throws(JSONParseError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        func node(_ kind: JSONNode.Kind) -> JSONNode { JSONNode(kind: kind, line: startLine, column: startColumn) }
        guard let byte = current else { throw failure("expected a JSON value, found end of file") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < maxDepth else {
                throw failure("nesting deeper than \(maxDepth) levels; no Live Activity payload needs that", rule: "json-too-deep")
            }
            return byte == UInt8(ascii: "{") ? node(.object(try object(depth: depth + 1))) : node(.array(try array(depth: depth + 1)))
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw failure("NaN and Infinity are not JSON; send a finite number")
        case UInt8(ascii: "'"):
            throw failure("JSON strings use double quotes, found a single quote")
        default:
            throw failure("expected a JSON value, found \(describeCurrent())")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        for expected in word.utf8 {
            guard current == expected else { throw failure("expected '\(word)', found \(describeCurrent())") }
            advance()
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> [JSONNodeMember] {
        advance()
        var members: [JSONNodeMember] = []
        var firstLines: [String: Int] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return members
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                let hint = current == UInt8(ascii: "}") ? "; JSON allows no trailing comma" : "; object keys are double-quoted strings"
                throw failure("expected an object key, found \(describeCurrent())\(hint)")
            }
            let (keyLine, keyColumn) = (line, column)
            let key = try string()
            if let first = firstLines[key] {
                duplicates.append(JSONDuplicateKey(key: key, line: keyLine, column: keyColumn, firstLine: first))
            } else {
                firstLines[key] = keyLine
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\", found \(describeCurrent())") }
            advance()
            skipWhitespace()
            members.append(JSONNodeMember(key: key, line: keyLine, column: keyColumn, value: try value(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            guard current == UInt8(ascii: "}") else { throw failure("expected ',' or '}' after an object member, found \(describeCurrent())") }
            advance()
            return members
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> [JSONNode] {
        advance()
        var items: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return items
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw failure("expected a value, found ']'; JSON allows no trailing comma") }
            items.append(try value(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            guard current == UInt8(ascii: "]") else { throw failure("expected ',' or ']' after an array item, found \(describeCurrent())") }
            advance()
            return items
        }
    }
}
