/// Writes a JSON Schema document: livecontract's pretty JSON (two-space indent, keys in a
/// fixed order, numbers as JavaScript writes them), with the one number `JSONValue` cannot
/// hold, UInt64's largest value, written from its digits, and every invisible or
/// line-breaking character of the schema's texts escaped (`\u200d`), so a reviewer sees it.
///
/// One pass over the writer's bytes: `check` renders every document on every run, and
/// going through `String` scalar by scalar cost more than all the fixtures together.
enum JSONSchemaText {
    /// Stands for 18446744073709551615 as the value of `maximum` until the document is
    /// written. A document holds no other null (defaults and examples are never null, and the
    /// null type is the string "null"), so `"maximum": null` is only ever this bound.
    static let uint64Max = JSONValue.null

    /// The member as the writer prints the placeholder. Inside a string its quotes would be
    /// escaped (`\"maximum\"`), so these bytes only ever match the member itself.
    private static let placeholder = Array("\"maximum\": null".utf8)
    private static let bound = Array("\"maximum\": \(UInt64.max)".utf8)

    static func render(_ document: JSONValue) -> [UInt8] {
        var text = JSONText(pretty: true)
        text.write(document)
        text.append(UInt8(ascii: "\n"))
        return escaped(text.bytes)
    }

    /// `bytes` (valid UTF-8) with the placeholder replaced and the invisible scalars escaped.
    /// Outside strings a document is ASCII, so every such scalar is inside a string, where its
    /// escape reads back as the same text.
    static func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var index = 0, plain = 0
        // Copies each run of printable ASCII at once; only the bytes that start the
        // placeholder or another character are looked at one by one.
        func flush() { if plain < index { output.append(contentsOf: bytes[plain..<index]) } }
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F && (byte != UInt8(ascii: "\"") || !matches(placeholder, in: bytes, at: index)) || byte == 0x0A {
                index += 1
                continue
            }
            flush()
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: bound)
                index += placeholder.count
            } else {
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                if let scalar = scalar(in: bytes, at: index, length: length),
                   CodeText.isInvisible(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    for unit in String(scalar).utf16 { appendEscape(unit, to: &output) }
                } else {
                    output.append(contentsOf: bytes[index..<min(index + length, bytes.count)])
                }
                index += length
            }
            plain = index
        }
        flush()
        return output
    }

    private static func matches(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> Unicode.Scalar? {
        guard index + length <= bytes.count else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self).unicodeScalars.first
    }

    /// `\u` and four lowercase hex digits, as `JSON.stringify` writes an escape.
    private static func appendEscape(_ unit: UInt16, to output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        for shift in stride(from: 12, through: 0, by: -4) { output.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
    }
}
