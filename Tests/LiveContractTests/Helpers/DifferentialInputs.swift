@testable import LiveContract

/// Seeded inputs for the differential test: bridge states (JavaScript objects), content
/// states (APNs JSON) and FCM data maps of one contract, biased to the edges
/// (DifferentialValues), with missing, extra, null and wrongly typed keys mixed in.
///
/// One generator per `FieldType` case, in switches without `default:`, so a new schema type
/// does not compile until it has edge values here.
struct DifferentialInputs {
    let contract: Contract
    var rng: SeededRandom

    /// One generated input in its three shapes; the shapes are drawn independently.
    struct Case {
        var bridge: JSONValue
        var content: JSONValue
        /// Wire name -> text; attributes and state together, as a data message carries them.
        var fcm: [JSONMember]
    }

    enum Shape { case bridge, content }

    mutating func next() -> Case {
        Case(bridge: record(contract.state, .bridge, depth: 0), content: record(contract.state, .content, depth: 0), fcm: fcmData())
    }

    /// An object of `fields`: keyed by wire name (bridge) or APNs key (content). Usually every
    /// key is well-formed; sometimes one to three are missing, null, mistyped or misnamed.
    mutating func record(_ fields: [Field], _ shape: Shape, depth: Int) -> JSONValue {
        var broken = Set<Int>()
        if !fields.isEmpty, rng.chance(depth == 0 ? 40 : 15) {
            for _ in 0..<(1 + rng.below(3)) { broken.insert(rng.below(fields.count)) }
        }
        var members: [JSONMember] = []
        let keys = Set(fields.map { shape == .bridge ? $0.wireName : $0.apnsName })
        for index in fields.indices {
            let field = fields[index]
            let key = shape == .bridge ? field.wireName : field.apnsName
            // The key of the other shape (or the Swift name when both shapes share one); left
            // out when it is another field's key here (apnsName swaps), which would send a key twice.
            let otherKey = shape == .bridge ? field.name : (field.wireName != field.apnsName ? field.wireName : field.name)
            if broken.contains(index), otherKey != key, keys.contains(otherKey) { continue }
            if broken.contains(index) {
                switch rng.below(4) {
                case 0: continue
                case 1: members.append(JSONMember(key, .null))
                case 2: members.append(JSONMember(key, wrongType(field.type)))
                default: members.append(JSONMember(otherKey, value(field.type, field, shape, depth)))
                }
                continue
            }
            if field.mayBeMissing && rng.chance(20) { continue }
            members.append(JSONMember(key, value(field.type, field, shape, depth)))
        }
        if rng.chance(6) { members.append(JSONMember(rng.pick(["zzzExtra", "__proto__"]), .int(1))) }
        return .object(members)
    }

    /// A well-typed value of `type`, edge-biased.
    mutating func value(_ type: FieldType, _ field: Field?, _ shape: Shape, _ depth: Int) -> JSONValue {
        switch type {
        case .string: return .string(rng.pick(DifferentialValues.texts(maxLength: field?.maxLength)))
        case .int: return intValue(field, shape)
        case .double: return doubleValue(field, shape)
        case .bool: return .bool(rng.chance(50))
        case .date where shape == .content && field?.dateEncoding == .iso8601:
            return rng.chance(85) ? .string(rng.pick(DifferentialValues.isoEdges)) : dateValue(shape)
        case .date where shape == .content && field?.hasDateEncoding == true:
            return DiffJSON.raw(rng.pick(rng.chance(70) ? DifferentialValues.unixEdges : DifferentialValues.secondsEdges))
        case .date: return dateValue(shape)
        case .dateRange: return rangeValue(shape)
        case .url: return .string(rng.chance(50) ? rng.pick(DifferentialValues.urls) : DifferentialValues.url(&rng))
        case .enumeration(let name) where contract.isIntRawEnum(type): return intEnumValue(name)
        case .enumeration(let name): return .string(enumRaw(name))
        case .uuid: return .string(rng.pick(DifferentialValues.uuids))
        case .sized(let kind): return sizedValue(kind, field, shape)
        case .float: return floatValue(field, shape)
        case .structure(let name):
            let fields = contract.type(named: name)?.fields ?? []
            return depth > 3 ? .object([]) : record(fields, shape, depth: depth + 1)
        case .array(let element):
            let count = depth > 3 ? 0 : rng.pick([0, 1, 1, 2, 3])
            var items: [JSONValue] = []
            for _ in 0..<count { items.append(rng.chance(3) ? .null : value(element, nil, shape, depth + 1)) }
            return .array(items)
        case .map(let valueType):
            // Empty, a few keys, many keys; keys that need escapes, sit outside the BMP or
            // mean something to JavaScript objects; now and then a null or wrongly typed value.
            let count = depth > 3 ? 0 : rng.pick([0, 0, 1, 2, 3, DifferentialValues.mapKeys.count])
            var members: [JSONMember] = []
            for index in 0..<count {
                let key = count == DifferentialValues.mapKeys.count ? DifferentialValues.mapKeys[index] : rng.pick(DifferentialValues.mapKeys)
                guard !members.contains(where: { $0.key == key }) else { continue }
                let item: JSONValue = rng.chance(3) ? .null : rng.chance(3) ? wrongType(valueType) : value(valueType, nil, shape, depth + 1)
                members.append(JSONMember(key, item))
            }
            return .object(members)
        }
    }

