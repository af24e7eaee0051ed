/// Names the generated code cannot use, by language, and the checks that refuse them.
///
/// A field called `description` compiles in Swift and then shadows `CustomStringConvertible`;
/// `copy` clashes with a Kotlin data class member; `constructor` breaks a TypeScript object.
/// Refusing them in the schema, with the language named, beats a compile error in one of
/// three generated files.
public enum NameRules {
    public static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "some", "any", "async", "actor", "consume", "borrowing", "consuming", "copy", "discard", "each",
        "macro", "nonisolated", "package", "sending", "Type", "Protocol",
    ]
    public static let kotlinKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
    ]
    public static let typeScriptKeywords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof",
        "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void",
        "while", "with", "implements", "interface", "let", "package", "private", "protected", "public", "static",
        "yield", "await", "arguments", "eval", "undefined", "NaN", "Infinity", "any", "boolean", "number",
        "string", "symbol", "never", "unknown", "object", "bigint", "type", "declare", "namespace", "module",
        "readonly", "keyof", "infer", "is", "asserts", "satisfies", "accessor",
    ]
    /// Members the generated types already have (Swift Codable/Hashable/enum, Kotlin data
    /// class/enum/Any, JS Object.prototype) or that the generated code itself declares.
    public static let memberNames: [String: String] = [
        "description": "Swift", "debugDescription": "Swift", "hashValue": "Swift", "hash": "Swift",
        "rawValue": "Swift", "allCases": "Swift", "encode": "Swift", "init": "Swift", "CodingKeys": "Swift",
        "copy": "Kotlin", "hashCode": "Kotlin", "equals": "Kotlin", "toString": "Kotlin",
        "valueOf": "TypeScript",
        "constructor": "TypeScript", "__proto__": "TypeScript", "prototype": "TypeScript",
        "hasOwnProperty": "TypeScript", "isPrototypeOf": "TypeScript", "toJSON": "TypeScript",
        "toLocaleString": "TypeScript", "propertyIsEnumerable": "TypeScript",
        "contentState": "livecontract", "issues": "livecontract", "raw": "livecontract",
        "toContentState": "livecontract", "fromContentState": "livecontract", "toAttributes": "livecontract",
        "toValue": "livecontract", "toDictionary": "livecontract", "toFcmData": "livecontract",
        "parseFcmData": "livecontract",
    ]
    /// Names in `types` that would produce the same name as a type livecontract generates
    /// (`<Name>State`, `<Name>AttributesRecord`, `<Name>FcmKeys`, ...).
    public static let generatedTypeSuffixes: Set<String> = [
        "Attributes", "State", "ContentState", "Record", "AttributesRecord", "StateRecord", "Fcm", "FcmKeys",
        "FcmIssue", "FcmParse", "FcmReader", "ApnsAttributes", "ApnsPayload", "BridgeConversions", "Wire", "Read",
    ]
    /// Type names that would shadow framework or standard types the generated code uses.
    public static let frameworkTypes: Set<String> = [
        "Date", "URL", "String", "Int", "Double", "Bool", "Array", "Dictionary", "Optional", "Set", "Codable",
        "Decoder", "Encoder", "Hashable", "Sendable", "Activity", "ActivityAttributes", "ActivityContent",
        "ContentState", "ClosedRange", "Range", "Error", "Result", "Data", "List", "Map", "Long", "Any", "Unit",
        "Boolean", "Number", "Object", "Record", "Promise", "JSON", "JSONObject", "JSONArray", "Math", "Symbol",
        "Field", "Record", "Never", "Nothing", "Pair", "LongRange", "Exception", "Foundation",
    ]
    public static let fcmReservedKeys: Set<String> = ["from", "message_type", "collapse_key", "notification", "priority", "ttl"]

    /// Which language (if any) reserves `name` as a keyword.
    public static func keywordLanguage(_ name: String) -> String? {
        if swiftKeywords.contains(name) { return "Swift" }
        if kotlinKeywords.contains(name) { return "Kotlin" }
        if typeScriptKeywords.contains(name) { return "TypeScript" }
        return nil
    }
}

extension SchemaLoader {
    /// A field or bridge name: identifier, lower-case first letter, not reserved anywhere.
    mutating func checkMemberName(_ name: String, _ node: YAMLNode) -> Bool {
        guard Naming.isIdentifier(name), name.first!.isLowercase else {
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
        guard Naming.isIdentifier(name), name.first!.isUppercase else {
            error("'\(name)' is not a \(what): use ASCII letters and digits, starting with an upper-case letter (e.g. Delivery)", node, rule: "invalid-name")
            return false
        }
        if let language = NameRules.keywordLanguage(name) {
            error("'\(name)' is a \(language) keyword; rename the type", node, rule: "reserved-name")
            return false
        }
        if NameRules.frameworkTypes.contains(name) {
            error("'\(name)' would shadow a Swift, Kotlin or TypeScript type the generated code uses; rename it", node, rule: "reserved-name")
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
        guard Naming.isIdentifier(name), name.first!.isLowercase else {
            error("enum case '\(name)' of '\(enumName)' must be ASCII letters, digits and _, starting lower-case", node, rule: "invalid-name")
            return false
        }
        if let language = NameRules.keywordLanguage(name) {
            error("enum case '\(name)' is a \(language) keyword; rename it", node, rule: "reserved-name")
            return false
        }
        if ["rawValue", "allCases", "init", "hashValue", "description", "name", "ordinal", "raw", "values", "entries", "valueOf", "fromRaw"].contains(name) {
            error("enum case '\(name)' clashes with a generated enum member; rename it", node, rule: "reserved-name")
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
        var taken: [String: String] = [:]
        for suffix in NameRules.generatedTypeSuffixes {
            taken[contractName + suffix] = "the generated \(contractName + suffix)"
        }
        for type in types {
            let prefixed = type.name.hasPrefix(contractName) ? type.name : contractName + type.name
            for generated in [prefixed, prefixed + "Apns", prefixed + "Record", contractName + type.name + "Record"] {
                if let owner = taken[generated], owner != "type '\(type.name)'" {
                    diagnostics.error("type '\(type.name)' generates \(generated) in Kotlin/TypeScript/the bridge, which is also \(owner); rename one of them", at: type.location, rule: "name-collision")
                    break
                }
                taken[generated] = "type '\(type.name)'"
            }
        }
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
