/// FCM: the HTTP v1 message around the data, and the data map as the generated
/// `parseFcmData` reads it (docs/wire.md): one flat `Map<String, String>` keyed by wire names,
/// attributes and state together.
extension PayloadChecker {
    /// The v1 envelope: wrapper, notification blocks, then the data map.
    mutating func checkFCMMessage(_ root: JSONNode) {
        var message = root
        var path = JSONPath.root
        if let wrapped = root["message"] {
            message = wrapped
            path = path.key("message")
        } else if root["to"] != nil || root["registration_ids"] != nil {
            warning(root, path, "this is the legacy FCM API shape (`to`/`registration_ids`), which Google shut down in 2024; send {\"message\": {\"token\": ..., \"data\": {...}}} to the HTTP v1 API", rule: "fcm-shape")
        } else {
            warning(root, path, "the FCM HTTP v1 API expects the message wrapped as {\"message\": {...}}", rule: "fcm-shape")
        }
        guard case .object = message.kind else {
            error(message, path, "an FCM message is an object, found \(message.kindDescription)", rule: "fcm-shape")
            return
        }
        for (node, where_) in [(message["notification"], path.key("notification")), (message["android"]?["notification"], path.key("android").key("notification"))] {
            guard let node else { continue }
            error(node, where_, "a `notification` block turns this into a notification message: while the app is in the background Android shows it in the tray and onMessageReceived never runs, so the live card is not updated; send a data-only message (remove the block)",
                  rule: "fcm-notification-block")
        }
        guard let data = message["data"] else {
            error(message, path, "no `data`: the Android card is updated from the data map only; add \"data\": { ... }", rule: "fcm-shape")
            return
        }
        checkFCMData(data, path: path.key("data"))
    }

    /// The data map: strings only, no reserved keys, every required field readable.
    mutating func checkFCMData(_ data: JSONNode, path: JSONPath) {
        guard case .object(let members) = data.kind else {
            error(data, path, "FCM data is an object of string values, found \(data.kindDescription)", rule: "fcm-shape")
            return
        }
        let fields = contract.attributes + contract.state
        let envelopeKeys = contract.envelope.all
        checkFCMEnvelope(data, members, path: path)
        // Tables instead of a search per key, so a wide schema with a wide data map stays linear.
        var byWireName: [String: Field] = [:], bySwiftName: [String: Field] = [:]
        for field in fields {
            if byWireName[field.wireName] == nil { byWireName[field.wireName] = field }
            if bySwiftName[field.name] == nil { bySwiftName[field.name] = field }
        }
        let keys = Set(members.map(\.key))
        var total = 0
        for member in members {
            let keyNode = JSONNode(kind: .null, line: member.line, column: member.column)
            total += member.key.utf8.count
            let lower = member.key.lowercased()
            let reserved = NameRules.fcmReservedKeys.contains(member.key) || lower.hasPrefix("google") || lower.hasPrefix("gcm")
            if reserved {
                error(keyNode, path.key(member.key), "'\(member.key)' is reserved in FCM data (\(NameRules.fcmReservedKeys.sorted().joined(separator: ", ")), google*, gcm*); the send fails with INVALID_ARGUMENT: rename the key (a `bridgeName:` in the schema)",
                      rule: "fcm-data-reserved-key")
            }
            guard case .string(let text) = member.value.kind else {
                let shown = member.value.kindDescription
                error(member.value, path.key(member.key), "FCM data values must be strings, found \(shown); the v1 API rejects the message (400 INVALID_ARGUMENT): send \(suggestedText(member.value))",
                      rule: "fcm-data-not-string")
                continue
            }
            total += text.utf8.count
            if envelopeKeys.contains(member.key) {
                continue
            } else if let field = byWireName[member.key] {
                checkFCMValue(member.value, text, field: field, path: path.key(member.key))
            } else if let swiftNamed = bySwiftName[member.key] {
                if swiftNamed.mayBeMissing || keys.contains(swiftNamed.wireName) {
                    warning(keyNode, path.key(member.key), "'\(member.key)' is the Swift name; FCM data uses the wire name '\(swiftNamed.wireName)', so parseFcmData ignores this key", rule: "payload-unknown-key")
                }
            } else if !reserved {
                let guess = Suggest.closest(to: member.key, in: fields.map(\.wireName)).map { "; did you mean '\($0)'?" } ?? ""
                warning(keyNode, path.key(member.key), "'\(member.key)' is not in the contract, so parseFcmData ignores it\(guess)", rule: "payload-unknown-key")
            }
        }
        for field in fields where !field.mayBeMissing && !keys.contains(field.wireName) {
            var message = "parseFcmData reports '\(field.wireName)' missing and returns no \(contract.attributes.contains { $0.name == field.name } ? "attributes" : "state"), so the card is not updated"
            if field.name != field.wireName, keys.contains(field.name) {
                message += "; the data has '\(field.name)', the Swift name: FCM keys are wire names, send '\(field.wireName)'"
                if field.type == .date { message += " in Unix milliseconds" }
            } else {
                message += "; add \"\(field.wireName)\""
            }
            error(data, path.key(field.wireName), message, rule: "payload-missing-key")
        }
        if total > Self.limit {
            error(data, path, "the data keys and values add up to \(total) bytes, over FCM's \(Self.limit)-byte limit: FCM refuses the message", rule: "payload-too-large")
        }
    }

    /// The string form a non-string value should have had.
    func suggestedText(_ node: JSONNode) -> String {
        switch node.kind {
        case .number(let text): return "\"\(text)\""
        case .bool(let flag): return "\"\(flag)\""
        case .null: return "no key at all (FCM has no null)"
        case .array, .object: return "the compact JSON text of it as a string"
        case .string(let text): return "\"\(text)\""
        }
    }
}