    mutating func intValue(_ field: Field?, _ shape: Shape) -> JSONValue {
        if shape == .content, rng.chance(15) {
            return DiffJSON.raw(rng.pick(["1.0", "1e2", "2.5", "-0", "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1E400"]))
        }
        let bounds = DifferentialValues.boundEdges(field, isInt: true)
        if !bounds.isEmpty, rng.chance(50) { return DiffJSON.number(rng.pick(bounds)) }
        if rng.chance(50) { return DiffJSON.number(rng.pick(DifferentialValues.integerEdges)) }
        let low = field?.minimum?.number ?? -1000, high = field?.maximum?.number ?? 1000
        return DiffJSON.number(rng.between(low, high + 1).rounded(.down))
    }

    /// A sized integer: at, inside and outside its range and bounds, often well inside; APNs
    /// bodies also get Swift's full-range edges and number spellings as text.
    mutating func sizedValue(_ kind: IntegerKind, _ field: Field?, _ shape: Shape) -> JSONValue {
        if shape == .content, rng.chance(25) {
            return DiffJSON.raw(rng.pick(DifferentialValues.sizedTexts(kind) + ["1.0", "1e2", "2.5", "-0", "1E400"]))
        }
        if rng.chance(60) {
            var number = rng.pick(DifferentialValues.sizedEdges(kind, field))
            if shape == .content, !number.isFinite { number = 0 }
            return DiffJSON.number(number)
        }
        let low = Swift.max(Double(kind.wireRange.lowerBound), field?.minimum?.number ?? -1000)
        let high = Swift.min(Double(kind.wireRange.upperBound), field?.maximum?.number ?? 1000)
        return DiffJSON.number(rng.between(low, high + 1).rounded(.down))
    }

    /// A float: Float's range and subnormal edges, values that round, NaN and infinities
    /// (bridge only), the field's bounds; APNs bodies also get number text that rounds.
    mutating func floatValue(_ field: Field?, _ shape: Shape) -> JSONValue {
        if shape == .content, rng.chance(25) { return DiffJSON.raw(rng.pick(DifferentialValues.floatTexts)) }
        var number: Double
        let bounds = DifferentialValues.boundEdges(field, isInt: false)
        if !bounds.isEmpty, rng.chance(35) {
            number = rng.pick(bounds)
        } else if rng.chance(55) {
            number = rng.pick(DifferentialValues.floatEdges)
        } else {
            number = rng.between(field?.minimum?.number ?? -1e4, field?.maximum?.number ?? 1e4)
        }
        if shape == .content, !number.isFinite { number = 0 }
        return DiffJSON.number(number)
    }

