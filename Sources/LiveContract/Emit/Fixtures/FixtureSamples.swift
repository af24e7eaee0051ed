/// The samples fixtures are made of: the schema's examples, then generated edge cases that
/// push every field to the ends of what the schema allows.
struct FixtureSamples {
    /// Values by field index, aligned with `contract.attributes` and `contract.state` (nil:
    /// absent), so the shapes read each value without hashing its field name.
    struct Sample {
        var name: String
        var attributes: [Value?]
        var state: [Value?]
    }

    let contract: Contract

    /// Text that breaks naive escaping in every language we emit: quotes, backslashes,
    /// template and interpolation openers, comment closers, line separators, bidi controls,
    /// characters outside the BMP.
    static let hostileText = "\"q\" \\ / ${x} \\(y) $z */ /* `t` \n\r\t\u{1} é ✓ 🚀 \u{2028}\u{2029}\u{202E}end"

    /// The first example, or a sample made from field examples, defaults and safe zero values.
    var base: Sample? {
        if let first = contract.examples.first { return sample(first) }
        return Sample(name: "sample", attributes: synthesized(contract.attributes), state: synthesized(contract.state))
    }

    /// The examples, then each edge case that differs from every sample before it (an
    /// `edge-absent` of a base that already holds every default would repeat the base).
    func all() -> [Sample] {
        var samples = contract.examples.map(sample)
        if samples.isEmpty, let base { samples.append(base) }
        guard let base else { return samples }
        /// `base` with `change` applied to every field it has a value for, if there is one.
        func addEdge(_ name: String, _ change: (Field) -> Value?) {
            var sample = base
            sample.name = name
            let changedAttributes = Self.apply(change, to: &sample.attributes, contract.attributes)
            let changedState = Self.apply(change, to: &sample.state, contract.state)
            if changedAttributes || changedState { appendIfNew(sample) }
        }
        /// An edge case equal to a sample already written tests nothing: it is left out.
        func appendIfNew(_ sample: Sample) {
            guard !samples.contains(where: { $0.attributes == sample.attributes && $0.state == sample.state }) else { return }
            samples.append(sample)
        }
        addEdge("edge-min") { $0.minimum ?? Self.rangeEnd($0.type, upper: false) }
        addEdge("edge-max") { $0.maximum ?? Self.rangeEnd($0.type, upper: true) }
        addEdge("edge-strings") { stringValue($0, text: Self.hostileText) }
        addEdge("edge-empty") { emptyValue($0) }
        // Key edges go into the first map of each section only: keys are written alike
        // whatever the value type, and 64 keys in every map would pass the payload limits.
        let firstMaps = [contract.attributes.first { $0.type.isMap }?.name, contract.state.first { $0.type.isMap }?.name]
        func firstMap(_ field: Field) -> Bool { firstMaps.contains(field.name) }
        addEdge("edge-map-keys") { firstMap($0) ? mapSample($0, keys: Self.hostileKeys) : nil }
        addEdge("edge-map-many") { firstMap($0) ? mapSample($0, keys: (0..<Self.manyKeys).map { "k" + String($0) }) : nil }
        // Every double and float not whole, every optional present, every list and map with
        // an item: a copy that reads a Double as an Int (or an optional as absent) fails here.
        addEdge("edge-fractions") { $0.isOptional || !Self.isPlainScalar($0.type) ? fractional($0.type, $0, visiting: []) : nil }
        if contract.attributes.contains(where: \.mayBeMissing) || contract.state.contains(where: \.mayBeMissing) {
            var sample = base
            sample.name = "edge-absent"
            for index in contract.attributes.indices where contract.attributes[index].mayBeMissing {
                sample.attributes[index] = contract.attributes[index].defaultValue
            }
            for index in contract.state.indices where contract.state[index].mayBeMissing {
                sample.state[index] = contract.state[index].defaultValue
            }
            appendIfNew(sample)
        }
        return samples
    }

    /// An end of a sized integer's range, for fields without that bound: the edge cases
    /// reach what every copy can carry (JavaScript's safe integers for the 64-bit kinds).
    static func rangeEnd(_ type: FieldType, upper: Bool) -> Value? {
        guard case .sized(let kind) = type else { return nil }
        return .int(Int(upper ? kind.wireRange.upperBound : kind.wireRange.lowerBound))
    }

