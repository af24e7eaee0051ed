/// Which `url` values survive every copy of the contract unchanged.
///
/// Kotlin and TypeScript carry a url as the string it is, but Swift's `URL(string:)` (and so
/// the widget's `Codable` decoding) percent-encodes what RFC 3986 does not allow as is:
/// `https://x/{a}` comes back as `https://x/%7Ba%7D`, `é` as `%C3%A9`, a second `#` as `%23`,
/// and a stray `%` as `%25`. A default or example like that would make the Swift copy
/// disagree with the others, so the loader accepts only text that Foundation keeps byte for byte.
enum PortableURL {
    /// Why `text` is not portable, or nil when it is.
    static func problem(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
              bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else {
            return "it has no scheme (such as https:)"
        }
        var index = 0
        var fragments = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return "'%' must start a %XX escape"
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") { fragments += 1 }
            guard isAllowed(byte) else {
                let shown = byte < 0x80 ? String(UnicodeScalar(byte)) : "non-ASCII text"
                return "Swift's URL would percent-encode \(shown == " " ? "a space" : "'\(shown)'"); write it as a %XX escape"
            }
            index += 1
        }
        if fragments > 1 { return "a second '#' would be percent-encoded by Swift's URL; write it as %23" }
        return nil
    }

    /// RFC 3986 unreserved and reserved characters, without `[` and `]`: Foundation encodes
    /// them outside an IPv6 host, which a Live Activity link does not need.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        if isLetter(byte) || isDigit(byte) { return true }
        return Array("-._~:/?#@!$&'()*+,;=".utf8).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
