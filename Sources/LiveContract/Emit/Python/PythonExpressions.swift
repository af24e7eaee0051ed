/// The Python expressions the generated conversions are built from, one recursive builder per
/// direction, so nested lists and structs compose without special cases. Each calls an `_lc_*`
/// runtime helper (python-runtime.mustache) or a per-struct function.
struct PythonExpressions {
    let syntax: PythonSyntax

    var contract: Contract { syntax.contract }

    /// Reads an untrusted JSON value of the bridge shape (`apns: false`) or the APNs shape,
    /// raising TypeError/ValueError naming `path`: what `from_json` does with each member.
    func readJSON(_ type: FieldType, _ value: String, _ path: String, apns: Bool) -> String {
        switch type {
        case .date: return apns ? "_lc_double(\(value), \(path))" : "_lc_millis(\(value), \(path))"
        case .dateRange: return apns ? "_lc_seconds_range(\(value), \(path))" : "_lc_range(\(value), \(path))"
        case .structure(let name): return "\(apns ? syntax.apnsTypeName(name) : syntax.typeName(name))._read(\(value), \(path))"
        case .array(let element):
            return "_lc_array(\(value), \(path), lambda item, at: \(readJSON(element, "item", "at", apns: apns)))"
        case .map(let valueType):
            return "_lc_map(\(value), \(path), lambda item, at: \(readJSON(valueType, "item", "at", apns: apns)))"
        case .float: return apns ? "_lc_float_apns(_lc_float(\(value), \(path)))" : "_lc_float(\(value), \(path))"
        case .enumeration(let name) where apns && fallback(name) != "None":
            // Swift's decoder reads an unknown raw value as the `unknown:` case.
            return "\(caseHelper(name))(\(syntax.typeName(name)), \(value), \(path), \(fallback(name)))"
        default: return checked(type, value, path, apns: apns)
        }
    }

    /// Checks a bridge value (raising with `path` on what no decoder accepts) and returns it in
    /// the APNs shape (`apns`) or again in the bridge shape, always a fresh copy.
    func checked(_ type: FieldType, _ value: String, _ path: String, apns: Bool) -> String {
        switch type {
        case .string: return "_lc_string(\(value), \(path))"
        case .url: return "_lc_url(\(value), \(path))"
        case .uuid: return "_lc_uuid(\(value), \(path))"
        case .sized(let kind): return "_lc_sized(\(value), \(path), \(Self.rangeArguments(kind)))"
        case .int: return "_lc_int(\(value), \(path))"
        case .double: return "_lc_double(\(value), \(path))"
        case .float: return apns ? "_lc_float_apns(_lc_float(\(value), \(path)))" : "_lc_float(\(value), \(path))"
        case .bool: return "_lc_bool(\(value), \(path))"
        case .date: return apns ? "_lc_seconds(_lc_millis(\(value), \(path)))" : "_lc_millis(\(value), \(path))"
        case .dateRange: return apns ? "_lc_range_seconds(_lc_range(\(value), \(path)))" : "_lc_range(\(value), \(path))"
        case .enumeration(let name): return "\(caseHelper(name))(\(syntax.typeName(name)), \(value), \(path))"
        case .structure(let name):
            return "\(syntax.functionPrefix(name))_\(apns ? "to_apns" : "normalize")(\(value), \(path))"
        case .array(let element):
            return "_lc_array(\(value), \(path), lambda item, at: \(checked(element, "item", "at", apns: apns)))"
        case .map(let valueType):
            return "_lc_map(\(value), \(path), lambda item, at: \(checked(valueType, "item", "at", apns: apns)))"
        }
    }

    /// `checked` for a field, clamped to its bounds. A Float is clamped before it is spelled
    /// as Swift writes it, so a clamped value agrees too.
    func checkedField(_ field: Field, _ value: String, path: String, apns: Bool) -> String {
        if apns && field.hasDateEncoding {
            let millis = checked(.date, value, path, apns: false)
            switch field.dateEncoding {
            case .unixSeconds: return "_lc_unix_seconds_of(\(millis))"
            // As the Swift widget writes them: its Date counts seconds from 2001 as a Double.
            case .unixMillis: return "_lc_from_seconds(_lc_seconds(\(millis)))"
            case .iso8601: return "_lc_iso8601(\(millis))"
            case .reference: break
            }
        }
        if field.type == .float && apns {
            return "_lc_float_apns(\(clamped(checked(.float, value, path, apns: false), field, helper: "_lc_clamp")))"
        }
        return clamped(checked(field.type, value, path, apns: apns), field, helper: "_lc_clamp")
    }

    /// `helper(expression, low, high)` when the field has bounds.
    func clamped(_ expression: String, _ field: Field, helper: String) -> String {
        guard field.minimum != nil || field.maximum != nil else { return expression }
        let integer = field.type.integerRange != nil
        let low = PythonSyntax.bound(field.minimum, integer: integer), high = PythonSyntax.bound(field.maximum, integer: integer)
        return "\(helper)(\(expression), \(low), \(high))"
    }

