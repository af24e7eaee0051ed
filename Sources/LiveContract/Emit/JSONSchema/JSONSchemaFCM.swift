/// The FCM data map as a JSON Schema: one flat object of strings, the envelope keys and the
/// fields by wire name (docs/wire.md, "Reading FCM data", "The FCM envelope").
///
/// A parser never refuses a map; it reports issues. The document describes the well-formed
/// map: one the parsers read with no `missing` or `invalid` issue. Values they read and then
/// adjust pass (a number outside `min`/`max` is `clamped`, an unknown enum value with an
/// `unknown:` case is `unknown-case`, a time in seconds is `seconds`), as the Codable
/// documents pass what the widget decodes. JSON text values (structs, lists, ranges) are
/// strings whose content a validator does not check by default: `contentSchema` names the
/// bridge shape they hold (docs/json-schema.md).
struct JSONSchemaFCM {
    let contract: Contract

    typealias S = SchemaJSON

    /// Unix ms as the envelope carries them: digits only, within JavaScript's safe integers.
    var envelopeTime: JSONValue {
        S.object([("type", .string("string")), ("pattern", .string(DecimalPattern.integers(in: 0...IntegerKind.maxSafe, signed: false)))])
    }

    var document: JSONValue {
        let keys = contract.envelope
        var properties: [(String, JSONValue)] = [
            (keys.activityId, S.object([("description", .string("the id the app gave the activity")), ("type", .string("string")), ("minLength", .int(1))])),
            (keys.event, S.object([("enum", S.strings(FcmEnvelopeKeys.events))])),
            (keys.sentAt, described("when the server sent it, Unix ms: the ordering key", envelopeTime)),
            (keys.staleAt, described("when the card goes stale, Unix ms (start and update)", envelopeTime)),
            (keys.dismissAt, described("when an ended card leaves the screen, Unix ms (end)", envelopeTime)),
        ]
        var required = [keys.activityId, keys.event, keys.sentAt]
        for field in contract.attributes + contract.state {
            var members: [(String, JSONValue)] = []
            if let doc = field.doc { members.append(("description", .string(doc))) }
            guard case .object(let value) = value(field.type) else { continue }
            properties.append((field.wireName, .object(members.map { JSONMember($0.0, $0.1) } + value)))
            // A defaulted key that is absent reads as the default with a `missing` issue;
            // only an optional key without a default may be left out quietly.
            if !field.isOptional || field.defaultValue != nil { required.append(field.wireName) }
        }
        return S.object([
            ("type", .string("object")),
            ("properties", S.object(properties)),
            ("required", S.strings(required)),
            ("additionalProperties", S.object([("type", .string("string"))])),
        ])
    }

    func described(_ text: String, _ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object([JSONMember("description", .string(text))] + members)
    }

    /// The string an FCM value of `type` must be.
    func value(_ type: FieldType) -> JSONValue {
        func pattern(_ text: String) -> JSONValue { S.object([("type", .string("string")), ("pattern", .string(text))]) }
        switch type {
        case .string, .url: return S.object([("type", .string("string"))])
        case .uuid: return pattern("^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
        case .bool: return pattern("^(?:true|false)$")
        case .int, .sized: return pattern(DecimalPattern.integers(in: type.integerRange!))
        case .date: return pattern(DecimalPattern.integers(in: -IntegerKind.maxSafe...IntegerKind.maxSafe))
        case .double:
            // Below 2^1024 - 2^970, the midpoint above the largest Double (its leading digits:
            // a shorter limit only refuses more).
            return pattern(Self.doublePattern)
        case .float:
            // Below 2^128 - 2^103 - 2^74: what rounds to a finite Float read directly (Kotlin)
            // and through a Double (TypeScript's Math.fround).
            return pattern(Self.floatPattern)
        case .enumeration(let name):
            guard let enumType = contract.type(named: name)?.enumType, enumType.unknownCase == nil else {
                return S.object([("type", .string("string"))])
            }
            return S.object([("enum", S.strings(enumType.rawValues))])
        case .structure, .array, .dateRange, .map:
            let bridge = JSONSchemaValues(contract: contract, shape: .bridge)
            return S.object([("type", .string("string")), ("contentMediaType", .string("application/json")), ("contentSchema", bridge.value(type))])
        }
    }

    static let doublePattern = DecimalPattern.finiteNumber(maxExponent: 307, limit: "17976931348623158", minExponent: nil)
    static let floatPattern = DecimalPattern.finiteNumber(maxExponent: 37, limit: "34028235677973364", minExponent: -45)
}
