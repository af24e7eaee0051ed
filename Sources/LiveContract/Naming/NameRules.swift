/// Names the generated code cannot use, by language; `SchemaLoader+Names.swift` refuses them.
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
    /// Type names the generated Swift uses (the standard library, Foundation, ActivityKit and
    /// ExpoModulesCore). Swift nests `types` inside `<Name>Attributes` under their own names,
    /// so a nested `CaseIterable` or `CodingKeys` would capture every use of the real one.
    public static let swiftTypeNames: Set<String> = [
        "Date", "URL", "String", "Int", "Double", "Bool", "Array", "Dictionary", "Optional", "Set", "Codable",
        "Decoder", "Encoder", "Hashable", "Sendable", "Activity", "ActivityAttributes", "ActivityContent",
        "ContentState", "ClosedRange", "Range", "Error", "Result", "Data", "Any", "Record", "Field", "Never",
        "Foundation", "CaseIterable", "CodingKey", "CodingKeys", "Enumerable", "Swift", "ActivityKit", "ExpoModulesCore",
    ]
    /// Kotlin and JavaScript standard types a reader would take a schema type of that name for.
    public static let kotlinTypeNames: Set<String> = [
        "List", "Map", "Long", "Any", "Unit", "Boolean", "Nothing", "Pair", "LongRange", "Exception", "JSONObject", "JSONArray",
    ]
    public static let typeScriptTypeNames: Set<String> = [
        "Number", "Object", "Record", "Promise", "JSON", "Math", "Symbol", "Array", "Error", "Date", "Map", "Set",
    ]
    /// Every type name refused for a schema type or the contract: the three sets together.
    public static let frameworkTypes: Set<String> = swiftTypeNames.union(kotlinTypeNames).union(typeScriptTypeNames)

    /// The languages whose standard type `name` is, for messages: "Swift and TypeScript".
    public static func frameworkLanguages(_ name: String) -> String {
        let languages = [("Swift", swiftTypeNames), ("Kotlin", kotlinTypeNames), ("TypeScript", typeScriptTypeNames)]
        return languages.filter { $0.1.contains(name) }.map(\.0).joined(separator: " and ")
    }

    /// Members every generated enum already has, by language: a case of that name would not compile.
    public static let enumMemberNames: [String: String] = [
        "rawValue": "Swift", "allCases": "Swift", "init": "Swift", "hashValue": "Swift", "description": "Swift",
        "name": "Kotlin", "ordinal": "Kotlin", "values": "Kotlin", "entries": "Kotlin", "valueOf": "Kotlin",
        "raw": "livecontract", "fromRaw": "livecontract",
    ]
    /// Top-level names the generated Kotlin and TypeScript files use besides their own
    /// declarations. Kotlin and TypeScript prefix a schema type with the contract name, so it is
    /// the prefixed name (`Fcm` + `Issue` = `FcmIssue`) that must stay clear of these.
    public static let generatedCodeGlobals: Set<String> = [
        "Any", "ArrayList", "BigDecimal", "Boolean", "Char", "Character", "Double", "Exception",
        "IllegalArgumentException", "Int", "Integer", "LinkedHashMap", "List", "Long", "LongRange", "Map", "Math",
        "MathContext", "Nothing", "Regex", "RoundingMode", "String", "StringBuilder", "Suppress", "Unit",
        "Array", "Error", "JSON", "Number", "Object", "Omit", "RangeError", "Record", "TextEncoder", "TypeError",
        "FcmIssue", "FcmIssueReason", "FcmMessage", "ApnsAlert", "ApnsEndOptions", "ApnsHeaders",
        "ApnsStartOptions", "ApnsUpdateOptions", "LcRead", "LcReader", "NaN", "Infinity",
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
