/// Broken FCM data maps and what a parser must make of them, following the repair table in
/// docs/wire.md. Each case breaks one field of the base sample in one way, so the expected
/// result is known without a second parser implementation.
struct FCMMalformedCases {
    let contract: Contract
    let base: FixtureSamples.Sample

    var shapes: WireShapes { WireShapes(contract: contract) }

    /// What one broken value does to its field.
    enum Outcome {
        /// The field takes this value (nil: absent) and the issue is reported.
        case repaired(Value?, reason: String?)
        /// The field cannot be read: its section has no result.
        case unreadable(reason: String)
    }

    /// Above this many fields, one case per field would make the file grow with the square
    /// of the schema; only the combined cases (one per kind of breakage) are written then.
    static let perFieldLimit = 100

    func cases() -> [JSONValue] {
        let baseData = shapes.fcm(attributes: base.attributes, state: base.state)
        var result = [entry("extra-key", data: baseData.setting("zzzUnknownKey", .string("ignored")), attributes: base.attributes, state: base.state, issues: [])]
        let fields = contract.attributes.map { ($0, false) } + contract.state.map { ($0, true) }
        var labels: [String] = []
        for (field, _) in fields {
            for (label, _) in breakages(field) where !labels.contains(label) { labels.append(label) }
        }
        if fields.count <= Self.perFieldLimit {
            for (field, isState) in fields {
                for (label, raw) in breakages(field) {
                    result.append(broken("\(label)-\(field.wireName)", [(field, isState, raw)], baseData))
                }
            }
        }
        for label in labels {
            let changes = fields.compactMap { field, isState in
                breakages(field).first { $0.0 == label }.map { (field, isState, $0.1) }
            }
            if changes.count > 1 || fields.count > Self.perFieldLimit {
                result.append(broken("every-\(label)", changes, baseData))
            }
        }
        return result
    }

    /// The base data with each of `changes` applied (nil raw: key removed), and what a
    /// parser must return for it.
    func broken(_ name: String, _ changes: [(Field, Bool, String?)], _ baseData: JSONValue) -> JSONValue {
        let data: JSONValue
        var attributes: [String: Value]? = base.attributes
        var state: [String: Value]? = base.state
        var attributeIssues: [JSONValue] = [], stateIssues: [JSONValue] = []
        data = Self.applying(changes.map { ($0.0.wireName, $0.2) }, to: baseData)
        for (field, isState, raw) in changes {
            var issue: JSONValue?
            switch outcome(field, raw: raw) {
            case .repaired(let value, let reason):
                if isState { state?[field.name] = value } else { attributes?[field.name] = value }
                issue = reason.map { self.issue(field, raw: raw, reason: $0) }
            case .unreadable(let reason):
                if isState { state = nil } else { attributes = nil }
                issue = self.issue(field, raw: raw, reason: reason)
            }
            if let issue {
                if isState { stateIssues.append(issue) } else { attributeIssues.append(issue) }
            }
        }
        return entry(name, data: data, attributes: attributes, state: state, issues: attributeIssues + stateIssues)
    }

    /// `object` with each key set to its raw value (nil: removed), in one pass, so breaking
    /// every field at once stays linear.
    static func applying(_ changes: [(String, String?)], to object: JSONValue) -> JSONValue {
        guard case .object(let members) = object else { return object }
        var replacements: [String: String?] = [:]
        for (key, raw) in changes { replacements[key] = raw }
        var result: [JSONMember] = []
        for member in members {
            if let replacement = replacements.removeValue(forKey: member.key) {
                if let raw = replacement { result.append(JSONMember(member.key, .string(raw))) }
            } else {
                result.append(member)
            }
        }
        for (key, raw) in changes where replacements[key] != nil {
            if let raw { result.append(JSONMember(key, .string(raw))) }
            replacements[key] = nil
        }
        return .object(result)
    }

