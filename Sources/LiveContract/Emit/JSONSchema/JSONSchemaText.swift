/// Writes a JSON Schema document: livecontract's pretty JSON (two-space indent, keys in a
/// fixed order, numbers as JavaScript writes them), with the one number `JSONValue` cannot
/// hold, UInt64's largest value, written from its digits, and every invisible or
/// line-breaking character of the schema's texts escaped (`\u200d`), so a reviewer sees it.
enum JSONSchemaText {
    /// Stands for 18446744073709551615 as the value of `maximum` until the document is
    /// written. A document holds no other null (defaults and examples are never null, and the
    /// null type is the string "null"), so `"maximum": null` is only ever this bound.
    static let uint64Max = JSONValue.null

    static func render(_ document: JSONValue) -> [UInt8] {
        let text = JSONWriter.pretty(document).replacing("\"maximum\": null", with: "\"maximum\": \(UInt64.max)")
        var output = String.UnicodeScalarView()
        // Outside strings a document is ASCII, so every such character is inside a string,
        // where its escape reads back as the same text.
        for scalar in text.unicodeScalars {
            guard CodeText.isInvisible(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" else {
                output.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return Array(String(output).utf8)
    }
}
