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

    /// Why Swift's `URL(string:)` (and so the widget's decoder) refuses `text`, or nil when
    /// it reads it: empty text, or a `scheme://` whose host and port part has a space, a stray
    /// `[`, a `%` that starts no `%XX`, or a port that is no number. The generated TypeScript
    /// refuses the same (`lc.url`); found by the differential test.
    static func decodeFailure(_ text: String) -> String? {
        if text.isEmpty { return "an empty string is not a URL (URL(string: \"\") is nil)" }
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isLetter(bytes[0]),
              bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
              bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/") else { return nil }
        let authority = Array(bytes[(colon + 3)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        var host = authority[...]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            if authority[..<at].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "%") || isSpace($0) }) {
                return "the user part of its host is not readable"
            }
            host = authority[(at + 1)...]
        }
        var port: ArraySlice<UInt8> = []
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")),
                  host[host.index(after: host.startIndex)..<close].allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else {
                return "its host has a '[' without a matching ']'"
            }
            port = host[(close + 1)...]
            guard port.isEmpty || port.first == UInt8(ascii: ":") else { return "text follows its [IPv6] host" }
        } else {
            if let portColon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[portColon...]
                host = host[..<portColon]
            }
            var index = host.startIndex
            while index < host.endIndex {
                let byte = host[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < host.endIndex, isHex(host[index + 1]), isHex(host[index + 2]) else { return "its host has a '%' that starts no %XX escape" }
                    index += 3
                    continue
                }
                if isSpace(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "@") { return "its host has a space or a stray '[', ']' or '@'" }
                index += 1
            }
        }
        if !port.isEmpty, !port.dropFirst().allSatisfy(isDigit) { return "its port is not a number" }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }
}
