import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the runners' output lines straight into `DiffValue`s. The test target is compiled
/// unoptimised, and going through the library's JSONParser (positions, duplicate records,
/// a JSONNode tree, then a second tree) cost the differential test about 35 CPU seconds per
/// run over its ~25 MB of output; this reads each line once, in place, and finds line ends
/// and string ends with memchr-like scans. It is as strict as that parser (RFC 8259
/// grammar, valid UTF-8, no lone surrogate, no raw control character) and gives the same
/// values: numbers through `Double(String)`, the last of duplicate keys.
struct DiffValueParser {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    /// Every non-empty line of `text`, parsed; `each` gets the values in order.
    static func lines(_ text: String, _ each: (DiffValue) throws -> Void) throws {
        var text = text
        try text.withUTF8 { (buffer: UnsafeBufferPointer<UInt8>) throws -> Void in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < buffer.count {
                let found = memchr(base + start, 0x0A, buffer.count - start)
                let lineEnd = found.map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? buffer.count
                if lineEnd > start {
                    var parser = DiffValueParser(bytes: buffer, index: start, end: lineEnd)
                    try each(try parser.document())
                }
                start = lineEnd + 1
            }
        }
    }

    static func parse(_ text: String) throws -> DiffValue {
        var text = text
        return try text.withUTF8 { buffer in
            var parser = DiffValueParser(bytes: buffer, index: 0, end: buffer.count)
            return try parser.document()
        }
    }

    func fail(_ message: String) -> Failure { Failure(description: "\(message) at byte \(index)") }

    mutating func document() throws -> DiffValue {
        let value = try parseValue()
        skipSpace()
        guard index == end else { throw fail("trailing characters") }
        return value
    }

    mutating func skipSpace() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    }

    mutating func expect(_ byte: UInt8) throws {
        guard index < end, bytes[index] == byte else { throw fail("expected \(Character(Unicode.Scalar(byte)))") }
        index += 1
    }

    mutating func word(_ text: StaticString, _ value: DiffValue) throws -> DiffValue {
        let count = text.utf8CodeUnitCount
        guard index + count <= end, memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0 else { throw fail("expected \(text)") }
        index += count
        return value
    }

    mutating func parseValue() throws -> DiffValue {
        skipSpace()
        guard index < end else { throw fail("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: DiffValue] = [:]
            skipSpace()
            if index < end, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                let key = try parseString()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                members[key] = try parseValue()
                skipSpace()
                if index < end, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [DiffValue] = []
            skipSpace()
            if index < end, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                items.append(try parseValue())
                skipSpace()
                if index < end, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default: return try parseNumber()
        }
    }

    /// RFC 8259 number syntax, then `Double(String)` (correctly rounded).
    mutating func parseNumber() throws -> DiffValue {
        let start = index
        func isDigit(_ at: Int) -> Bool { at < end && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
        func digits() -> Int {
            let first = index
            while isDigit(index) { index += 1 }
            return index - first
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        var valid = digits() > 0 && !(bytes[intStart] == UInt8(ascii: "0") && index - intStart > 1)
        if index < end, bytes[index] == UInt8(ascii: ".") { index += 1; valid = valid && digits() > 0 }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            valid = valid && digits() > 0
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard valid, let number = Double(text) else { throw fail("bad number \(text)") }
        return .number(number)
    }

    /// The text up to the closing quote: unescaped runs are decoded whole (and must be valid UTF-8).
    mutating func parseString() throws -> String {
        index += 1
        var result = ""
        var run = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if index > run {
                    guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self) else { throw fail("invalid UTF-8") }
                    result += text
                }
                index += 1
                if byte == UInt8(ascii: "\"") { return result }
                result.unicodeScalars.append(try parseEscape())
                run = index
            } else if byte < 0x20 {
                throw fail("control character in string")
            } else {
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    mutating func parseEscape() throws -> Unicode.Scalar {
        guard index < end else { throw fail("unterminated escape") }
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
            if (0xDC00..<0xE000).contains(high) { throw fail("lone surrogate") }
            guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high)! }
            try expect(UInt8(ascii: "\\"))
            try expect(UInt8(ascii: "u"))
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("lone surrogate") }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        default: throw fail("bad escape")
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= end, bytes[index] != UInt8(ascii: "+"), bytes[index] != UInt8(ascii: "-"),
              let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self), radix: 16) else {
            throw fail("bad \\u escape")
        }
        index += 4
        return value
    }
}
