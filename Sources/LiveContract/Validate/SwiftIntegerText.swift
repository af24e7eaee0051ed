/// Number text read into a fixed-width integer the way Foundation's `JSONDecoder` (Swift 6.3)
/// reads it, so `validate` refuses exactly what the widget refuses (docs/wire.md, "Sized
/// integers"). Foundation takes three steps:
/// 1. text of digits alone (an optional `-`) is parsed exactly, and kept when the type holds it;
/// 2. otherwise the text becomes a Double (strtod: `1e400` is infinity, `1e-400` zero), which
///    the type must hold exactly (`1.5`, `2^63` for Int64, `2^64` for UInt64 fail); below
///    2^53 that Double is the value;
/// 3. from 2^53 on, the text is read again as a Decimal: its digits without trailing zeros
///    must fit 64 bits, a negative exponent drops digits (truncating), a positive one
///    multiplies, and the magnitude must fit the type (a negative one as a positive value,
///    so `-9223372036854775808.0` fails for Int64 while `-9223372036854775808` decodes).
/// So `1e19` and `10000000000000000000.0` decode as UInt64, and `9007199254740993.0` is exactly
/// 9007199254740993, not the Double's ...992.
enum SwiftIntegerText {
    /// The decimal text of the value Foundation decodes from `text` into the type whose
    /// range `holds` accepts (given decimal text), or nil when decoding fails.
    static func decoded(_ text: String, holds: (String) -> Bool) -> String? {
        if NumberText.isPlainInteger(text), let plain = canonical(text), holds(plain) { return plain }
        guard let double = Double(text), double.isFinite, double == double.rounded(.towardZero) else { return nil }
        guard let whole = wholeText(double), holds(whole) else { return nil }
        if double.magnitude < 9_007_199_254_740_992 { return whole }
        guard let (negative, magnitude) = decimalMagnitude(text) else { return nil }
        let digits = String(magnitude)
        if negative {
            guard holds("-1"), holds(digits), magnitude != 0 else { return nil }
            return "-" + digits
        }
        return holds(digits) ? digits : nil
    }

    /// Int (64-bit on every iPhone): the `int` type and `raw: int` enums.
    static func int(_ text: String) -> Int64? {
        decoded(text) { Int64($0) != nil }.flatMap { Int64($0) }
    }

    /// `-0` as `0`; digits as they are (JSON has no leading zeros).
    private static func canonical(_ text: String) -> String? {
        if text == "-0" { return "0" }
        return text.utf8.count <= 21 ? text : nil
    }

    /// A whole Double within ±2^64 as exact decimal text.
    private static func wholeText(_ value: Double) -> String? {
        if value.magnitude < 9.223372036854775808e18 { return String(Int64(value)) }
        if value >= 0, value < 1.8446744073709551616e19 { return String(UInt64(value)) }
        if value == -9.223372036854775808e18 { return String(Int64.min) }
        return nil
    }

    /// Foundation's Decimal reading of JSON number text turned into an integer magnitude:
    /// significant digits (those its 128-bit mantissa holds) without trailing zeros, at most 64
    /// bits, then the exponent applied, a negative one dropping digits.
    private static func decimalMagnitude(_ text: String) -> (Bool, UInt64)? {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let mantissaEnd = bytes.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? bytes.endIndex
        var exponent = 0
        if mantissaEnd < bytes.endIndex {
            guard let value = Int(String(Substring(bytes[bytes.index(after: mantissaEnd)...]))), value.magnitude < 100_000 else { return nil }
            exponent = value
        }
        var digits: [UInt8] = []
        var seenPoint = false
        for byte in bytes[..<mantissaEnd] {
            if byte == UInt8(ascii: ".") { seenPoint = true; continue }
            digits.append(byte - UInt8(ascii: "0"))
            if seenPoint { exponent -= 1 }
        }
        while digits.first == 0 { digits.removeFirst() }
        // Decimal keeps the digits that fit its 128-bit mantissa and drops the rest.
        let kept = digits.count >= 39 && digits.prefix(39).map { String($0) }.joined() > "340282366920938463463374607431768211455" ? 38 : 39
        if digits.count > kept {
            exponent += digits.count - kept
            digits.removeLast(digits.count - kept)
        }
        while digits.last == 0 { digits.removeLast(); exponent += 1 }
        var magnitude: UInt64 = 0
        for digit in digits {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if exponent < 0 {
            for _ in 0 ..< min(-exponent, 20) { magnitude /= 10 }
        } else {
            for _ in 0 ..< exponent {
                let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = times
            }
        }
        return (negative, magnitude)
    }
}
