/// `envelope:`: renames the FCM keys of the lifecycle envelope (docs/wire.md, "The FCM
/// envelope"). The keys travel in the same flat data map as the fields, so each must be a
/// legal FCM data key and must not be any field's wire name.
extension SchemaLoader {
    /// `envelope: { activityId: id, event: kind, sentAt: ts, staleAt: ..., dismissAt: ... }`;
    /// a key left out keeps its default.
    mutating func envelopeKeys(_ node: YAMLNode) -> FcmEnvelopeKeys {
        var keys = FcmEnvelopeKeys()
        let body = entries(of: node, allowed: FcmEnvelopeKeys.schemaKeys, what: "envelope")
        var seen: [String: String] = [:]
        for schemaKey in FcmEnvelopeKeys.schemaKeys {
            guard let entry = body[schemaKey], let name = text(entry.value, what: "envelope.\(schemaKey)") else { continue }
            guard checkEnvelopeKey(name, entry.value, schemaKey: schemaKey) else { continue }
            keys[schemaKey: schemaKey] = name
        }
        for schemaKey in FcmEnvelopeKeys.schemaKeys {
            let name = keys[schemaKey: schemaKey]
            if let other = seen[name] {
                let node = body[schemaKey]?.value ?? body[other]?.value ?? node
                error("envelope keys '\(other)' and '\(schemaKey)' are both '\(name)'; each envelope key needs its own FCM key", node, rule: "name-collision")
            } else {
                seen[name] = schemaKey
            }
        }
        return keys
    }

    /// An envelope key is an FCM data key like a wire name: an ASCII identifier starting
    /// lower-case (so every language spells it as a plain string), not reserved by FCM.
    mutating func checkEnvelopeKey(_ name: String, _ node: YAMLNode, schemaKey: String) -> Bool {
        guard Naming.isIdentifier(name), ("a"..."z").contains(name.unicodeScalars.first!) else {
            error("envelope.\(schemaKey) '\(name)' is not an FCM key livecontract writes: use ASCII letters, digits and _, starting lower-case (e.g. \(FcmEnvelopeKeys()[schemaKey: schemaKey]))", node, rule: "invalid-name")
            return false
        }
        if NameRules.fcmReservedKeys.contains(name) || name.hasPrefix("google") || name.hasPrefix("gcm") {
            error("envelope.\(schemaKey) '\(name)' is reserved in FCM data messages (from, message_type, google*, gcm*); choose another key", node, rule: "fcm-reserved-key")
            return false
        }
        return true
    }

    /// A field whose wire name is an envelope key would share one FCM key with the envelope.
    mutating func checkEnvelopeCollisions(_ envelope: FcmEnvelopeKeys, _ fields: [Field]) {
        let keys = envelope.all
        for field in fields {
            guard let position = keys.firstIndex(of: field.wireName) else { continue }
            let schemaKey = FcmEnvelopeKeys.schemaKeys[position]
            let what = field.wireName == field.name ? "field '\(field.name)'" : "field '\(field.name)' (bridgeName '\(field.wireName)')"
            diagnostics.error("\(what) uses the FCM key '\(field.wireName)', which the lifecycle envelope reserves for \(schemaKey); rename the field, set another bridgeName, or move the envelope key (`envelope: { \(schemaKey): \(schemaKey == "activityId" ? "laId" : schemaKey + "Key") }`)", at: field.location, rule: "name-collision")
        }
    }
}
