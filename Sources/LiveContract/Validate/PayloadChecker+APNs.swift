/// The `aps` dictionary of a Live Activity push: event, timestamps, content-state, and for
/// push-to-start the attributes and their type name.
extension PayloadChecker {
    static let events = ["update", "end", "start"]

    /// Checks an APNs body; returns the event when it is one of the three.
    mutating func checkAPNs(_ root: JSONNode) -> String? {
        let apsPath = base.key("aps")
        guard let aps = root["aps"], case .object = aps.kind else {
            error(root["aps"] ?? root, apsPath, "a Live Activity push needs an `aps` object, found \(root["aps"]?.kindDescription ?? "none")", rule: "apns-shape")
            return nil
        }
        reference = checkTimestamp(aps)
        var times = LifecycleTimes(timestamp: reference)
        if let node = aps["stale-date"] { times.staleDate = checkUnixSeconds(node, apsPath.key("stale-date"), what: "stale-date") }
        if let node = aps["dismissal-date"] { times.dismissalDate = checkUnixSeconds(node, apsPath.key("dismissal-date"), what: "dismissal-date") }
        var event: String?
        switch aps["event"]?.kind {
        case .string(let text) where Self.events.contains(text):
            event = text
        case .string(let text):
            let hint = Suggest.closest(to: text, in: Self.events).map { "; did you mean \"\($0)\"?" } ?? ""
            error(aps["event"]!, apsPath.key("event"), "\"\(text)\" is not a Live Activity event: use \"update\", \"end\" or \"start\"\(hint)", rule: "apns-event")
        case nil:
            error(aps, apsPath, "missing `event`; a Live Activity push says \"update\", \"end\" or \"start\"", rule: "apns-event")
        default:
            error(aps["event"]!, apsPath.key("event"), "`event` must be the string \"update\", \"end\" or \"start\", found \(aps["event"]!.kindDescription)", rule: "apns-event")
        }
        let statePath = apsPath.key("content-state")
        if let state = aps["content-state"] {
            decodeObject(state, fields: contract.state, path: statePath, holder: "\(contract.attributesTypeName).ContentState")
        } else if event != "end" {
            error(aps, apsPath, "missing `content-state`; an \(event ?? "update") push carries the whole ContentState (add \"content-state\": { ... })", rule: "apns-content-state")
        }
        if event == "start" { checkStart(aps, apsPath) }
        checkStartInputs(aps, apsPath, event: event)
        if let event { checkLifecycle(aps, apsPath, event: event, times: times) }
        return event
    }

    /// `aps.timestamp`: Unix seconds. ActivityKit keeps the newest update by this number, so a
    /// millisecond value looks 55,000 years newer than any later, correct push.
    mutating func checkTimestamp(_ aps: JSONNode) -> Double? {
        let path = base.key("aps").key("timestamp")
        guard let node = aps["timestamp"] else {
            error(aps, base.key("aps"), "missing `timestamp`; ActivityKit orders updates by it: add \"timestamp\": <Unix seconds now>", rule: "apns-timestamp")
            return nil
        }
        return checkUnixSeconds(node, path, what: "timestamp")
    }

    /// A header date (`timestamp`, `stale-date`, `dismissal-date`): an integer of Unix seconds.
    @discardableResult
    mutating func checkUnixSeconds(_ node: JSONNode, _ path: JSONPath, what: String) -> Double? {
        guard case .number(let text) = node.kind, let value = NumberText.double(text) else {
            let hint = (node.kindDescription == "a string") ? " (a JSON number, not a quoted one)" : ""
            error(node, path, "`\(what)` must be a number of Unix seconds\(hint), found \(node.kindDescription)", rule: "apns-timestamp")
            return nil
        }
        switch DateEpoch.readingOfUnixMillis(value) {
        case .unixMillis where value > 1e11:
            let seconds = (value / 1000).rounded(.down)
            error(node, path, "\(text) is Unix milliseconds (\(DateEpoch.describe(unixSeconds: value / 1000))); APNs reads `\(what)` as Unix seconds, so this lands in \(DateEpoch.describe(unixSeconds: value))\(what == "timestamp" ? " and later pushes with correct timestamps look older and are dropped" : ""); send \(DateEpoch.format(seconds))",
                  rule: "apns-timestamp-millis")
            return nil
        case .referenceSeconds:
            error(node, path, "\(text) looks like seconds since 2001 (the content-state Date form, \(DateEpoch.describe(unixSeconds: value + DateEpoch.offsetSeconds))); `\(what)` is Unix seconds: send \(DateEpoch.format(value + DateEpoch.offsetSeconds))",
                  rule: "apns-timestamp")
            return nil
        default:
            if !NumberText.isPlainInteger(text) {
                warning(node, path, "`\(what)` is normally a whole number of Unix seconds; \(text) has a fraction", rule: "apns-timestamp")
            }
            return value
        }
    }

    /// `event: start` (push-to-start): the system creates the activity from the payload alone,
    /// so it needs the attributes and the exact Swift type name to find the widget.
    mutating func checkStart(_ aps: JSONNode, _ apsPath: JSONPath) {
        let typeName = contract.attributesTypeName
        switch aps["attributes-type"]?.kind {
        case .string(let text) where text == typeName:
            break
        case .string(let text):
            error(aps["attributes-type"]!, apsPath.key("attributes-type"), "\"\(text)\" is not the Swift type name; ActivityKit looks the widget up by it, so nothing starts: send \"\(typeName)\"", rule: "apns-attributes-type")
        case nil:
            error(aps, apsPath, "`event: start` needs \"attributes-type\": \"\(typeName)\" (the Swift type name ActivityKit looks the widget up by)", rule: "apns-attributes-type")
        default:
            error(aps["attributes-type"]!, apsPath.key("attributes-type"), "`attributes-type` must be the string \"\(typeName)\"", rule: "apns-attributes-type")
        }
        guard let attributes = aps["attributes"] else {
            error(aps, apsPath, "`event: start` without `attributes`: the system cannot create \(typeName) and nothing starts; add \"attributes\": { \(contract.attributes.map { "\"\($0.name)\": ..." }.joined(separator: ", ")) }",
                  rule: "apns-start-attributes")
            return
        }
        decodeObject(attributes, fields: contract.attributes, path: apsPath.key("attributes"), holder: typeName)
    }
}
