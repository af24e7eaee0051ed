/// `Date` and `ClosedRange<Date>` in content-state: the two encodings that fail silently in
/// the guides people copy (Unix seconds for a Date, `{lowerBound, upperBound}` for a range).
extension PayloadChecker {
    /// A number meant as seconds since 2001-01-01; returns the value when it reads as such.
    @discardableResult
    mutating func checkReferenceDate(_ node: JSONNode, _ text: String, path: JSONPath) -> Double? {
        guard let value = NumberText.double(text) else {
            error(node, path, "dataCorrupted: \(text) is beyond Double's range", rule: "payload-type-mismatch")
            return nil
        }
        let offset = DateEpoch.offsetSeconds
        switch DateEpoch.readingOfReferenceSeconds(value, reference: reference) {
        case .referenceSeconds:
            return value
        case .unixSeconds:
            error(node, path, "\(text) is Unix seconds (\(DateEpoch.describe(unixSeconds: value))), but a Date decodes seconds since 2001-01-01: the widget reads \(DateEpoch.describe(unixSeconds: value + offset)), 31 years late (same time of day, so a card showing only the time looks right); send \(DateEpoch.format(value - offset)) (Unix seconds - 978307200)",
                  rule: "payload-date-unix-seconds")
        case .unixMillis:
            error(node, path, "\(text) is Unix milliseconds (\(DateEpoch.describe(unixSeconds: value / 1000))), but a Date decodes seconds since 2001-01-01: the widget reads \(DateEpoch.describe(unixSeconds: value + offset)); send \(DateEpoch.format(value / 1000 - offset)) ((ms - 978307200000) / 1000)",
                  rule: "payload-date-unix-millis")
        }
        return nil
    }

    /// `ClosedRange<Date>` is Codable as an unkeyed container: `[lower, upper]`, lower <= upper.
    mutating func decodeRange(_ node: JSONNode, path: JSONPath) {
        switch node.kind {
        case .object:
            guard let lower = node["lowerBound"], let upper = node["upperBound"] else {
                error(node, path, "typeMismatch: ClosedRange<Date> decodes from a two-element array [lower, upper], found an object", rule: "payload-type-mismatch")
                return
            }
            let suggestion = [lower, upper].map(suggestedReferenceSeconds).joined(separator: ", ")
            error(node, path, "typeMismatch: {lowerBound, upperBound} does not decode as ClosedRange<Date>; Swift's Codable range is a two-element array [lower, upper] in seconds since 2001-01-01: send [\(suggestion)]",
                  rule: "payload-range-keyed")
        case .array(let items):
            guard items.count >= 2 else {
                error(node, path, "valueNotFound: ClosedRange<Date> needs two elements [lower, upper], found \(items.count)", rule: "payload-type-mismatch")
                return
            }
            var bounds: [Double] = []
            for (index, item) in items.prefix(2).enumerated() {
                guard case .number(let text) = item.kind else {
                    error(item, path.index(index), typeMismatch(.date, item), rule: "payload-type-mismatch")
                    continue
                }
                if let value = checkReferenceDate(item, text, path: path.index(index)) { bounds.append(value) }
            }
            if bounds.count == 2, bounds[0] > bounds[1] {
                error(node, path, "dataCorrupted: lower bound \(DateEpoch.describe(unixSeconds: bounds[0] + DateEpoch.offsetSeconds)) is after upper bound \(DateEpoch.describe(unixSeconds: bounds[1] + DateEpoch.offsetSeconds)); ClosedRange refuses lower > upper: swap them",
                      rule: "payload-range-order")
            }
        default:
            error(node, path, "typeMismatch: ClosedRange<Date> decodes from a two-element array [lower, upper], found \(node.kindDescription)", rule: "payload-type-mismatch")
        }
    }

    /// What a bound should have been: the number converted to seconds since 2001 when it is
    /// recognisably Unix seconds or milliseconds, else as written.
    func suggestedReferenceSeconds(_ node: JSONNode) -> String {
        guard case .number(let text) = node.kind, let value = NumberText.double(text) else {
            if case .string(let text) = node.kind, let millis = Epoch.parseISO8601(text) {
                return DateEpoch.format(Epoch.referenceSeconds(fromUnixMillis: millis))
            }
            return "<seconds since 2001>"
        }
        switch DateEpoch.readingOfReferenceSeconds(value, reference: reference) {
        case .referenceSeconds: return text
        case .unixSeconds: return DateEpoch.format(value - DateEpoch.offsetSeconds)
        case .unixMillis: return DateEpoch.format(value / 1000 - DateEpoch.offsetSeconds)
        }
    }
}
