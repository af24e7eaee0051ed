/// A typed value from `default`, `example`, `min`/`max` or `examples`, already checked
/// against its field's type. Dates are kept as Unix milliseconds (what JS and FCM speak);
/// emitters convert to seconds since 2001 for APNs.
public indirect enum Value: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// Unix epoch milliseconds.
    case date(Int64)
    /// Unix epoch milliseconds, lower <= upper.
    case dateRange(Int64, Int64)
    case url(String)
    case enumCase(String)
    /// Members in the struct's field order; optional members without a value are absent.
    case structure([NamedValue])
    case array([Value])
    /// Upper-case 8-4-4-4-12 hex, the form Foundation's `UUID.uuidString` writes.
    case uuid(String)
    /// A `[string: T]` value: members in key order by Unicode code point, keys unique.
    case map([NamedValue])

    /// The numeric value of `.int` or `.double`, for bound checks.
    public var number: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}

/// One member of a struct value.
public struct NamedValue: Hashable, Sendable {
    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// Conversions between the epochs the contract crosses.
public enum Epoch {
    /// Seconds between 1970-01-01 and 2001-01-01, the offset Swift's `Date` encodes from.
    public static let referenceOffsetMillis: Int64 = 978_307_200_000

    /// Unix milliseconds to the `Double` a default `JSONEncoder` writes for a `Date`.
    public static func referenceSeconds(fromUnixMillis millis: Int64) -> Double {
        Double(millis - referenceOffsetMillis) / 1000
    }

    /// Parses the one date form schemas use: ISO-8601 UTC, `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    /// Returns Unix milliseconds, or nil when the text is not of that form or not a real date.
    public static func parseISO8601(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func at(_ index: Int, _ char: Character) -> Bool {
            index < bytes.count && bytes[index] == char.asciiValue!
        }
        guard bytes.count >= 20, let year = digits(0..<4), at(4, "-"), let month = digits(5..<7), at(7, "-"),
              let day = digits(8..<10), at(10, "T"), let hour = digits(11..<13), at(13, ":"),
              let minute = digits(14..<16), at(16, ":"), let second = digits(17..<19) else { return nil }
        var index = 19
        var millis = 0
        if at(index, ".") {
            index += 1
            var scale = 100
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                if scale >= 1 { millis += Int(bytes[index] - 48) * scale }
                scale /= 10
                index += 1
            }
            guard index > start, index - start <= 9 else { return nil }
            // Sub-millisecond digits would not survive the JS bridge; refuse rather than round.
            if index - start > 3, bytes[(start + 3)..<index].contains(where: { $0 != 48 }) { return nil }
        }
        guard index == bytes.count - 1, at(index, "Z") else { return nil }
        guard (1970...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1 && day <= monthDays[month - 1] else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return seconds * 1000 + Int64(millis)
    }

    /// Formats Unix milliseconds back to the schema's ISO-8601 form (milliseconds only when non-zero).
    public static func formatISO8601(unixMillis: Int64) -> String {
        let totalSeconds = unixMillis >= 0 ? unixMillis / 1000 : (unixMillis - 999) / 1000
        let millis = Int(unixMillis - totalSeconds * 1000)
        var days = Int(totalSeconds / 86_400)
        var secondsOfDay = Int(totalSeconds % 86_400)
        if secondsOfDay < 0 {
            secondsOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if millis != 0 { text += "." + pad(millis, 3) }
        return text + "Z"
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's civil algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
