/// A value of an old-style (OpenStep) property list, the format of Xcode's `project.pbxproj`,
/// with the line and column where it starts so `doctor` can point into the project file.
public struct PBXNode: Sendable {
    public enum Kind: Sendable {
        case string(String)
        case data([UInt8])
        case array([PBXNode])
        case dictionary([PBXMember])
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    /// The member named `key` (the last one when the key repeats, as Xcode reads it).
    public subscript(key: String) -> PBXNode? {
        guard case .dictionary(let members) = kind else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    /// The strings of an array (a one-string value counts as a list of one, as Xcode allows).
    public var strings: [String] {
        switch kind {
        case .string(let text): return [text]
        case .array(let items): return items.compactMap(\.string)
        default: return []
        }
    }

    public var members: [PBXMember] {
        if case .dictionary(let members) = kind { return members }
        return []
    }
}

public struct PBXMember: Sendable {
    public var key: String
    public var value: PBXNode
}

public struct PBXParseError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
}

/// A small, strict reader of the old-style property list: dictionaries `{ k = v; }`, arrays
/// `( a, b, )`, quoted and unquoted strings, `/* */` and `//` comments, data `<0fa3>`.
/// Anything else is refused with its position; nesting deeper than `maxDepth` is refused
/// before it costs stack.
public struct PBXReader {
    public static let maxDepth = 64
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    public static func parse(_ bytes: [UInt8]) throws(PBXParseError) -> PBXNode {
        var reader = PBXReader(bytes: bytes)
        reader.skipBlanks()
        if reader.index < bytes.count, bytes[reader.index] == UInt8(ascii: "<"), bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("bplist".utf8)) {
            throw reader.failure("this project file is an XML or binary property list; doctor reads the text form Xcode writes")
        }
        let root = try reader.value(depth: 0)
        reader.skipBlanks()
        guard reader.index == bytes.count else { throw reader.failure("unexpected text after the end of the property list") }
        return root
    }

    private init(bytes: [UInt8]) {
        // A UTF-8 byte order mark is allowed before the first value.
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    private var column: Int { index - lineStart + 1 }

    private func failure(_ message: String) -> PBXParseError {
        PBXParseError(message: message, line: line, column: column)
    }

    private mutating func newline(at position: Int) {
        line += 1
        lineStart = position + 1
    }

    /// Skips white space and comments.
    private mutating func skipBlanks() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                newline(at: index)
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { newline(at: index) }
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return
            }
        }
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): return true
        default: return false
        }
    }

    private mutating func value(depth: Int) throws(PBXParseError) -> PBXNode {
        skipBlanks()
        guard index < bytes.count else { throw failure("the property list ends where a value should be") }
        let startLine = line, startColumn = column
        let byte = bytes[index]
        if depth >= Self.maxDepth, byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
            throw failure("nested deeper than \(Self.maxDepth) levels; a project file is a few levels deep")
        }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var members: [PBXMember] = []
            while true {
                skipBlanks()
                guard index < bytes.count else { throw failure("a dictionary is not closed with '}'") }
                if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                let key = try value(depth: depth + 1)
                guard let keyText = key.string else {
                    throw PBXParseError(message: "a dictionary key must be a string", line: key.line, column: key.column)
                }
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("expected '=' after the key '\(keyText)'") }
                index += 1
                let item = try value(depth: depth + 1)
                skipBlanks()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw failure("expected ';' after the value of '\(keyText)'") }
                index += 1
                members.append(PBXMember(key: keyText, value: item))
            }
            return PBXNode(kind: .dictionary(members), line: startLine, column: startColumn)
        case UInt8(ascii: "("):
            index += 1
            var items: [PBXNode] = []
            while true {
                skipBlanks()
                guard index < bytes.count else { throw failure("an array is not closed with ')'") }
                if bytes[index] == UInt8(ascii: ")") { index += 1; break }
                items.append(try value(depth: depth + 1))
                skipBlanks()
                guard index < bytes.count else { throw failure("an array is not closed with ')'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: ")") else { throw failure("expected ',' or ')' in an array") }
            }
            return PBXNode(kind: .array(items), line: startLine, column: startColumn)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return PBXNode(kind: .string(try quoted(byte)), line: startLine, column: startColumn)
        case UInt8(ascii: "<"):
            index += 1
            var data: [UInt8] = [], high: UInt8?
            while true {
                guard index < bytes.count else { throw failure("data is not closed with '>'") }
                let digit = bytes[index]
                index += 1
                if digit == UInt8(ascii: ">") { break }
                if digit == UInt8(ascii: " ") || digit == UInt8(ascii: "\t") { continue }
                if digit == UInt8(ascii: "\n") { newline(at: index - 1); continue }
                guard let nibble = Self.hex(digit) else { index -= 1; throw failure("data holds a character that is not a hex digit") }
                if let first = high { data.append(first << 4 | nibble); high = nil } else { high = nibble }
            }
            guard high == nil else { throw failure("data has an odd number of hex digits") }
            return PBXNode(kind: .data(data), line: startLine, column: startColumn)
        default:
            guard Self.isUnquoted(byte) else {
                throw failure("unexpected character '\(Self.describe(byte))' where a value should be")
            }
            let start = index
            while index < bytes.count, Self.isUnquoted(bytes[index]) { index += 1 }
            return PBXNode(kind: .string(String(decoding: bytes[start..<index], as: UTF8.self)), line: startLine, column: startColumn)
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    /// A quoted string with the escapes Xcode writes: `\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx`.
    private mutating func quoted(_ quote: UInt8) throws(PBXParseError) -> String {
        index += 1
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("a quoted string is not closed") }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "\n") { newline(at: index) }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { throw failure("a quoted string ends inside an escape") }
                let next = bytes[index + 1]
                index += 2
                switch next {
                case UInt8(ascii: "n"): scalars.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): scalars.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): scalars.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard index < bytes.count, let nibble = Self.hex(bytes[index]) else { throw failure("'\\U' needs four hex digits") }
                        value = value << 4 | UInt32(nibble)
                        index += 1
                    }
                    scalars.append(contentsOf: Array(String(UnicodeScalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
                default: scalars.append(next)
                }
                continue
            }
            scalars.append(byte)
            index += 1
        }
        return String(decoding: scalars, as: UTF8.self)
    }
}
