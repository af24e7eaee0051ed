#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte offsets to the line:column positions libyaml reports, for the problems found before
/// libyaml runs (a NUL byte, invalid UTF-8) and to keep every position inside the file.
extension YAMLReader {
    /// 1-based line and column of a byte offset, counting characters (not bytes) in the line.
    /// Lines break where libyaml breaks them (LF, CR, CRLF, NEL, U+2028, U+2029), so these
    /// positions agree with the ones libyaml reports for the rest of the file.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        var index = 0
        while index < offset {
            // Printable ASCII, most of any file, is one column and never a line break.
            if bytes[index] >= 0x20 && bytes[index] < 0x80 {
                column += 1
                index += 1
                continue
            }
            if let length = lineBreakLength(bytes, at: index) {
                line += 1
                column = 1
                index += length
                continue
            }
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line, column)
    }

    /// How many lines libyaml sees in `bytes` (a last line without a break counts).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        position(of: bytes.count, in: bytes).0
    }

    /// The byte length of the line break starting at `index`, or nil when none starts there.
    static func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int? {
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return at(1) == 0x0A ? 2 : 1
        case 0xC2: return at(1) == 0x85 ? 2 : nil
        case 0xE2: return at(1) == 0x80 && (at(2) == 0xA8 || at(2) == 0xA9) ? 3 : nil
        default: return nil
        }
    }

    /// How many bytes of `bytes` equal `byte` (the C library's `memchr` finds each one).
    static func count(of byte: UInt8, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var cursor = buffer.baseAddress else { return 0 }
            let end = cursor + buffer.count
            var count = 0
            while cursor < end, let found = memchr(cursor, Int32(byte), end - cursor) {
                count += 1
                cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return count
        }
    }

    /// The first character YAML 1.1 forbids in a stream (C0 controls but tab, LF and CR; DEL;
    /// C1 controls but NEL; U+FFFE and U+FFFF), as a byte offset and 4-digit hex code, found
    /// here so it is reported where it is instead of at 1:1 by libyaml.
    static func firstForbiddenCharacter(_ bytes: [UInt8]) -> (Int, String)? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
                return (index, hex4(UInt32(byte)))
            }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]), bytes[index + 1] != 0x85 {
                return (index, hex4(UInt32(bytes[index + 1])))
            }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                return (index, bytes[index + 2] == 0xBE ? "FFFE" : "FFFF")
            }
            index += 1
        }
        return nil
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` with every non-ASCII scalar as `\u{E9}`, so two spellings that look alike are
    /// told apart in a message (`caf\u{E9}` vs `cafe\u{301}`).
    static func spelled(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII { result.unicodeScalars.append(scalar) } else { result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
        }
        return result
    }
}
