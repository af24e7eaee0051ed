/// The validated contract: what every emitter reads. Built only by `SchemaLoader`, so an
/// emitter can rely on every name being a legal identifier in all three languages, every
/// type reference resolving, and every example value matching its field.
public struct Contract: Sendable {
    /// The base name (`Delivery`); types are `DeliveryAttributes`, `DeliveryState`, ...
    public var name: String
    public var doc: String?
    public var access: AccessLevel
    /// The static half, set when the activity starts and never carried by an update push.
    public var attributes: [Field]
    /// The `ContentState`: every update replaces it wholesale.
    public var state: [Field]
    /// Enums and structs from `types`, in file order.
    public var types: [NamedType] { didSet { typeIndex = Self.index(types) } }
    public var examples: [Example]
    public var outputs: Outputs
    /// The schema path as the user named it, used in generated headers.
    public var schemaPath: String
    /// Hash of the wire-relevant parts of the schema; see `Fingerprint`.
    public var fingerprint: String = ""
    /// `templates:`: a folder (relative to the schema's) whose `<name>.mustache` files replace
    /// built-in templates for this schema. Not wire-relevant, so not in the fingerprint.
    public var templates: OutputPath? = nil
    /// `envelope:`: the FCM keys of the lifecycle envelope (defaults `activityId`, `event`, ...).
    public var envelope = FcmEnvelopeKeys()
    /// Where `envelope:` is written, when it is; `compat` points its findings there.
    public var envelopeLocation: SourceLocation? = nil

    /// `attributesType:`: the Swift type name when it is not `<Name>Attributes` (an existing
    /// struct named otherwise, which ActivityKit matches by that name); nil for the default.
    public var attributesTypeOverride: String? = nil

    /// `bundleId:`: the host app's bundle id (`com.acme.app`), which `doctor` compares with the
    /// app target's; not wire-relevant, so not in the fingerprint.
    public var bundleId: String? = nil
    public var bundleIdLocation: SourceLocation? = nil

    /// The Swift type ActivityKit matches by name: `<Name>Attributes`, or `attributesType:`.
    public var attributesTypeName: String { attributesTypeOverride ?? name + "Attributes" }

    public func type(named name: String) -> NamedType? {
        if typeIndex.count == types.count { return typeIndex[name].map { types[$0] } }
        return types.first { $0.name == name }
    }

    /// Type name -> index in `types`, so that looking a field's type up is constant time:
    /// every emitter and budget does it per field, and a schema may hold thousands of types.
    /// Set whenever `types` is (the memberwise init leaves it empty until `indexTypes()`).
    var typeIndex: [String: Int] = [:]

    mutating func indexTypes() { typeIndex = Self.index(types) }

    static func index(_ types: [NamedType]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, type) in types.enumerated() where index[type.name] == nil { index[type.name] = position }
        return index
    }

    /// The wire value of enum case `name` of `type` (an enumeration, or a list of one):
    /// its raw value. Other types give `name` back.
    public func rawValue(of name: String, in type: FieldType) -> String {
        switch type {
        case .enumeration(let enumName): return self.type(named: enumName)?.enumType?.rawValue(of: name) ?? name
        case .array(let element), .map(let element): return rawValue(of: name, in: element)
        default: return name
        }
    }

    /// The JSON form of enum case `name` of `type` (an enumeration, or a list or map of one).
    public func rawJSON(of name: String, in type: FieldType) -> JSONValue {
        let raw = rawValue(of: name, in: type)
        return isIntRawEnum(type) ? .int(Int64(raw) ?? 0) : .string(raw)
    }

    /// Whether `type` (an enumeration, or a list or map of one) has integer raw values
    /// (`raw: int`), so every JSON wire carries the case as a number.
    public func isIntRawEnum(_ type: FieldType) -> Bool {
        switch type {
        case .enumeration(let enumName): return self.type(named: enumName)?.enumType?.rawType == .int
        case .array(let element), .map(let element): return isIntRawEnum(element)
        default: return false
        }
    }
}

/// Swift access level of generated declarations (`access:` in the schema).
public enum AccessLevel: String, Sendable {
    case `public`, `internal`
}

