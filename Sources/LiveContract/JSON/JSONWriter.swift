/// Writes `JSONValue`s: compact text exactly as JavaScript's `JSON.stringify` writes it (FCM
/// values must match what a Node server sends), or pretty-printed with two-space indents for
/// fixture files that people read in code review.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var text = JSONText(pretty: false, capacity: 256)
        text.write(value)
        return text.string
    }

    public static func pretty(_ value: JSONValue) -> String {
        var text = JSONText(pretty: true)
        text.write(value)
        text.append(UInt8(ascii: "\n"))
        return text.string
    }

    /// Appends `text` as a JSON string literal, escaped as `JSON.stringify` escapes it.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        var json = JSONText(pretty: false, capacity: text.utf8.count + 2)
        json.write(string: text)
        output.append(contentsOf: json.bytes)
    }
}

/// Numbers as JavaScript's `String(number)` writes them: the shortest digits that round-trip
/// (Swift's `description` finds those), laid out by ECMAScript's Number::toString rules.
public enum JSNumber {
    public static func format(_ number: Double) -> String {
        var output = JSONText(pretty: false, capacity: 32)
        write(number, into: &output)
        return output.string
    }

    /// Appends `format(number)` as UTF-8.
    static func write(_ number: Double, into output: inout JSONText) {
        guard number.isFinite else { return output.append("null") }
        if number == 0 { return output.append(UInt8(ascii: "0")) }
        // Whole numbers below 2^53 are exact integers: their digits need no float printing.
        if number.magnitude < 9_007_199_254_740_992, number.rounded(.towardZero) == number {
            return output.append(Int64(number))
        }
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var text = number.magnitude.description
        text.withUTF8 { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
                let (count, point) = decimalDigits(text, into: buffer)
                layOut(UnsafeBufferPointer(rebasing: buffer[..<count]), point: point, into: &output)
            }
        }
    }

    /// ECMAScript's Number::toString layout of the value 0.d1d2d3... x 10^point.
    static func layOut(_ digits: UnsafeBufferPointer<UInt8>, point: Int, into output: inout JSONText) {
        let k = digits.count
        if k <= point && point <= 21 {
            output.append(digits)
            output.append(UInt8(ascii: "0"), count: point - k)
        } else if 0 < point && point <= 21 {
            output.append(UnsafeBufferPointer(rebasing: digits[..<point]))
            output.append(UInt8(ascii: "."))
            output.append(UnsafeBufferPointer(rebasing: digits[point...]))
        } else if -6 < point && point <= 0 {
            output.append("0.")
            output.append(UInt8(ascii: "0"), count: -point)
            output.append(digits)
        } else {
            output.append(digits[0])
            if k > 1 {
                output.append(UInt8(ascii: "."))
                output.append(UnsafeBufferPointer(rebasing: digits[1...]))
            }
            output.append(point > 0 ? "e+" : "e-")
            output.append(Int64(abs(point - 1)))
        }
    }

    /// Reads Swift's shortest round-trip text of a positive number ("12.5", "0.001", "1e-07",
    /// "1.5e+300") into its significant digits (ASCII, no leading or trailing zeros) and the
    /// position of the decimal point; returns the digit count and the point.
    static func decimalDigits(_ text: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutableBufferPointer<UInt8>) -> (Int, Int) {
        var count = 0, point = 0
        var index = 0, seenPoint = false
        while index < text.count, text[index] != UInt8(ascii: "e") && text[index] != UInt8(ascii: "E") {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte == UInt8(ascii: "0") && count == 0 {
                if seenPoint { point -= 1 }  // not a digit, but after the point it moves the point
            } else {
                digits[count] = byte
                count += 1
                if !seenPoint { point += 1 }
            }
        }
        if index < text.count {
            index += 1
            let negative = text[index] == UInt8(ascii: "-")
            if negative || text[index] == UInt8(ascii: "+") { index += 1 }
            var exponent = 0
            while index < text.count {
                exponent = exponent * 10 + Int(text[index] - UInt8(ascii: "0"))
                index += 1
            }
            point += negative ? -exponent : exponent
        }
        while count > 0 && digits[count - 1] == UInt8(ascii: "0") { count -= 1 }
        if count == 0 {
            digits[0] = UInt8(ascii: "0")
            count = 1
        }
        return (count, point)
    }
}
