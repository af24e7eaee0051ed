/// `content-state` bodies a widget may receive, and what Swift's default `JSONDecoder` makes
/// of each: the silent failures of ActivityKit, written down as test cases.
struct DecodeCases {
    let contract: Contract
    let base: FixtureSamples.Sample

    /// Writes the cases, each as an item of the enclosing array, member by member: every body
    /// is the base content-state with at most one member changed, written from the base's
    /// members (the unchanged base is written once and copied).
    func write(into json: inout JSONText) {
        let shapes = WireShapes(contract: contract)
        let baseJSON = shapes.apns(base.state, fields: contract.state)
        guard case .object(let members) = baseJSON else { return }
        var baseText: JSONText.Written?
        decodes("base", &json, body: .base, expected: .base, members: members, reuse: &baseText)
        decodes("extra-key-ignored", &json, body: .setting("zzzExtraKey", .int(1)), expected: .base, members: members, reuse: &baseText)
        let defaulted = contract.state.filter { $0.defaultValue != nil }
        if defaulted.count > 1 {
            // One pass over the members, so large schemas stay linear.
            let byName = Dictionary(uniqueKeysWithValues: defaulted.map { ($0.apnsName, $0) })
            let body = JSONValue.object(members.filter { byName[$0.key] == nil })
            var filled = members
            for index in filled.indices {
                if let field = byName[filled[index].key] {
                    filled[index].value = shapes.apns(field.defaultValue!, field: field)
                }
            }
            decodes("missing-every-defaulted", &json, body: .value(body), expected: .value(.object(filled)), members: members, reuse: &baseText)
        }
        // One case per field grows with the square of the schema; large schemas keep only the
        // cases above.
        guard contract.state.count <= FCMMalformedCases.perFieldLimit else { return }
        for field in contract.state {
            let without = Body.removing(field.apnsName)
            if let fallback = field.defaultValue {
                let expected = Body.setting(field.apnsName, shapes.apns(fallback, field: field))
                decodes("missing-defaulted-\(field.name)", &json, body: without, expected: expected, members: members, reuse: &baseText)
            } else if field.isOptional {
                decodes("missing-optional-\(field.name)", &json, body: without, expected: without, members: members, reuse: &baseText)
            } else {
                fails("missing-required-\(field.name)", &json, body: without, why: "keyNotFound: '\(field.apnsName)' is required and has no default",
                      members: members, reuse: &baseText)
            }
            switch field.type {
            case .enumeration(let name):
                let enumType = contract.type(named: name)?.enumType ?? EnumType(cases: [], unknownCase: nil)
                let unused = enumType.unusedRawValue
                let broken = Body.setting(field.apnsName, enumType.wireJSON(unused))
                if let fallback = enumType.unknownRawValue {
                    decodes("unknown-case-\(field.name)", &json, body: broken, expected: .setting(field.apnsName, enumType.wireJSON(fallback)),
                            members: members, reuse: &baseText)
                } else {
                    fails("unknown-case-\(field.name)", &json, body: broken, why: "dataCorrupted: '\(name)' has no case '\(unused)' and no unknown: fallback",
                          members: members, reuse: &baseText)
                }
            case .dateRange:
                guard case .array(let bounds)? = baseJSON[field.apnsName], bounds.count == 2 else { break }
                let keyed = JSONValue.object([JSONMember("lowerBound", bounds[0]), JSONMember("upperBound", bounds[1])])
                fails("keyed-range-\(field.name)", &json, body: .setting(field.apnsName, keyed), why: "typeMismatch: ClosedRange<Date> decodes from [lower, upper], not {lowerBound, upperBound}",
                      members: members, reuse: &baseText)
            case .date where field.dateEncoding == .iso8601:
                fails("number-date-\(field.name)", &json, body: .setting(field.apnsName, .int(1_742_065_920)), why: "typeMismatch: the field is declared `encoding: iso8601`, an ISO-8601 string",
                      members: members, reuse: &baseText)
                fails("fractional-date-\(field.name)", &json, body: .setting(field.apnsName, .string("2025-03-15T19:12:00.500Z")), why: "dataCorrupted: ISO8601DateFormatter() reads whole seconds only, YYYY-MM-DDTHH:MM:SSZ",
                      members: members, reuse: &baseText)
            case .date where field.hasDateEncoding:
                fails("string-date-\(field.name)", &json, body: .setting(field.apnsName, .string("2025-03-15T19:12:00Z")), why: "typeMismatch: the field is declared `encoding: \(field.dateEncoding.rawValue)`, a number",
                      members: members, reuse: &baseText)
            case .date:
                fails("string-date-\(field.name)", &json, body: .setting(field.apnsName, .string("2025-03-15T19:12:00Z")), why: "typeMismatch: a default JSONDecoder reads Date as a number of seconds since 2001",
                      members: members, reuse: &baseText)
            case .sized(let kind):
                // One past Swift's own range (2^64 and 2^63 are exact Doubles), which no decoder accepts.
                let beyond: JSONValue = kind == .uint || kind == .uint64 ? .double(18_446_744_073_709_551_616) : kind == .int64 ? .double(9_223_372_036_854_775_808) : .int(kind.wireRange.upperBound + 1)
                fails("overflow-\(field.name)", &json, body: .setting(field.apnsName, beyond), why: "dataCorrupted: the number does not fit \(kind.swiftName)",
                      members: members, reuse: &baseText)
            case .map(let valueType):
                fails("not-object-\(field.name)", &json, body: .setting(field.apnsName, .array([])), why: "typeMismatch: [String: \(SwiftSyntax.typeName(valueType))] decodes from an object, not an array",
                      members: members, reuse: &baseText)
                if let wrong = WireRules.wrongMapValue(valueType, in: contract) {
                    fails("wrong-value-\(field.name)", &json, body: .setting(field.apnsName, .object([JSONMember("k", wrong)])),
                          why: "typeMismatch: every value of the map must decode as \(SwiftSyntax.typeName(valueType))", members: members, reuse: &baseText)
                }
            case .int, .double, .float:
                fails("string-number-\(field.name)", &json, body: .setting(field.apnsName, .string("12")), why: "typeMismatch: a number sent as a string",
                      members: members, reuse: &baseText)
            default:
                break
            }
        }
    }