    /// The broken raw values tried for `field` (nil raw: the key is removed).
    func breakages(_ field: Field) -> [(String, String?)] {
        var list: [(String, String?)] = [("missing", nil)]
        switch field.type {
        case .int:
            list.append(("invalid", "12abc"))
            list.append(("overflow", "4294967296"))
        case .double:
            list.append(("invalid", "NaN"))
            list.append(("invalid-text", "fast"))
        case .bool:
            list.append(("invalid", "yes"))
        case .date:
            list.append(("invalid", "2025-03-15T19:12:00Z"))
        case .dateRange:
            list.append(("invalid", "{\"lowerBound\":1,\"upperBound\":2}"))
            list.append(("reversed", "[1742065920000,1742064420000]"))
        case .enumeration:
            list.append(("unknown-case", "zzzNewCase"))
        case .structure, .array:
            list.append(("invalid", "{not json"))
        case .string, .url:
            break
        }
        if let low = field.minimum, let raw = belowOrAbove(low, by: -1) {
            list.append(("below-min", raw))
        }
        if let high = field.maximum, let raw = belowOrAbove(high, by: 1) {
            list.append(("above-max", raw))
        }
        return list
    }

    /// A number just outside `bound`, or nil when no finite one exists (a double bound of
    /// ±1.7976931348623157e308). Large doubles do not move by 0.5, so the next one is taken.
    func belowOrAbove(_ bound: Value, by step: Int) -> String? {
        switch bound {
        case .int(let number): return String(number + step)
        case .double(let number):
            var beyond = number + Double(step) * 0.5
            if beyond == number { beyond = step < 0 ? number.nextDown : number.nextUp }
            return beyond.isFinite ? JSNumber.format(beyond) : nil
        default: return nil
        }
    }

    func outcome(_ field: Field, raw: String?) -> Outcome {
        guard let raw else {
            if let fallback = field.defaultValue { return .repaired(fallback, reason: "missing") }
            if field.isOptional { return .repaired(nil, reason: nil) }
            return .unreadable(reason: "missing")
        }
        if case .enumeration(let name) = field.type, let fallback = contract.type(named: name)?.enumType?.unknownCase {
            return .repaired(.enumCase(fallback), reason: "unknown-case")
        }
        if let number = readableNumber(raw, type: field.type) {
            if let low = field.minimum, let bound = low.number, number < bound { return .repaired(low, reason: "clamped") }
            if let high = field.maximum, let bound = high.number, number > bound { return .repaired(high, reason: "clamped") }
        }
        if let fallback = field.defaultValue { return .repaired(fallback, reason: "invalid") }
        if field.isOptional { return .repaired(nil, reason: "invalid") }
        return .unreadable(reason: "invalid")
    }

    /// The number `raw` holds when it is readable for `type` (docs/wire.md): a 32-bit decimal
    /// integer for int, a finite JSON number for double.
    func readableNumber(_ raw: String, type: FieldType) -> Double? {
        switch type {
        case .int:
            guard SchemaLoader.isDecimalInteger(raw) || raw == "-0", let number = Int32(raw) else { return nil }
            return Double(number)
        case .double:
            guard SchemaLoader.isDecimalNumber(raw), let number = Double(raw), number.isFinite else { return nil }
            return number
        default:
            return nil
        }
    }

    func issue(_ field: Field, raw: String?, reason: String) -> JSONValue {
        .object([
            JSONMember("field", .string(field.wireName)),
            JSONMember("raw", raw.map { .string($0) } ?? .null),
            JSONMember("reason", .string(reason)),
        ])
    }

    func entry(_ name: String, data: JSONValue, attributes: [String: Value]?, state: [String: Value]?, issues: [JSONValue]) -> JSONValue {
        .object([
            JSONMember("name", .string(name)),
            JSONMember("data", data),
            JSONMember("expected", .object([
                JSONMember("attributes", attributes.map { shapes.bridge($0, fields: contract.attributes) } ?? .null),
                JSONMember("state", state.map { shapes.bridge($0, fields: contract.state) } ?? .null),
            ])),
            JSONMember("issues", .array(issues)),
        ])
    }
}
