/// The name checks of the loader: legal in all three languages, not reserved in any, not
/// reserved by FCM, and not turning into the same generated name as another schema name.
extension SchemaLoader {
    /// A field or bridge name: identifier, lower-case first letter, not reserved anywhere.
    mutating func checkMemberName(_ name: String, _ node: YAMLNode) -> Bool {
        guard Naming.isIdentifier(name), ("a"..."z").contains(name.unicodeScalars.first!) else {
            error("'\(name)' is not a field name: use ASCII letters, digits and _, starting with a lower-case letter (e.g. courierName)", node, rule: "invalid-name")
            return false
        }
        if let language = NameRules.keywordLanguage(name) {
            error("'\(name)' is a \(language) keyword; rename the field (e.g. '\(name)Value')", node, rule: "reserved-name")
            return false
        }
        if let language = NameRules.memberNames[name] {
            error("'\(name)' is already a member of the generated \(language) types; rename the field", node, rule: "reserved-name")
            return false
        }
        if NameRules.fcmReservedKeys.contains(name) || name.hasPrefix("google") || name.hasPrefix("gcm") {
            error("'\(name)' is reserved in FCM data messages (from, message_type, google*, gcm*); rename the field or set bridgeName", node, rule: "fcm-reserved-key")
            return false
        }
        if name.hasPrefix("component"), Int(name.dropFirst("component".count)) != nil {
            error("'\(name)' clashes with a Kotlin data class componentN function; rename the field", node, rule: "reserved-name")
            return false
        }
        return true
    }

    /// A type name: identifier, upper-case first letter, not a framework type.
    mutating func checkTypeName(_ name: String, _ node: YAMLNode, what: String) -> Bool {
        guard Naming.isIdentifier(name), ("A"..."Z").contains(name.unicodeScalars.first!) else {
            error("'\(name)' is not a \(what): use ASCII letters and digits, starting with an upper-case letter (e.g. Delivery)", node, rule: "invalid-name")
            return false
        }
        if let language = NameRules.keywordLanguage(name) {
            error("'\(name)' is a \(language) keyword; rename the type", node, rule: "reserved-name")
            return false
        }
        if NameRules.frameworkTypes.contains(name) {
            error("'\(name)' is a \(NameRules.frameworkLanguages(name)) standard type the generated code uses or readers expect; rename it (e.g. '\(name)Info')", node, rule: "reserved-name")
            return false
        }
        if what == "type name", NameRules.generatedTypeSuffixes.contains(name) {
            error("a type named '\(name)' would collide with a type livecontract generates; rename it", node, rule: "reserved-name")
            return false
        }
        return true
    }

    /// An enum case (also its raw value): identifier starting lower-case, not a keyword.
    mutating func checkCaseName(_ name: String, _ node: YAMLNode, enumName: String) -> Bool {
        guard Naming.isIdentifier(name), ("a"..."z").contains(name.unicodeScalars.first!) else {
            error("enum case '\(name)' of '\(enumName)' must be ASCII letters, digits and _, starting lower-case", node, rule: "invalid-name")
            return false
        }
        if let language = NameRules.keywordLanguage(name) {
            error("enum case '\(name)' is a \(language) keyword; rename it", node, rule: "reserved-name")
            return false
        }
        if let language = NameRules.enumMemberNames[name] {
            error("enum case '\(name)' clashes with the member '\(name)' every generated \(language) enum has; rename it", node, rule: "reserved-name")
            return false
        }
        return true
    }

    /// Names that differ only by case or underscores become one constant in the generated
    /// Kotlin `<Name>FcmKeys` object (`stopsRemaining` and `stops_remaining` are both
    /// STOPS_REMAINING), which holds attributes and state together; refuse them.
    mutating func checkCaseCollisions(_ fields: [Field], in section: String) {
        var seen: [String: Field] = [:]
        for field in fields {
            let key = Naming.constantCase(field.name)
            if let other = seen[key] {
                diagnostics.error("'\(field.name)' and '\(other.name)' in \(section) both become \(key) in Kotlin constants; rename one", at: field.location, rule: "name-collision")
            } else {
                seen[key] = field
            }
        }
    }

    /// Kotlin and TypeScript name a type `<Contract><Type>` (unless it already starts with the
    /// contract name) and derive `...Apns` and `...Record` from it; the contract itself
    /// yields `<Contract>State`, `<Contract>FcmKeys`, ... Two schema names that end up as one
    /// generated name would not compile, so refuse them here with both positions.
    mutating func checkGeneratedNames(_ types: [NamedType], contractName: String) {
        // Names taken by earlier types; the fixed names (contract + suffix, then the globals)
        // are tested directly rather than copied into a table on every run.
        var taken: [String: String] = [:]
        for type in types {
            let prefixed = type.name.hasPrefix(contractName) ? type.name : contractName + type.name
            for generated in [prefixed, prefixed + "Apns", prefixed + "Record", contractName + type.name + "Record"] {
                if let owner = taken[generated] ?? Self.fixedOwner(of: generated, contractName: contractName), owner != "type '\(type.name)'" {
                    diagnostics.error("type '\(type.name)' generates \(generated) in Kotlin/TypeScript/the bridge, which is also \(owner); rename one of them", at: type.location, rule: "name-collision")
                    break
                }
                taken[generated] = "type '\(type.name)'"
            }
        }
    }

    /// Who owns `name` before any schema type: a type generated for the contract, or a name the
    /// generated code uses (the contract's own types win, as they name the clash more exactly).
    private static func fixedOwner(of name: String, contractName: String) -> String? {
        if name.hasPrefix(contractName), NameRules.generatedTypeSuffixes.contains(String(name.dropFirst(contractName.count))) {
            return "the generated \(name)"
        }
        if NameRules.generatedCodeGlobals.contains(name) { return "a name the generated Kotlin/TypeScript code uses" }
        return nil
    }

    /// Bridge/FCM names must be unique across attributes and state: both travel in one FCM map.
    mutating func checkWireNames(_ fields: [Field]) {
        var seen: [String: Field] = [:]
        for field in fields {
            if let other = seen[field.wireName] {
                diagnostics.error("'\(field.name)' uses bridge name '\(field.wireName)', already used by '\(other.name)'; bridge names must be unique", at: field.location, rule: "name-collision")
            } else {
                seen[field.wireName] = field
            }
        }
    }
}
