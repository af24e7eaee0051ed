/// The Kotlin expressions that move one value between its Kotlin type and its wire forms
/// (docs/wire.md): FCM data strings, the JS bridge shape, and JSON text.
///
/// The runtime helpers these expressions call (`<Name>Wire`, `<Name>FcmReader`) are laid out
/// by kotlin.mustache; `helpers` says which of them the contract needs, so the file carries
/// no dead code. Generated code reaches its helpers through `this.` or the object name, so a
/// schema field named like a helper cannot shadow it.
struct KotlinCodec {
    let contract: Contract
    let wire: String
    let readType: String

    init(contract: Contract) {
        self.contract = contract
        wire = contract.name + "Wire"
        readType = contract.name + "Read"
    }

    func type(_ type: FieldType) -> String { KotlinSyntax.typeName(type, in: contract) }

    // MARK: FCM data strings

    /// The reader call for a top-level field: `this.read<T>(key, fallback, optional) { raw -> ... }`.
    func readCall(_ field: Field, key: String) -> String {
        let fallback = field.defaultValue.map { KotlinSyntax.literal($0, type: field.type, in: contract) } ?? "null"
        return "this.read<\(type(field.type))>(\(key), \(fallback), \(field.isOptional ? "true" : "false")) { raw -> \(fcmParse(field)) }"
    }

    /// Turns the FCM string `raw` into a `<Name>Read<T>?`: null (or a throw) means unreadable.
    func fcmParse(_ field: Field) -> String {
        switch field.type {
        case .string, .url: return "this.ok(raw)"
        case .uuid: return "this.uuid(raw)"
        case .sized(let kind):
            let range = kind.wireRange
            let low = field.minimum.flatMap { if case .int(let v) = $0 { return Int64(v) } else { return nil } } ?? range.lowerBound
            let high = field.maximum.flatMap { if case .int(let v) = $0 { return Int64(v) } else { return nil } } ?? range.upperBound
            return "this.sized(raw, \(range.lowerBound)L, \(range.upperBound)L, \(low)L, \(high)L) { \(Self.fromLong(kind, "it")) }"
        case .int: return "this.int(raw\(bounds(field)))"
        case .double: return "this.double(raw\(bounds(field)))"
        case .float: return "this.float(raw\(bounds(field)))"
        case .bool: return "this.bool(raw)"
        case .date: return "this.date(raw)"
        case .enumeration(let name):
            let fallback = contract.type(named: name)?.enumType?.unknownCase
                .map { "\(type(field.type)).\(Naming.constantCase($0))" } ?? "null"
            let lookup = contract.isIntRawEnum(field.type) ? "fromRawText" : "fromRaw"
            return "this.choice(\(type(field.type)).\(lookup)(raw), \(fallback))"
        case .dateRange, .structure, .array, .map:
            return "this.ok(\(jsonDecode(field.type, field: nil, "\(wire).parse(raw)")))"
        }
    }

    /// `, min = 0, max = 1` for a bounded number field; empty when unbounded.
    func bounds(_ field: Field) -> String {
        var text = ""
        if let low = field.minimum { text += ", min = " + KotlinSyntax.literal(low, type: field.type, in: contract) }
        if let high = field.maximum { text += ", max = " + KotlinSyntax.literal(high, type: field.type, in: contract) }
        return text
    }

