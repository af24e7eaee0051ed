/// The name checks of the loader: legal in all three languages, not reserved in any, not
/// reserved by FCM, and not turning into the same generated name as another schema name.
extension SchemaLoader {
    /// A field or bridge name: identifier, lower-case first letter, not reserved anywhere.
    /// `fcmKey: false` leaves the FCM check to `checkFCMKey`, for a field whose Swift name may
    /// differ from its key (`from` with a `bridgeName`).
    mutating func checkMemberName(_ name: String, _ node: YAMLNode, fcmKey: Bool = true) -> Bool {
        guard Naming.isIdentifier(name), ("a"..."z").contains(name.unicodeScalars.first!) else {
            error("'\(name)' is not a field name: use ASCII letters, digits and _, starting with a lower-case letter (e.g. courierName)", node, rule: "invalid-name")
            return false
        }
        // Keywords are escaped in every language (`default`, `class`, `type`); only names that
        // break the generated code even escaped are refused, with the reason.
        if let reason = NameRules.refusedFieldNames[name] {
            error("'\(name)' cannot be a field name: \(reason); rename the field", node, rule: "reserved-name")
            return false
        }
        return !fcmKey || checkFCMKey(name, node)
    }

    /// A key of the FCM data map: not one FCM reserves. Only the key matters, so a field
    /// named `from` is fine with another `bridgeName`.
    mutating func checkFCMKey(_ name: String, _ node: YAMLNode) -> Bool {
        if NameRules.fcmReservedKeys.contains(name) || name.hasPrefix("google") || name.hasPrefix("gcm") {
            error("'\(name)' is reserved in FCM data messages (from, message_type, google*, gcm*); rename the field or set bridgeName (the Swift name can stay)", node, rule: "fcm-reserved-key")
            return false
        }
        return true
    }

    /// A type name: identifier, upper-case first letter, not a framework type.
    mutating func checkTypeName(_ name: String, _ node: YAMLNode, what: String) -> Bool {
        guard let refusal = Self.typeNameRefusal(name, what: what) else { return true }
        error(refusal.message, node, rule: refusal.rule)
        return false
    }

    /// Why the schema refuses `name` as a `what` (a type name, the contract name), with the
    /// rule; nil when it takes it. import asks the same before it renames a Swift type.
    static func typeNameRefusal(_ name: String, what: String) -> (message: String, rule: String)? {
        guard Naming.isIdentifier(name), ("A"..."Z").contains(name.unicodeScalars.first!) else {
            return ("'\(name)' is not a \(what): use ASCII letters and digits, starting with an upper-case letter (e.g. Delivery)", "invalid-name")
        }
        if let reason = NameRules.refusedTypeNames[name] {
            return ("'\(name)' cannot be a \(what): \(reason); rename it (e.g. '\(name)Info')", "reserved-name")
        }
        if NameRules.frameworkTypes.contains(name) {
            return ("'\(name)' is a \(NameRules.frameworkLanguages(name)) standard type the generated code uses or readers expect; rename it (e.g. '\(name)Info')", "reserved-name")
        }
        if what == "type name", NameRules.generatedTypeSuffixes.contains(name) {
            return ("a type named '\(name)' would collide with a type livecontract generates; rename it", "reserved-name")
        }
        return nil
    }

    /// An enum case (also its raw value): identifier starting lower-case, not a keyword.
    mutating func checkCaseName(_ name: String, _ node: YAMLNode, enumName: String) -> Bool {
        guard Naming.isIdentifier(name), ("a"..."z").contains(name.unicodeScalars.first!) else {
            error("enum case '\(name)' of '\(enumName)' must be ASCII letters, digits and _, starting lower-case", node, rule: "invalid-name")
            return false
        }
        if let reason = NameRules.refusedCaseNames[name] {
            error("enum case '\(name)' of '\(enumName)' cannot work: \(reason); rename the case and keep '\(name)' on the wire as its raw value (e.g. { \(name)Case: \(name) })", node, rule: "reserved-name")
            return false
        }
        return true
    }

    /// The generated Kotlin `<Name>FcmKeys` object holds the key constants of attributes and
    /// state together (`Naming.kotlinKeyConstants`). Names that still share a constant
    /// (`stopsRemaining` and `stops_remaining` are both STOPS_REMAINING) are refused.
    mutating func checkCaseCollisions(attributes: [Field], state: [Field]) {
        let constants = Naming.kotlinKeyConstants(attributes: attributes.map(\.name), state: state.map(\.name))
        var seen: [String: Field] = [:]
        for (field, key) in zip(attributes + state, constants.attributes + constants.state) {
            if let other = seen[key] {
                diagnostics.error("'\(field.name)' and '\(other.name)' both become \(key) in the Kotlin key constants; rename one", at: field.location, rule: "name-collision")
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
            for generated in Self.generatedNames(ofType: type.name, contractName: contractName) {
                if let owner = taken[generated] ?? Self.fixedOwner(of: generated, contractName: contractName), owner != "type '\(type.name)'" {
                    diagnostics.error("type '\(type.name)' generates \(generated) in Kotlin/TypeScript/the bridge, which is also \(owner); rename one of them", at: type.location, rule: "name-collision")
                    break
                }
                taken[generated] = "type '\(type.name)'"
            }
        }
    }

    /// The Kotlin/TypeScript/bridge names of the schema type `typeName`: `<Contract><Type>`
    /// (unless it starts with the contract name) and its `Apns` and `Record` forms.
    static func generatedNames(ofType typeName: String, contractName: String) -> [String] {
        let prefixed = typeName.hasPrefix(contractName) ? typeName : contractName + typeName
        return [prefixed, prefixed + "Apns", prefixed + "Record", contractName + typeName + "Record"]
    }

    /// Whether `name` is a type generated for the contract itself (`<Contract>State`, ...).
    static func isGeneratedForContract(_ name: String, contractName: String) -> Bool {
        name.hasPrefix(contractName) && NameRules.generatedTypeSuffixes.contains(String(name.dropFirst(contractName.count)))
    }

    /// Who owns `name` before any schema type: a type generated for the contract, or a name the
    /// generated code uses (the contract's own types win, as they name the clash more exactly).
    private static func fixedOwner(of name: String, contractName: String) -> String? {
        if isGeneratedForContract(name, contractName: contractName) {
            return "the generated \(name)"
        }
        if NameRules.generatedCodeGlobals.contains(name) { return "a name the generated Kotlin/TypeScript code uses" }
        if NameRules.pythonPushClientNames.contains(name) { return "a name the generated Python push clients use" }
        return nil
    }

    /// Bridge/FCM names must be unique across attributes and state: both travel in one flat
    /// FCM data map. Attributes and state may share a Swift name (separate APNs objects), but
    /// then one of them needs its own bridge name.
    mutating func checkWireNames(attributes: [Field], state: [Field]) {
        var seen: [String: (field: Field, section: String)] = [:]
        for (field, section) in attributes.map({ ($0, "attributes") }) + state.map({ ($0, "state") }) {
            if let other = seen[field.wireName] {
                let fix = other.section == section ? "rename one or set bridgeName" : "set bridgeName on one of them (e.g. bridgeName: \(section)\(Naming.upperFirst(field.name)))"
                diagnostics.error("'\(field.name)' in \(section) uses FCM/bridge key '\(field.wireName)', already used by '\(other.field.name)' in \(other.section); attributes and state share one FCM data map: \(fix)", at: field.location, rule: "name-collision")
            } else {
                seen[field.wireName] = (field, section)
            }
        }
    }
}
