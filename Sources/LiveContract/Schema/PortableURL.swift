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
        if let failure = decodeFailure(text) { return failure }
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

    /// Why Swift's `URL(string:)` (and so the widget's `JSONDecoder`) refuses `text`, or nil
    /// when it reads it. Foundation parses RFC 3986 and percent-encodes what a user, password,
    /// path, query or fragment may not hold, so only the structure can fail (docs/wire.md,
    /// "url"): empty text; text before the first `:` (when no `/ ? # [ ] @` comes first) that is
    /// no scheme (a letter, then letters, digits, `+ - .`); after `//`, an `[IP literal]`
    /// followed by other than `:port` or holding other than RFC 3986's characters before a
    /// `%`; a port that is not digits (but for `addressbook:`); a host with a character a host
    /// may not hold (a space, `"<>\^`{|}`, a `%` that starts no `%XX`, a stray bracket), which
    /// Foundation percent-encodes only for the schemes of `hostEncodingSchemes`. A host with
    /// non-ASCII text goes through IDNA (UTS 46) in Foundation, whose outcome depends on the
    /// device's Unicode tables; every copy refuses it (the `xn--` form is the portable one).
    /// The generated TypeScript (`lc.url`), Python (`_lc_url`) and Go (`lcURLText`) apply the
    /// same steps; the differential test holds validate to Foundation on generated links.
    static func decodeFailure(_ text: String) -> String? {
        if text.isEmpty { return "an empty string is not a URL (URL(string: \"\") is nil)" }
        let bytes = Array(text.utf8)
        var rest = 0
        var scheme: [UInt8]? = nil
        if let stop = bytes.firstIndex(where: { Array(":/?#[]@".utf8).contains($0) }), bytes[stop] == UInt8(ascii: ":") {
            let candidate = Array(bytes[..<stop])
            if let first = candidate.first {
                guard isLetter(first), candidate.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else {
                    return "'\(String(decoding: candidate, as: UTF8.self))' before the first ':' is no scheme (a letter, then letters, digits, '+', '-' or '.')"
                }
            }
            scheme = candidate
            rest = stop + 1
        }
        guard bytes.count >= rest + 2, bytes[rest] == UInt8(ascii: "/"), bytes[rest + 1] == UInt8(ascii: "/") else { return nil }
        let authority = Array(bytes[(rest + 2)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        var hostPart = authority[...]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { hostPart = authority[(at + 1)...] }
        let lowerScheme = scheme.map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
        var host: ArraySlice<UInt8>
        var port: ArraySlice<UInt8> = []
        if hostPart.first == UInt8(ascii: "["), let close = hostPart.firstIndex(of: UInt8(ascii: "]")) {
            let after = hostPart[(close + 1)...]
            guard after.isEmpty || after.first == UInt8(ascii: ":") else { return "text follows its [IP literal] host other than ':port'" }
            port = after.dropFirst()
            let inner = hostPart[(hostPart.startIndex + 1)..<close].prefix { $0 != UInt8(ascii: "%") }
            guard inner.allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }) else {
                return "its [IP literal] host holds a character other than letters, digits, ':' and RFC 3986's '-._~!$&'()*+,;='"
            }
            host = []
        } else if let colon = hostPart.firstIndex(of: UInt8(ascii: ":")) {
            host = hostPart[..<colon]
            port = hostPart[(colon + 1)...]
        } else {
            host = hostPart
        }
        if !port.allSatisfy(isDigit), lowerScheme != "addressbook" { return "its port is not a number" }
        if isValidHost(host) || hostEncodingSchemes.contains(lowerScheme) { return nil }
        if host.contains(where: { $0 >= 0x80 }) {
            return "its host has non-ASCII text, which URL(string:) reads only through IDNA (UTS 46), depending on the device's Unicode tables: send the host's xn-- form"
        }
        return "its host has a character a host may not hold (a space, a control character, '\"<>\\^`{|}', a stray '[' or ']', or a '%' that starts no %XX escape)"
    }

    /// The schemes whose host Foundation percent-encodes instead of refusing (RFC3986Parser's
    /// list in swift-foundation).
    static let hostEncodingSchemes: Set<String> = [
        "tel", "telemergencycall", "telprompt", "callto", "facetime", "facetime-prompt", "facetime-audio",
        "facetime-audio-prompt", "imap", "pop", "addressbook", "contact", "phasset", "http+unix", "https+unix",
        "ws+unix", "wss+unix",
    ]

    /// RFC 3986 reg-name: unreserved, sub-delims and `%XX` escapes.
    private static func isValidHost(_ host: ArraySlice<UInt8>) -> Bool {
        var index = host.startIndex
        while index < host.endIndex {
            let byte = host[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < host.endIndex, isHex(host[index + 1]), isHex(host[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        Array("!$&'()*+,;=".utf8).contains(byte)
    }
}
