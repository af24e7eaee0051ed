/// The value rules of docs/wire.md that fixtures predict, in one place, so what a fixture
/// expects is computed the way the generated parsers and bridges compute it: a fixture that
/// disagreed with the generated code would make `validate` flag the tool's own output.
enum WireRules {
    /// `number` moved into `field`'s bounds, each bound checked on its own: below `min` gives
    /// `min`, above `max` gives `max`. A field with only `max: -5` clamps 0 to -5.
    static func clamp(_ number: Double, to field: Field?) -> Double {
        if let low = field?.minimum?.number, number < low { return low }
        if let high = field?.maximum?.number, number > high { return high }
        return number
    }

    /// The bound a readable number is clamped to (the parser reports `clamped`), or nil
    /// when it is within bounds.
    static func clampedBound(_ number: Double, of field: Field) -> Value? {
        if let low = field.minimum, let bound = low.number, number < bound { return low }
        if let high = field.maximum, let bound = high.number, number > bound { return high }
        return nil
    }

    /// A JSON value no reader of a map's `valueType` accepts, for the "wrong value" cases;
    /// nil for a struct without fields, which decodes from any object member.
    static func wrongMapValue(_ valueType: FieldType, in contract: Contract) -> JSONValue? {
        switch valueType {
        case .bool: return .string("true")
        case .structure(let name) where contract.type(named: name)?.fields?.isEmpty ?? true: return nil
        default: return .bool(true)
        }
    }
}