    /// Sets each of `fields` that `change` has a value for; true when it set any.
    static func apply(_ change: (Field) -> Value?, to values: inout [Value?], _ fields: [Field]) -> Bool {
        var changed = false
        for index in fields.indices {
            guard let value = change(fields[index]) else { continue }
            values[index] = value
            changed = true
        }
        return changed
    }

    /// An example's values in field order.
    func sample(_ example: Example) -> Sample {
        Sample(name: example.name, attributes: Self.aligned(example.attributes, contract.attributes),
               state: Self.aligned(example.state, contract.state))
    }

    static func aligned(_ values: [String: Value], _ fields: [Field]) -> [Value?] {
        fields.indices.map { values[fields[$0].name] }
    }

    /// `text` cut to the field's maxLength (whole characters only), for string-like fields.
    func stringValue(_ field: Field, text: String) -> Value? {
        switch field.type {
        case .string: return .string(Self.truncate(text, toBytes: field.maxLength))
        case .array(.string): return .array([.string(Self.truncate(text, toBytes: field.maxLength)), .string("")])
        case .map(.string):
            let cut = Self.truncate(text, toBytes: field.maxLength)
            return .map([NamedValue(cut, .string(cut))])
        default: return nil
        }
    }

    func emptyValue(_ field: Field) -> Value? {
        switch field.type {
        case .string: return .string("")
        case .array: return .array([])
        case .map: return .map([])
        default: return nil
        }
    }

    /// Keys every copy must escape or order with care: quotes, backslash, controls, a line
    /// break, `__proto__` and `constructor` (special to JavaScript objects), template openers,
    /// and U+FF61 beside U+1F680, which code point order and UTF-16 order put the other way round.
    static let hostileKeys = ["", "\"q\"", "\\", "a\nb", "\u{1}", "__proto__", "constructor", "${x}", "*/", "é", "\u{FF61}", "🚀", "\u{10FFFF}"]
    /// Members of the `edge-map-many` sample when the map has no maxItems.
    static let manyKeys = 64

    /// A map of `keys` (cut to maxLength, repeats dropped, at most maxItems of them), each
    /// holding the value type's zero value; nil for fields that are not maps.
    func mapSample(_ field: Field, keys: [String]) -> Value? {
        guard case .map(let valueType) = field.type else { return nil }
        var seen = Set<String>()
        var members: [NamedValue] = []
        for key in keys {
            let cut = Self.truncate(key, toBytes: field.maxLength)
            guard seen.insert(cut).inserted else { continue }
            if let limit = field.maxItems, members.count >= limit { break }
            members.append(NamedValue(cut, zero(valueType, nil)))
        }
        return .map(MapKeys.sorted(members))
    }

    static func truncate(_ text: String, toBytes limit: Int?) -> String {
        guard let limit else { return text }
        let utf8 = text.utf8
        if utf8.count <= limit { return text }
        if limit <= 0 { return "" }
        // Between two ASCII bytes there is always a Character boundary, except inside CR LF:
        // the ASCII start of the text is cut on bytes, and only the rest walked by Character.
        var ascii = 0
        for byte in utf8 {
            if byte >= 0x80 { break }
            ascii += 1
        }
        func isBoundary(_ offset: Int) -> Bool {
            offset == 0 || !(byteAt(offset - 1) == 0x0D && byteAt(offset) == 0x0A)
        }
        func byteAt(_ offset: Int) -> UInt8 { utf8[utf8.index(utf8.startIndex, offsetBy: offset)] }
        if limit < ascii {
            let cut = isBoundary(limit) ? limit : limit - 1
            return String(text[..<utf8.index(utf8.startIndex, offsetBy: cut)])
        }
        // Start at the last certain boundary before the first non-ASCII byte.
        var known = max(ascii - 1, 0)
        if !isBoundary(known) { known -= 1 }
        var end = utf8.index(utf8.startIndex, offsetBy: known)
        var bytes = known
        while end < text.endIndex {
            let next = text.index(after: end)
            bytes += text.utf8.distance(from: end, to: next)
            if bytes > limit { break }
            end = next
        }
        return String(text[..<end])
    }

