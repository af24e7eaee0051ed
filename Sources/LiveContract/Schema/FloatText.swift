/// How a `float` (Swift `Float`) value travels.
///
/// Every copy rounds a value to the nearest Float where it enters (TS `Math.fround`, Kotlin
/// `toFloat()`, Swift `Float(_:)`), so all copies hold the same Float. The JS-facing wires
/// (bridge, FCM, TS values) carry the Double of that Float in JavaScript's digits
/// (`0.10000000149011612`); the APNs copies write Float's own shortest digits (`0.1`), which is
/// what Swift's `JSONEncoder` writes. Both texts decode to the same Float.
public enum FloatText {
    /// The Double of the nearest Float, or nil when Swift's decoder refuses `value` for a
    /// Float: beyond Float's range, or a non-zero value that would round to zero.
    public static func rounded(_ value: Double) -> Double? {
        let single = Float(value)
        guard single.isFinite, value == 0 || single != 0 else { return nil }
        return Double(single)
    }

    /// What Swift's `JSONDecoder` makes of number text for a Float: the nearest Float of the
    /// decimal itself, which differs from the nearest Float of its nearest Double where that
    /// Double sits on a tie between two Floats (`1.00000005960464478` decodes as 1.0000001,
    /// `3.4028235677973366e38` as Float.max); nil beyond Float's range or for a non-zero
    /// decimal that rounds to zero. For APNs bodies; JS and FCM values are Doubles already.
    public static func decoded(_ text: String) -> Float? {
        guard let single = Float(text), single.isFinite else { return nil }
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        if single == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) { return nil }
        return single
    }

    /// The Double nearest to Float's shortest digits, for `float` values in the APNs shape:
    /// written as JavaScript writes Doubles it gives the digits Swift writes for the Float.
    public static func apnsDouble(_ value: Double) -> Double {
        let single = Float(value)
        guard single.isFinite else { return value }
        return Double(single.description) ?? value
    }

    /// Float's shortest digits as a Swift or Kotlin literal body (`0.1`, `3.4028235e+38`).
    public static func shortest(_ value: Double) -> String {
        let text = Float(value).description
        return text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") } ? text : text + ".0"
    }
}
