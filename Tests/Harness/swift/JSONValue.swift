// A JSON value with exact comparison, shared by the Swift harness programs. Fixtures and
// JSONEncoder output are both parsed into it, so a comparison never depends on how Foundation's
// JSONSerialization bridges numbers and booleans (which differs between Linux and macOS).
import Foundation

/// A parsed JSON value. Numbers are `Double`s parsed by `Double(String)` (correctly rounded), so
/// `0.05` in a fixture and `0.05` from JSONEncoder compare equal exactly, and `1` equals `1.0`.
enum JSONValue: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Compact JSON text with sorted keys: what the programs feed to `JSONDecoder` and print
    /// in failure messages. Non-ASCII text stays raw UTF-8, which JSON allows.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        // Integral numbers as integers up to Int64's range, so a decoded Int64 reads back as one.
        case .number(let number): return number == number.rounded() && abs(number) < 9.2e18 ? String(Int64(number)) : "\(number)"
        case .string(let text):
            // Most text needs no escape; scalar by scalar only when some does.
            if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return "\"" + text + "\"" }
            var out = "\""
            for scalar in text.unicodeScalars { out += Self.escape(scalar) }
            return out + "\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { "\(JSONValue.string($0)):\(members[$0]!)" }.joined(separator: ",") + "}"
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\u{0}"..."\u{1F}": return String(format: "\\u%04X", scalar.value)
        default: return String(scalar)
        }
    }

    /// The value as Expo hands a JavaScript object to native code: `Double`, `Bool`, `String`,
    /// `[Any]`, `[String: Any]`, and `NSNull` for null.
    var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let number): return number
        case .string(let text): return text
        case .array(let items): return items.map(\.foundationValue)
        case .object(let members): return members.mapValues(\.foundationValue)
        }
    }

    /// The reverse of `foundationValue`, for what a record gives back to JavaScript.
    init(foundation value: Any) throws {
        switch value {
        case is NSNull: self = .null
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .number(Double(number))
        case let number as Double: self = .number(number)
        case let text as String: self = .string(text)
        case let items as [Any]: self = .array(try items.map(JSONValue.init(foundation:)))
        case let members as [String: Any]: self = .object(try members.mapValues(JSONValue.init(foundation:)))
        default: throw JSONParseError(message: "not a JSON value: \(type(of: value))")
        }
    }

    init(parsing data: Data) throws {
        var parser = JSONParser(bytes: Array(data))
        self = try parser.document()
    }

    init(parsing text: String) throws {
        try self.init(parsing: Data(text.utf8))
    }
}

/// Bad JSON (or a value that is not JSON), with the byte offset where parsing stopped.
struct JSONParseError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A strict recursive-descent JSON parser (RFC 8259), small enough to trust by reading.
struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws -> JSONValue {
        let value = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw fail("trailing characters") }
        return value
    }

    func fail(_ message: String) -> JSONParseError { JSONParseError(message: "\(message) at byte \(index)") }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
            index += 1
        }
    }

    mutating func parseValue() throws -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try parseNumber()
        }
    }

    mutating func parseObject() throws -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try parseString()
            skipSpace()
            try expect(":")
            guard members.updateValue(try parseValue(), forKey: key) == nil else { throw fail("duplicate key \(key)") }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            try expect("}")
            return .object(members)
        }
    }

    mutating func parseArray() throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try parseValue())
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            try expect("]")
            return .array(items)
        }
    }

    /// RFC 8259 number syntax checked byte by byte (the differential runner reads thousands of
    /// numbers; a regular expression per number cost most of its time), then `Double(String)`.
    mutating func parseNumber() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        _ = take(UInt8(ascii: "-"))
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        var valid = digits() > 0 && !(leadingZero && index - start - (bytes[start] == UInt8(ascii: "-") ? 1 : 0) > 1)
        if take(UInt8(ascii: ".")) { valid = valid && digits() > 0 }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            valid = valid && digits() > 0
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard valid, let number = Double(text) else { throw fail("bad number \(text)") }
        return .number(number)
    }

    mutating func parseString() throws -> String {
        index += 1
        // Most strings have no escape: found by one scan and decoded at once (the differential
        // runner reads megabytes of them; a byte at a time cost most of its run).
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[start..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        index = start
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            guard !raw.isEmpty else { return }
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try parseEscape())
            case 0x00..<0x20:
                throw fail("control character in string")
            default:
                raw.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    mutating func parseEscape() throws -> Unicode.Scalar {
        guard index < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            guard (0xD800..<0xDC00).contains(high) else { return try scalar(high) }
            try expect("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
            return try scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        default: throw fail("bad escape")
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw fail("bad \\u escape")
        }
        index += 4
        return value
    }

    func scalar(_ value: UInt32) throws -> Unicode.Scalar {
        guard let scalar = Unicode.Scalar(value) else { throw fail("invalid code point") }
        return scalar
    }
}
