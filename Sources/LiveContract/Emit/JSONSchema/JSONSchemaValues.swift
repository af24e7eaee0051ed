/// The JSON Schema of one value in one of its shapes (docs/wire.md, "Three shapes of one
/// value"): the Codable shape APNs carries (`content-state`, `attributes`), which must accept
/// exactly what the generated Swift decodes, and the JS bridge shape (wire names, Unix ms),
/// which the FCM map's JSON text values hold too.
struct JSONSchemaValues {
    enum Shape {
        /// Keys are field names, dates seconds since 2001, integers Swift's full range.
        case codable
        /// Keys are wire names, dates Unix ms, integers JavaScript's range (`integerRange`).
        case bridge
    }

    let contract: Contract
    let shape: Shape

    typealias S = SchemaJSON

    /// `$defs` key of a named type. Contract halves use `<Name>Attributes` and
    /// `<Name>Attributes.ContentState` (Swift's names; a declared type has no dot).
    static func definitionName(_ type: NamedType) -> String { type.name }

    /// The largest finite Double, and the Float bound (2^128 - 2^103: a decimal below it
    /// rounds to Float's largest value, Swift's decoder reads Floats from the text itself).
    static let doubleLimit = Double.greatestFiniteMagnitude
    static let floatLimit = 340_282_356_779_733_661_637_539_395_458_142_568_448.0
    /// Numbers of at most this magnitude round to zero as Floats (2^-150, half the smallest
    /// subnormal; ties go to even, zero), which Swift's decoder refuses unless the text is 0.
    static let floatZeroBound = 0x1p-150

