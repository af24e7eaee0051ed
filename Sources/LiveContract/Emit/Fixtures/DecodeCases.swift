/// `content-state` bodies a widget may receive, and what Swift's default `JSONDecoder` makes
/// of each: the silent failures of ActivityKit, written down as test cases.
struct DecodeCases {
    let contract: Contract
    let base: FixtureSamples.Sample

    func cases() -> [JSONValue] {
        let shapes = WireShapes(contract: contract)
        let baseJSON = shapes.apns(base.state, fields: contract.state)
        var result: [JSONValue] = [decodes("base", baseJSON, expected: baseJSON)]
        result.append(decodes("extra-key-ignored", baseJSON.setting("zzzExtraKey", .int(1)), expected: baseJSON))
        let defaulted = contract.state.filter { $0.defaultValue != nil }
        if defaulted.count > 1 {
            // One pass over the members, so large schemas stay linear.
            let byName = Dictionary(uniqueKeysWithValues: defaulted.map { ($0.name, $0) })
            var body = baseJSON, expected = baseJSON
            if case .object(let members) = baseJSON {
                body = .object(members.filter { byName[$0.key] == nil })
                var filled = members
                for index in filled.indices {
                    if let field = byName[filled[index].key] {
                        filled[index].value = shapes.apns(field.defaultValue!, type: field.type)
                    }
                }
                expected = .object(filled)
            }
            result.append(decodes("missing-every-defaulted", body, expected: expected))
        }
        // One case per field grows with the square of the schema; large schemas keep only the
        // cases above.
        guard contract.state.count <= FCMMalformedCases.perFieldLimit else { return result }
        for field in contract.state {
            let without = baseJSON.removing(field.name)
            if let fallback = field.defaultValue {
                let expected = baseJSON.setting(field.name, shapes.apns(fallback, type: field.type))
                result.append(decodes("missing-defaulted-\(field.name)", without, expected: expected))
            } else if field.isOptional {
                result.append(decodes("missing-optional-\(field.name)", without, expected: without))
            } else {
                result.append(fails("missing-required-\(field.name)", without, why: "keyNotFound: '\(field.name)' is required and has no default"))
            }
            switch field.type {
            case .enumeration(let name):
                let broken = baseJSON.setting(field.name, .string("zzzNewCase"))
                if let fallback = contract.type(named: name)?.enumType?.unknownCase {
                    result.append(decodes("unknown-case-\(field.name)", broken, expected: baseJSON.setting(field.name, .string(fallback))))
                } else {
                    result.append(fails("unknown-case-\(field.name)", broken, why: "dataCorrupted: '\(name)' has no case 'zzzNewCase' and no unknown: fallback"))
                }
            case .dateRange:
                guard case .array(let bounds)? = baseJSON[field.name], bounds.count == 2 else { break }
                let keyed = JSONValue.object([JSONMember("lowerBound", bounds[0]), JSONMember("upperBound", bounds[1])])
                result.append(fails("keyed-range-\(field.name)", baseJSON.setting(field.name, keyed), why: "typeMismatch: ClosedRange<Date> decodes from [lower, upper], not {lowerBound, upperBound}"))
            case .date:
                result.append(fails("string-date-\(field.name)", baseJSON.setting(field.name, .string("2025-03-15T19:12:00Z")), why: "typeMismatch: a default JSONDecoder reads Date as a number of seconds since 2001"))
            case .int, .double:
                result.append(fails("string-number-\(field.name)", baseJSON.setting(field.name, .string("12")), why: "typeMismatch: a number sent as a string"))
            default:
                break
            }
        }
        return result
    }

    func decodes(_ name: String, _ body: JSONValue, expected: JSONValue) -> JSONValue {
        .object([
            JSONMember("name", .string(name)),
            JSONMember("contentState", body),
            JSONMember("decodes", .bool(true)),
            JSONMember("expected", expected),
        ])
    }

    func fails(_ name: String, _ body: JSONValue, why: String) -> JSONValue {
        .object([
            JSONMember("name", .string(name)),
            JSONMember("contentState", body),
            JSONMember("decodes", .bool(false)),
            JSONMember("why", .string(why)),
        ])
    }
}
