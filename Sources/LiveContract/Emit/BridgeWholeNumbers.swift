/// What both Expo bridges (the Swift and the Kotlin records) make of an `int` or a sized
/// integer: JavaScript sends a Double, which the conversion rounds and clamps.
enum BridgeWholeNumbers {
    /// The type's range (an int's 32 bits, a sized integer's wire range) narrowed by the
    /// field's `min`/`max`; list items have no field, so no narrowing.
    static func range(_ type: FieldType, field: Field?) -> ClosedRange<Int64> {
        var low = Int64(Int32.min), high = Int64(Int32.max)
        if case .sized(let kind) = type { low = kind.wireRange.lowerBound; high = kind.wireRange.upperBound }
        if case .int(let bound)? = field?.minimum { low = Swift.max(low, Int64(bound)) }
        if case .int(let bound)? = field?.maximum { high = Swift.min(high, Int64(bound)) }
        return low...high
    }

    /// What a NaN or infinite number becomes, as for a double: the default, else `min`, else
    /// `max`, else 0 (list items: 0). Each is a whole number within the field's range.
    static func repair(_ field: Field?) -> String {
        for value in [field?.defaultValue, field?.minimum, field?.maximum] {
            if case .int(let whole)? = value { return String(whole) }
        }
        return "0"
    }
}

extension FieldType {
    /// An `int` or a sized integer: a whole number the bridges make from JavaScript's Double.
    var isWholeNumber: Bool {
        switch self {
        case .int, .sized: return true
        default: return false
        }
    }
}
