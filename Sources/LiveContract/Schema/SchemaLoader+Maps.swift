/// `[string: T]` maps in the schema: the type expression, values and their limits.
///
/// A map's value type is anything a list item may be (a scalar, uuid, sized integer, enum,
/// struct, dateRange) or a list of one. Maps of maps, lists of maps and optional values are
/// refused: none has one clear form on every wire, and a struct says the same thing.
extension SchemaLoader {
    /// The value type's spelling of `[K: T]` (spaces around `:` optional), else nil: the
    /// first `:` outside brackets is what makes a bracketed type a map.
    static func mapValueSpelling(_ text: String) -> String? {
        guard text.hasPrefix("[") && text.hasSuffix("]") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard let colon = inner.firstIndex(of: ":"), !inner[..<colon].contains("[") else { return nil }
        return String(inner[inner.index(after: colon)...]).trimmingSpaces
    }

    /// T of `[string: T]`; other key types, optional values and maps of maps are explained.
    mutating func mapValueType(_ valueText: String, _ node: YAMLNode) -> FieldType? {
        let whole = node.scalar?.trimmingSpaces ?? ""
        let spelling = whole.hasSuffix("?") ? String(whole.dropLast()) : whole
        let key = String(spelling.dropFirst().prefix { $0 != ":" }).trimmingSpaces
        guard key == "string" else {
            error("'\(spelling)': map keys are strings (JSON object keys); write [string: \(valueText.isEmpty ? "T" : valueText)]", node, rule: "unsupported-type")
            return nil
        }
        guard !valueText.isEmpty else {
            error("'\(spelling)' needs a value type, e.g. [string: int]", node, rule: "unsupported-type")
            return nil
        }
        guard !valueText.hasSuffix("?") else {
            error("'\(spelling)': maps of optional values are not supported; leave the key out instead of sending null", node, rule: "unsupported-type")
            return nil
        }
        guard !valueText.contains(":") else {
            error("'\(spelling)': maps of maps (or of lists of maps) are not supported; use a map of a struct", node, rule: "unsupported-type")
            return nil
        }
        if valueText.hasPrefix("[") && valueText.hasSuffix("]") {
            let element = String(valueText.dropFirst().dropLast()).trimmingSpaces
            guard !element.hasSuffix("?") && !element.hasPrefix("[") else {
                error("'\(spelling)': a map's list values hold plain items, not optionals or lists; use a struct", node, rule: "unsupported-type")
                return nil
            }
            return namedType(element, node).map { .array($0) }
        }
        return namedType(valueText, node)
    }

    /// A YAML mapping of string keys to values of `valueType`, kept in code point key order.
    mutating func mapValue(_ node: YAMLNode, valueType: FieldType, context: @autoclosure () -> String) -> Value? {
        if let items = node.sequenceItems, items.isEmpty {
            error("\(context()) is a map: write {} for an empty one, not []", node, rule: "value-type")
            return nil
        }
        guard let entries = node.mappingEntries else {
            error("\(context()) must be a mapping of string keys to \(valueType.schemaSpelling), found \(node.kindDescription)", node, rule: "value-type")
            return nil
        }
        var members: [NamedValue] = []
        var complete = true
        for entry in entries {
            guard let key = entry.key.scalar, !entry.key.isNull else {
                error("\(context()): map keys are text, found \(entry.key.kindDescription)", entry.key, rule: "value-type")
                complete = false
                continue
            }
            guard let member = value(entry.value, type: valueType, context: "\(context())[\(JSONWriter.compact(.string(key)))]") else {
                complete = false
                continue
            }
            members.append(NamedValue(key, member))
        }
        return complete ? .map(MapKeys.sorted(members)) : nil
    }

    /// maxItems bounds the member count (and each list value); maxLength each key and each
    /// string or url value (or list item).
    mutating func checkMapConstraints(_ members: [NamedValue], of field: Field, _ node: YAMLNode, context: @autoclosure () -> String) {
        if let limit = field.maxItems, members.count > limit {
            error("\(context()) has \(members.count) members, over maxItems \(limit)", node, rule: "value-too-long")
        }
        for member in members {
            if let limit = field.maxLength, member.name.utf8.count > limit {
                error("\(context()): the key \(JSONWriter.compact(.string(member.name))) is \(member.name.utf8.count) UTF-8 bytes, over maxLength \(limit) (each key of the map)", node, rule: "value-too-long")
            }
            var inner = field
            inner.type = field.type.mapValueType ?? field.type
            inner.maxItems = field.maxItems
            checkConstraints(member.value, of: inner, node, context: "\(context())[\(JSONWriter.compact(.string(member.name)))]")
        }
    }
}

extension FieldType {
    /// True for `[string: T]`.
    public var isMap: Bool {
        if case .map = self { return true }
        return false
    }

    /// T of `[string: T]`.
    public var mapValueType: FieldType? {
        if case .map(let value) = self { return value }
        return nil
    }

    /// Lists and maps: the types `maxItems` applies to.
    public var holdsItems: Bool {
        switch self {
        case .array, .map: return true
        default: return false
        }
    }
}

extension Contract {
    /// True when a value of `type` holds a map anywhere (through lists and structs): its
    /// writers must order the map's keys themselves.
    public func holdsMap(_ type: FieldType) -> Bool {
        var seen = Set<String>()
        func visit(_ type: FieldType) -> Bool {
            switch type {
            case .map: return true
            case .array(let element): return visit(element)
            case .structure(let name):
                guard seen.insert(name).inserted else { return false }
                return (self.type(named: name)?.fields ?? []).contains { visit($0.type) }
            default: return false
            }
        }
        return visit(type)
    }
}