    /// A value for every required or defaulted field: the field's example, its default, or a
    /// zero value moved into its bounds (`WireRules.clamp`). Optional fields without an example stay absent.
    func synthesized(_ fields: [Field]) -> [Value?] {
        fields.indices.map { index in
            if let value = fields[index].example ?? fields[index].defaultValue { return value }
            return fields[index].isOptional ? nil : zero(fields[index].type, fields[index])
        }
    }

    func zero(_ type: FieldType, _ field: Field?) -> Value {
        switch type {
        case .string: return .string("")
        case .int, .sized: return .int(Int(WireRules.clamp(0, to: field)))
        case .double, .float: return .double(WireRules.clamp(0, to: field))
        case .bool: return .bool(false)
        case .date: return .date(FixtureEmitter.clockMillis)
        case .dateRange: return .dateRange(FixtureEmitter.clockMillis, FixtureEmitter.clockMillis + 3_600_000)
        case .url:
            // The shortest link that still reads as one where `maxLength` is below the usual.
            let links = ["https://example.com", "https://a.co", "a:b"]
            return .url(links.first { $0.utf8.count <= (field?.maxLength ?? Int.max) } ?? links[0])
        case .uuid: return .uuid("00000000-0000-0000-0000-000000000000")
        case .enumeration(let name): return .enumCase(contract.type(named: name)?.enumType?.cases.first ?? "")
        case .array: return .array([])
        case .map: return .map([])
        case .structure(let name):
            let fields = contract.type(named: name)?.fields ?? []
            let values = synthesized(fields)
            return .structure(fields.indices.compactMap { index in values[index].map { NamedValue(fields[index].name, $0) } })
        }
    }

    /// A value of `type` in which every double and float is not whole (inside `field`'s
    /// bounds, exact as a Float), every optional struct field is present and every list and
    /// map holds one item (none when `maxItems` is 0). A struct already being filled in
    /// (a type that holds itself through an optional) is left as the zero value.
    func fractional(_ type: FieldType, _ field: Field?, visiting: Set<String>) -> Value {
        switch type {
        case .double, .float:
            return .double(Self.fraction(within: field) ?? WireRules.clamp(0, to: field))
        case .array(let element):
            return .array(field?.maxItems == 0 ? [] : [fractional(element, field, visiting: visiting)])
        case .map(let value):
            return .map(field?.maxItems == 0 || field?.maxLength == 0 ? [] : [NamedValue("k", fractional(value, field, visiting: visiting))])
        case .structure(let name) where !visiting.contains(name):
            let fields = contract.type(named: name)?.fields ?? []
            return .structure(fields.map { NamedValue($0.name, fractional($0.type, $0, visiting: visiting.union([name]))) })
        default:
            return zero(type, field)
        }
    }

    /// Types whose edge values other cases already reach; `edge-fractions` leaves them as the base has them.
    static func isPlainScalar(_ type: FieldType) -> Bool {
        switch type {
        case .double, .float, .array, .map, .structure: return false
        default: return true
        }
    }

    /// A number that is not whole, inside `field`'s bounds and exact in a Float (a sum of
    /// halves, quarters, ...), so every language writes it the same: 1.5 when the bounds allow,
    /// else the first such number above `min` (below `max` when only that is set); nil when
    /// the bounds hold no such number (`min: 2, max: 2`).
    static func fraction(within field: Field?) -> Double? {
        let low = field?.minimum?.number, high = field?.maximum?.number
        func fits(_ value: Double) -> Bool {
            value.rounded() != value && (low.map { value >= $0 } ?? true) && (high.map { value <= $0 } ?? true) && Double(Float(value)) == value
        }
        if fits(1.5) { return 1.5 }
        for power in 1...20 {
            let step = 1 / Double(1 << power)
            if let low, fits((low / step).rounded(.down) * step + step) { return (low / step).rounded(.down) * step + step }
            if low == nil, let high, fits((high / step).rounded(.up) * step - step) { return (high / step).rounded(.up) * step - step }
        }
        return nil
    }
}
