/// Regular expressions over decimal text, for FCM data values (strings that hold numbers):
/// JSON Schema compares numbers, never the number inside a string, so the ranges the FCM
/// parsers check become patterns. Patterns use only what ECMA-262 and every JSON Schema
/// validator's regex engine share (groups, classes, `{m,n}`).
enum DecimalPattern {
    /// Decimal integers in `range` as the FCM parsers read them: an optional `-`, digits,
    /// leading zeros allowed, no `+`, no spaces (docs/wire.md); `signed: false` for the
    /// envelope's times, which are digits only. Anchored.
    static func integers(in range: ClosedRange<Int64>, signed: Bool = true) -> String {
        var alternatives: [String] = []
        if range.upperBound >= 0 {
            alternatives.append("0*(?:\(nonNegative(UInt64(max(range.lowerBound, 0)), UInt64(range.upperBound))))")
        }
        if signed && range.lowerBound < 0 {
            // -1 ... -lower; `-0` reads as 0, so it belongs to the range when 0 does.
            let high = range.lowerBound.magnitude, low = range.upperBound < 0 ? range.upperBound.magnitude : 1
            alternatives.append("-0*(?:\(nonNegative(low, high)))")
        }
        if signed && range.contains(0) { alternatives.append("-0+") }
        return "^(?:\(alternatives.joined(separator: "|")))$"
    }

    /// Digit strings without leading zeros for the numbers `low ... high`.
    static func nonNegative(_ low: UInt64, _ high: UInt64) -> String {
        var output: [UInt8] = []
        let lowText = Array(String(low).utf8), highText = Array(String(high).utf8)
        for length in lowText.count...highText.count {
            if length > lowText.count { output.append(UInt8(ascii: "|")) }
            let first = length == lowText.count ? lowText : [UInt8(ascii: "1")] + Array(repeating: zero, count: length - 1)
            let last = length == highText.count ? highText : Array(repeating: nine, count: length)
            sameLength(first[...], last[...], into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")

    /// Appends the digit strings of one length between `low` and `high` (both that long,
    /// low <= high), as bytes, not strings: an int64 range is a few
    /// thousand small pieces, and `check` writes every FCM document on every run.
    private static func sameLength(_ low: ArraySlice<UInt8>, _ high: ArraySlice<UInt8>, into output: inout [UInt8]) {
        guard let a = low.first, let b = high.first else { return }
        let restLow = low.dropFirst(), restHigh = high.dropFirst()
        if restLow.isEmpty { return digitClass(a, b, into: &output) }
        func group(_ first: UInt8, _ low: ArraySlice<UInt8>, _ high: ArraySlice<UInt8>) {
            output.append(first)
            output.append(contentsOf: "(?:".utf8)
            sameLength(low, high, into: &output)
            output.append(UInt8(ascii: ")"))
        }
        func anyDigits(_ count: Int) { output.append(contentsOf: "[0-9]{\(count)}".utf8) }
        if a == b { return group(a, restLow, restHigh) }
        if restLow.allSatisfy({ $0 == zero }) && restHigh.allSatisfy({ $0 == nine }) {
            digitClass(a, b, into: &output)
            return anyDigits(restLow.count)
        }
        group(a, restLow, ArraySlice(repeating: nine, count: restLow.count))
        if b - a > 1 {
            output.append(UInt8(ascii: "|"))
            digitClass(a + 1, b - 1, into: &output)
            anyDigits(restLow.count)
        }
        output.append(UInt8(ascii: "|"))
        group(b, ArraySlice(repeating: zero, count: restHigh.count), restHigh)
    }

    private static func digitClass(_ low: UInt8, _ high: UInt8, into output: inout [UInt8]) {
        if low == high { return output.append(low) }
        output.append(contentsOf: [UInt8(ascii: "["), low, UInt8(ascii: "-"), high, UInt8(ascii: "]")])
    }

    /// JSON number text whose value is finite in a binary floating-point type: `maxExponent`
    /// is the largest decimal exponent every normalized mantissa survives (Double 307, Float
    /// 37), `limit` the digits below which a mantissa survives one exponent higher (the
    /// rounding threshold to infinity, `d.ddd` without the point), `minExponent` the smallest
    /// exponent kept from rounding to zero (Float -45; nil when zero is fine).
    ///
    /// What it accepts always fits; what it refuses is overflow, underflow and the forms no
    /// writer uses (a mantissa like `12e3` or `0.5e2`, which would need arithmetic to bound).
    /// JavaScript, Kotlin, Java, Python and Swift all write normalized mantissas.
    static func finiteNumber(maxExponent: Int, limit: String, minExponent: Int?) -> String {
        let digits = Array(limit.utf8)
        // Plain form: an integer part of up to maxExponent + 1 digits (below 10^(maxExponent+1)).
        var zero = "0(?:\\.[0-9]+)?"
        if let minExponent {
            // 0.000ddd: a non-zero digit within -minExponent places, or all zeros.
            zero = "0(?:\\.0+|\\.0{0,\(-minExponent - 1)}[1-9][0-9]*)?"
        }
        let plain = "(?:[1-9][0-9]{0,\(maxExponent)}(?:\\.[0-9]+)?|\(zero))"
        let mantissa = "[1-9](?:\\.[0-9]+)?"
        let positive = "[eE]\\+?0*(?:\(nonNegative(0, UInt64(maxExponent))))"
        let negative = minExponent.map { "[eE]-0*(?:\(nonNegative(0, UInt64(-$0))))" } ?? "[eE]-[0-9]+"
        let top = "(?:\(below(digits)))[eE]\\+?0*\(maxExponent + 1)"
        return "^-?(?:\(plain)|\(mantissa)(?:\(positive)|\(negative))|\(top)|0(?:\\.0+)?[eE][+-]?[0-9]+)$"
    }

    /// Mantissas `d` or `d.ddd` whose digits (without the point) are below `limit`'s, read
    /// as `limit[0].limit[1...]`.
    static func below(_ limit: [UInt8]) -> String {
        var parts: [String] = []
        let digit = { (byte: UInt8) in String(UnicodeScalar(byte)) }
        // The first digit smaller.
        if limit[0] > UInt8(ascii: "1") { parts.append("[1-\(digit(limit[0] - 1))](?:\\.[0-9]+)?") }
        // Equal up to position i, smaller at i; or a proper prefix (then shorter, so smaller).
        for index in 1..<limit.count {
            let prefix = digit(limit[0]) + "\\." + limit[1..<index].map(digit).joined()
            if limit[index] > UInt8(ascii: "0") {
                parts.append(prefix + "[0-\(digit(limit[index] - 1))][0-9]*")
            }
        }
        // Proper prefixes followed by zeros (the limit itself is not below itself).
        let prefixes = (1..<max(1, limit.count - 1)).map { limit[1...$0].map(digit).joined() }
        parts.append(digit(limit[0]) + (prefixes.isEmpty ? "" : "(?:\\.(?:" + prefixes.joined(separator: "|") + ")0*)?"))
        return parts.joined(separator: "|")
    }
}
