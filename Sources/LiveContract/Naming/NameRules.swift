/// Keywords of the three languages, and the few names the generated code cannot use even
/// escaped; `SchemaLoader+Names.swift` refuses only the latter.
///
/// The Swift property name is the APNs key, so refusing `type` or `default` would leave a
/// user no way out: keywords are escaped instead (Swift and Kotlin backticks; TypeScript
/// allows every reserved word as a property name and the generated locals carry a prefix).
/// What stays refused breaks a generated file whatever the spelling, and the message says
/// which language and why; schema/keywords*.yaml proves the rest compiles in all three.
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
    /// Field names that fail even escaped, with the reason (the message names the language).
    public static let refusedFieldNames: [String: String] = [
        "hashValue": "in Swift a stored hashValue becomes the witness of Hashable's deprecated hashValue requirement, which swiftc warns about in every generated type",
        "constructor": "in TypeScript an absent optional field reads the inherited Object.prototype.constructor instead of undefined",
        "hasOwnProperty": "in TypeScript an absent optional field reads the inherited Object.prototype.hasOwnProperty instead of undefined",
        "isPrototypeOf": "in TypeScript an absent optional field reads the inherited Object.prototype.isPrototypeOf instead of undefined",
        "propertyIsEnumerable": "in TypeScript an absent optional field reads the inherited Object.prototype.propertyIsEnumerable instead of undefined",
        "toLocaleString": "in TypeScript an absent optional field reads the inherited Object.prototype.toLocaleString instead of undefined",
        "toString": "in TypeScript an absent optional field reads the inherited Object.prototype.toString instead of undefined",
        "valueOf": "in TypeScript an absent optional field reads the inherited Object.prototype.valueOf instead of undefined",
        "contentState": "the generated TypeScript declares contentState beside the fields",
        "issues": "the generated Kotlin and TypeScript FCM parsers declare issues beside the fields",
        "raw": "the generated Kotlin struct decoders read their input from a parameter named raw",
        "toContentState": "the generated Swift bridge record declares the method toContentState()",
        "fromContentState": "the generated TypeScript exports the function fromContentState",
        "toAttributes": "the generated Swift bridge record declares the method toAttributes()",
        "toValue": "the generated Swift bridge record declares the method toValue()",
        "toDictionary": "Expo's Record protocol, which the Swift bridge records adopt, has toDictionary()",
        "toFcmData": "the generated Kotlin and TypeScript declare toFcmData",
        "parseFcmData": "the generated Kotlin and TypeScript declare parseFcmData",
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
        "Decoder", "DecodingError", "Dictionary", "Double", "Encoder", "Enumerable", "Error", "ExpoModulesCore", "Field", "Float",
        "Foundation", "Hashable", "ISO8601DateFormatter", "Int", "Int16", "Int32", "Int64", "Int8", "Never", "Optional",
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

    /// Enum case names that fail even escaped, with the reason. Kotlin spells cases in upper
    /// case (`NAME`, `VALUES`), so its enum members never clash.
    public static let refusedCaseNames: [String: String] = [
        "rawValue": "every generated Swift enum has the property rawValue, and a case of that name redeclares it",
        "allCases": "every generated Swift enum is CaseIterable, and a case named allCases redeclares its static allCases",
    ]
    /// Type names Swift cannot declare as a nested type even in backticks (`Attributes.Type`
    /// and `.Self` are metatype syntax; `Any` and `Protocol` are the same kind of name).
    public static let refusedTypeNames: [String: String] = [
        "Any": "Swift: `Any` is the top type; a nested type of that name would capture every use inside the attributes type",
        "Protocol": "Swift: `X.Protocol` is metatype syntax, so a nested type of that name cannot be spelled",
        "Self": "Swift: `Self` always means the enclosing type and cannot name a nested type",
        "Type": "Swift: `X.Type` is metatype syntax, so a nested type of that name cannot be spelled",
    ]
    /// Top-level names the generated Kotlin, TypeScript and Python files use besides their own
    /// declarations. They prefix a schema type with the contract name, so it is
    /// the prefixed name (`Fcm` + `Issue` = `FcmIssue`) that must stay clear of these.
    public static let generatedCodeGlobals: NameList = [
        "Agent", "Any", "ApnsAlert", "ApnsAlertLike", "ApnsBroadcastHeaders", "ApnsBroadcastPriority",
        "ApnsChannelResult", "ApnsClient", "ApnsClientOptions", "ApnsDelivery",
        "ApnsEndOptions", "ApnsHeaders", "ApnsRequest", "ApnsSendDelivery", "ApnsStartInput", "ApnsStartOptions", "ApnsStartSend",
        "ApnsTokenHeaders", "ApnsTokenPriority", "ApnsUpdateOptions", "Array", "ArrayList", "BigDecimal",
        "Boolean", "Buffer", "Byte", "Callable", "Char", "Character", "Comparator", "Date", "Dict", "Double", "Enum", "Error", "Exception",
        "False", "FcmClient", "FcmClientOptions", "FcmEnvelope", "FcmEnvelopeLike", "FcmEnvelopeRead", "FcmEvent", "FcmIssue", "FcmIssueReason",
        "FcmLiveActivityMessage", "FcmMemoryOrderStore", "FcmMessage", "FcmOrder", "FcmOrderStore", "Field",
        "Float", "HashMap", "HashSet", "IllegalArgumentException", "Infinity", "Int", "IntEnum", "Integer", "JSON", "JsonObject",
        "LcPushAgent", "LcPushAnswer", "LcPushEmitter", "LcPushH2Stream", "LcPushHttpsRequest", "LcPushListener", "LcPushNode", "LcPushSession", "LcPushStream",
        "LcRead", "LcReader", "LinkedHashMap", "List", "Literal", "Long", "LongRange", "Map", "Mapping",
        "Math", "MathContext", "NaN", "None", "Nothing", "Number", "Object", "Omit", "Optional",
        "OverflowError", "Partial", "Promise", "Protocol", "PushOutcome", "PushResult", "RangeError", "Record", "RecursionError", "Regex", "Required",
        "RoundingMode", "Set", "Short", "String", "StringBuilder", "Suppress", "Synchronized", "TextEncoder",
        "True", "Tuple", "Type", "TypeError", "TypeVar", "Union", "Unit", "ValueError", "WeakSet",
    ]
    /// Top-level names the Python push clients (ApnsClient, FcmClient) add to the generated
    /// module, and the standard names their code uses; kept apart from generatedCodeGlobals so
    /// each language's client section owns its list.
    public static let pythonPushClientNames: NameList = [
        "ApnsClient", "Client", "FcmClient", "ImportError", "IndexError", "Lock", "OSError", "PKCS1v15",
        "PushOutcome", "PushResult", "SSLError",
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
