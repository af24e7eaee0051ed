/// Writes a JSON Schema document: livecontract's pretty JSON (two-space indent, keys in a
/// fixed order, numbers as JavaScript writes them), with the one number `JSONValue` cannot
/// hold, UInt64's largest value, written from its digits.
enum JSONSchemaText {
    /// Stands for 18446744073709551615 in a document until it is written. A NUL never
    /// appears in a schema's text (the loader refuses control characters), and a user's
    /// string is never this whole token, so the substitution cannot touch one.
    static let uint64Max = "\u{0}uint64-max"

    static func render(_ document: JSONValue) -> [UInt8] {
        let text = JSONWriter.pretty(document)
        return Array(text.replacing("\"\\u0000uint64-max\"", with: String(UInt64.max)).utf8)
    }
}
