/// The lifecycle of a Live Activity push beyond its shape: bodies APNs accepts with 200 that
/// the device then drops or misreads (docs/wire.md, "Lifecycle rules"). The times are the
/// Unix seconds `checkUnixSeconds` read, nil where it already reported them.
extension PayloadChecker {
    /// The timestamps a push carries, as read.
    struct LifecycleTimes {
        var timestamp: Double?
        var staleDate: Double?
        var dismissalDate: Double?
    }

    /// Unix seconds of 1973-03-03 (1e11 ms) and of 2100-01-01: a push timestamp outside is
    /// not Unix seconds of the time it was sent. The builders hold Unix ms to the same range.
    static let plausibleTimestamps = 100_000_000.0..<4_102_444_800.0

    /// How long the system keeps an ended activity at most: four hours after the end.
    static let dismissalCapSeconds = 4.0 * 3600

    /// The lifecycle rules of one `aps` object whose event is known.
    mutating func checkLifecycle(_ aps: JSONNode, _ apsPath: JSONPath, event: String, times: LifecycleTimes) {
        if let timestamp = times.timestamp, let node = aps["timestamp"], !Self.plausibleTimestamps.contains(timestamp) {
            let when = DateEpoch.describe(unixSeconds: timestamp)
            let why = timestamp < Self.plausibleTimestamps.lowerBound
                ? "is \(when) as Unix seconds: not the time a push is sent (a smaller unit, or a duration?)"
                : "is \(when) as Unix seconds: ActivityKit orders updates by it, so every later push with a correct timestamp looks older and is dropped"
            error(node, apsPath.key("timestamp"), "`timestamp` \(DateEpoch.format(timestamp)) \(why); send the Unix seconds of now", rule: "apns-timestamp-range")
        }
        if event == "start", aps["alert"] == nil {
            error(aps, apsPath, "`event: start` without `alert`: APNs accepts the push (200) and the device does not start the activity; add \"alert\": { \"title\": \"...\", \"body\": \"...\" }",
                  rule: "apns-start-alert")
        }
        if let stale = times.staleDate, let timestamp = times.timestamp, let node = aps["stale-date"], stale <= timestamp {
            let gap = timestamp - stale
            let before = gap == 0 ? "equals the timestamp" : "is \(Self.duration(gap)) before the timestamp"
            error(node, apsPath.key("stale-date"), "`stale-date` \(DateEpoch.format(stale)) \(before) (\(DateEpoch.format(timestamp))): the activity shows as stale as soon as it arrives; send a stale date after the timestamp, or none",
                  rule: "apns-stale-date")
        }
        if let node = aps["dismissal-date"] {
            if event != "end" {
                error(node, apsPath.key("dismissal-date"), "`dismissal-date` on \(event == "start" ? "a start" : "an update") is ignored: only an `end` says when the ended activity leaves the Lock Screen; move it to the end push",
                      rule: "apns-dismissal-event")
            } else if let dismissal = times.dismissalDate, let timestamp = times.timestamp, dismissal - timestamp > Self.dismissalCapSeconds {
                warning(node, apsPath.key("dismissal-date"), "`dismissal-date` is \(Self.duration(dismissal - timestamp)) after the end's timestamp; the system removes an ended activity after four hours at most, so it leaves earlier than asked",
                        rule: "apns-dismissal-late")
            }
        }
    }

    /// A span of seconds in the largest unit that reads well: `90 s`, `15 min`, `5 h`, `3 years`.
    static func duration(_ seconds: Double) -> String {
        let magnitude = abs(seconds)
        if magnitude < 120 { return "\(DateEpoch.format(magnitude.rounded())) s" }
        if magnitude < 7200 { return "\(DateEpoch.format((magnitude / 60).rounded())) min" }
        if magnitude < 172_800 { return "\(DateEpoch.format((magnitude / 360).rounded() / 10)) h" }
        if magnitude < 2 * DateEpoch.year { return "\(DateEpoch.format((magnitude / 86400).rounded())) days" }
        return "\(DateEpoch.format((magnitude / DateEpoch.year).rounded())) years"
    }
}
