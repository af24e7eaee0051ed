/// The lifecycle envelope of an FCM data map (docs/wire.md, "The FCM envelope"): the keys the
/// generated parsers read before the fields, and what an Android service does without them.
extension PayloadChecker {
    /// Reports a missing or empty activity id, a missing or unknown event, and envelope times
    /// that are not Unix ms (seconds get the corrected value). `members` are the data map's.
    mutating func checkFCMEnvelope(_ data: JSONNode, _ members: [JSONNodeMember], path: JSONPath) {
        let keys = contract.envelope
        func text(_ key: String) -> (JSONNode, String?)? {
            guard let member = members.last(where: { $0.key == key }) else { return nil }
            if case .string(let value) = member.value.kind { return (member.value, value) }
            return (member.value, nil)
        }
        switch text(keys.activityId) {
        case nil:
            error(data, path.key(keys.activityId), "no '\(keys.activityId)': the app's service cannot tell which activity this is for and drops the message; add \"\(keys.activityId)\": the id the app started the activity with", rule: "fcm-envelope-activity-id")
        case let (node, value)? where value == "":
            error(node, path.key(keys.activityId), "'\(keys.activityId)' is empty: the message cannot be addressed and is dropped; send the id the app started the activity with", rule: "fcm-envelope-activity-id")
        default: break
        }
        switch text(keys.event) {
        case nil:
            error(data, path.key(keys.event), "no '\(keys.event)': the app cannot tell a start from an update or an end and drops the message; add \"\(keys.event)\": \"update\" (or \"start\", \"end\")", rule: "fcm-envelope-event")
        case let (node, value)?:
            if let value, FcmEnvelopeKeys.events.contains(value) { break }
            let shown = value.map { "\"\($0)\"" } ?? node.kindDescription
            let guess = value.flatMap { Suggest.closest(to: $0, in: FcmEnvelopeKeys.events) }.map { "; did you mean \"\($0)\"?" } ?? ""
            error(node, path.key(keys.event), "'\(keys.event)' is \(shown): the parsers know start, update and end, so the app drops the message\(guess)", rule: "fcm-envelope-event")
        }
        let event = text(keys.event)?.1
        for key in [keys.sentAt, keys.staleAt, keys.dismissAt] {
            guard let (node, value) = text(key) else {
                if key == keys.sentAt {
                    warning(data, path.key(key), "no '\(key)': the app applies the message but cannot order it, so a delayed older message can rewind the card; add \"\(key)\": the send time in Unix ms (Date.now())", rule: "fcm-envelope-time")
                }
                continue
            }
            guard let value else { continue }
            guard !value.isEmpty, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int64(value), number <= 9_007_199_254_740_991 else {
                let iso = Epoch.parseISO8601(value).map { "; send \"\($0)\"" } ?? ""
                error(node, path.key(key), "'\(key)' is \"\(value)\", not a whole number of Unix ms: the parsers ignore it\(iso)", rule: "fcm-envelope-time")
                continue
            }
            if number < FcmEnvelopeKeys.secondsBelow {
                error(node, path.key(key), "\(key) \(value) looks like seconds; send \(number * 1000)", rule: "fcm-envelope-seconds")
            }
            if key == keys.dismissAt, let event, event != "end" {
                warning(node, path.key(key), "'\(key)' only matters on an end; this is \"\(event)\"", rule: "fcm-envelope-time")
            }
            if key == keys.staleAt, event == "end" {
                warning(node, path.key(key), "'\(key)' is for start and update; an end takes '\(keys.dismissAt)'", rule: "fcm-envelope-time")
            }
        }
    }
}