    /// An object schema for `fields`: every key a decoder reads, the keys it needs.
    func record(_ fields: [Field], title: String?, doc: String?) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let title { members.append(("title", .string(title))) }
        if let doc { members.append(("description", .string(doc))) }
        members.append(("type", .string("object")))
        members.append(("properties", S.object(fields.map { (key($0), property($0)) })))
        let required = fields.filter { !$0.mayBeMissing }.map(key)
        if !required.isEmpty { members.append(("required", S.strings(required))) }
        return S.object(members)
    }

    func key(_ field: Field) -> String { shape == .codable ? field.apnsName : field.wireName }

    /// A field's schema: its value, or null too when the key may be missing (the generated
    /// decoders read such keys with `decodeIfPresent`, which takes null for absent).
    func property(_ field: Field) -> JSONValue {
        var value = shape == .codable && field.dateEncoding == .iso8601 ? Self.iso8601 : self.value(field.type)
        if field.mayBeMissing { value = S.object([("anyOf", .array([value, S.object([("type", .string("null"))])]))]) }
        guard case .object(var members) = value else { return value }
        let text = describe(field)
        if !text.isEmpty { members.insert(JSONMember("description", .string(text)), at: 0) }
        if let fallback = field.defaultValue {
            // Annotation only: what the decoder uses when the key is absent or null.
            let shapes = WireShapes(contract: contract)
            members.append(JSONMember("default", shape == .codable ? shapes.apns(fallback, field: field) : shapes.bridge(fallback, type: field.type)))
        }
        return .object(members)
    }

    /// The field's doc, then what the contract promises beyond what decoding checks.
    func describe(_ field: Field) -> String {
        var parts: [String] = []
        if let doc = field.doc { parts.append(doc) }
        if shape == .codable && field.hasDateEncoding { parts.append("A date as \(field.dateEncoding.summary) (`encoding: \(field.dateEncoding.rawValue)`).") }
        var bounds: [String] = []
        // A float's bound as Swift writes the Float (0.1, not 0.10000000149011612).
        let number = { (value: Double) in JSNumber.format(field.type == .float ? FloatText.apnsDouble(value) : value) }
        if let low = field.minimum?.number { bounds.append("min \(number(low))") }
        if let high = field.maximum?.number { bounds.append("max \(number(high))") }
        if let length = field.maxLength { bounds.append("at most \(length) UTF-8 bytes") }
        if let items = field.maxItems { bounds.append("at most \(items) items") }
        if !bounds.isEmpty {
            parts.append("Contract bounds (\(bounds.joined(separator: ", "))): the widget decodes values beyond them, the bridge and FCM parsers clamp numbers.")
        }
        return parts.joined(separator: " ")
    }

    /// The schema of one value of `type`.
    func value(_ type: FieldType) -> JSONValue {
        switch type {
        case .string: return S.object([("type", .string("string"))])
        case .url:
            // URL(string: "") is nil; other text Foundation percent-encodes and keeps.
            return S.object([("type", .string("string")), ("minLength", .int(1))])
        case .uuid:
            return S.object([("type", .string("string")), ("pattern", .string("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"))])
        case .bool: return S.object([("type", .string("boolean"))])
        case .int:
            if shape == .bridge { return integer(type.integerRange!) }
            return integer(Int64.min...Int64.max)
        case .sized(let kind):
            if shape == .bridge { return integer(kind.wireRange) }
            return sized(kind)
        case .double:
            return S.object([("type", .string("number")), ("minimum", .double(-Self.doubleLimit)), ("maximum", .double(Self.doubleLimit))])
        case .float:
            let tiny = S.object([("minimum", .double(-Self.floatZeroBound)), ("maximum", .double(Self.floatZeroBound)),
                                 ("not", S.object([("const", .int(0))]))])
            return S.object([("type", .string("number")), ("minimum", .double(-Self.floatLimit)), ("maximum", .double(Self.floatLimit)),
                             ("not", tiny)])
        case .date: return date
        case .dateRange:
            // ClosedRange<Date> reads two elements and ignores the rest; lower <= upper is
            // beyond JSON Schema (docs/json-schema.md).
            var members: [(String, JSONValue)] = [("type", .string("array")), ("prefixItems", .array([date, date])), ("minItems", .int(2))]
            if shape == .bridge { members.append(("maxItems", .int(2))) }
            return S.object(members)
        case .enumeration(let name):
            return S.reference(name)
        case .structure(let name):
            return S.reference(name)
        case .array(let element):
            return S.object([("type", .string("array")), ("items", value(element))])
        case .map(let element):
            // [String: T] decodes any JSON object whose every member is a T; keys are free.
            return S.object([("type", .string("object")), ("additionalProperties", value(element))])
        }
    }

    /// A date declared `encoding: iso8601` in the Codable shape: `YYYY-MM-DDTHH:MM:SSZ`. The
    /// calendar (February 30th) is beyond a pattern; the generated decoders check it.
    static let iso8601 = SchemaJSON.object([("type", .string("string")),
                                            ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"))])

    var date: JSONValue {
        switch shape {
        case .codable:
            return S.object([("type", .string("number")), ("minimum", .double(-Self.doubleLimit)), ("maximum", .double(Self.doubleLimit))])
        case .bridge:
            return integer(-IntegerKind.maxSafe...IntegerKind.maxSafe)
        }
    }

    func integer(_ range: ClosedRange<Int64>) -> JSONValue {
        S.object([("type", .string("integer")), ("minimum", .int(range.lowerBound)), ("maximum", .int(range.upperBound))])
    }

    /// Swift's own range of a sized integer. UInt64's top does not fit an Int64, so its
    /// bound is written from its digits (`JSONSchemaText`).
    func sized(_ kind: IntegerKind) -> JSONValue {
        switch kind {
        case .int8: return integer(Int64(Int8.min)...Int64(Int8.max))
        case .int16: return integer(Int64(Int16.min)...Int64(Int16.max))
        case .int32: return integer(Int64(Int32.min)...Int64(Int32.max))
        case .int64: return integer(Int64.min...Int64.max)
        case .uint8: return integer(0...Int64(UInt8.max))
        case .uint16: return integer(0...Int64(UInt16.max))
        case .uint32: return integer(0...Int64(UInt32.max))
        case .uint, .uint64:
            return S.object([("type", .string("integer")), ("minimum", .int(0)), ("maximum", JSONSchemaText.uint64Max)])
        }
    }

    /// The members of an Int-raw enum's definition: the integers it takes, or with `unknown:`
    /// any 32-bit integer (the range the bridge and the FCM readers carry).
    static func intEnum(_ enumType: EnumType, text: [String]) -> [(String, JSONValue)] {
        let values = JSONValue.array(enumType.intRawValues.map { .int(Int64($0)) })
        guard let fallback = enumType.unknownRawValue else {
            return (text.isEmpty ? [] : [("description", .string(text.joined(separator: " ")))]) + [("enum", values)]
        }
        let described = text + ["Cases \(enumType.rawValues.joined(separator: ", ")); any other integer decodes as \(fallback)."]
        return [("description", .string(described.joined(separator: " "))), ("type", .string("integer")),
                ("minimum", .int(Int64(Int32.min))), ("maximum", .int(Int64(Int32.max))), ("examples", values)]
    }

    /// `$defs` entries for every declared type, in file order.
    func definitions() -> [(String, JSONValue)] {
        contract.types.map { type in
            switch type.kind {
            case .enumeration(let enumType):
                var members: [(String, JSONValue)] = [("title", .string(type.name))]
                var text = type.doc.map { [$0] } ?? []
                if enumType.rawType == .int {
                    return (Self.definitionName(type), S.object(members + Self.intEnum(enumType, text: text)))
                }
                if let fallback = enumType.unknownRawValue {
                    text.append("Cases \(enumType.rawValues.joined(separator: ", ")); any other string decodes as \(fallback).")
                    members.append(("description", .string(text.joined(separator: " "))))
                    members.append(("type", .string("string")))
                    members.append(("examples", S.strings(enumType.rawValues)))
                } else {
                    if !text.isEmpty { members.append(("description", .string(text.joined(separator: " ")))) }
                    members.append(("enum", S.strings(enumType.rawValues)))
                }
                return (Self.definitionName(type), S.object(members))
            case .structure(let fields):
                guard !fields.isEmpty else {
                    // A struct without fields has a synthesized init(from:) that reads
                    // nothing: it decodes from any JSON value, null too.
                    let text = (type.doc.map { $0 + " " } ?? "") + "No fields: any JSON value decodes."
                    return (Self.definitionName(type), S.object([("title", .string(type.name)), ("description", .string(text))]))
                }
                return (Self.definitionName(type), record(fields, title: type.name, doc: type.doc))
            }
        }
    }
}