    mutating func doubleValue(_ field: Field?, _ shape: Shape) -> JSONValue {
        if shape == .content, rng.chance(15) { return DiffJSON.raw(rng.pick(["1e400", "-1e400", "-0", "5e-324", "1E5", "0.1e-400"])) }
        var number: Double
        let bounds = DifferentialValues.boundEdges(field, isInt: false)
        if !bounds.isEmpty, rng.chance(50) {
            number = rng.pick(bounds)
        } else if rng.chance(50) {
            number = rng.pick(DifferentialValues.doubleEdges)
        } else {
            number = rng.between(field?.minimum?.number ?? -1e6, field?.maximum?.number ?? 1e6)
        }
        // JSON has no NaN or Infinity, so a content state only gets finite numbers.
        if shape == .content, !number.isFinite { number = 0 }
        return DiffJSON.number(number)
    }

    mutating func dateValue(_ shape: Shape) -> JSONValue {
        switch shape {
        case .bridge:
            let whole = (DifferentialValues.clock + rng.between(-1e10, 1e10)).rounded()
            return DiffJSON.number(rng.chance(70) ? rng.pick(DifferentialValues.millisEdges) : whole)
        case .content:
            return DiffJSON.raw(rng.pick(DifferentialValues.secondsEdges))
        }
    }

    /// A range in order, reversed, short, long, or with unusable items.
    mutating func rangeValue(_ shape: Shape) -> JSONValue {
        let a = dateValue(shape), b = dateValue(shape)
        switch rng.below(10) {
        case 0: return .array([a])
        case 1: return .array([])
        case 2: return .array([a, b, dateValue(shape)])
        case 3 where shape == .content: return .object([JSONMember("lowerBound", a), JSONMember("upperBound", b)])
        default: return .array([a, b])
        }
    }

    /// A case of enum `name`, now and then one it lacks (or a case in the wrong letter case).
    mutating func enumRaw(_ name: String) -> String {
        let cases = contract.type(named: name)?.enumType?.rawValues ?? []
        if cases.isEmpty || rng.chance(15) { return rng.pick(["zzzNewCase", "", cases.first?.uppercased() ?? "X"]) }
        return rng.pick(cases)
    }

    /// A case of Int-raw enum `name` as a number, now and then a number it lacks, a whole
    /// double, or the raw value as text (which no decoder reads as the number).
    mutating func intEnumValue(_ name: String) -> JSONValue {
        let cases = contract.type(named: name)?.enumType?.intRawValues ?? []
        guard let first = cases.first, !rng.chance(15) else {
            return rng.pick([.int(Int64((cases.max() ?? 0) + 1)), .int(-1_000_000), .double(Double(cases.first ?? 0)), .string(String(cases.first ?? 0)), .double(0.5)])
        }
        return .int(Int64(rng.pick(cases.isEmpty ? [first] : cases)))
    }

    /// A JSON value of a type `type` never has.
    mutating func wrongType(_ type: FieldType) -> JSONValue {
        switch type {
        case .string, .url, .enumeration, .uuid: return rng.pick([.int(1), .bool(true), .array([])])
        case .int, .double, .date, .sized, .float: return rng.pick([.string("1"), .bool(false), .array([.int(1)])])
        case .bool: return rng.pick([.string("true"), .int(1)])
        case .dateRange: return rng.pick([.string("[1,2]"), .int(1)])
        case .structure: return rng.pick([.array([]), .string("{}")])
        case .array: return rng.pick([.object([]), .string("[]")])
        case .map: return rng.pick([.array([]), .string("{}"), .int(1)])
        }
    }

    /// A data map: every field's text, now and then missing, junk, or JSON text of a bridge
    /// value that breaks the type's rules; now and then an extra key.
    mutating func fcmData() -> [JSONMember] {
        var members = envelope()
        let fields = contract.attributes + contract.state
        let breakRate = rng.chance(50) ? 0 : 12
        for field in fields {
            if rng.chance(breakRate / 2) || (field.mayBeMissing && rng.chance(10)) { continue }
            let text: String
            if let deep = deepText(field.type), rng.chance(30) {
                text = deep
            } else if rng.chance(breakRate) {
                text = rng.pick(DifferentialValues.junk(field.type) + duplicateMemberText(field.type))
            } else {
                text = fcmText(value(field.type, field, .bridge, 0), field.type)
            }
            members.append(JSONMember(field.wireName, .string(text)))
        }
        if rng.chance(5) { members.append(JSONMember("zzzExtra", .string("1"))) }
        return members
    }

