/// Typed values: `default`, `example`, `min`/`max` and the `examples` section.
///
/// YAML 1.1 resolves `yes`, `on`, `0777` and `1:30` to booleans and numbers behind the user's
/// back; in a typed slot we accept only the unambiguous spellings and explain the rest.
extension SchemaLoader {
    static let yaml11Booleans: Set<String> = ["yes", "no", "on", "off", "y", "n", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", "Y", "N", "True", "False", "TRUE", "FALSE"]

    /// A value for `field`, including its constraints (min/max, maxLength).
    mutating func value(_ node: YAMLNode, for field: Field, context: @autoclosure () -> String) -> Value? {
        guard let value = value(node, type: field.type, context: context()) else { return nil }
        checkConstraints(value, of: field, node, context: context())
        return value
    }

    mutating func checkConstraints(_ value: Value, of field: Field, _ node: YAMLNode, context: @autoclosure () -> String) {
        if let number = value.number {
            if let low = field.minimum?.number, number < low {
                error("\(context()) is \(Self.describe(value)), below min \(Self.describe(field.minimum!))", node, rule: "value-out-of-range")
            }
            if let high = field.maximum?.number, number > high {
                error("\(context()) is \(Self.describe(value)), above max \(Self.describe(field.maximum!))", node, rule: "value-out-of-range")
            }
        }
        if let limit = field.maxLength {
            let text: String?
            switch value {
            case .string(let string), .url(let string): text = string
            default: text = nil
            }
            if let text, text.utf8.count > limit {
                error("\(context()) is \(text.utf8.count) UTF-8 bytes, over maxLength \(limit)", node, rule: "value-too-long")
            }
        }
        if case .map(let members) = value {
            checkMapConstraints(members, of: field, node, context: context())
            return
        }
        guard case .array(let items) = value else { return }
        if let limit = field.maxItems, items.count > limit {
            error("\(context()) has \(items.count) items, over maxItems \(limit)", node, rule: "value-too-long")
        }
        if let limit = field.maxLength, let index = items.firstIndex(where: { item in
            switch item {
            case .string(let text), .url(let text): return text.utf8.count > limit
            default: return false
            }
        }) {
            error("\(context())[\(index)] is over maxLength \(limit) (UTF-8 bytes, each item of the list)", node, rule: "value-too-long")
        }
    }

    static func describe(_ value: Value) -> String {
        switch value {
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: return String(describing: value)
        }
    }

    mutating func value(_ node: YAMLNode, type: FieldType, context: @autoclosure () -> String) -> Value? {
        switch type {
        case .map(let valueType):
            return mapValue(node, valueType: valueType, context: context())
        case .array(let element):
            guard let items = node.sequenceItems else {
                error("\(context()) must be a list of \(element.schemaSpelling), found \(node.kindDescription)", node, rule: "value-type")
                return nil
            }
            var values: [Value] = []
            for (index, item) in items.enumerated() {
                if let value = value(item, type: element, context: "\(context())[\(index)]") { values.append(value) }
            }
            return values.count == items.count ? .array(values) : nil
        case .structure(let name):
            return structValue(node, typeName: name, context: context())
        case .enumeration(let name):
            let cases = enumCases[name] ?? []
            guard let text = node.scalar, !node.isNull else {
                error("\(context()) must be a case of \(name), found \(node.kindDescription)", node, rule: "value-type")
                return nil
            }
            guard cases.contains(text) else {
                // A case refused for its name: its error already covers this use of it.
                if diagnostics.hasFailed(Self.failedCase(text, of: name)) {
                    diagnostics.suppress(because: Self.failedCase(text, of: name))
                    return nil
                }
                var message = "'\(text)' is not a case of \(name)"
                if let guess = Suggest.closest(to: text, in: cases) { message += "; did you mean '\(guess)'?" } else { message += " (cases: \(cases.joined(separator: ", ")))" }
                error(message, node, rule: "unknown-case")
                return nil
            }
            return .enumCase(text)
        case .dateRange:
            guard let items = node.sequenceItems, items.count == 2 else {
                error("\(context()) is a dateRange: a two-item list of ISO-8601 UTC dates, [\"2025-03-15T19:00:00Z\", \"2025-03-15T19:20:00Z\"]", node, rule: "value-type")
                return nil
            }
            guard case .date(let lower)? = value(items[0], type: .date, context: "\(context()) lower bound"),
                  case .date(let upper)? = value(items[1], type: .date, context: "\(context()) upper bound") else { return nil }
            if lower > upper {
                error("\(context()): the lower bound is after the upper bound; Swift's ClosedRange traps on that", node, rule: "range-order")
                return nil
            }
            return .dateRange(lower, upper)
        default:
            return scalarValue(node, as: type, context: context())
        }
    }

    mutating func structValue(_ node: YAMLNode, typeName: String, context: @autoclosure () -> String) -> Value? {
        guard let fields = structFields[typeName] else { return nil }
        if typeName == loadingStruct {
            error("\(context()) holds a \(typeName), the struct this field belongs to: its members are not all known while it is declared, so a default cannot hold one; leave the default out, give an empty one (`default: []` or `{}`), or make the field optional", node, rule: "schema-value")
            return nil
        }
        guard let values = record(node, fields: fields, context: context(), what: typeName, owner: "type '\(typeName)'") else { return nil }
        return .structure(fields.compactMap { field in values[field.name].map { NamedValue(field.name, $0) } })
    }

    /// Values for a list of fields given as a mapping: unknown keys and missing required keys
    /// are errors; omitted fields with a default take it; omitted optionals stay absent.
    mutating func record(_ node: YAMLNode, fields: [Field], context: @autoclosure () -> String, what: String, owner: String = "") -> [String: Value]? {
        if skipRecordOfFailedSection(node, owner: owner) { return nil }
        if node.isNull && fields.allSatisfy(\.mayBeMissing) { return fieldsDefaults(fields) }
        // Left out or empty, it reads as `{}`: the missing required fields are the problem to name.
        // Slot `i` of `given` holds the entry for `fields[i]`; fields that already failed to
        // load are accepted as keys (and counted on their error) rather than called unknown.
        let names = fields.map(\.name) + failedFieldKeys(in: node, owner: owner, fields: fields)
        let given = node.isNull ? Entries(allowed: names) : entries(of: node, allowed: names, what: context())
        guard node.isNull || node.mappingEntries != nil else { return nil }
        var result = [String: Value](minimumCapacity: fields.count)
        var complete = true
        for position in fields.indices {
            let name = fields[position].name
            let entry = given[position: position]
            if diagnostics.hasFailed(Self.failedField(name, of: owner)) {
                // Its default did not load: an example is not checked against a broken field.
                if entry == nil || entry!.value.isNull, !fields[position].isOptional { diagnostics.suppress(because: Self.failedField(name, of: owner)) }
            } else if let entry, !entry.value.isNull {
                if let value = value(entry.value, for: fields[position], context: "\(context()).\(name)") {
                    result[name] = value
                } else {
                    complete = false
                }
            } else if let fallback = fields[position].defaultValue {
                result[name] = fallback
            } else if !fields[position].isOptional {
                error("\(context()) is missing '\(name)' (\(fields[position].typeSpelling)); every required field of \(what) needs a value", entry?.value ?? node, rule: "missing-value")
                complete = false
            }
        }
        return complete ? result : nil
    }

    func fieldsDefaults(_ fields: [Field]) -> [String: Value] {
        var result: [String: Value] = [:]
        for field in fields { if let value = field.defaultValue { result[field.name] = value } }
        return result
    }

    /// One scalar of a scalar type: string, url, int, double, bool, date.
    mutating func scalarValue(_ node: YAMLNode, as type: FieldType, context: @autoclosure () -> String) -> Value? {
        guard let text = node.scalar, !node.isNull else {
            error("\(context()) must be \(Self.article(type)), found \(node.kindDescription)", node, rule: "value-type")
            return nil
        }
        let plain = node.scalarStyle == .plain
        switch type {
        case .string:
            return .string(text)
        case .url:
            if let problem = PortableURL.problem(text) {
                error("\(context()): '\(text)' is not a portable absolute URL: \(problem)", node, rule: "value-type")
                return nil
            }
            return .url(text)
        case .bool:
            if plain && (text == "true" || text == "false") { return .bool(text == "true") }
            if plain && Self.yaml11Booleans.contains(text) {
                error("\(context()): '\(text)' is a YAML 1.1 boolean that other tools read differently; write true or false", node, rule: "yaml11-boolean")
            } else {
                error("\(context()) must be true or false, found \(node.kindDescription)", node, rule: "value-type")
            }
            return nil
        case .int, .sized:
            guard plain else {
                quotedNumber(text, node, whole: true, context: context())
                return nil
            }
            guard Self.isDecimalInteger(text) else {
                if Self.looksLikeYAML11Number(text) {
                    error("\(context()): \(Self.yaml11NumberProblem(text))", node, rule: "yaml11-number")
                } else {
                    error("\(context()) must be a whole number, found '\(text)'", node, rule: "value-type")
                }
                return nil
            }
            guard let range = type.integerRange, let number = Int64(text), range.contains(number) else {
                error("\(context()): \(text) is outside \(Self.rangeDescription(type))", node, rule: "value-out-of-range")
                return nil
            }
            return .int(Int(number))
        case .double, .float:
            guard plain else {
                quotedNumber(text, node, whole: false, context: context())
                return nil
            }
            guard Self.isDecimalNumber(text), let number = Double(text), number.isFinite else {
                if [".inf", "-.inf", ".nan", ".Inf", ".NaN", ".INF", ".NAN", "+.inf"].contains(text) {
                    error("\(context()): \(text) is not a finite number; JSON cannot carry it", node, rule: "value-not-finite")
                } else {
                    error("\(context()) must be a finite decimal number, found '\(text)'", node, rule: "value-type")
                }
                return nil
            }
            if type == .float {
                // Every copy holds the nearest Float, so the schema value is rounded here once.
                guard let rounded = FloatText.rounded(number) else {
                    error("\(context()): \(text) is outside Float's range; Swift's decoder refuses it", node, rule: "value-out-of-range")
                    return nil
                }
                return .double(rounded == 0 ? 0 : rounded)
            }
            return .double(number == 0 ? 0 : number)
        case .uuid:
            guard let canonical = UUIDText.canonical(text) else {
                error("\(context()) must be a UUID in the 8-4-4-4-12 hex form such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\", found '\(text)'", node, rule: "value-type")
                return nil
            }
            return .uuid(canonical)
        case .date:
            guard let millis = Epoch.parseISO8601(text) else {
                error("\(context()) must be an ISO-8601 UTC date from 1970 to 9999 such as \"2025-03-15T19:00:00Z\", found '\(text)'", node, rule: "value-type")
                return nil
            }
            return .date(millis)
        default:
            error("\(context()) must be \(Self.article(type))", node, rule: "value-type")
            return nil
        }
    }

    /// Why an integer is refused: its type's range, and for 64-bit kinds the JavaScript limit.
    static func rangeDescription(_ type: FieldType) -> String {
        switch type {
        case .sized(let kind) where kind.is64Bit:
            return "the range \(kind.wireRange.lowerBound)...\(kind.wireRange.upperBound): \(kind.rawValue) values are limited to JavaScript's safe integers (2^53 - 1) on the bridge, in FCM and in TypeScript"
        case .sized(let kind):
            return "the range of \(kind.rawValue) (\(kind.wireRange.lowerBound)...\(kind.wireRange.upperBound))"
        default:
            return "the 32-bit range that int has in Kotlin and TypeScript"
        }
    }

    static func article(_ type: FieldType) -> String {
        switch type {
        case .int, .sized: return "a whole number"
        case .double, .float: return "a number"
        case .bool: return "true or false"
        case .date: return "an ISO-8601 UTC date"
        case .url: return "a URL"
        default: return "a \(type.schemaSpelling)"
        }
    }

    // Both grammars are ASCII, so they are checked on the UTF-8 bytes: any other byte fails,
    // just as any non-ASCII Character would.
    static func isDecimalInteger(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy(isDigit) else { return false }
        return first != UInt8(ascii: "0") || digits.count == 1
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, the JSON number grammar.
    static func isDecimalNumber(_ text: String) -> Bool {
        var rest = text.utf8[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let whole = rest.prefix(while: isDigit)
        guard !whole.isEmpty, whole.first != UInt8(ascii: "0") || whole.count == 1 else { return false }
        rest = rest.dropFirst(whole.count)
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func looksLikeYAML11Number(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? String(text.dropFirst()) : text
        if body.count > 1, body.hasPrefix("0"), body.allSatisfy(\.isASCIIDigit) { return true }
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") { return true }
        return body.contains(":") && body.allSatisfy { $0.isASCIIDigit || $0 == ":" || $0 == "." }
    }
}

extension SchemaLoader {
    /// What `text` (which `looksLikeYAML11Number`) is, what YAML readers make of it, and the
    /// decimal to write instead: `0x10` is hexadecimal (16), `0777` a YAML 1.1 octal (511, or
    /// 777 to a YAML 1.2 reader), `0o17` a YAML 1.2 octal, `0b101` a YAML 1.1 binary, `1:30`
    /// a YAML 1.1 base-60 number (90).
    static func yaml11NumberProblem(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let sign = negative ? "-" : ""
        func decimal(_ digits: Substring, radix: Int) -> String? {
            Int64(digits, radix: radix).map { sign + String($0) }
        }
        func fix(_ value: String?) -> String {
            value.map { "; write the decimal \($0)" } ?? "; write a plain decimal"
        }
        if body.hasPrefix("0x") {
            let value = decimal(body.dropFirst(2), radix: 16)
            return "'\(text)' is a hexadecimal number\(value.map { " (\($0))" } ?? ""), which YAML readers do not agree on and JSON cannot carry" + fix(value)
        }
        if body.hasPrefix("0o") {
            return "'\(text)' is a YAML 1.2 octal number (\(decimal(body.dropFirst(2), radix: 8) ?? "a number")), which a YAML 1.1 reader takes for a string" + fix(decimal(body.dropFirst(2), radix: 8))
        }
        if body.hasPrefix("0b") {
            return "'\(text)' is a YAML 1.1 binary number (\(decimal(body.dropFirst(2), radix: 2) ?? "a number")), which a YAML 1.2 reader takes for a string" + fix(decimal(body.dropFirst(2), radix: 2))
        }
        if body.contains(":") {
            var total: Int64? = 0
            for part in body.split(separator: ":", omittingEmptySubsequences: false) {
                guard let running = total, let digit = Int64(part), digit >= 0 else { total = nil; break }
                let (shifted, over) = running.multipliedReportingOverflow(by: 60)
                let (sum, overSum) = shifted.addingReportingOverflow(digit)
                total = over || overSum ? nil : sum
            }
            let value = total.map { sign + String($0) }
            return "'\(text)' is a YAML 1.1 base-60 (sexagesimal) number\(value.map { " (\($0))" } ?? ""), which a YAML 1.2 reader takes for a string" + fix(value)
        }
        let octal = decimal(body.dropFirst(), radix: 8)
        let stripped = body.drop { $0 == "0" }
        let plain = sign + (stripped.isEmpty ? "0" : String(stripped))
        guard let octal else {
            return "'\(text)' has a leading zero, so a YAML 1.1 reader takes it for a string (it is no octal number: it holds 8 or 9) and a YAML 1.2 reader for \(plain); write \(plain)"
        }
        return "'\(text)' is a YAML 1.1 octal number (\(octal)), which a YAML 1.2 reader takes for \(plain); write the decimal you mean: \(octal), or \(plain)"
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
