@testable import LiveContract

/// The edge values the differential generator draws from, per kind of value: each bound at,
/// just inside and just outside; the 32-bit, 53-bit and 64-bit integer edges; non-finite and
/// signed-zero numbers; negative, sub-millisecond, fractional and far-future instants;
/// empty, exact-length, over-long, escape-heavy and non-BMP text.
enum DifferentialValues {
    static let clock = Double(FixtureEmitter.clockMillis)
    static let safe = 9_007_199_254_740_991.0

    /// Integers at the edges of the 32-bit, 53-bit and 64-bit ranges, and a few that are no integer.
    static let integerEdges: [Double] = [
        0, 1, -1, 2_147_483_647, -2_147_483_648, 2_147_483_648, -2_147_483_649, 4_294_967_296,
        safe, safe + 1, safe + 3, -safe, -safe - 3, 9.3e18, -9.3e18, 1e300, 2.5, -0.5, -0.0,
    ]

    static let doubleEdges: [Double] = [
        0, -0.0, 1e-7, 1e-6, .leastNonzeroMagnitude, 0.1, 1.0 / 3, 123_456_789.125, 1e21, -1e21, 1.7976931348623157e308,
        -1.7976931348623157e308, .nan, .infinity, -.infinity,
    ]

    /// Unix milliseconds: the fixture clock, its fractions, 1970, before 1970, year 1, year
    /// 10000, JavaScript's last date, the safe-integer edge and beyond.
    static let millisEdges: [Double] = [
        clock, clock + 0.5, clock + 0.4999, clock - 0.5, 0, -1, -0.5, 0.25, 1.5, -62_135_596_800_000,
        253_402_300_800_000, 8.64e15, 8.64e15 + 1, safe, safe + 1, safe + 3, -safe, -safe - 3, 1e300,
        .nan, .infinity, -.infinity, -0.0,
    ]

    /// Seconds since 2001 as number text, for content-state bodies.
    static let secondsEdges: [String] = [
        "0", "-978307200", "763757220", "763757220.25", "0.0001", "-0.0005", "1e12", "-1e12",
        "9007199254740993", "1742064420000", "1.7976931348623157e308", "1e400", "-0", "1E3",
    ]

    /// Unix seconds and milliseconds as number text, for dates declared `encoding: unixSeconds`
    /// or `unixMillis` (the reference-date numbers above are edges for them too).
    static let unixEdges: [String] = [
        "1742064420", "1742064420.5", "1742064420123", "1742064420123.5", "0", "-1", "253402300799", "253402300800000",
        "1e15", "9007199254740993", "-62135596800",
    ]

    /// Texts for dates declared `encoding: iso8601`: the one form read, and near misses
    /// (fractions, offsets, lower case, impossible days and times, years outside 1970...9999).
    static let isoEdges: [String] = [
        "2025-03-15T19:12:00Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-02-29T12:00:00Z",
        "2025-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-03-15T19:12:00.500Z", "2025-03-15T19:12:00+00:00",
        "2025-03-15t19:12:00z", "1969-12-31T23:59:59Z", "2025-13-01T00:00:00Z", "2025-03-15T24:00:00Z",
        "2025-03-15T19:12:60Z", "2025-03-15 19:12:00Z", "", "0000-01-01T00:00:00Z", "+2025-03-15T19:12:00Z",
    ]

    static let urls: [String] = [
        "https://example.com/a?b=c&d=e", "about:blank", "mailto:x@example.com", "", " ", "not a url",
        "https://example.com/ü", "http://[::1", "http://a b.com", "http://example.com:abc", "%zz", "🚀",
        " https://example.com/a", "12:30", "1http://a", "2025-03-15T19:00:00Z", ":x", "tel://a b/",
    ]