    /// The envelope keys (renamed by the schema's `envelope:`), first as writers put them:
    /// usually well-formed; often one key missing, empty, of an unknown event, or a time that
    /// is no number, negative, fractional, in seconds, at and past 2^53, or with a sign.
    mutating func envelope() -> [JSONMember] {
        let keys = contract.envelope
        let broken = rng.chance(50)
        func pick(_ good: [String], _ bad: [String?]) -> String? {
            broken && rng.chance(30) ? rng.pick(bad) : rng.pick(good)
        }
        let sent = Int64(FixtureEmitter.clockMillis)
        let times: [String?] = [nil, "", "abc", "-1742064420000", "1742064420000.5", "1.7e12", "9007199254740991", "9007199254740992",
                                "99999999999999999999", "99999999999", "100000000000", "0", "1742064420", "+1742064420000",
                                " 1742064420000", "0001742064420000", "\u{0661}\u{0667}", "1742064420000 "]
        let values: [(String, String?)] = [
            (keys.activityId, pick(["fixture-activity", "a", "🚀 ü", String(repeating: "x", count: 300)], [nil, "", " "])),
            (keys.event, pick(FcmEnvelopeKeys.events, [nil, "", "Update", "END", "stop", " update", "update "])),
            (keys.sentAt, pick([String(sent), String(sent + Int64(rng.below(1000))), "100000000000", "9007199254740991"], times)),
            (keys.staleAt, rng.chance(50) ? nil : pick([String(sent + 900_000)], times)),
            (keys.dismissAt, rng.chance(70) ? nil : pick([String(sent + 3_600_000)], times)),
        ]
        return values.compactMap { key, value in value.map { JSONMember(key, .string($0)) } }
    }

    /// For a struct holding a map of itself, JSON text nesting 61 to 67 objects: around the
    /// one nesting limit (64) every parser and `validate` apply (docs/wire.md).
    mutating func deepText(_ type: FieldType) -> String? {
        guard case .structure(let name) = type, let fields = contract.type(named: name)?.fields,
              let link = fields.first(where: { $0.type == .map(.structure(name)) }) else { return nil }
        let total = 61 + rng.below(7)
        var text = total % 2 == 0 ? "{\"" + link.wireName + "\":{}}" : "{}"
        var count = total % 2 == 0 ? 2 : 1
        while count < total {
            text = "{\"" + link.wireName + "\":{\"k\":" + text + "}}"
            count += 2
        }
        return text
    }

    /// A struct's JSON text with its first member sent twice, which JSON parsers disagree on.
    mutating func duplicateMemberText(_ type: FieldType) -> [String] {
        guard case .structure(let name) = type, let first = contract.type(named: name)?.fields?.first,
              case .object(let members) = value(type, nil, .bridge, 0), !members.isEmpty else { return [] }
        let extra = JSONMember(first.wireName, value(first.type, first, .bridge, 1))
        return [fcmJSON(.object(members + [extra]))]
    }

    /// The string an FCM data message carries for bridge value `value`, as a server writing
    /// it with `String(...)` / `JSON.stringify` would.
    func fcmText(_ value: JSONValue, _ type: FieldType) -> String {
        switch type {
        case .string, .url, .enumeration, .int, .double, .bool, .date, .uuid, .sized, .float:
            switch value {
            case .string(let text): return text
            case .bool(let flag): return flag ? "true" : "false"
            case .int(let number): return String(number)
            case .double(let number): return JSNumber.format(number)
            default:
                guard let special = DiffJSON.special(value) else { return fcmJSON(value) }
                return special.isNaN ? "NaN" : special.isInfinite ? (special < 0 ? "-Infinity" : "Infinity") : "0"
            }
        case .dateRange, .structure, .array, .map:
            return fcmJSON(value)
        }
    }

    /// `JSON.stringify` of a bridge value: NaN and infinities become null, -0 becomes 0.
    func fcmJSON(_ value: JSONValue) -> String {
        func plain(_ value: JSONValue) -> JSONValue {
            if let special = DiffJSON.special(value) { return special.isFinite ? .int(0) : .null }
            switch value {
            case .array(let items): return .array(items.map(plain))
            case .object(let members): return .object(members.map { JSONMember($0.key, plain($0.value)) })
            default: return value
            }
        }
        return JSONWriter.compact(plain(value))
    }
}
