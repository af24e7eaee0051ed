/// One FCM data value read as the generated parsers read it (docs/wire.md, "Reading FCM
/// data"): ints as decimal text, doubles as JSON numbers, dates as Unix milliseconds,
/// structs, arrays and ranges as compact JSON text of the bridge shape.
extension PayloadChecker {
    /// A problem with one value, and whether it is a misread (the value parses, but means
    /// something else) rather than a value the parser rejects.
    struct FCMProblem {
        var message: String
        var rule: String
        var misread = false
    }

    /// Reports a value's problem with its consequence: no result for a required field, the
    /// default (or nothing) for a lenient one, and misreads as errors either way.
    mutating func checkFCMValue(_ node: JSONNode, _ text: String, field: Field, path: JSONPath) {
        if let limit = field.maxLength, text.utf8.count > limit, field.type == .string || field.type == .url {
            warning(node, path, "\(text.utf8.count) UTF-8 bytes, over the schema's maxLength \(limit): shorten it", rule: "payload-out-of-bounds")
        }
        checkFCMItemCount(node, text, field: field, path: path)
        if case .enumeration(let name) = field.type, let enumType = contract.type(named: name)?.enumType, !enumType.rawValues.contains(text), enumType.unknownCase != nil {
            unknownCase(node, text, name, enumType, path: path, decoder: "")
            return
        }
        guard let problem = fcmProblem(text, field.type, field: field) else { return }
        if problem.misread || problem.rule == "payload-range-keyed" || problem.rule == "payload-range-order" {
            error(node, path, problem.message, rule: problem.rule)
        } else if field.mayBeMissing {
            let outcome = field.defaultValue != nil ? "parseFcmData falls back to the default and logs an `invalid` issue" : "parseFcmData drops the value and logs an `invalid` issue"
            warning(node, path, "\(problem.message); \(outcome)", rule: problem.rule)
        } else {
            error(node, path, "\(problem.message); parseFcmData logs an `invalid` issue and returns no \(contract.attributes.contains { $0.name == field.name } ? "attributes" : "state"), so the card is not updated", rule: problem.rule)
        }
    }

