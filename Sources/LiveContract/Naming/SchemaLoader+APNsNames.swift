/// `apnsName:`: the Codable key of a field (its APNs JSON key and Swift `CodingKeys` raw
/// value) when it differs from the Swift property name. See docs/wire.md, "Keys".
extension SchemaLoader {
    /// ASCII punctuation an APNs key may hold: what Go's `encoding/json` accepts in a struct
    /// tag name. Quotes, backslash, backtick and comma cannot be carried there.
    static let apnsNamePunctuation: Set<Character> = Set("!#$%&()*+-./:;<=>?@[]^_{|}~ ")

    /// Keys a JavaScript object reads from its prototype, so a TypeScript reader of the APNs
    /// shape could not tell an absent optional from the inherited member.
    static let apnsNamesInheritedInJS: Set<String> = [
        "__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
        "toLocaleString", "toString", "valueOf", "__defineGetter__", "__defineSetter__",
        "__lookupGetter__", "__lookupSetter__",
    ]

    /// Any JSON key works on the APNs side; refused is only what a generated file cannot
    /// spell: an empty key, a control character or one of `"` `'` `\` `` ` `` `,` (Go's struct
    /// tags), and the names JavaScript objects inherit (TypeScript readers).
    mutating func checkAPNsName(_ key: String, _ node: YAMLNode) -> Bool {
        guard !key.isEmpty else {
            error("apnsName must not be empty; leave it out to use the field name as the APNs key", node, rule: "invalid-apns-name")
            return false
        }
        if let bad = key.first(where: { !Self.isAPNsKeyCharacter($0) }) {
            // A character the console would escape (a control, a soft hyphen, a zero-width
            // mark) is named by its code point: quoted raw it would be invisible.
            let shown = bad.unicodeScalars.map { $0.value < 0x20 || TerminalText.isEscaped($0) ? "U+" + Self.hex4($0) : String($0) }.joined()
            error("apnsName '\(key)' holds '\(shown)', which a generated file cannot carry (Go's encoding/json struct tags take letters, digits, space and !#$%&()*+-./:;<=>?@[]^_{|}~ only; quotes, backslash, backtick, comma and control characters are refused); pick a key without it, on the server too",
                  node, rule: "invalid-apns-name")
            return false
        }
        if Self.apnsNamesInheritedInJS.contains(key) {
            error("apnsName '\(key)' is a member every JavaScript object inherits, so a TypeScript reader of the APNs JSON could not tell the key from the inherited member; pick another key",
                  node, rule: "invalid-apns-name")
            return false
        }
        return true
    }

    static func isAPNsKeyCharacter(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        if scalar.isASCII {
            return ("a"..."z").contains(character) || ("A"..."Z").contains(character) || ("0"..."9").contains(character)
                || apnsNamePunctuation.contains(character)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    /// Without `bridgeName:`, a renamed field's FCM/bridge key is its apnsName (a backend that
    /// sends `orderId` expects it everywhere). That key names a bridge record property, so it
    /// must also be a field name; when it is not, the fix is an explicit `bridgeName:`.
    mutating func defaultBridgeName(_ key: String, _ node: YAMLNode, field: String, fcmKey: Bool) -> Bool {
        let suggestion = Naming.isIdentifier(field) ? field : "orderId"
        guard Naming.isIdentifier(key), ("a"..."z").contains(key.unicodeScalars.first!), NameRules.refusedFieldNames[key] == nil else {
            error("apnsName '\(key)' is also the FCM/bridge key while bridgeName is not set, and it is not one (a bridge key is ASCII letters, digits and _, starting lower-case, and names a property of the bridge records); set bridgeName (e.g. bridgeName: \(suggestion))",
                  node, rule: "invalid-apns-name")
            return false
        }
        if fcmKey, NameRules.fcmReservedKeys.contains(key) || key.hasPrefix("google") || key.hasPrefix("gcm") {
            error("apnsName '\(key)' is also the FCM key while bridgeName is not set, and FCM reserves it (from, message_type, google*, gcm*); set bridgeName (e.g. bridgeName: \(suggestion))",
                  node, rule: "fcm-reserved-key")
            return false
        }
        return true
    }

    /// Two fields of one record must not end with the same APNs key: Codable would write both
    /// under it, and a decoder reads one value for two properties.
    mutating func checkAPNsKeys(_ fields: [Field], nodes: [String: YAMLNode], what: String) {
        var seen: [String: Field] = [:]
        for field in fields {
            if let other = seen[field.apnsName] {
                let how = field.isAPNsRenamed ? "apnsName '\(field.apnsName)'" : "its name"
                let otherHow = other.isAPNsRenamed ? "apnsName '\(other.apnsName)'" : "its name"
                let fix = field.isAPNsRenamed ? "change this apnsName" : "give '\(other.name)' another apnsName or rename '\(field.name)'"
                diagnostics.error("'\(field.name)' in \(what) has the APNs key '\(field.apnsName)' (\(how)), which '\(other.name)' already has (\(otherHow)); one JSON object cannot carry two values under one key: \(fix)",
                                  at: nodes[field.name]?.location ?? field.location, rule: "apns-key-collision")
            } else {
                seen[field.apnsName] = field
            }
        }
    }
}
