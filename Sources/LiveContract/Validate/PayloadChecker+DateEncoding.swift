/// Dates declared with `encoding:` (see `DateEncoding`): the widget's hand-written
/// `init(from:)` reads Unix seconds, Unix milliseconds or an ISO-8601 string, so the usual
/// "this is Unix time, send seconds since 2001" advice is turned around: the reference-date
/// form is the mistake there.
extension PayloadChecker {
    mutating func decodeEncodedDate(_ node: JSONNode, _ field: Field, path: JSONPath) {
        let encoding = field.dateEncoding
        let declared = "'\(field.apnsName)' is declared `encoding: \(encoding.rawValue)` (\(encoding.summary))"
        if encoding == .iso8601 {
            switch node.kind {
            case .string(let text):
                if Epoch.parseWireISO8601(text) != nil { return }
                var message = "dataCorrupted: '\(text)' is not YYYY-MM-DDTHH:MM:SSZ, the one form the widget's ISO8601DateFormatter() decoding reads, so decoding fails"
                if let millis = Epoch.parseISO8601(text) { message += "; whole seconds only: send \"\(Epoch.iso8601WholeSeconds(unixMillis: millis))\"" }
                error(node, path, message, rule: "payload-type-mismatch")
            case .number(let text):
                var message = "typeMismatch: \(declared), so a number fails to decode"
                if let value = NumberText.double(text), let millis = Self.unixMillisGuess(value) {
                    message += "; send \"\(Epoch.iso8601WholeSeconds(unixMillis: millis))\""
                }
                error(node, path, message, rule: "payload-date-encoding")
            default:
                error(node, path, "typeMismatch: \(declared), found \(node.kindDescription)", rule: "payload-type-mismatch")
            }
            return
        }
        guard case .number(let text) = node.kind else {
            var message = "typeMismatch: \(declared), a number, found \(node.kindDescription)"
            if case .string(let text) = node.kind, let millis = Epoch.parseISO8601(text) {
                message += "; send \(encoding == .unixMillis ? String(millis) : DateEpoch.format(Double(millis) / 1000))"
                error(node, path, message, rule: "payload-date-encoding")
            } else {
                error(node, path, message, rule: "payload-type-mismatch")
            }
            return
        }
        guard let value = NumberText.double(text) else {
            error(node, path, "dataCorrupted: \(text) is beyond Double's range", rule: "payload-type-mismatch")
            return
        }
        let window = DateEpoch.plausibleUnixSeconds
        let seconds = encoding == .unixMillis ? value / 1000 : value
        guard !window.contains(seconds) else { return }
        let fix: (String, Double)?
        if window.contains(value / 1000) {
            fix = ("Unix milliseconds", value / 1000)
        } else if window.contains(value) {
            fix = ("Unix seconds", value)
        } else if window.contains(value + DateEpoch.offsetSeconds) {
            fix = ("seconds since 2001-01-01 (Swift's default Date form)", value + DateEpoch.offsetSeconds)
        } else {
            fix = nil
        }
        guard let (what, unixSeconds) = fix else { return }
        let send = encoding == .unixMillis ? DateEpoch.millisText(unixSeconds * 1000) : DateEpoch.format(unixSeconds)
        error(node, path, "\(text) is \(what) (\(DateEpoch.describe(unixSeconds: unixSeconds))), but \(declared): the widget reads \(DateEpoch.describe(unixSeconds: seconds)); send \(send)",
              rule: "payload-date-encoding")
    }

    /// Unix ms of a number that plausibly is a date in one of the three numeric forms.
    static func unixMillisGuess(_ value: Double) -> Int64? {
        let window = DateEpoch.plausibleUnixSeconds
        for seconds in [value, value / 1000, value + DateEpoch.offsetSeconds] where window.contains(seconds) {
            return Int64((seconds * 1000).rounded())
        }
        return nil
    }
}
