#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON text written straight into one growing UTF-8 buffer, either from a `JSONValue` or
/// member by member (fixtures use the latter, so they need no tree of their own).
///
/// Fixtures are the largest thing `check` renders, and `Array`'s bookkeeping on each small
/// append costs more than copying the bytes themselves, hence the raw buffer.
///
///     var json = JSONText(pretty: true)
///     json.object { json in
///         json.member("name", .string(name))
///         json.object("expected") { json in ... }
///     }
struct JSONText: ~Copyable {
    /// Two-space indents and a space after each colon, or no whitespace at all.
    let pretty: Bool
    private var depth = 0
    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        self.capacity = max(capacity, 32)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The text written so far.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes written so far, valid until the next write.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    // MARK: Structure

    /// `{ ... }` around the members `body` writes with `key` or `member`.
    mutating func object(_ body: (inout JSONText) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// A member `key` whose value is the object `body` writes.
    mutating func object(_ key: StaticString, _ body: (inout JSONText) -> Void) {
        self.key(key)
        object(body)
    }

    /// `[ ... ]` around the items `body` writes, each after `item()`.
    mutating func array(_ body: (inout JSONText) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    /// A member `key` whose value is the array `body` writes.
    mutating func array(_ key: StaticString, _ body: (inout JSONText) -> Void) {
        self.key(key)
        array(body)
    }

    /// Starts a member of the enclosing object; its value is written next. A literal key is
    /// copied as is, so it must need no escaping.
    mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        reserve(length + 2 * depth + 6)
        var out = separate(at: start + count)
        out.pointee = UInt8(ascii: "\"")
        (out + 1).initialize(from: name.utf8Start, count: length)
        out += length + 1
        out.pointee = UInt8(ascii: "\"")
        count = colon(at: out + 1) - start
    }

    /// Starts a member with a key from the schema or the user.
    mutating func key(_ name: String) {
        separate()
        keyText(name)
    }

    /// The quoted `name` and its colon, after the separator is written.
    private mutating func keyText(_ name: String) {
        write(string: name)
        reserve(2)
        count = colon(at: start + count) - start
    }

    /// A member with a literal key.
    mutating func member(_ key: StaticString, _ value: JSONValue) {
        self.key(key)
        write(value)
    }

    /// Text written earlier, to copy where the same value appears again.
    struct Written {
        fileprivate var range: Range<Int>
        fileprivate var depth: Int
    }

    /// A member whose value repeats one written before: when `earlier` holds the text of this
    /// value it is copied (re-indented to this depth), otherwise the value is written and
    /// `earlier` records it.
    mutating func member(_ key: StaticString, _ value: JSONValue, reusing earlier: inout Written?) {
        member(key, reusing: &earlier) { $0.write(value) }
    }

    /// A member with a key from the schema whose whole text (key and value) repeats one
    /// written before: copied when `earlier` holds it, otherwise `key` and the value `body`
    /// writes are written and recorded in `earlier`.
    mutating func member(_ key: String, reusing earlier: inout Written?, _ body: (inout JSONText) -> Void) {
        separate()
        reuse(&earlier) { json in
            json.keyText(key)
            body(&json)
        }
    }

    /// A member whose value repeats one written before, as above; `body` writes the value
    /// the first time.
    mutating func member(_ key: StaticString, reusing earlier: inout Written?, _ body: (inout JSONText) -> Void) {
        self.key(key)
        reuse(&earlier, body)
    }

    /// Copies `earlier` when it holds text; otherwise writes with `body` and records in
    /// `earlier` what it wrote.
    private mutating func reuse(_ earlier: inout Written?, _ body: (inout JSONText) -> Void) {
        if let earlier {
            copy(earlier)
            return
        }
        let first = count
        body(&self)
        earlier = Written(range: first..<count, depth: depth)
    }

    /// Appends text written earlier. Written at another depth, every line after the first
    /// moves by the difference: strings never hold a raw line break, so each `\n` in the
    /// text is one of ours, followed by its indent.
    private mutating func copy(_ earlier: Written) {
        let range = earlier.range
        let shift = 2 * (depth - earlier.depth)
        guard pretty, shift != 0 else {
            reserve(range.count)
            (start + count).initialize(from: start + range.lowerBound, count: range.count)
            count += range.count
            return
        }
        // Room for the worst case (a line break at every byte), so the buffer stays put while
        // the C library's `memchr` finds the line breaks many bytes at a time.
        reserve(range.count * (1 + max(shift, 0)))
        var lineStart = range.lowerBound
        while lineStart < range.upperBound,
              let found = memchr(start + lineStart, Int32(UInt8(ascii: "\n")), range.upperBound - lineStart) {
            let lineEnd = start.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            (start + count).initialize(from: start + lineStart, count: lineEnd - lineStart)
            count += lineEnd - lineStart
            if shift > 0 {
                (start + count).initialize(repeating: UInt8(ascii: " "), count: shift)
                count += shift
                lineStart = lineEnd
            } else {
                lineStart = lineEnd - shift
            }
        }
        (start + count).initialize(from: start + lineStart, count: range.upperBound - lineStart)
        count += range.upperBound - lineStart
    }

    /// Starts an item of the enclosing array; the item is written next.
    mutating func item() { separate() }

    private mutating func open(_ bracket: UInt8) {
        append(bracket)
        depth += 1
    }

    /// Empty containers stay on one line: `{}`, `[]`.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !atOpening { newline() }
        append(bracket)
    }