    /// What is wrong with `text` for `type`, or nil when the parser reads it as meant.
    func fcmProblem(_ text: String, _ type: FieldType, field: Field?) -> FCMProblem? {
        func unreadable(_ message: String) -> FCMProblem { FCMProblem(message: message, rule: "fcm-data-unreadable") }
        switch type {
        case .string, .url:
            return nil
        case .uuid:
            return UUIDText.canonical(text) == nil ? unreadable("\"\(text)\" is not a UUID: send the 8-4-4-4-12 hex form, e.g. \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"") : nil
        case .int:
            guard let value = Self.decimal(text), value >= Int64(Int32.min), value <= Int64(Int32.max) else {
                let hint = text.contains(".") ? " (ints have no decimal point)" : text.hasPrefix("+") || text.contains(" ") ? " (no sign '+', no spaces)" : ""
                return unreadable("\"\(text)\" is not a 32-bit int\(hint): send decimal digits, e.g. \"3\"")
            }
            return bounds(Double(value), text, field)
        case .float:
            guard let value = Self.jsonNumber(text), FloatText.rounded(value) != nil else {
                return unreadable("\"\(text)\" is not a finite JSON number within Float's range: send e.g. \"0.35\"")
            }
            return bounds(value, text, field)
        case .sized(let kind):
            guard let value = Self.decimal(text), kind.wireRange.contains(value) else {
                return unreadable("\"\(text)\" is not \(kind.rawValue.withArticle) the parsers accept (decimal digits within \(kind.wireRange.lowerBound)...\(kind.wireRange.upperBound)\(kind.is64Bit ? ", JavaScript's safe integers" : ""))")
            }
            return bounds(Double(value), text, field)
        case .double:
            guard let value = Self.jsonNumber(text) else {
                return unreadable("\"\(text)\" is not a finite JSON number: send e.g. \"0.35\"")
            }
            return bounds(value, text, field)
        case .bool:
            return text == "true" || text == "false" ? nil : unreadable("\"\(text)\" is not a bool: send exactly \"true\" or \"false\"")
        case .date:
            return unixMillisProblem(text)
        case .dateRange:
            guard let node = Self.jsonText(text) else { return unreadable("\"\(text)\" is not JSON text: send \"[startMs,endMs]\"") }
            return rangeProblem(node, text)
        case .enumeration(let name):
            guard let enumType = contract.type(named: name)?.enumType, !enumType.rawValues.contains(text) else { return nil }
            let guess = Suggest.closest(to: text, in: enumType.rawValues).map { " (did you mean '\($0)'?)" } ?? ""
            return unreadable("'\(text)' is not a case of \(name)\(guess) and \(name) has no unknown: fallback")
        case .structure, .array, .map:
            guard let node = Self.jsonText(text) else { return unreadable("\"\(text)\" is not JSON text; nested values travel as compact JSON (JSON.stringify of the bridge shape)") }
            return bridgeProblem(node, type, path: "").map { unreadable("the JSON text \($0)") }
        }
    }

    func bounds(_ value: Double, _ text: String, _ field: Field?) -> FCMProblem? {
        if let low = field?.minimum?.number, value < low {
            return FCMProblem(message: "\(text) is below min \(DateEpoch.format(low)); parseFcmData clamps it and logs a `clamped` issue", rule: "payload-out-of-bounds", misread: true)
        }
        if let high = field?.maximum?.number, value > high {
            return FCMProblem(message: "\(text) is above max \(DateEpoch.format(high)); parseFcmData clamps it and logs a `clamped` issue", rule: "payload-out-of-bounds", misread: true)
        }
        return nil
    }

    /// A date value: integer Unix milliseconds. Unix seconds and 2001-seconds parse as
    /// integers too, and land in January 1970, so they are misreads, not parse failures.
    func unixMillisProblem(_ text: String) -> FCMProblem? {
        guard let value = Self.decimal(text) else {
            if let millis = Epoch.parseISO8601(text) {
                return FCMProblem(message: "\"\(text)\" is ISO-8601 text; FCM dates are Unix milliseconds: send \"\(millis)\"", rule: "fcm-data-unreadable")
            }
            return FCMProblem(message: "\"\(text)\" is not an integer of Unix milliseconds", rule: "fcm-data-unreadable")
        }
        guard value.magnitude <= UInt64(IntegerKind.maxSafe) else {
            return FCMProblem(message: "\(text) is beyond JavaScript's safe integers (|ms| <= 2^53 - 1), which every parser refuses", rule: "fcm-data-unreadable")
        }
        let number = Double(value)
        switch DateEpoch.readingOfUnixMillis(number) {
        case .unixMillis:
            return nil
        case .unixSeconds:
            return FCMProblem(message: "\(text) is Unix seconds (\(DateEpoch.describe(unixSeconds: number))); FCM dates are Unix milliseconds, so the card reads \(DateEpoch.describe(unixSeconds: number / 1000)): send \"\(DateEpoch.millisText(number * 1000))\"",
                              rule: "fcm-data-date-unit", misread: true)
        case .referenceSeconds:
            return FCMProblem(message: "\(text) is seconds since 2001 (the APNs content-state form, \(DateEpoch.describe(unixSeconds: number + DateEpoch.offsetSeconds))); FCM dates are Unix milliseconds: send \"\(DateEpoch.millisText((number + DateEpoch.offsetSeconds) * 1000))\"",
                              rule: "fcm-data-date-unit", misread: true)
        }
    }

    /// A dateRange's JSON text: `[startMs, endMs]`, start <= end.
    func rangeProblem(_ node: JSONNode, _ text: String) -> FCMProblem? {
        if node["lowerBound"] != nil && node["upperBound"] != nil {
            return FCMProblem(message: "{lowerBound, upperBound} is not a range here: FCM ranges are the JSON text \"[startMs,endMs]\"", rule: "payload-range-keyed")
        }
        guard case .array(let items) = node.kind, items.count == 2,
              case .number(let low) = items[0].kind, case .number(let high) = items[1].kind else {
            return FCMProblem(message: "\"\(text)\" is not a two-number JSON array \"[startMs,endMs]\"", rule: "fcm-data-unreadable")
        }
        // JSON.parse reads `1.0e12` as the whole number it is.
        let (a, b) = (Self.jsValue(low), Self.jsValue(high))
        for value in [a, b] where !(value == value.rounded(.towardZero) && value.magnitude <= Double(IntegerKind.maxSafe)) {
            return FCMProblem(message: "\"\(text)\" holds a bound that is not a whole number of Unix milliseconds within JavaScript's safe integers", rule: "fcm-data-unreadable")
        }
        if let problem = unixMillisProblem(String(Int64(a))) ?? unixMillisProblem(String(Int64(b))) { return problem }
        if a > b {
            return FCMProblem(message: "the range starts after it ends (\(low) > \(high)): swap them", rule: "payload-range-order")
        }
        return nil
    }

    /// Digits with an optional `-`, no `+`, no spaces: the int and date syntax of wire.md.
    static func decimal(_ text: String) -> Int64? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int64(text)
    }

    /// The one nesting limit of JSON text in an FCM value (docs/wire.md, "Reading FCM data"):
    /// at most 64 arrays and objects inside each other; every generated parser refuses deeper
    /// text (`invalid`), so validate does too.
    static let fcmJSONMaxDepth = 64

    /// Parses JSON text carried inside an FCM string value as `JSON.parse` does: no byte
    /// order mark (JSON.parse and the other parsers refuse one), at most `fcmJSONMaxDepth` levels.
    static func jsonText(_ text: String) -> JSONNode? {
        guard !text.unicodeScalars.starts(with: ["\u{FEFF}"]) else { return nil }
        return try? JSONParser(maxDepth: fcmJSONMaxDepth).parse(Array(text.utf8)).root
    }

    /// A number value as the parsers read it: JSON number syntax alone (no spaces), then
    /// JavaScript's `Number` (the nearest Double: `1e-400` is 0), finite.
    static func jsonNumber(_ text: String) -> Double? {
        guard isJSONNumber(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, the parsers' number syntax.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits(_ required: Bool) -> Bool {
            let count = bytes.prefix { $0 >= 48 && $0 <= 57 }.count
            bytes = bytes.dropFirst(count)
            return count > 0 || !required
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") { bytes = bytes.dropFirst() } else if !digits(true) { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits(true) else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits(true) else { return false }
        }
        return bytes.isEmpty
    }

    /// A number inside JSON text as `JSON.parse` gives it to the readers: the nearest Double,
    /// infinity beyond Double's range, 0 below it.
    static func jsValue(_ text: String) -> Double {
        Double(text) ?? .nan
    }
}