    /// A link built from the parts `URL(string:)` judges (docs/wire.md, "url"): a scheme or
    /// none (valid, invalid, empty, host-encoding), `//` or not, a user part, an ASCII host
    /// (names, IP literals, bad characters, escapes), a port, and a tail of any characters.
    /// Hosts stay ASCII: a non-ASCII host is the rule's one documented strictness.
    static func url(_ rng: inout SeededRandom) -> String {
        let schemes = ["https", "HTTP", "a+b.c-d", "tel", "addressbook", "1a", "a b", " https", "", "x_y"]
        let hosts = ["example.com", "", "[::1]", "[::1%eth0]", "[v1.x]", "[::1 ]", "[::1]x", "[abc", "a b", "%41", "%zz", "a%", "a]b", "a{b", "a\u{1}b"]
        let atoms = ["a", "Z", "0", "-", ".", "_", "~", "!", "$", "&", "'", "(", "*", "+", ",", ";", "=", ":", "/", "?", "#",
                     "[", "]", "@", "%", "%4", "%41", " ", "\"", "<", "\\", "^", "`", "{", "|", "\u{7f}", "\t"]
        // Non-ASCII text only after a `/`, where it can never become part of a host.
        func tail(_ count: Int) -> String { (0..<count).map { _ in rng.pick(atoms) }.joined() + (rng.chance(10) ? "/x/é😀" : "") }
        switch rng.below(3) {
        case 0: return rng.pick(schemes) + ":" + tail(rng.below(6))
        case 1: return tail(1 + rng.below(7))
        default:
            let user = rng.chance(25) ? tail(rng.below(4)) + "@" : ""
            let port = rng.chance(30) ? ":" + rng.pick(["", "80", "8x", "443", tail(1)]) : ""
            return (rng.chance(85) ? rng.pick(schemes) + ":" : "") + "//" + user + rng.pick(hosts) + port + tail(rng.below(5))
        }
    }

    /// JSON text an FCM value of `type` must not be read as, beside plain nonsense.
    static func junk(_ type: FieldType) -> [String] {
        switch type {
        case .string, .url: return ["", " ", "null"]
        case .int: return ["", " 1", "+1", "1.0", "1e2", "0x10", "007", "-0", "2147483648", "-2147483649", "12abc", "\u{0663}", "NaN"]
        case .double: return ["NaN", "Infinity", "-Infinity", "1e400", ".5", "5.", "+1", "1E5", "-0", "0.1e-400", " 1", "0x1p3", "1_000", ""]
        case .bool: return ["True", "1", "", "yes", "false "]
        case .date: return ["1.5", "9007199254740992", "9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808", "1e3", "", "+5"]
        case .dateRange:
            return ["[1,2]", "[2,1]", "[1]", "[1,2,3]", #"{"lowerBound":1,"upperBound":2}"#, "[1.5,2]", "[null,1]", #"["1",2]"#,
                    "[9007199254740993,9007199254740994]", " [1,2]", "[1,2]x", "[1;2]", "[0x10,20]", "/*c*/[1,2]", "[1,2,]", "null"]
        // The last four are no case of an Int-raw enum either (its text is matched exactly).
        case .enumeration: return ["", "zzzNewCase", " ", "01", "-0", "1.0", " 1"]
        case .uuid: return uuids + ["not-a-uuid", "null"]
        case .sized(let kind): return sizedTexts(kind) + ["", " 1", "+1", "1.0", "1e2", "0x10", "007", "-0", "1.5", "abc", "\u{0663}"]
        case .float: return floatTexts + ["NaN", "Infinity", "-Infinity", "", " 1", "+1", ".5", "5.", "0x1p3", "abc"]
        case .structure: return ["{", "null", "[]", "\"x\"", "{}", "{a:1}", "{'a':1}"]
        case .array: return ["null", "{}", "[null]", "[", "[1,]", "[1;2]", "['a']", "[0x10]"]
        case .map: return ["{", "null", "[]", "\"x\"", "{a:1}", "{'a':1}", "[{}]", "{\"a\":1,}"]
        }
    }

    /// UUID text: upper, lower and mixed case; no dashes, braces, one digit short or long,
    /// a non-hex digit, spaces around, a sign, full-width digits, the nil and max UUIDs.
    static let uuids: [String] = [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "E621e1f8-C36c-495A-93fc-0C247a3E6E5f",
        "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "E621E1F8C36C495A93FC0C247A3E6E5F",
        "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
        "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", " E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F ",
        "+621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC+0C247A3E6E5F", "E621E1F8_C36C_495A_93FC_0C247A3E6E5F",
        "\u{FF25}621E1F8-C36C-495A-93FC-0C247A3E6E5F", "",
    ]

