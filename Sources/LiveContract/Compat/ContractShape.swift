/// The wire-relevant shape of one version of a contract: what `compat` compares between two
/// schemas and `check` compares between a schema and a Swift copy on disk.
///
/// Named types are resolved into the shape (a field of type `Step` carries Step's cases), so
/// renaming a type without changing its shape is, correctly, no change on the wire: Codable
/// JSON never spells nested type names.
public struct ContractShape: Sendable {
    /// The Swift type ActivityKit matches by name (`DeliveryAttributes`).
    public var typeName: String
    public var attributes: [ShapeField]
    public var state: [ShapeField]
    /// Named enums and structs with where they are declared, for type-level findings.
    public var namedTypes: [String: NamedShape]
    /// False for a Swift copy: it has no bridge names, so FCM findings are not possible.
    public var knowsWireNames: Bool
    /// The FCM envelope keys and where `envelope:` is written; nil for a Swift copy.
    public var envelope: FcmEnvelopeKeys? = nil
    public var envelopeLocation: SourceLocation? = nil

    public func fields(in section: ShapeSection) -> [ShapeField] {
        section == .attributes ? attributes : state
    }
}

/// The two halves of an activity: attributes travel only at start, the state with every push.
public enum ShapeSection: String, Sendable, CaseIterable {
    case attributes, state

    /// The Swift type that holds the section, for messages.
    public var swiftHolder: String { self == .attributes ? "attributes" : "ContentState" }
}

/// One stored property as the wire sees it.
public struct ShapeField: Sendable {
    /// The key in Codable JSON (APNs): `apnsName`, else the Swift name.
    public var name: String
    /// The key in FCM data and the JS bridge.
    public var wireName: String
    public var type: ShapeType
    public var isOptional: Bool
    /// The decoder falls back to a default when the key is missing.
    public var hasDefault: Bool
    public var maxLength: Int?
    public var location: SourceLocation
    /// The Swift property name when it differs from the Codable key (`apnsName:`, a
    /// `CodingKeys` raw value); nil when the key is the name.
    public var swiftName: String? = nil
    /// A date's APNs form (`encoding:`); `.reference` for every other type.
    public var dateEncoding: DateEncoding = .reference

    /// The Swift property: what the widget's code spells, and what versions are matched by.
    public var propertyName: String { swiftName ?? name }

    /// A decoder throws `keyNotFound` when this key is absent.
    public var isRequired: Bool { !isOptional && !hasDefault }

    public var schemaSpelling: String { type.schemaSpelling + (isOptional ? "?" : "") }
    public var swiftSpelling: String { type.swiftSpelling + (isOptional ? "?" : "") }
}

/// A named enum or struct and where it is declared.
public struct NamedShape: Sendable {
    public var type: ShapeType
    public var location: SourceLocation
}

/// A field type with named types resolved.
public indirect enum ShapeType: Sendable {
    case string, int, double, bool, date, dateRange, url
    case uuid
    case sized(IntegerKind)
    case float
    case enumeration(name: String, cases: [String], unknown: String?)
    case structure(name: String, fields: [ShapeField])
    case array(ShapeType)
    /// `[string: T]`: a JSON object of T values.
    case map(ShapeType)
    /// A Swift type the copy reader does not know (`Float`, `UUID`, ...), kept by spelling.
    case other(String)

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
        case .enumeration(let name, _, _), .structure(let name, _), .other(let name): return name
        case .array(let element): return "[\(element.schemaSpelling)]"
        case .map(let value): return "[string: \(value.schemaSpelling)]"
        }
    }

    public var swiftSpelling: String {
        switch self {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .date: return "Date"
        case .dateRange: return "ClosedRange<Date>"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .sized(let kind): return kind.swiftName
        case .float: return "Float"
        case .enumeration(let name, _, _), .structure(let name, _), .other(let name): return name
        case .array(let element): return "[\(element.swiftSpelling)]"
        case .map(let value): return "[String: \(value.swiftSpelling)]"
        }
    }

    /// The name of a named type, nil for built-in ones and arrays.
    public var namedTypeName: String? {
        switch self {
        case .enumeration(let name, _, _), .structure(let name, _): return name
        default: return nil
        }
    }
}

extension ContractShape {
    /// The shape of a loaded schema.
    public init(contract: Contract) {
        var resolving = ShapeResolver(contract: contract)
        typeName = contract.attributesTypeName
        attributes = contract.attributes.map { resolving.field($0) }
        state = contract.state.map { resolving.field($0) }
        namedTypes = [:]
        for type in contract.types {
            namedTypes[type.name] = NamedShape(type: resolving.named(type.name), location: type.location)
        }
        knowsWireNames = true
        envelope = contract.envelope
        envelopeLocation = contract.envelopeLocation
    }
}

/// Turns schema fields into shape fields, resolving each named type once. Types cannot be
/// recursive (the loader refuses cycles), so plain recursion terminates.
struct ShapeResolver {
    let contract: Contract
    var cache: [String: ShapeType] = [:]

    init(contract: Contract) {
        self.contract = contract
    }

    mutating func field(_ field: Field) -> ShapeField {
        ShapeField(name: field.apnsName, wireName: field.wireName, type: type(field.type), isOptional: field.isOptional,
                   hasDefault: field.defaultValue != nil, maxLength: field.maxLength, location: field.location,
                   swiftName: field.isAPNsRenamed ? field.name : nil, dateEncoding: field.dateEncoding)
    }

    mutating func type(_ type: FieldType) -> ShapeType {
        switch type {
        case .string: return .string
        case .int: return .int
        case .double: return .double
        case .bool: return .bool
        case .date: return .date
        case .dateRange: return .dateRange
        case .url: return .url
        case .uuid: return .uuid
        case .sized(let kind): return .sized(kind)
        case .float: return .float
        case .enumeration(let name), .structure(let name): return named(name)
        case .array(let element): return .array(self.type(element))
        case .map(let value): return .map(self.type(value))
        }
    }

    mutating func named(_ name: String) -> ShapeType {
        if let known = cache[name] { return known }
        guard let declared = contract.type(named: name) else { return .other(name) }
        let resolved: ShapeType
        switch declared.kind {
        case .enumeration(let enumType):
            resolved = .enumeration(name: name, cases: enumType.rawValues, unknown: enumType.unknownRawValue)
        case .structure(let fields):
            resolved = .structure(name: name, fields: fields.map { field($0) })
        }
        cache[name] = resolved
        return resolved
    }
}
