/// The TypeScript expressions the generated conversions are built from, one recursive
/// builder per direction, so nested arrays and structs compose without special cases.
///
/// Every expression calls a helper of the generated `lc` object (see typescript.mustache) or a
/// per-struct function; the template only places the results.
struct TypeScriptExpressions {
    let syntax: TypeScriptSyntax

    var contract: Contract { syntax.contract }

    /// Per-struct function names, shared by the expressions and the struct context.
    func toApnsFunction(_ name: String) -> String { Naming.lowerFirst(syntax.typeName(name)) + "ToApns" }
    func fromApnsFunction(_ name: String) -> String { Naming.lowerFirst(syntax.typeName(name)) + "FromApns" }
    func normalizeFunction(_ name: String) -> String { "normalize" + syntax.typeName(name) }
    func readFunction(_ name: String) -> String { "read" + syntax.typeName(name) }

    /// Checks the bridge value `value` (throwing with `path` on what no decoder accepts) and
    /// returns it in the APNs shape (`apns`) or again in the bridge shape, always a fresh copy.
    func checked(_ type: FieldType, _ value: String, _ path: String, apns: Bool) -> String {
        switch type {
        case .string: return "lc.string(\(value), \(path))"
        case .url: return "lc.url(\(value), \(path))"
        case .uuid: return "lc.uuid(\(value), \(path))"
        case .sized(let kind): return "lc.sized(\(value), \(path), \(Self.rangeArguments(kind)))"
        case .int: return "lc.int(\(value), \(path))"
        case .double: return "lc.double(\(value), \(path))"
        case .float: return apns ? "lc.floatApns(lc.float(\(value), \(path)))" : "lc.float(\(value), \(path))"
        case .bool: return "lc.bool(\(value), \(path))"
        case .date: return apns ? "lc.seconds(lc.millis(\(value), \(path)))" : "lc.millis(\(value), \(path))"
        case .dateRange: return apns ? "lc.rangeSeconds(lc.range(\(value), \(path)))" : "lc.range(\(value), \(path))"
        case .enumeration(let name): return "lc.oneOf(\(value), \(syntax.casesName(name)), \(path))"
        case .structure(let name): return apns ? "\(toApnsFunction(name))(\(value), \(path))" : "\(normalizeFunction(name))(\(value), \(path))"
        case .array(let element): return "lc.array(\(value), \(path), (item, at) => \(checked(element, "item", "at", apns: apns)))"
        case .map(let valueType): return "lc.record(\(value), \(path), (item, at) => \(checked(valueType, "item", "at", apns: apns)))"
        }
    }

    /// `checked` for a field: its default fills an absent value and its bounds clamp.
    func checkedField(_ field: Field, source: String, path: String, apns: Bool) -> String {
        var input = "\(source).\(field.wireName)"
        if let value = field.defaultValue {
            input = "(\(input) ?? \(syntax.literal(value, type: field.type)))"
        }
        if apns && field.hasDateEncoding {
            let millis = checked(.date, input, path, apns: false)
            switch field.dateEncoding {
            case .unixSeconds: return "lc.unixSecondsOf(\(millis))"
            // As the Swift widget writes them: its Date counts seconds from 2001 as a Double.
            case .unixMillis: return "lc.fromSeconds(lc.seconds(\(millis)))"
            case .iso8601: return "lc.iso8601(\(millis))"
            case .reference: break
            }
        }
        if field.type == .float && apns {
            // Clamp the Float first, then spell it as Swift does, so a clamped value agrees too.
            return "lc.floatApns(\(clamped(checked(.float, input, path, apns: false), field, helper: "lc.clamp")))"
        }
        return clamped(checked(field.type, input, path, apns: apns), field, helper: "lc.clamp")
    }

    /// Wraps a numeric expression in `helper(expression, min, max)` when the field has bounds.
    func clamped(_ expression: String, _ field: Field, helper: String) -> String {
        let low = TypeScriptSyntax.number(field.minimum), high = TypeScriptSyntax.number(field.maximum)
        guard low != nil || high != nil else { return expression }
        return "\(helper)(\(expression), \(low ?? "-Infinity"), \(high ?? "Infinity"))"
    }

    /// `fromApns` for a field: a date with `encoding:` is read back from its declared form.
    func fromApnsField(_ field: Field, _ value: String) -> String {
        switch field.dateEncoding {
        case .reference: return fromApns(field.type, value)
        case .unixSeconds: return "lc.fromUnixSeconds(\(value))"
        case .unixMillis: return "lc.fromUnixSeconds(\(value) / 1000)"
        case .iso8601: return "lc.fromIso8601(\(value))"
        }
    }

