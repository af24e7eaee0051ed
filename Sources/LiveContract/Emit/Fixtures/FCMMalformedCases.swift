/// Broken FCM data maps and what a parser must make of them, following the repair table in
/// docs/wire.md. Each case breaks one field of the base sample in one way, so the expected
/// result is known without a second parser implementation.
struct FCMMalformedCases {
    let contract: Contract
    let base: FixtureSamples.Sample
    /// Attributes, then state: the order of the FCM data map.
    let fields: [Field]
    /// What the base sample's data map holds for each of `fields` (nil: no key).
    let baseText: [String?]

    init(contract: Contract, base: FixtureSamples.Sample) {
        let shapes = WireShapes(contract: contract)
        func texts(_ values: [Value?], _ fields: [Field]) -> [String?] {
            fields.indices.map { index in values[index].map { shapes.fcmString($0, type: fields[index].type) } }
        }
        self.contract = contract
        self.base = base
        fields = contract.attributes + contract.state
        baseText = texts(base.attributes, contract.attributes) + texts(base.state, contract.state)
    }

    var shapes: WireShapes { WireShapes(contract: contract) }

    /// What one broken value does to its field.
    enum Outcome {
        /// The field takes this value (nil: absent) and the issue is reported.
        case repaired(Value?, reason: String?)
        /// The field cannot be read: its section has no result.
        case unreadable(reason: String)
    }

    /// A broken raw value tried for a field (nil: the key is removed), under a label shared by
    /// every field it applies to.
    struct Breakage {
        var label: String
        var raw: String?
    }

    /// One breakage applied: `raw` sent for `fields[field]`.
    struct Change {
        var field: Int
        var raw: String?
    }

    /// Above this many fields, one case per field would make the file grow with the square
    /// of the schema; only the combined cases (one per kind of breakage) are written then.
    static let perFieldLimit = 100

    /// Texts written earlier that later cases copy: the expected bridge shapes of the base
    /// sample's attributes and state, which every case leaving them alone repeats.
    /// Also each unchanged member of the data map, by field index.
    struct Reuse {
        var attributes: JSONText.Written?
        var state: JSONText.Written?
        var data: [JSONText.Written?]
        /// The sample envelope as read, which every case but the envelope's own repeats.
        var envelope: JSONText.Written?
    }

    /// Writes the cases, each as an item of the enclosing array, member by member (no tree).
    func write(into json: inout JSONText) {
        var reuse = Reuse(data: Array(repeating: nil, count: fields.count))
        json.item()
        json.object { json in
            json.member("name", .string("extra-key"))
            json.object("data") { json in
                writeData(with: [], into: &json, reuse: &reuse, extraKey: ("zzzUnknownKey", "ignored"))
            }
            writeExpected(attributes: base.attributes, attributesChanged: false, state: base.state, stateChanged: false,
                          into: &json, reuse: &reuse)
            json.array("issues") { _ in }
        }
        writeEnvelopeCases(into: &json, reuse: &reuse)
        let tried = fields.map(breakages)
        if fields.count <= Self.perFieldLimit {
            for index in fields.indices {
                for breakage in tried[index] {
                    writeBroken("\(breakage.label)-\(fields[index].wireName)", [Change(field: index, raw: breakage.raw)],
                                into: &json, reuse: &reuse)
                }
            }
        }
        var labels: [String] = []
        for breakages in tried {
            for breakage in breakages where !labels.contains(breakage.label) { labels.append(breakage.label) }
        }
        for label in labels {
            let changes = fields.indices.compactMap { index in
                tried[index].first { $0.label == label }.map { Change(field: index, raw: $0.raw) }
            }
            if changes.count > 1 || fields.count > Self.perFieldLimit {
                writeBroken("every-\(label)", changes, into: &json, reuse: &reuse)
            }
        }
    }

    /// The cases that break the envelope and leave every field as the base sample has it:
    /// the fields still parse, and the envelope issues say what the app should do.
    func writeEnvelopeCases(into json: inout JSONText, reuse: inout Reuse) {
        for (name, envelope) in FixtureEnvelope.brokenCases(contract.envelope) {
            let (read, issues) = envelope.read()
            var scratch: JSONText.Written?
            json.item()
            json.object { json in
                json.member("name", .string(name))
                json.object("data") { json in writeData(with: [], into: &json, reuse: &reuse, envelope: envelope) }
                json.object("expected") { json in
                    json.member("envelope", read, reusing: &scratch)
                    writeExpected("attributes", base.attributes, changed: false, fields: contract.attributes,
                                  into: &json, reusing: &reuse.attributes)
                    writeExpected("state", base.state, changed: false, fields: contract.state, into: &json, reusing: &reuse.state)
                }
                json.array("issues") { json in
                    for issue in issues { FixtureEnvelope.write(issue, keys: contract.envelope, into: &json) }
                }
            }
        }
    }

