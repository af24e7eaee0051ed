/// JSON text inside an FCM value (structs, arrays): the bridge shape, keyed by wire names,
/// dates in Unix milliseconds. Members follow what Swift's decoder does with the same JSON
/// (absent or null takes the default), and any other problem makes the whole field invalid.
extension PayloadChecker {
    /// The first problem inside `node`, as "at <path>: <what>", or nil.
    func bridgeProblem(_ node: JSONNode, _ type: FieldType, path: String) -> String? {
        let at = path.isEmpty ? "" : "at \(path): "
        switch (type, node.kind) {
        case (.string, .string), (.url, .string), (.bool, .bool):
            return nil
        case (.uuid, .string(let text)):
            return UUIDText.canonical(text) == nil ? "\(at)'\(text)' is not a UUID (8-4-4-4-12 hex digits)" : nil
        case (.int, .number(let text)):
            // JSON.parse makes every number a Double: `1.0` and `1E2` are the integers 1 and 100.
            let value = Self.jsValue(text)
            guard value == value.rounded(.towardZero), value >= Double(Int32.min), value <= Double(Int32.max) else {
                return "\(at)\(text) is not a 32-bit integer"
            }
            return nil
        case (.sized(let kind), .number(let text)):
            let value = Self.jsValue(text)
            guard value == value.rounded(.towardZero), value >= Double(kind.wireRange.lowerBound), value <= Double(kind.wireRange.upperBound) else {
                return "\(at)\(text) is not \(kind.rawValue.withArticle) within \(kind.wireRange.lowerBound)...\(kind.wireRange.upperBound)"
            }
            return nil
        case (.double, .number(let text)):
            return Self.jsValue(text).isFinite ? nil : "\(at)\(text) is beyond Double's range"
        case (.float, .number(let text)):
            guard FloatText.rounded(Self.jsValue(text)) != nil else { return "\(at)\(text) is outside Float's range" }
            return nil
        case (.date, .number(let text)):
            let value = Self.jsValue(text)
            guard value == value.rounded(.towardZero), value.magnitude <= Double(IntegerKind.maxSafe) else {
                return "\(at)\(text) is not a whole number of Unix milliseconds within JavaScript's safe integers"
            }
            return unixMillisProblem(String(Int64(value))).map { at + $0.message }
        case (.dateRange, .array(let items)):
            guard items.count == 2 else { return "\(at)a range is [startMs, endMs]" }
            if let problem = bridgeProblem(items[0], .date, path: path + "[0]") ?? bridgeProblem(items[1], .date, path: path + "[1]") { return problem }
            // The parsers refuse a range whose start is after its end, as Swift's ClosedRange does.
            if case .number(let lower) = items[0].kind, case .number(let upper) = items[1].kind, Self.jsValue(lower) > Self.jsValue(upper) {
                return "\(at)the range starts (\(lower)) after it ends (\(upper))"
            }
            return nil
        case (.dateRange, .object):
            return "\(at){lowerBound, upperBound} is not a range: send [startMs, endMs]"
        case (.enumeration(let name), .number(let text)) where contract.isIntRawEnum(type):
            if let problem = bridgeProblem(node, .int, path: path) { return problem }
            let value = Int64(Self.jsValue(text))
            guard let enumType = contract.type(named: name)?.enumType, !enumType.rawValues.contains(String(value)), enumType.unknownCase == nil else { return nil }
            return "\(at)\(text) is not a case of \(name), which has no unknown: fallback"
        case (.enumeration(let name), .string(let raw)) where !contract.isIntRawEnum(type):
            guard let enumType = contract.type(named: name)?.enumType, !enumType.rawValues.contains(raw), enumType.unknownCase == nil else { return nil }
            return "\(at)'\(raw)' is not a case of \(name), which has no unknown: fallback"
        case (.array(let element), .array(let items)):
            for (index, item) in items.enumerated() {
                if let problem = bridgeProblem(item, element, path: path + "[\(index)]") { return problem }
            }
            return nil
        case (.map(let valueType), .object(let members)):
            // JSON.parse keeps the last of duplicate keys.
            var lastByKey: [String: Int] = [:]
            for (index, member) in members.enumerated() { lastByKey[member.key] = index }
            for (index, member) in members.enumerated() where lastByKey[member.key] == index {
                let memberPath = path + "[" + JSONWriter.compact(.string(member.key)) + "]"
                if member.value.kind == .null { return "at \(memberPath): map values are never null; leave the key out" }
                if let problem = bridgeProblem(member.value, valueType, path: memberPath) { return problem }
            }
            return nil
        case (.structure(let name), .object(let members)):
            for field in contract.type(named: name)?.fields ?? [] {
                // JSON.parse keeps the last of duplicate keys.
                let member = members.last { $0.key == field.wireName }?.value
                let memberPath = path.isEmpty ? field.wireName : path + "." + field.wireName
                guard let member, member.kind != .null else {
                    if field.mayBeMissing { continue }
                    return "at \(memberPath): missing required member '\(field.wireName)' of \(name)"
                }
                if let problem = bridgeProblem(member, field.type, path: memberPath) ?? boundsProblem(member, field, path: memberPath) { return problem }
            }
            return nil
        default:
            return "\(at)expected \(bridgeDescription(type)), found \(node.kindDescription)"
        }
    }

    /// Inside JSON text a member outside its field's `min`/`max` is not clamped: every parser
    /// refuses the whole field (docs/wire.md, "Inside JSON text"). A `float` is compared as
    /// Float, as the parsers read it.
    func boundsProblem(_ node: JSONNode, _ field: Field, path: String) -> String? {
        guard case .number(let text) = node.kind, field.minimum != nil || field.maximum != nil else { return nil }
        var value = Self.jsValue(text)
        var low = field.minimum?.number, high = field.maximum?.number
        if case .float = field.type {
            value = FloatText.rounded(value) ?? value
            low = low.map { Double(Float($0)) }
            high = high.map { Double(Float($0)) }
        }
        if let low, value < low { return "at \(path): \(text) is below min \(DateEpoch.format(low)), which inside JSON text makes the field unreadable (no clamping there)" }
        if let high, value > high { return "at \(path): \(text) is above max \(DateEpoch.format(high)), which inside JSON text makes the field unreadable (no clamping there)" }
        return nil
    }

    func bridgeDescription(_ type: FieldType) -> String {
        switch type {
        case .string, .url: return "a string"
        case .uuid: return "a UUID string"
        case .int, .sized: return "an integer"
        case .double, .float: return "a number"
        case .bool: return "true or false"
        case .date: return "Unix milliseconds"
        case .dateRange: return "[startMs, endMs]"
        case .enumeration(let name): return "\(name.withArticle) raw value"
        case .structure(let name): return "\(name.withArticle) object"
        case .array: return "an array"
        case .map: return "an object of string keys"
        }
    }
}
