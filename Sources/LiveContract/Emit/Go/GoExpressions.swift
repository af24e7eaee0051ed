/// The Go expressions the generated conversions are built from, one recursive builder per
/// direction, so nested arrays and structs compose without special cases.
///
/// Every expression calls a runtime helper of the generated file (the `lc*` helpers of
/// go-runtime.mustache) or a per-struct function; the template only places the results.
/// Function literals are written over several lines (`GoLayout.function`), as gofmt keeps them.
struct GoExpressions {
    let syntax: GoSyntax

    var contract: Contract { syntax.contract }

    /// Per-struct function names (unexported, so no exported schema name can collide).
    func toApnsFunction(_ name: String) -> String { "lcToApns" + syntax.typeName(name) }
    func fromApnsFunction(_ name: String) -> String { "lcFromApns" + syntax.typeName(name) }
    func normalizeFunction(_ name: String) -> String { "lcNormalize" + syntax.typeName(name) }
    func readFunction(_ name: String) -> String { "lcRead" + syntax.typeName(name) }

    /// Bridge value -> APNs value; trusted input, no checks (`ToContentState` is total).
    func toApns(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .uuid: return "strings.ToUpper(\(value))"
        case .float: return "float32(\(value))"
        case .date: return "lcSeconds(\(value))"
        case .dateRange: return "lcRangeSeconds(\(value))"
        case .structure(let name): return "\(toApnsFunction(name))(\(value))"
        case .array(let element):
            return "lcEach(\(value), \(GoLayout.function("func(item \(syntax.bridgeType(element))) \(syntax.apnsType(element))", returning: toApns(element, "item"))))"
        case .map(let element):
            return "lcEachValue(\(value), \(GoLayout.function("func(item \(syntax.bridgeType(element))) \(syntax.apnsType(element))", returning: toApns(element, "item"))))"
        default: return value
        }
    }

    /// Unix ms -> the APNs form of a date declared with `encoding:`.
    func toApnsDate(_ encoding: DateEncoding, _ value: String) -> String {
        switch encoding {
        case .reference: return toApns(.date, value)
        // As Swift's timeIntervalSince1970 gives them: counted from 2001, plus 978307200.
        case .unixSeconds: return "lcSeconds(\(value)) + lcReferenceMs/1000"
        // As the Swift widget writes them: its Date counts seconds from 2001 as a Double.
        case .unixMillis: return "float64(lcFromSeconds(lcSeconds(\(value))))"
        case .iso8601: return "lcISO8601(\(value))"
        }
    }

    /// `fromApns` for a field: a date with `encoding:` is read back from its declared form.
    func fromApnsField(_ field: Field, _ value: String) -> String {
        switch field.dateEncoding {
        case .reference: return fromApns(field.type, value)
        case .unixSeconds: return "lcFromUnixSeconds(\(value))"
        case .unixMillis: return "lcFromUnixSeconds(\(value) / 1000)"
        case .iso8601: return "lcISO8601Millis(\(value))"
        }
    }

    /// APNs value -> bridge value (seconds since 2001 back to Unix ms, rounded half away from zero).
    func fromApns(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .float: return "float64(\(value))"
        case .date: return "lcFromSeconds(\(value))"
        case .dateRange: return "lcRangeFromSeconds(\(value))"
        case .structure(let name): return "\(fromApnsFunction(name))(\(value))"
        case .array(let element):
            return "lcEach(\(value), \(GoLayout.function("func(item \(syntax.apnsType(element))) \(syntax.bridgeType(element))", returning: fromApns(element, "item"))))"
        case .map(let element):
            return "lcEachValue(\(value), \(GoLayout.function("func(item \(syntax.apnsType(element))) \(syntax.bridgeType(element))", returning: fromApns(element, "item"))))"
        default: return value
        }
    }

    /// A field's bridge value for APNs: default filled, bounds clamped, then converted. A
    /// Float is rounded to a Float before clamping, as the TypeScript converters do.
    func toApnsField(_ field: Field, _ value: String) -> String {
        if field.hasDateEncoding { return toApnsDate(field.dateEncoding, value) }
        if field.type == .float { return "float32(\(clamped("lcFround(\(value))", field, helper: "lcClamp")))" }
        return toApns(field.type, clamped(value, field, helper: "lcClamp"))
    }

    /// Checks the bridge value (recording the first problem in the writer `w` under `path`)
    /// and returns it again in the bridge shape: uuids upper-cased, Floats rounded.
    func normalize(_ type: FieldType, _ value: String, _ path: String) -> String {
        switch type {
        case .string, .url, .bool, .int: return value
        case .uuid: return "w.uuid(\(value), \(path))"
        case .sized(let kind):
            switch kind {
            case .int64: return "w.safeInt(\(value), \(path))"
            case .uint64: return "w.safeUint(\(value), \(path))"
            case .uint: return "uint(w.safeUint(uint64(\(value)), \(path)))"
            default: return value
            }
        case .double: return "w.finite(\(value), \(path))"
        case .float: return "w.float(\(value), \(path))"
        case .date: return "w.millis(\(value), \(path))"
        case .dateRange: return "w.rangeMs(\(value), \(path))"
        case .enumeration(let name) where isIntRaw(name):
            return "\(syntax.typeName(name))(w.oneOfInt(int32(\(value)), \(syntax.casesVariable(name)), \(path)))"
        case .enumeration(let name):
            return "\(syntax.typeName(name))(w.oneOf(string(\(value)), \(syntax.casesVariable(name)), \(path)))"
        case .structure(let name): return "\(normalizeFunction(name))(w, \(value), \(path))"
        case .array(let element):
            let goType = syntax.bridgeType(element)
            return "lcEachAt(\(value), \(path), \(GoLayout.function("func(item \(goType), at string) \(goType)", returning: normalize(element, "item", "at"))))"
        case .map(let element):
            let goType = syntax.bridgeType(element)
            return "lcEachValueAt(\(value), \(path), \(GoLayout.function("func(item \(goType), at string) \(goType)", returning: normalize(element, "item", "at"))))"
        }
    }

    /// `normalize` for a field, with its bounds.
    func normalizeField(_ field: Field, _ value: String, _ path: String) -> String {
        clamped(normalize(field.type, value, path), field, helper: "lcClamp")
    }

    /// Wraps a numeric expression in `helper(expression, min, max)` when the field has bounds.
    func clamped(_ expression: String, _ field: Field, helper: String) -> String {
        guard let (low, high) = syntax.bounds(field) else { return expression }
        return "\(helper)(\(expression), \(low), \(high))"
    }

    /// The FCM data string of a normalized bridge value: text for scalars, compact JSON
    /// text (as `JSON.stringify` writes it) for ranges, structs and arrays.
    func fcmText(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url, .uuid: return value
        case .enumeration(let name) where isIntRaw(name): return "strconv.FormatInt(int64(\(value)), 10)"
        case .enumeration: return "string(\(value))"
        case .int: return "strconv.FormatInt(int64(\(value)), 10)"
        case .sized(let kind):
            return kind == .uint || kind == .uint64 ? "strconv.FormatUint(uint64(\(value)), 10)" : "strconv.FormatInt(int64(\(value)), 10)"
        case .double, .float: return "lcNumberText(\(value))"
        case .bool: return "strconv.FormatBool(\(value))"
        case .date: return "strconv.FormatInt(\(value), 10)"
        case .dateRange, .structure, .array, .map: return "w.json(\(value))"
        }
    }

    /// Reads an untrusted JSON value (inside FCM JSON text) or panics with `lcInvalid`,
    /// which the FCM reader recovers.
    func jsonRead(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url: return "lcJSONString(\(value))"
        case .uuid: return "lcJSONUUID(\(value))"
        case .int: return "lcJSONInt(\(value))"
        case .sized(let kind):
            let range = kind.wireRange
            return "lcJSONSized[\(GoSyntax.sizedType(kind))](\(value), \(range.lowerBound), \(range.upperBound))"
        case .double: return "lcJSONDouble(\(value))"
        case .float: return "lcJSONFloat(\(value))"
        case .bool: return "lcJSONBool(\(value))"
        case .date: return "lcJSONMillis(\(value))"
        case .dateRange: return "lcJSONRange(\(value))"
        case .enumeration(let name): return "\(isIntRaw(name) ? "lcJSONIntCase" : "lcJSONCase")[\(syntax.typeName(name))](\(value), \(casesArguments(name)))"
        case .structure(let name): return "\(readFunction(name))(\(value))"
        case .array(let element):
            return "lcJSONArray(\(value), \(GoLayout.function("func(item interface{}) \(syntax.bridgeType(element))", returning: jsonRead(element, "item"))))"
        case .map(let element):
            return "lcJSONMap(\(value), \(GoLayout.function("func(item interface{}) \(syntax.bridgeType(element))", returning: jsonRead(element, "item"))))"
        }
    }

    /// The reader of one top-level FCM data string, following the repair table of docs/wire.md.
    func fcmReader(_ field: Field) -> String {
        let reader: String
        switch field.type {
        case .string, .url: reader = "lcReadString"
        case .uuid: reader = "lcReadUUID"
        case .int: reader = "lcReadInt"
        case .sized(let kind):
            let range = kind.wireRange
            reader = "lcReadSized[\(GoSyntax.sizedType(kind))](\(range.lowerBound), \(range.upperBound))"
        case .double: reader = "lcReadDouble"
        case .float: reader = "lcReadFloat"
        case .bool: reader = "lcReadBool"
        case .date: reader = "lcReadMillis"
        case .enumeration(let name): reader = "\(isIntRaw(name) ? "lcReadIntCase" : "lcReadCase")[\(syntax.typeName(name))](\(casesArguments(name)))"
        case .dateRange, .structure, .array, .map:
            reader = "lcReadJSON(\(GoLayout.function("func(j interface{}) \(syntax.bridgeType(field.type))", returning: jsonRead(field.type, "j"))))"
        }
        return clamped(reader, field, helper: "lcBounded")
    }

    /// `cases, "fallback", true` or `cases, "", false` for an enum without `unknown:`.
    func casesArguments(_ name: String) -> String {
        let cases = syntax.casesVariable(name)
        let isInt = isIntRaw(name)
        guard let fallback = contract.type(named: name)?.enumType?.unknownRawValue else { return "\(cases), \(isInt ? "0" : "\"\""), false" }
        return "\(cases), \(isInt ? fallback : GoSyntax.stringLiteral(fallback)), true"
    }

    /// Whether enum `name` has `raw: int` (an int32 type; its cases travel as numbers).
    func isIntRaw(_ name: String) -> Bool { contract.type(named: name)?.enumType?.rawType == .int }
}