    /// The comma after the previous member or item, and the line break before the next.
    private mutating func separate() {
        reserve(2 * depth + 2)
        count = separate(at: start + count) - start
    }

    /// `separate()` into room already reserved (`2 * depth + 2` bytes) at `out`, the end of
    /// the text; returns the new end.
    @inline(__always)
    private func separate(at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var out = out
        if !atOpening {
            out.pointee = UInt8(ascii: ",")
            out += 1
        }
        guard pretty else { return out }
        out.pointee = UInt8(ascii: "\n")
        let indent = 2 * depth
        (out + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        return out + 1 + indent
    }

    /// `:` and, in pretty text, a space, into room already reserved at `out`; returns the
    /// new end.
    @inline(__always)
    private func colon(at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out.pointee = UInt8(ascii: ":")
        guard pretty else { return out + 1 }
        out[1] = UInt8(ascii: " ")
        return out + 2
    }

    /// True right after `{` or `[`, before the container's first member or item (the text of
    /// a value never ends with either).
    private var atOpening: Bool {
        count > 0 && (start[count - 1] == UInt8(ascii: "{") || start[count - 1] == UInt8(ascii: "["))
    }

    /// In pretty text, a line break and the indent of the current depth.
    private mutating func newline() {
        guard pretty else { return }
        let indent = 2 * depth
        reserve(indent + 1)
        start[count] = UInt8(ascii: "\n")
        (start + count + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        count += indent + 1
    }

    // MARK: Values

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .int(let number): append(number)
        case .double(let number): JSNumber.write(number, into: &self)
        case .string(let text): write(string: text)
        case .array(let items):
            array { json in
                for index in items.indices {
                    json.item()
                    json.write(items[index])
                }
            }
        case .object(let members):
            object { json in
                for index in members.indices {
                    json.key(members[index].key)
                    json.write(members[index].value)
                }
            }
        }
    }

    /// `JSON.stringify` string escaping: the short escapes, `\u00XX` for other control
    /// characters, everything else (including non-ASCII, as UTF-8) as is.
    mutating func write(string text: String) {
        let utf8 = text.utf8
        if utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) == nil {
            var copy = text
            copy.withUTF8 { writeQuoted($0) }
        }
    }

    /// `bytes` in quotes, escaped. Room for the worst case (six bytes per input byte) is
    /// reserved once; clean words of eight bytes are checked and copied at once, and only
    /// the rest byte by byte. Most strings need no escape at all.
    private mutating func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        // Also room to store a whole word for the last few bytes.
        reserve(max(6 * length + 2, length + 10))
        var out = start + count
        out.pointee = UInt8(ascii: "\"")
        out += 1
        if let source = bytes.baseAddress {
            var index = 0
            while index + 8 <= length {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if Self.anyNeedsEscape(word) { break }
                UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                out += 8
                index += 8
            }
            // The last one to seven bytes, padded with spaces to one word: when clean, the
            // whole word is stored and only their count kept.
            if index < length && length - index < 8 {
                let rest = length - index
                var word: UInt64 = 0x2020_2020_2020_2020
                withUnsafeMutableBytes(of: &word) { padded in
                    padded.baseAddress!.copyMemory(from: source + index, byteCount: rest)
                }
                if !Self.anyNeedsEscape(word) {
                    UnsafeMutableRawPointer(out).storeBytes(of: word, as: UInt64.self)
                    out += rest
                    index = length
                }
            }
            while index < length {
                let byte = source[index]
                index += 1
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    out.pointee = byte
                    out += 1
                    continue
                }
                out.pointee = UInt8(ascii: "\\")
                let escaped: UInt8
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = byte
                case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
                case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
                case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
                case 0x08: escaped = UInt8(ascii: "b")
                case 0x0C: escaped = UInt8(ascii: "f")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out[1] = UInt8(ascii: "u")
                    out[2] = UInt8(ascii: "0")
                    out[3] = UInt8(ascii: "0")
                    out[4] = hex.utf8Start[Int(byte >> 4)]
                    out[5] = hex.utf8Start[Int(byte & 0xF)]
                    out += 6
                    continue
                }
                out[1] = escaped
                out += 2
            }
        }
        out.pointee = UInt8(ascii: "\"")
        count = out + 1 - start
    }

    /// True when one of the eight bytes of `word` is a control character, `"` or `\`, tested
    /// on all eight at once: `(x - 0x01...) & ~x & 0x80...` is non-zero exactly when some byte
    /// of x is zero, and `(x - 0x20...) & ~x & 0x80...` when some byte is below 0x20.
    private static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & high != 0 }
        return (word &- ones &* 0x20) & ~word & high != 0
            || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
            || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    }

    // MARK: Bytes

    mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    mutating func append(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats)
        (start + count).initialize(repeating: byte, count: repeats)
        count += repeats
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Decimal digits, as `String(number)` writes them.
    mutating func append(_ number: Int64) {
        if number < 0 { append(UInt8(ascii: "-")) }
        reserve(20)
        let first = count
        var rest = number.magnitude
        repeat {
            start[count] = UInt8(ascii: "0") + UInt8(rest % 10)
            count += 1
            rest /= 10
        } while rest > 0
        var digits = UnsafeMutableBufferPointer(start: start + first, count: count - first)
        digits.reverse()
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    /// Doubles the allocation (at least).
    private mutating func grow(_ extra: Int) {
        capacity = max(2 * capacity, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.moveInitialize(from: start, count: count)
        start.deallocate()
        start = grown
    }
}
