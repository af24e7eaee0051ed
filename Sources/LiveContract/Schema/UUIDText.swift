/// The one text form of a `uuid` value that every copy of the contract agrees on.
///
/// Foundation's `UUID(uuidString:)` accepts the 8-4-4-4-12 hex form in either case and its
/// encoder writes `uuidString`, which is upper-case. Every other copy (schema values, TS
/// converters, Kotlin and TS FCM parsers) accepts the same form and upper-cases it on entry,
/// so a value lower-cased by a server reaches the widget and the fixtures as the same bytes.
public enum UUIDText {
    /// Upper-case `text` when it is 36 characters of 8-4-4-4-12 hex digits, else nil.
    public static func canonical(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                result.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): result.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): result.append(byte - 32)
            default: return nil
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