/// A type from the wire table. Enum and struct cases name an entry of `Contract.types`.
public indirect enum FieldType: Hashable, Sendable {
    case string, int, double, bool, date, dateRange, url
    case enumeration(String)
    case structure(String)
    case array(FieldType)
    /// Swift `UUID`: a string in the 8-4-4-4-12 hex form, upper-case as Foundation writes it.
    case uuid
    /// `int8` ... `uint64`, `uint`: Swift's sized integers, as JSON integers.
    case sized(IntegerKind)
    /// Swift `Float`; values are kept as the `Double` of the nearest Float (see `FloatText`).
    case float
    /// `[string: T]`: Swift `[String: T]`, a JSON object. Members are written in key order by
    /// Unicode code point everywhere the tool writes one (the Swift encoder's order is not stable).
    case map(FieldType)

    /// The spelling used in the schema (`int`, `[Step]`).
    public var schemaSpelling: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .date: return "date"
        case .dateRange: return "dateRange"
        case .url: return "url"
        case .uuid: return "uuid"
        case .sized(let kind): return kind.rawValue
        case .float: return "float"
        case .enumeration(let name), .structure(let name): return name
        case .array(let element): return "[\(element.schemaSpelling)]"
        case .map(let value): return "[string: \(value.schemaSpelling)]"
        }
    }

    /// The integer range values of this type may take where they enter from JS, FCM or a
    /// schema; nil for non-integers. `int` is 32-bit there (docs/wire.md).
    public var integerRange: ClosedRange<Int64>? {
        switch self {
        case .int: return Int64(Int32.min)...Int64(Int32.max)
        case .sized(let kind): return kind.wireRange
        default: return nil
        }
    }

    /// int, a sized integer or double: the types `min`/`max` apply to.
    public var isNumber: Bool { integerRange != nil || self == .double || self == .float }

    /// True when the FCM data value is JSON text rather than a plain string.
    public var isJSONTextOnFCM: Bool {
        switch self {
        case .structure, .array, .dateRange, .map: return true
        default: return false
        }
    }
}

/// One stored property of the attributes, the state or a struct.
public struct Field: Sendable {
    /// The property name in Swift, Kotlin and TypeScript, and the key in APNs JSON.
    public var name: String
    /// The key in the JS bridge object and in FCM data (`bridgeName`, else `apnsName`, else `name`).
    public var wireName: String
    /// `apnsName:`: the Codable key (APNs JSON, the `CodingKeys` raw value) when it differs
    /// from the Swift property name; nil when the key is the name.
    public var apnsNameOverride: String? = nil
    /// The key in APNs JSON and Swift Codable: `apnsName`, else `name`.
    public var apnsName: String { apnsNameOverride ?? name }
    /// True when the Codable key differs from the property name, so Swift needs `CodingKeys`.
    public var isAPNsRenamed: Bool { apnsNameOverride.map { $0 != name } ?? false }
    public var type: FieldType
    public var isOptional: Bool
    public var doc: String?
    /// Decoders fall back to this when the key is missing; already checked against the type.
    public var defaultValue: Value?
    /// Inclusive numeric bounds (`.int` or `.double` values, matching `type`).
    public var minimum: Value?
    public var maximum: Value?
    /// Longest allowed string, in UTF-8 bytes (on a list of strings: each item).
    public var maxLength: Int?
    /// Most items a list may hold; with `maxLength` it lets the payload budget be proven.
    public var maxItems: Int?
    public var example: Value?
    /// `encoding:` of a `date` field: its APNs JSON form (`.reference`, Swift's default, otherwise).
    public var dateEncoding: DateEncoding = .reference
    public var location: SourceLocation

    public init(name: String, wireName: String? = nil, type: FieldType, isOptional: Bool = false, doc: String? = nil,
                defaultValue: Value? = nil, minimum: Value? = nil, maximum: Value? = nil, maxLength: Int? = nil,
                example: Value? = nil, location: SourceLocation) {
        self.name = name
        self.wireName = wireName ?? name
        self.type = type
        self.isOptional = isOptional
        self.doc = doc
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.maxLength = maxLength
        self.example = example
        self.location = location
    }

    /// The schema spelling including `?`.
    public var typeSpelling: String { type.schemaSpelling + (isOptional ? "?" : "") }

    /// A decoder must tolerate the key being absent: optional, or has a default.
    public var mayBeMissing: Bool { isOptional || defaultValue != nil }
}

/// An entry of `types`: a String-raw enum or a nested struct.
public struct NamedType: Sendable {
    public enum Kind: Sendable {
        case enumeration(EnumType)
        case structure([Field])
    }

    public var name: String
    public var doc: String?
    public var kind: Kind
    public var location: SourceLocation

    public var enumType: EnumType? {
        if case .enumeration(let value) = kind { return value }
        return nil
    }

    public var fields: [Field]? {
        if case .structure(let value) = kind { return value }
        return nil
    }
}

/// A String-raw enum. The raw value of a case is its name unless the schema maps it
/// (`enum: [team, { solo: SOLO }]`); the raw value is what every wire carries.
public struct EnumType: Sendable {
    /// Case names, in schema order: Swift cases, Kotlin constants, schema examples.
    public var cases: [String]
    /// The wire value of each case, in `cases` order.
    public var rawValues: [String]
    /// Unknown raw values decode to this case (a case name), so adding a case does not
    /// break older widgets.
    public var unknownCase: String?
    /// `raw: int` makes the raw values integers (Swift `enum X: Int`); `rawValues` then
    /// holds their decimal text, which is also the FCM form.
    public var rawType: EnumRawType = .string

