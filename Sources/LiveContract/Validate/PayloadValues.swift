/// A JSON path as messages show it: `aps.content-state.eta`, `message.data.stops[2]`.
struct JSONPath: Sendable {
    var text: String

    static let root = JSONPath(text: "")

    func key(_ key: String) -> JSONPath {
        let plain = !key.isEmpty && key.utf8.allSatisfy { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\"") }
        let part = plain ? key : "[\"\(key)\"]"
        return JSONPath(text: text.isEmpty || !plain ? text + part : text + "." + part)
    }

    func index(_ index: Int) -> JSONPath { JSONPath(text: text + "[\(index)]") }

    /// `path: ` in front of a message, or nothing at the root.
    var prefix: String { text.isEmpty ? "" : text + ": " }
}

/// Reading JSON number text the way Foundation's `JSONDecoder` does.
enum NumberText {
    /// True when the text has no fraction or exponent (`3`, `-12`).
    static func isPlainInteger(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value an `Int` decode yields: `3.0` and `1e2` decode (Foundation accepts integral
    /// values in any spelling), `3.5` and values beyond 64 bits do not (SwiftIntegerText).
    static func int(_ text: String) -> Int64? { SwiftIntegerText.int(text) }

    /// The number as a message quotes it: whole when short, else its first and last digits
    /// (a payload may hold a number a megabyte long).
    static func shown(_ text: String) -> String {
        text.utf8.count <= 40 ? text : "\(text.prefix(20))...\(text.suffix(12)) (\(text.utf8.count) characters)"
    }

    /// The finite `Double`, or nil when the text overflows (`1e400` fails to decode) or underflows.
    static func double(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        // Underflow: `0.1e-400` reads as 0 here, but Foundation refuses a non-zero number too
        // small for Double (found by the differential test), as it refuses one too large.
        if value == 0, text.utf8.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }).contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            return nil
        }
        return value
    }
}

/// Which epoch a number sent for a date was most likely written in.
///
/// APNs content-state wants seconds since 2001-01-01 (a default `JSONDecoder`'s `Date`); JS
/// and FCM speak Unix milliseconds; many servers send Unix seconds. The three ranges barely
/// overlap for dates near today, and a Live Activity lives at most about 12 hours, so a value
/// that only makes sense as "now" in another epoch is almost surely in that epoch.
enum DateEpoch {
    static let offsetSeconds = 978_307_200.0
    static let year = 31_556_952.0
    /// Unix seconds of 2014-01-01 and 2045-01-01: a window of dates a server plausibly means.
    static let plausibleUnixSeconds = 1_388_534_400.0..<2_366_841_600.0

    /// The epoch a number was most likely written in.
    enum Reading: Equatable { case referenceSeconds, unixSeconds, unixMillis }

    /// How to read `value` that should be seconds since 2001. `reference` is the payload's
    /// `aps.timestamp` (Unix seconds) when it has a sane one.
    static func readingOfReferenceSeconds(_ value: Double, reference: Double?) -> Reading {
        if plausibleUnixSeconds.contains(value / 1000) { return .unixMillis }
        if let reference {
            let asReference = value + offsetSeconds
            if abs(asReference - reference) > 5 * year && abs(value - reference) < 2 * year { return .unixSeconds }
            return .referenceSeconds
        }
        return plausibleUnixSeconds.contains(value) && !plausibleUnixSeconds.contains(value + offsetSeconds) ? .unixSeconds : .referenceSeconds
    }

    /// How to read `value` that should be Unix milliseconds (FCM, the JS bridge).
    static func readingOfUnixMillis(_ value: Double) -> Reading {
        if plausibleUnixSeconds.contains(value / 1000) { return .unixMillis }
        if plausibleUnixSeconds.contains(value) { return .unixSeconds }
        if plausibleUnixSeconds.contains(value + offsetSeconds) { return .referenceSeconds }
        return .unixMillis
    }

    /// An ISO-8601 UTC text for Unix seconds, or a rough year when out of printable range.
    static func describe(unixSeconds: Double) -> String {
        guard abs(unixSeconds) < 2.5e11 else {
            // Guarded before the conversion: 1e30 seconds is a year beyond Int's range.
            let years = 1970 + unixSeconds / year
            guard abs(years) < 1e15 else { return years > 0 ? "a date after the year 10^15" : "a date before the year -10^15" }
            return "the year \(Int(years))"
        }
        return Epoch.formatISO8601(unixMillis: Int64((unixSeconds * 1000).rounded()))
    }

    /// Unix milliseconds as an integer text when they fit an Int64 exactly enough, else as
    /// JSON writes the Double (`1e+30`): no conversion that can trap.
    static func millisText(_ millis: Double) -> String {
        guard millis.isFinite, abs(millis) < 9.0e18 else { return format(millis) }
        return String(Int64(millis.rounded()))
    }

    /// A number as JSON writes it, without a needless `.0`.
    static func format(_ value: Double) -> String { JSNumber.format(value) }
}
