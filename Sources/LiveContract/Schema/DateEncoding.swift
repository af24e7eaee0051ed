/// `encoding:` on a `date` field: the form the date takes in APNs JSON (the widget's Codable).
///
/// Swift's default `JSONDecoder` reads a `Date` as seconds since 2001-01-01, so that is the
/// default. Contracts that already exist often convert the date in a hand-written
/// `init(from:)` / `encode(to:)` instead: Unix seconds, Unix milliseconds, or an ISO-8601
/// string from `ISO8601DateFormatter`. Declaring the encoding lets the schema express such a
/// contract; the JS bridge and FCM keep Unix milliseconds whatever the encoding.
public enum DateEncoding: String, Sendable, CaseIterable {
    /// Swift's default: a JSON number, seconds since 2001-01-01 00:00:00 UTC.
    case reference = "referenceDate"
    /// A JSON number, seconds since 1970-01-01 (fraction allowed).
    case unixSeconds
    /// A JSON integer, milliseconds since 1970-01-01 (a fraction is accepted when read).
    case unixMillis
    /// A JSON string `YYYY-MM-DDTHH:MM:SSZ`: what `ISO8601DateFormatter()` with its default
    /// options writes. Whole seconds: a fraction of a second is dropped when written (floor),
    /// and a string with one is refused when read, as that formatter refuses it.
    case iso8601

    /// The spellings the schema accepts, for "did you mean".
    static let spellings = allCases.map(\.rawValue)

    /// A short description for docs, notes and findings.
    public var summary: String {
        switch self {
        case .reference: return "seconds since 2001-01-01 (Swift's default Date form)"
        case .unixSeconds: return "Unix seconds"
        case .unixMillis: return "Unix milliseconds"
        case .iso8601: return "an ISO-8601 string (YYYY-MM-DDTHH:MM:SSZ)"
        }
    }
}

extension Field {
    /// True when this field is a date whose APNs form is not Swift's default (so Swift needs a
    /// hand-written `init(from:)` / `encode(to:)` for its record).
    public var hasDateEncoding: Bool { dateEncoding != .reference }
}

extension Epoch {
    /// The APNs JSON of the date `millis` (Unix ms) in `encoding`: the value the widget's
    /// Codable type reads and writes, and every server module writes.
    public static func apnsValue(unixMillis millis: Int64, _ encoding: DateEncoding) -> JSONValue {
        switch encoding {
        case .reference: return .double(referenceSeconds(fromUnixMillis: millis))
        // As Swift's `timeIntervalSince1970` gives them: counted from 2001, plus 978307200.
        case .unixSeconds: return millis % 1000 == 0 ? .int(millis / 1000) : .double(referenceSeconds(fromUnixMillis: millis) + 978_307_200)
        // As Swift's Date (seconds from 2001 in a Double) gives them back: the same ms for any
        // date a server sends, one off only near 2^53.
        case .unixMillis: return .int(Int64((referenceSeconds(fromUnixMillis: millis) * 1000).rounded()) + referenceOffsetMillis)
        // Outside 1970...9999 every generated writer writes the nearest end.
        case .iso8601: return .string(iso8601WholeSeconds(unixMillis: min(max(millis, 0), 253_402_300_799_999)))
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, floored to the whole second: the ISO-8601 wire form.
    public static func iso8601WholeSeconds(unixMillis millis: Int64) -> String {
        let floored = millis >= 0 ? millis / 1000 * 1000 : (millis - 999) / 1000 * 1000
        return formatISO8601(unixMillis: floored)
    }

    /// Parses the ISO-8601 wire form: exactly `YYYY-MM-DDTHH:MM:SSZ` (no fraction); Unix ms.
    public static func parseWireISO8601(_ text: String) -> Int64? {
        guard text.utf8.count == 20 else { return nil }
        return parseISO8601(text)
    }
}

extension Contract {
    /// The `encoding:` values some date of the contract declares (attributes, state, structs),
    /// so a generated runtime carries only the helpers it calls.
    public var dateEncodingsUsed: Set<DateEncoding> {
        var used: Set<DateEncoding> = []
        func scan(_ fields: [Field]) {
            for index in fields.indices where fields[index].hasDateEncoding { used.insert(fields[index].dateEncoding) }
        }
        scan(attributes)
        scan(state)
        for type in types { if let fields = type.fields { scan(fields) } }
        return used
    }

    /// Template flags of the runtime helpers for dates with `encoding:`.
    var dateRuntimeFlags: [String: TemplateValue] {
        let used = dateEncodingsUsed
        return ["unixDates": .flag(used.contains(.unixSeconds) || used.contains(.unixMillis)), "isoDates": .flag(used.contains(.iso8601))]
    }
}