    /// One issue a parser reports: the field's wire name, the raw value (nil: missing) and why.
    struct Issue {
        var field: Int
        var raw: String?
        var reason: String
    }

    /// The base data with each of `changes` applied, and what a parser must return for it,
    /// written as one item of the enclosing array.
    func writeBroken(_ name: String, _ changes: [Change], into json: inout JSONText, reuse: inout Reuse) {
        var attributes: [Value?]? = base.attributes
        var state: [Value?]? = base.state
        var attributesChanged = false, stateChanged = false
        let attributeCount = contract.attributes.count
        var issues: [Issue] = []
        issues.reserveCapacity(changes.count)
        for change in changes {
            let field = fields[change.field]
            let isState = change.field >= attributeCount
            var issue: Issue?
            switch outcome(field, raw: change.raw) {
            case .repaired(let value, let reason):
                if isState {
                    state?[change.field - attributeCount] = value
                    stateChanged = true
                } else {
                    attributes?[change.field] = value
                    attributesChanged = true
                }
                issue = reason.map { Issue(field: change.field, raw: change.raw, reason: $0) }
            case .unreadable(let reason):
                if isState { state = nil } else { attributes = nil }
                issue = Issue(field: change.field, raw: change.raw, reason: reason)
            }
            if let issue { issues.append(issue) }
        }
        json.item()
        json.object { json in
            json.member("name", .string(name))
            json.object("data") { json in writeData(with: changes, into: &json, reuse: &reuse) }
            writeExpected(attributes: attributes, attributesChanged: attributesChanged, state: state, stateChanged: stateChanged,
                          into: &json, reuse: &reuse)
            json.array("issues") { json in
                // Attributes' issues first, then the state's.
                for issue in issues where issue.field < attributeCount { write(issue, into: &json) }
                for issue in issues where issue.field >= attributeCount { write(issue, into: &json) }
            }
        }
    }

    /// The `expected` member: the bridge shapes of `attributes` and `state` (nil: null). An
    /// unchanged record is the base sample's, written once and then copied.
    func writeExpected(attributes: [Value?]?, attributesChanged: Bool, state: [Value?]?, stateChanged: Bool,
                       into json: inout JSONText, reuse: inout Reuse, envelope: JSONValue? = nil) {
        json.object("expected") { json in
            json.member("envelope", envelope ?? FixtureEnvelope.sample.read().0, reusing: &reuse.envelope)
            writeExpected("attributes", attributes, changed: attributesChanged, fields: contract.attributes,
                          into: &json, reusing: &reuse.attributes)
            writeExpected("state", state, changed: stateChanged, fields: contract.state, into: &json, reusing: &reuse.state)
        }
    }

    /// One record of `expected`: null, the record written anew, or the base sample's copied.
    private func writeExpected(_ key: StaticString, _ values: [Value?]?, changed: Bool, fields: [Field],
                               into json: inout JSONText, reusing written: inout JSONText.Written?) {
        guard let values else {
            json.member(key, .null)
            return
        }
        let shapes = self.shapes
        if changed {
            json.key(key)
            shapes.writeBridge(values, fields: fields, into: &json)
        } else {
            json.member(key, reusing: &written) { shapes.writeBridge(values, fields: fields, into: &$0) }
        }
    }

    /// The members of the base sample's data map with `changes` (in field order) applied, in
    /// one pass: a changed key keeps its place, or is removed when the raw value is nil; a key
    /// the base sample lacks comes last, and `extraKey` (set in place if the map has it) after
    /// that.
    func writeData(with changes: [Change], into json: inout JSONText, reuse: inout Reuse,
                   extraKey: (key: String, value: String)? = nil, envelope: FixtureEnvelope = .sample) {
        for member in envelope.members(contract.envelope) {
            json.key(member.key)
            json.write(member.value)
        }
        var added: [Int] = []
        var extraPending = extraKey != nil
        var next = changes.startIndex
        for index in fields.indices {
            var text = baseText[index]
            var changed = false
            if next < changes.endIndex, changes[next].field == index {
                let raw = changes[next].raw
                next += 1
                guard text != nil else {
                    if raw != nil { added.append(next - 1) }
                    continue
                }
                text = raw
                changed = true
            }
            guard let text else { continue }
            if let extraKey, extraPending, fields[index].wireName == extraKey.key {
                json.key(fields[index].wireName)
                json.write(string: extraKey.value)
                extraPending = false
            } else if changed {
                json.key(fields[index].wireName)
                json.write(string: text)
            } else {
                json.member(fields[index].wireName, reusing: &reuse.data[index]) { $0.write(string: text) }
            }
        }
        for position in added {
            let wireName = fields[changes[position].field].wireName
            json.key(wireName)
            if let extraKey, extraPending, wireName == extraKey.key {
                json.write(string: extraKey.value)
                extraPending = false
            } else {
                json.write(string: changes[position].raw!)
            }
        }
        if let extraKey, extraPending {
            json.key(extraKey.key)
            json.write(string: extraKey.value)
        }
    }