    /// An APNs value back to the bridge shape; the input is trusted (it came from our types).
    func fromApns(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .date: return "lc.fromSeconds(\(value))"
        case .float: return "Math.fround(\(value))"
        case .sized(let kind) where kind.is64Bit:
            // JavaScript's safe integers, as the Swift bridge's record from a content state.
            return "Math.min(Math.max(\(value), \(kind.wireRange.lowerBound)), \(kind.wireRange.upperBound))"
        case .dateRange: return "lc.rangeFromSeconds(\(value))"
        case .structure(let name): return "\(fromApnsFunction(name))(\(value))"
        case .array(let element): return "\(value).map((item) => \(fromApns(element, "item")))"
        case .map(let valueType): return "lc.recordMap(\(value), (item) => \(fromApns(valueType, "item")))"
        default: return value
        }
    }

    /// Reads an untrusted JSON value (inside FCM JSON text) or throws; the FCM reader catches.
    func jsonRead(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url: return "lc.jsonString(\(value))"
        case .uuid: return "lc.jsonUuid(\(value))"
        case .sized(let kind): return "lc.jsonSized(\(value), \(Self.rangeArguments(kind)))"
        case .int: return "lc.jsonInt(\(value))"
        case .double: return "lc.jsonDouble(\(value))"
        case .float: return "lc.jsonFloat(\(value))"
        case .bool: return "lc.jsonBool(\(value))"
        case .date: return "lc.jsonMillis(\(value))"
        case .dateRange: return "lc.jsonRange(\(value))"
        case .enumeration(let name): return "lc.\(isIntRaw(name) ? "jsonIntCase" : "jsonCase")(\(value), \(casesArguments(name)))"
        case .structure(let name): return "\(readFunction(name))(\(value))"
        case .array(let element): return "lc.jsonArray(\(value), (item) => \(jsonRead(element, "item")))"
        case .map(let valueType): return "lc.jsonRecord(\(value), (item) => \(jsonRead(valueType, "item")))"
        }
    }

    /// The reader of one top-level FCM data string, following the repair table of docs/wire.md.
    func fcmReader(_ field: Field) -> String {
        let reader: String
        switch field.type {
        case .string, .url: reader = "lc.readString"
        case .uuid: reader = "lc.readUuid"
        case .sized(let kind): reader = "lc.readSized(\(Self.rangeArguments(kind)))"
        case .int: reader = "lc.readInt"
        case .double: reader = "lc.readDouble"
        case .float: reader = "lc.readFloat"
        case .bool: reader = "lc.readBool"
        case .date: reader = "lc.readMillis"
        case .enumeration(let name): reader = "lc.\(isIntRaw(name) ? "readIntCase" : "readCase")(\(casesArguments(name)))"
        case .dateRange, .structure, .array, .map: reader = "lc.readJson((json) => \(jsonRead(field.type, "json")))"
        }
        return clamped(reader, field, helper: "lc.bounded")
    }

    /// The FCM data string of a field: plain text for scalars, `JSON.stringify` of the
    /// checked bridge shape for ranges, structs and arrays.
    func fcmString(_ field: Field, source: String, path: String) -> String {
        let value = checkedField(field, source: source, path: path, apns: false)
        switch field.type {
        case .enumeration(let name) where isIntRaw(name): return "String(\(value))"
        case .string, .url, .uuid, .enumeration: return value
        case .int, .sized, .double, .float, .bool, .date: return "String(\(value))"
        case .dateRange, .structure, .array, .map:
            return contract.holdsMap(field.type) ? "lc.stringify(\(value))" : "JSON.stringify(\(value))"
        }
    }

    /// `lowest, highest, 'int8'`: the range a sized integer may take in JS, and its name.
    static func rangeArguments(_ kind: IntegerKind) -> String {
        "\(kind.wireRange.lowerBound), \(kind.wireRange.upperBound), '\(kind.rawValue)'"
    }

    /// `cases` or `cases, 'fallback'` for an enum with `unknown:`.
    func casesArguments(_ name: String) -> String {
        let cases = syntax.casesName(name)
        guard let fallback = contract.type(named: name)?.enumType?.unknownRawValue else { return cases }
        return "\(cases), \(isIntRaw(name) ? fallback : TypeScriptSyntax.stringLiteral(fallback))"
    }

    /// Whether enum `name` has `raw: int` (its cases travel as numbers).
    func isIntRaw(_ name: String) -> Bool { contract.type(named: name)?.enumType?.rawType == .int }
}
