/// Names the generated code cannot use, by language; `SchemaLoader+Names.swift` refuses them.
///
/// A field called `description` compiles in Swift and then shadows `CustomStringConvertible`;
/// `copy` clashes with a Kotlin data class member; `constructor` breaks a TypeScript object.
/// Refusing them in the schema, with the language named, beats a compile error in one of
/// three generated files.
public enum NameRules {
    public static let swiftKeywords: NameList = [
        "Any", "Protocol", "Self", "Type", "actor", "any", "as", "associatedtype", "async", "await",
        "borrowing", "break", "case", "catch", "class", "consume", "consuming", "continue", "copy", "default",
        "defer", "deinit", "discard", "do", "each", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "macro", "nil", "nonisolated", "open", "operator", "package", "precedencegroup", "private", "protocol",
        "public", "repeat", "rethrows", "return", "self", "sending", "some", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
    public static let kotlinKeywords: NameList = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
    ]
    public static let typeScriptKeywords: NameList = [
        "Infinity", "NaN", "accessor", "any", "arguments", "asserts", "await", "bigint", "boolean", "break",
        "case", "catch", "class", "const", "continue", "debugger", "declare", "default", "delete", "do",
        "else", "enum", "eval", "export", "extends", "false", "finally", "for", "function", "if", "implements",
        "import", "in", "infer", "instanceof", "interface", "is", "keyof", "let", "module", "namespace",
        "never", "new", "null", "number", "object", "package", "private", "protected", "public", "readonly",
        "return", "satisfies", "static", "string", "super", "switch", "symbol", "this", "throw", "true", "try",
        "type", "typeof", "undefined", "unknown", "var", "void", "while", "with", "yield",
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
    public static let generatedTypeSuffixes: NameList = [
        "ApnsAttributes", "ApnsPayload", "Attributes", "AttributesRecord", "BridgeConversions", "ContentState",
        "Fcm", "FcmEnvelope", "FcmEvent", "FcmIssue", "FcmKeys", "FcmMemoryOrderStore", "FcmOrder",
        "FcmOrderStore", "FcmParse", "FcmReader", "Read", "Record", "State", "StateRecord", "Wire",
    ]
    /// Type names the generated Swift uses (the standard library, Foundation, ActivityKit and
    /// ExpoModulesCore). Swift nests `types` inside `<Name>Attributes` under their own names,
    /// so a nested `CaseIterable` or `CodingKeys` would capture every use of the real one.
    public static let swiftTypeNames: NameList = [
        "Activity", "ActivityAttributes", "ActivityContent", "ActivityKit", "Any", "Array", "Bool",
        "CaseIterable", "ClosedRange", "Codable", "CodingKey", "CodingKeys", "ContentState", "Data", "Date",
        "Decoder", "Dictionary", "Double", "Encoder", "Enumerable", "Error", "ExpoModulesCore", "Field",
        "Foundation", "Hashable", "Int", "Int16", "Int32", "Int64", "Int8", "Never", "Optional",
        "Range", "Record", "Result", "Sendable", "Set", "String", "Swift", "UInt", "UInt16", "UInt32",
        "UInt64", "UInt8", "URL", "UUID",
    ]
    /// Kotlin and JavaScript standard types a reader would take a schema type of that name for.
    public static let kotlinTypeNames: NameList = [
        "Any", "Boolean", "Exception", "JSONArray", "JSONObject", "List", "Long", "LongRange", "Map",
        "Nothing", "Pair", "Unit",
    ]
    public static let typeScriptTypeNames: NameList = [
        "Array", "Date", "Error", "JSON", "Map", "Math", "Number", "Object", "Promise", "Record", "Set",
        "Symbol",
    ]
    /// Every type name refused for a schema type or the contract: the three sets together.
    public static let frameworkTypes: NameList = swiftTypeNames.union(kotlinTypeNames).union(typeScriptTypeNames)

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
    public static let generatedCodeGlobals: NameList = [
        "Any", "ApnsAlert", "ApnsBroadcastHeaders", "ApnsBroadcastPriority", "ApnsDelivery", "ApnsEndOptions",
        "ApnsHeaders", "ApnsRequest", "ApnsStartInput", "ApnsStartOptions", "ApnsTokenHeaders",
        "ApnsTokenPriority", "ApnsUpdateOptions", "Array", "ArrayList", "BigDecimal", "Boolean", "Byte",
        "Char", "Character", "Double", "Error", "Exception", "FcmEnvelope", "FcmEnvelopeRead", "FcmEvent",
        "FcmIssue", "FcmIssueReason", "FcmLiveActivityMessage", "FcmMemoryOrderStore", "FcmMessage",
        "FcmOrder", "FcmOrderStore", "Field", "HashMap", "IllegalArgumentException", "Infinity", "Int",
        "Integer", "JSON", "LcRead", "LcReader", "LinkedHashMap", "List", "Long", "LongRange", "Map", "Math",
        "MathContext", "NaN", "Nothing", "Number", "Object", "Omit", "RangeError", "Record", "Regex",
        "Required", "RoundingMode", "Short", "String", "StringBuilder", "Suppress", "Synchronized",
        "TextEncoder", "TypeError", "Unit",
    ]
    public static let fcmReservedKeys: NameList = [
        "collapse_key", "from", "message_type", "notification", "priority", "ttl",
    ]

    /// Which language (if any) reserves `name` as a keyword.
    public static func keywordLanguage(_ name: String) -> String? {
        if swiftKeywords.contains(name) { return "Swift" }
        if kotlinKeywords.contains(name) { return "Kotlin" }
        if typeScriptKeywords.contains(name) { return "TypeScript" }
        return nil
    }
}

/// A fixed list of names, written in sorted order and searched by halving. Every run checks
/// the schema's names against these lists; a Set would hash all of their names first (about
/// 0.15M instructions on each run), where a sorted literal costs nothing to set up.
/// `NameRulesTests` keeps every list sorted and free of repeats.
public struct NameList: Sendable, ExpressibleByArrayLiteral, Sequence {
    /// Sorted by `<`, without repeats.
    public let names: [String]

    /// The names must already be sorted.
    public init(arrayLiteral names: String...) {
        self.names = names
    }

    init(sorted names: [String]) {
        self.names = names
    }

    public func contains(_ name: String) -> Bool {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] == name { return true }
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// Both lists' names, sorted, each once: one merge of the two sorted lists.
    public func union(_ other: NameList) -> NameList {
        var merged: [String] = []
        merged.reserveCapacity(names.count + other.names.count)
        var left = 0, right = 0
        while left < names.count || right < other.names.count {
            if right == other.names.count || (left < names.count && names[left] < other.names[right]) {
                merged.append(names[left])
                left += 1
            } else {
                if left < names.count && names[left] == other.names[right] { left += 1 }
                merged.append(other.names[right])
                right += 1
            }
        }
        return NameList(sorted: merged)
    }

    public var isSortedWithoutRepeats: Bool {
        zip(names, names.dropFirst()).allSatisfy { $0 < $1 }
    }

    public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }
}