    /// The broken raw values tried for `field` (nil raw: the key is removed).
    func breakages(_ field: Field) -> [Breakage] {
        var list = [Breakage(label: "missing", raw: nil)]
        switch field.type {
        case .int:
            list.append(Breakage(label: "invalid", raw: "12abc"))
            list.append(Breakage(label: "overflow", raw: "4294967296"))
        case .double:
            list.append(Breakage(label: "invalid", raw: "NaN"))
            list.append(Breakage(label: "invalid-text", raw: "fast"))
        case .float:
            list.append(Breakage(label: "invalid", raw: "NaN"))
            list.append(Breakage(label: "overflow", raw: "1e39"))
        case .bool:
            list.append(Breakage(label: "invalid", raw: "yes"))
        case .date:
            list.append(Breakage(label: "invalid", raw: "2025-03-15T19:12:00Z"))
        case .dateRange:
            list.append(Breakage(label: "invalid", raw: "{\"lowerBound\":1,\"upperBound\":2}"))
            list.append(Breakage(label: "reversed", raw: "[1742065920000,1742064420000]"))
        case .enumeration(let name):
            let enumType = contract.type(named: name)?.enumType
            list.append(Breakage(label: "unknown-case", raw: enumType?.unusedRawValue ?? "zzzNewCase"))
            // An Int-raw case is matched by its exact decimal text: "01" is no case.
            if enumType?.rawType == .int, let first = enumType?.rawValues.first {
                list.append(Breakage(label: "unknown-case-text", raw: "0" + first))
            }
        case .structure, .array:
            list.append(Breakage(label: "invalid", raw: "{not json"))
        case .map(let valueType):
            list.append(Breakage(label: "invalid", raw: "{not json"))
            list.append(Breakage(label: "not-object", raw: "[]"))
            if let wrong = WireRules.wrongMapValue(valueType, in: contract) {
                list.append(Breakage(label: "wrong-value", raw: "{\"k\":" + JSONWriter.compact(wrong) + "}"))
            }
        case .sized(let kind):
            list.append(Breakage(label: "invalid", raw: "12abc"))
            list.append(Breakage(label: "overflow", raw: String(kind.wireRange.upperBound + 1)))
            list.append(Breakage(label: "underflow", raw: String(kind.wireRange.lowerBound - 1)))
        case .uuid:
            list.append(Breakage(label: "invalid", raw: "E621E1F8-C36C-495A-93FC-0C247A3E6E5"))
            // Not broken: lower-case hex is read and upper-cased, as Foundation re-encodes it.
            list.append(Breakage(label: "lowercase", raw: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        case .string, .url:
            break
        }
        if let low = field.minimum, let raw = belowOrAbove(low, by: -1, single: field.type == .float) {
            list.append(Breakage(label: "below-min", raw: raw))
        }
        if let high = field.maximum, let raw = belowOrAbove(high, by: 1, single: field.type == .float) {
            list.append(Breakage(label: "above-max", raw: raw))
        }
        return list
    }

    /// A number just outside `bound`, or nil when no finite one exists (a double bound of
    /// ±1.7976931348623157e308). Large doubles do not move by 0.5, so the next one is taken.
    /// For a `single` (float) field the number must stay outside once every reader rounds it
    /// to a Float: beside `min: 3.4e38` the next Double down rounds back onto the bound, so
    /// the next Float is taken.
    func belowOrAbove(_ bound: Value, by step: Int, single: Bool = false) -> String? {
        switch bound {
        case .int(let number): return String(number + step)
        case .double(let number) where single:
            let beyond = number + Double(step) * 0.5
            if Float(beyond) != Float(number) { return JSNumber.format(beyond) }
            let next = step < 0 ? Float(number).nextDown : Float(number).nextUp
            return next.isFinite ? JSNumber.format(Double(next)) : nil
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
        if case .uuid = field.type, let canonical = UUIDText.canonical(raw) {
            return .repaired(.uuid(canonical), reason: nil)
        }
        if let number = readableNumber(raw, type: field.type), let bound = WireRules.clampedBound(number, of: field) {
            return .repaired(bound, reason: "clamped")
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
        case .float:
            guard SchemaLoader.isDecimalNumber(raw), let number = Double(raw), let single = FloatText.rounded(number) else { return nil }
            return single
        case .sized(let kind):
            guard SchemaLoader.isDecimalInteger(raw) || raw == "-0", let number = Int64(raw), kind.wireRange.contains(number) else { return nil }
            return Double(number)
        default:
            return nil
        }
    }

    /// One issue as an item of the enclosing array.
    func write(_ issue: Issue, into json: inout JSONText) {
        json.item()
        json.object { json in
            json.member("field", .string(fields[issue.field].wireName))
            if let raw = issue.raw { json.member("raw", .string(raw)) } else { json.member("raw", .null) }
            json.member("reason", .string(issue.reason))
        }
    }
}