    /// The FCM string for `value` of `type`.
    func fcmString(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url, .uuid: return value
        case .sized(let kind): return "\(Self.safe(kind, value)).toString()"
        case .int, .bool, .date: return "\(value).toString()"
        case .double: return "\(wire).number(\(value))"
        case .float: return "\(wire).number(\(value).toDouble())"
        case .enumeration: return contract.isIntRawEnum(type) ? "\(value).raw.toString()" : "\(value).raw"
        case .dateRange, .structure, .array, .map: return "\(wire).json(\(bridge(type, value)))"
        }
    }

    // MARK: Bridge shape (JSON tree)

    /// `value` in the bridge shape: String, Int, Long, Double, Boolean, List or Map.
    func bridge(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url, .uuid, .int, .double, .float, .bool, .date: return value
        case .sized(let kind): return Self.safe(kind, value)
        case .dateRange: return "\(wire).range(\(value))"
        case .enumeration: return "\(value).raw"
        case .structure(let name): return "\(wire).encode\(name)(\(value))"
        case .array(let element):
            switch element {
            case .dateRange: return "\(value).map(\(wire)::range)"
            case .sized(let kind): return "\(value).map { \(Self.safe(kind, "it")) }"
            case .enumeration: return "\(value).map(\(self.type(element))::raw)"
            case .structure(let name): return "\(value).map(\(wire)::encode\(name))"
            default: return value
            }
        case .map(let valueType):
            // Written in code point key order (the Kotlin map's own order is the sender's).
            return "\(wire).sortedMap(\(value)) { v -> \(bridge(valueType, "v")) }"
        }
    }

    /// A statement storing `receiver.field` under `key` in `map`; optional values only when set.
    func store(_ field: Field, receiver: String, key: String, map: String, fcm: Bool) -> String {
        let convert: (String) -> String = { fcm ? fcmString(field.type, $0) : bridge(field.type, $0) }
        let member = KotlinSyntax.identifier(field.name)
        if field.isOptional {
            return "\(receiver).\(member)?.let { \(map)[\(key)] = \(convert("it")) }"
        }
        return "\(map)[\(key)] = \(convert("\(receiver).\(member)"))"
    }

    // MARK: JSON text

    /// Decodes the parsed JSON value `value` as `type`; throws (through `fail()`) when the
    /// value has the wrong shape. `field` supplies min/max, which are checked, never clamped.
    func jsonDecode(_ type: FieldType, field: Field?, _ value: String) -> String {
        switch type {
        case .int where field?.minimum != nil || field?.maximum != nil:
            return "\(wire).intIn(\(wire).int(\(value))\(bounds(field!)))"
        case .float where field?.minimum != nil || field?.maximum != nil:
            return "\(wire).floatIn(\(wire).float(\(value))\(bounds(field!)))"
        case .double where field?.minimum != nil || field?.maximum != nil:
            return "\(wire).doubleIn(\(wire).double(\(value))\(bounds(field!)))"
        case .array(let element): return "\(wire).list(\(value), \(jsonDecoder(element)))"
        case .map(let valueType): return "\(wire).map(\(value), \(jsonDecoder(valueType)))"
        case .sized(let kind):
            // Inside JSON text out-of-bounds is invalid, not clamped: the bounds narrow the range.
            var low = kind.wireRange.lowerBound, high = kind.wireRange.upperBound
            if case .int(let bound)? = field?.minimum { low = max(low, Int64(bound)) }
            if case .int(let bound)? = field?.maximum { high = min(high, Int64(bound)) }
            return Self.fromLong(kind, "\(wire).sized(\(value), \(low)L, \(high)L)")
        default: return "\(wire).\(decoderName(type))(\(value))"
        }
    }

    /// A one-argument function reference decoding `type` (list elements have no bounds).
    func jsonDecoder(_ type: FieldType) -> String {
        switch type {
        case .sized, .array: return "{ item: Any? -> \(jsonDecode(type, field: nil, "item")) }"
        default: break
        }
        return "\(wire)::\(decoderName(type))"
    }

    /// The Long `value` as the Kotlin type of `kind`.
    static func fromLong(_ kind: IntegerKind, _ value: String) -> String {
        switch kind.kotlinName {
        case "Byte": return "\(value).toByte()"
        case "Short": return "\(value).toShort()"
        case "Int": return "\(value).toInt()"
        default: return value
        }
    }

    /// `value` kept within the range the other copies read (JavaScript's safe integers for
    /// the 64-bit kinds, 0 and up for the unsigned ones): encoders clamp, as the bridge does.
    static func safe(_ kind: IntegerKind, _ value: String) -> String {
        let range = kind.wireRange
        switch kind.kotlinName {
        case "Long":
            return "\(value).coerceIn(\(range.lowerBound)L, \(range.upperBound)L)"
        case "Int" where kind != .int32:
            return "\(value).coerceIn(\(range.lowerBound), \(range.upperBound))"
        default:
            return value
        }
    }

    /// The `<Name>Wire` member that decodes `type` from a parsed JSON value.
    func decoderName(_ type: FieldType) -> String {
        switch type {
        case .string, .url: return "string"
        case .uuid: return "uuid"
        case .sized: return "sized"
        case .float: return "float"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .date: return "date"
        case .dateRange: return "dateRange"
        case .enumeration(let name), .structure(let name): return "decode\(name)"
        case .array: return "list"
        case .map: return "map"
        }
    }

    /// One struct member read from the JSON object `raw`: absent or null takes the default
    /// (or null when optional), as Swift's lenient decoding does; anything else must decode.
    func memberDecode(_ field: Field) -> String {
        let slot = "raw.members[\(KotlinSyntax.stringLiteral(field.wireName))]"
        let decode = jsonDecode(field.type, field: field, slot)
        if let value = field.defaultValue {
            return "if (\(slot) == null) \(KotlinSyntax.literal(value, type: field.type, in: contract)) else \(decode)"
        }
        if field.isOptional { return "if (\(slot) == null) null else \(decode)" }
        return decode
    }
}
