/// The warnings `generate` and `check` print from the budget: a route whose worst case is over
/// its limit (naming the fields that take the most room), and a schema whose budget cannot be
/// proven because a string or list has no bound. `--strict` turns both into failures.
extension RouteBudget {
    public var diagnostics: Diagnostics {
        var result = Diagnostics()
        let proven = unbounded.isEmpty
        for entry in entries where entry.bytes > entry.route.limit {
            let top = entry.parts.prefix(3).map { "'\($0.name)' \($0.bytes)" }.joined(separator: ", ")
            let amount = proven ? "\(entry.bytes) bytes" : "at least \(entry.bytes) bytes"
            let service = entry.route == .fcmData ? "FCM refuses the message" : "APNs refuses it (413 PayloadTooLarge)"
            result.warning("the worst-case \(entry.route.title) [\(entry.route.rawValue)] is \(amount), over its \(entry.route.limit)-byte limit: \(service); the largest fields are \(top) bytes (strings count 6 bytes per maxLength byte, the JSON escape of a control character); lower maxLength or maxItems there, or move the text out of the payload",
                           at: entry.parts.first?.location, rule: "payload-budget-over")
        }
        if let first = unbounded.first {
            let names = unbounded.prefix(6).map { "'\($0.name)' (\($0.isList ? "a list without maxItems" : "a string without maxLength"))" }
            let more = unbounded.count > 6 ? " and \(unbounded.count - 6) more" : ""
            result.warning("the payload size cannot be proven within the APNs and FCM limits: \(names.joined(separator: ", "))\(more) can grow without bound; add maxLength: N (UTF-8 bytes) to each string and maxItems: N to each list",
                           at: first.location, rule: "payload-budget-unbounded")
        }
        return result
    }

    /// One line per route for docs and reports: `apns-update 1234/4096`.
    public var summary: [String] {
        entries.map { "\($0.route.rawValue) \(unbounded.isEmpty ? "" : ">=")\($0.bytes)/\($0.route.limit)" }
    }
}