    /// A content-state body: the base, the base with one member set (in place, or appended
    /// when the base lacks it) or removed, or any other value.
    enum Body {
        case base
        case setting(String, JSONValue)
        case removing(String)
        case value(JSONValue)
    }

    func write(_ body: Body, _ key: StaticString, members: [JSONMember], into json: inout JSONText, reuse: inout JSONText.Written?) {
        switch body {
        case .base:
            json.member(key, reusing: &reuse) { json in Self.writeObject(members, into: &json) }
        case .value(let value):
            json.member(key, value)
        case .removing(let name):
            json.key(key)
            json.object { json in
                for index in members.indices where members[index].key != name {
                    json.key(members[index].key)
                    json.write(members[index].value)
                }
            }
        case .setting(let name, let value):
            json.key(key)
            json.object { json in
                var found = false
                for index in members.indices {
                    json.key(members[index].key)
                    if !found && members[index].key == name {
                        found = true
                        json.write(value)
                    } else {
                        json.write(members[index].value)
                    }
                }
                if !found {
                    json.key(name)
                    json.write(value)
                }
            }
        }
    }

    static func writeObject(_ members: [JSONMember], into json: inout JSONText) {
        json.object { json in
            for index in members.indices {
                json.key(members[index].key)
                json.write(members[index].value)
            }
        }
    }

    func decodes(_ name: String, _ json: inout JSONText, body: Body, expected: Body, members: [JSONMember], reuse: inout JSONText.Written?) {
        json.item()
        json.object { json in
            json.member("name", .string(name))
            write(body, "contentState", members: members, into: &json, reuse: &reuse)
            json.member("decodes", .bool(true))
            write(expected, "expected", members: members, into: &json, reuse: &reuse)
        }
    }

    func fails(_ name: String, _ json: inout JSONText, body: Body, why: String, members: [JSONMember], reuse: inout JSONText.Written?) {
        json.item()
        json.object { json in
            json.member("name", .string(name))
            write(body, "contentState", members: members, into: &json, reuse: &reuse)
            json.member("decodes", .bool(false))
            json.member("why", .string(why))
        }
    }
}