    /// Numbers at a Float's edges: Float.max, the midway point past it (rounds to infinity),
    /// beyond; the least normal and subnormal, the half-way point below it (rounds to zero);
    /// values that round (0.1, 2^24 + 1, a decimal whose Double sits on a Float tie).
    static let floatEdges: [Double] = [
        3.4028234663852886e38, -3.4028234663852886e38, 3.4028235677973366e38, -3.4028235677973366e38, 3.402823567797336e38,
        3.5e38, 1e39, 1.1754943508222875e-38, 1.401298464324817e-45, -1.401298464324817e-45, 7.006492321624085e-46,
        7.006492321624087e-46, 1e-46, 0.1, 1.0000000596046448, 16_777_217, 0.3, 123_456.789, -0.0, .nan, .infinity, -.infinity,
    ]

    /// Float number text for APNs bodies and FCM values: the edges above plus spellings whose
    /// nearest Float differs from the nearest Float of their nearest Double (double rounding).
    static let floatTexts: [String] = [
        "3.4028234663852886e38", "3.4028235e38", "3.40282356e38", "3.4028235677973366e38", "3.4028235677973362e38",
        "3.4028236e38", "1e39", "1.17549435e-38", "1.4e-45", "1e-45", "7.006492321624086e-46", "7.0064923216240854e-46",
        "7e-46", "1e-46", "0.1", "1.00000005960464478", "1.0000000596046447", "16777217", "-0", "0", "1E5", "1e400", "-1e400",
    ]

    /// Decimal text at a sized integer's edges: its wire range (JavaScript's safe integers for
    /// the 64-bit kinds) and Swift's own range, at and one past each end, and 2^53.
    static func sizedTexts(_ kind: IntegerKind) -> [String] {
        let wire = kind.wireRange
        var list: [String] = []
        for end in [wire.lowerBound, wire.upperBound] {
            list += [String(end), String(end - 1), String(end + 1)]
        }
        list += ["9007199254740992", "-9007199254740992", "9007199254740993", "9223372036854775807", "9223372036854775808",
                 "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "-1", "0"]
        return list
    }

    /// Numbers around a sized field: the type's wire range and the field's bounds, at, inside
    /// and outside each; the 2^53 edges; negative; fractions; beyond 64 bits.
    static func sizedEdges(_ kind: IntegerKind, _ field: Field?) -> [Double] {
        var list: [Double] = []
        for end in [Double(kind.wireRange.lowerBound), Double(kind.wireRange.upperBound)] {
            list += [end, end - 1, end + 1]
        }
        for bound in [field?.minimum?.number, field?.maximum?.number].compactMap({ $0 }) { list += [bound, bound - 1, bound + 1] }
        list += [0, -1, -0.0, 2.5, -0.5, safe, safe + 1, -safe, -safe - 1, 9.2e18, 9.3e18, -9.3e18, 1.8446744073709552e19, 1e300]
        return list
    }

    /// Map keys: empty, escape-heavy, JavaScript's special names, and U+FF61 beside U+1F680
    /// (code point order and UTF-16 order disagree on them), plus plain ones.
    static let mapKeys: [String] = FixtureSamples.hostileKeys + ["hasOwnProperty", "toString", "k1", "k2", "K1", "0", "10", "9", "\u{7F}", "\u{FFFF}"]

    /// Text for a string field: empty, at, under and over maxLength, escape-heavy, non-BMP.
    static func texts(maxLength: Int?) -> [String] {
        var list = ["", "a", FixtureSamples.hostileText, "🚀𝄞😀", "\u{0}\u{1F}\u{7F}\"\\/", "line\nbreak\r\n", "${x}\\(y)`z`"]
        if let limit = maxLength {
            list += [String(repeating: "x", count: limit), String(repeating: "x", count: limit + 1),
                     String(repeating: "🚀", count: limit / 4 + 1), String(repeating: "é", count: max(0, limit / 2))]
        }
        return list
    }

    /// Numbers around a field's bounds: at, just inside and just outside each.
    static func boundEdges(_ field: Field?, isInt: Bool) -> [Double] {
        var list: [Double] = []
        for bound in [field?.minimum?.number, field?.maximum?.number].compactMap({ $0 }) {
            list += isInt ? [bound, bound - 1, bound + 1] : [bound, bound.nextUp, bound.nextDown, bound - 0.5, bound + 0.5]
        }
        return list
    }
}