    public init(cases: [String], rawValues: [String]? = nil, unknownCase: String?, rawType: EnumRawType = .string) {
        self.cases = cases
        self.rawValues = rawValues ?? cases
        self.unknownCase = unknownCase
        self.rawType = rawType
    }

    /// The integer raw values of a `raw: int` enum, in `cases` order (empty for a string enum).
    public var intRawValues: [Int] { rawType == .int ? rawValues.compactMap { Int($0) } : [] }

    /// A raw value as the JSON wires (APNs, bridge, FCM JSON text) carry it: a number for
    /// `raw: int`, else a string.
    public func wireJSON(_ raw: String) -> JSONValue {
        if rawType == .int, let number = Int64(raw) { return .int(number) }
        return .string(raw)
    }

    /// A raw value no case has, standing for a case a later build adds: the fixtures send
    /// it to prove the fallback (or the refusal).
    public var unusedRawValue: String {
        guard rawType == .int else { return "zzzNewCase" }
        let taken = Set(intRawValues)
        var candidate = (intRawValues.max() ?? 0) < Int(Int32.max) ? (intRawValues.max() ?? -1) + 1 : 0
        while taken.contains(candidate) { candidate += 1 }
        return String(candidate)
    }

    /// The wire value of case `name` (the name itself when it is not a case).
    public func rawValue(of name: String) -> String {
        guard let index = cases.firstIndex(of: name), index < rawValues.count else { return name }
        return rawValues[index]
    }

    /// The raw value of the `unknown:` case, if any.
    public var unknownRawValue: String? { unknownCase.map(rawValue(of:)) }
}

/// The Swift raw type of a schema enum: `String` (the default) or `Int` (`raw: int`).
public enum EnumRawType: String, Sendable {
    case string
    case int
}

/// A named sample; each becomes a set of JSON fixtures.
public struct Example: Sendable {
    public var name: String
    /// Values by field name. Optional fields without a value are absent; fields with a
    /// default that the example omits hold the default.
    public var attributes: [String: Value]
    public var state: [String: Value]
    public var location: SourceLocation
}

/// Where each output goes, relative to the schema file's folder: one `OutputSpec` per
/// `outputs:` key (`Emitters.all` lists the keys). The named properties are shorthands for
/// the outputs the rest of the tool looks at.
public struct Outputs: Sendable {
    public var specs: [String: OutputSpec] = [:]

    public init() {}

    public subscript(key: String) -> OutputSpec? {
        get { specs[key].flatMap { $0.paths.isEmpty ? nil : $0 } }
        set { specs[key] = newValue }
    }

    /// Every output path, in `Emitters.all` order.
    public var all: [OutputPath] {
        Emitters.all.flatMap { specs[$0.key]?.paths ?? [] }
    }

    public var swift: [OutputPath] {
        get { specs["swift"]?.paths ?? [] }
        set { specs["swift", default: OutputSpec()].paths = newValue }
    }
    public var swiftBridge: OutputPath? { get { path("swift-bridge") } set { setPath("swift-bridge", newValue) } }
    public var kotlin: OutputPath? { get { path("kotlin") } set { setPath("kotlin", newValue) } }
    public var kotlinPackage: String? {
        get { specs["kotlin"]?.package }
        set { specs["kotlin", default: OutputSpec()].package = newValue }
    }
    /// `kotlin-bridge: { path, package }`: the Expo module records of the Android side.
    public var kotlinBridge: OutputPath? { get { path("kotlin-bridge") } set { setPath("kotlin-bridge", newValue) } }
    public var kotlinBridgePackage: String? {
        get { specs["kotlin-bridge"]?.package }
        set { specs["kotlin-bridge", default: OutputSpec()].package = newValue }
    }
    public var typescript: OutputPath? { get { path("typescript") } set { setPath("typescript", newValue) } }
    public var fixtures: OutputPath? { get { path("fixtures") } set { setPath("fixtures", newValue) } }

    func path(_ key: String) -> OutputPath? { specs[key]?.paths.first }

    mutating func setPath(_ key: String, _ path: OutputPath?) {
        specs[key, default: OutputSpec()].paths = path.map { [$0] } ?? []
    }
}

/// One output as the schema spells it: its path (several for the Swift copies) and, for
/// outputs that need one, its package.
public struct OutputSpec: Sendable, Equatable {
    public var paths: [OutputPath]
    public var package: String?

    public init(paths: [OutputPath] = [], package: String? = nil) {
        self.paths = paths
        self.package = package
    }

    /// The first (for most outputs the only) path.
    public var path: OutputPath? { paths.first }
}

/// An output path as written in the schema, with its position for error messages.
public struct OutputPath: Sendable, Equatable {
    public var path: String
    public var location: SourceLocation
}
