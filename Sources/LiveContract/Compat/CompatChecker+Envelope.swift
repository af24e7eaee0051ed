/// A renamed FCM envelope key (`envelope:`): the Android service finds the activity, event
/// and send time by these keys, so a server and an app build that disagree on one drop or
/// misfile every message between them, which no field change would show.
extension CompatChecker {
    func envelopeFindings() -> [CompatFinding] {
        guard let before = old.envelope, let after = new.envelope else { return [] }
        let location = new.envelopeLocation ?? SourceLocation(file: newPath, line: 1, column: 1)
        var result: [CompatFinding] = []
        for schemaKey in FcmEnvelopeKeys.schemaKeys where before[schemaKey: schemaKey] != after[schemaKey: schemaKey] {
            let was = before[schemaKey: schemaKey], now = after[schemaKey: schemaKey]
            let effect = Self.envelopeEffect(schemaKey)
            let impacts = [
                Impact(audience: .android, effect: effect.required ? .fails : .degrades,
                       text: "the new FCM parser looks up '\(now)' while servers that have not deployed send '\(was)': \(effect.consequence)"),
                Impact(audience: .android, effect: effect.required ? .fails : .degrades,
                       text: "app builds that have not updated look up '\(was)' in messages from the new server, which sends '\(now)': \(effect.consequence)"),
            ]
            result.append(finding("compat-envelope-key-renamed", "the FCM envelope key for \(schemaKey) changed from '\(was)' to '\(now)'",
                                  at: location, impacts,
                                  fix: "keep `envelope: { \(schemaKey): \(was) }` (or drop the rename); the Android service and every server must agree on the key"))
        }
        return result
    }

    /// What a message loses when its parser misses one envelope key.
    static func envelopeEffect(_ schemaKey: String) -> (required: Bool, consequence: String) {
        switch schemaKey {
        case "activityId": return (true, "the message names no activity, so ordering drops it (drop-unaddressed)")
        case "event": return (true, "the message has no known event, so ordering drops it (drop-unknown-event)")
        case "sentAt": return (false, "the message has no send time, so it is applied unordered (apply-untimed) and a delayed older message can overwrite a newer one")
        case "staleAt": return (false, "the stale date is lost; the card never shows as stale")
        default: return (false, "the dismissal date is lost; an ended card stays until the system removes it")
        }
    }
}