    /// A typed value as JSON-ready data: enum raw values, dicts with wire or Swift names.
    func toJSON(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .enumeration: return "\(value).value"
        case .structure: return "\(value).to_json()"
        case .dateRange: return "[\(value)[0], \(value)[1]]"
        case .array(let element):
            let inner = toJSON(element, "item")
            return inner == "item" ? "list(\(value))" : "[\(inner) for item in \(value)]"
        case .map(let valueType): return "_lc_sorted(\(value), lambda item: \(toJSON(valueType, "item")))"
        default: return value
        }
    }

    /// Reads the untrusted APNs JSON of a date declared with `encoding:` (`from_json`).
    func readEncodedDate(_ encoding: DateEncoding, _ value: String, _ path: String) -> String {
        encoding == .iso8601 ? "_lc_iso8601_text(\(value), \(path))" : "_lc_double(\(value), \(path))"
    }

    /// `fromApns` for a field: a date with `encoding:` is read back from its declared form.
    func fromApnsField(_ field: Field, _ value: String) -> String {
        switch field.dateEncoding {
        case .reference: return fromApns(field.type, value)
        case .unixSeconds: return "_lc_from_unix_seconds(\(value))"
        case .unixMillis: return "_lc_from_unix_seconds(\(value) / 1000)"
        case .iso8601: return "_lc_from_iso8601(\(value))"
        }
    }

    /// An APNs value back to the bridge shape; the input is typed (it came from our classes).
    func fromApns(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .date: return "_lc_from_seconds(\(value))"
        case .float: return "_lc_fround(\(value))"
        case .dateRange: return "_lc_range_from_seconds(\(value))"
        case .structure(let name): return "\(syntax.functionPrefix(name))_from_apns(\(value))"
        case .array(let element):
            let inner = fromApns(element, "item")
            return inner == "item" ? "list(\(value))" : "[\(inner) for item in \(value)]"
        case .map(let valueType): return "_lc_sorted(\(value), lambda item: \(fromApns(valueType, "item")))"
        default: return value
        }
    }

    /// Reads an untrusted JSON value inside FCM JSON text, raising `_LcInvalid`; no clamping.
    func jsonRead(_ type: FieldType, _ value: String) -> String {
        switch type {
        case .string, .url: return "_lc_json_string(\(value))"
        case .uuid: return "_lc_json_uuid(\(value))"
        case .sized(let kind): return "_lc_json_sized(\(value), \(Self.rangeArguments(kind)))"
        case .int: return "_lc_json_int(\(value))"
        case .double: return "_lc_json_double(\(value))"
        case .float: return "_lc_json_float(\(value))"
        case .bool: return "_lc_json_bool(\(value))"
        case .date: return "_lc_json_millis(\(value))"
        case .dateRange: return "_lc_json_range(\(value))"
        case .enumeration(let name): return "\(caseHelper(name, "_lc_json"))(\(syntax.typeName(name)), \(value), \(fallback(name)))"
        case .structure(let name): return "\(syntax.functionPrefix(name))_read_json(\(value))"
        case .array(let element): return "_lc_json_array(\(value), lambda item: \(jsonRead(element, "item")))"
        case .map(let valueType): return "_lc_json_map(\(value), lambda item: \(jsonRead(valueType, "item")))"
        }
    }

    /// The reader of one top-level FCM data string, by the repair table of docs/wire.md.
    func fcmReader(_ field: Field) -> String {
        let reader: String
        switch field.type {
        case .string, .url: reader = "_lc_read_string"
        case .uuid: reader = "_lc_read_uuid"
        case .sized(let kind): reader = "_lc_read_sized(\(Self.rangeArguments(kind)))"
        case .int: reader = "_lc_read_int"
        case .double: reader = "_lc_read_double"
        case .float: reader = "_lc_read_float"
        case .bool: reader = "_lc_read_bool"
        case .date: reader = "_lc_read_millis"
        case .enumeration(let name): reader = "\(caseHelper(name, "_lc_read"))(\(syntax.typeName(name)), \(fallback(name)))"
        case .dateRange, .structure, .array, .map: reader = "_lc_read_json(lambda json_value: \(jsonRead(field.type, "json_value")))"
        }
        return clamped(reader, field, helper: "_lc_bounded")
    }

    /// The FCM data string of a field: plain text for scalars, compact JSON text (as
    /// JavaScript's `JSON.stringify` writes it) for ranges, structs, lists and maps (keys in code point order).
    func fcmString(_ field: Field, _ value: String, path: String) -> String {
        let checkedValue = checkedField(field, value, path: path, apns: false)
        switch field.type {
        case .string, .url, .uuid: return checkedValue
        case .enumeration(let name) where isIntRaw(name): return "str(\(checkedValue).value)"
        case .enumeration: return checkedValue + ".value"
        case .int, .sized, .date: return "str(\(checkedValue))"
        case .double, .float: return "_lc_number_text(\(checkedValue))"
        case .bool: return "_lc_bool_text(\(checkedValue))"
        case .dateRange, .structure, .array, .map: return "json_text(\(toJSON(field.type, checkedValue)))"
        }
    }

    /// `lowest, highest, 'int8'`: the range a sized integer may take off Swift, and its name.
    static func rangeArguments(_ kind: IntegerKind) -> String {
        "\(kind.wireRange.lowerBound), \(kind.wireRange.upperBound), '\(kind.rawValue)'"
    }

    /// Whether enum `name` has `raw: int` (an IntEnum; its cases travel as numbers).
    func isIntRaw(_ name: String) -> Bool { contract.type(named: name)?.enumType?.rawType == .int }

    /// `<prefix>_case`, or `<prefix>_int_case` for an Int-raw enum.
    func caseHelper(_ name: String, _ prefix: String = "_lc") -> String {
        prefix + (isIntRaw(name) ? "_int_case" : "_case")
    }

    /// The member unknown raw values read as, or `None`.
    func fallback(_ enumName: String) -> String {
        guard let unknown = contract.type(named: enumName)?.enumType?.unknownCase else { return "None" }
        return syntax.member(unknown, of: enumName)
    }
}
