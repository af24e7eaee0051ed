import Foundation
import XCTest
@testable import LiveContract

/// The FCM number patterns of the json-schema output against the parsers' own rules: an
/// integer pattern accepts exactly the decimal texts in its range (leading zeros, `-0`), a
/// number pattern accepts only texts that stay finite (and non-zero when not zero) in its
/// type, and every text JavaScript writes for such a value.
final class JSONSchemaPatternTests: XCTestCase {
    func matches(_ pattern: String, _ text: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// What the FCM parsers read: `-?[0-9]+` whose value is in `range`.
    func readsInteger(_ text: String, in range: ClosedRange<Int64>) -> Bool {
        var digits = Substring(text)
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 18 else { return false }
        let value = (Int64(significant) ?? 0) * (negative ? -1 : 1)
        return range.contains(value)
    }

    func testIntegerPatternsAcceptExactlyTheirRange() throws {
        let ranges: [ClosedRange<Int64>] = [Int64(Int8.min)...Int64(Int8.max), 0...255, Int64(Int32.min)...Int64(Int32.max), 0...Int64(UInt32.max),
                                            -IntegerKind.maxSafe...IntegerKind.maxSafe, 0...IntegerKind.maxSafe, 7...1234, -999...(-10)]
        var checked = 0
        for range in ranges {
            let pattern = DecimalPattern.integers(in: range)
            var texts = ["", "-", "+5", " 5", "5 ", "1.0", "1e3", "0", "-0", "00", "-00", "abc", "0x10"]
            for bound in [range.lowerBound, range.upperBound, 0, 10, -10, 99, 100, 1000] {
                for value in [bound - 1, bound, bound + 1] {
                    texts += [String(value), "00" + String(value.magnitude), (value < 0 ? "-00" : "00") + String(value.magnitude)]
                }
            }
            var random = SeededRandom(seed: UInt64(bitPattern: range.lowerBound) &+ 17)
            for _ in 0..<300 {
                let digits = Int(random.next() % 19) + 1
                texts.append((random.next() % 2 == 0 ? "-" : "") + String(String(random.next()).prefix(digits)))
            }
            for text in texts {
                XCTAssertEqual(try matches(pattern, text), readsInteger(text, in: range), "\(range): '\(text)'")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    func testNumberPatternsAcceptOnlyFiniteValuesAndEveryWrittenOne() throws {
        let float = JSONSchemaFCM.floatPattern
        let double = JSONSchemaFCM.doublePattern
        var random = SeededRandom(seed: 42)
        var values: [Double] = [0, -0.0, 1, 0.1, 1e-7, 1e21, 1.5e300, Double(Float.greatestFiniteMagnitude), Double(Float.leastNonzeroMagnitude),
                                Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 3.4e38, 3.5e38, 1e39, 1e-45, 1e-46, 123456.789]
        for _ in 0..<2000 {
            let exponent = Double(Int(random.next() % 640) - 320)
            values.append(Double(random.next() % 1_000_000) / 1000 * pow(10, exponent) * (random.next() % 2 == 0 ? 1 : -1))
        }
        for value in values where value.isFinite {
            let text = JSNumber.format(value)
            // Every Double JavaScript writes is finite: the double pattern takes it.
            XCTAssertTrue(try matches(double, text), "double '\(text)'")
            let single = Float(text)
            let fits = single.map { $0.isFinite && (value == 0 || $0 != 0) } ?? false
            // Refusing is allowed only where no Float is (beyond its range, below its
            // smallest value): what the pattern takes, Float reads.
            if try matches(float, text) { XCTAssertTrue(fits, "float accepts '\(text)'") }
            // Every Float a writer sends (the Double of the Float, in JavaScript's digits) passes.
            let rounded = Double(Float(value))
            if rounded.isFinite { XCTAssertTrue(try matches(float, JSNumber.format(rounded)), "float '\(JSNumber.format(rounded))'") }
        }
        let texts = ["NaN", "Infinity", "-Infinity", "1e400", "-1e309", "1.8e308", "3.4028236e38", "3.4028235e38", "1E5", "1.0E-5", "1e+05", "0.5e2", "12e3", "1.", ".5", "01", "1e-999", "0e5"]
        for text in texts {
            if try matches(double, text) { XCTAssertTrue(Double(text).map(\.isFinite) ?? false, "double accepts '\(text)'") }
            if try matches(float, text) {
                let single = try XCTUnwrap(Float(text), text)
                XCTAssertTrue(single.isFinite && (Double(text) == 0 || single != 0), "float accepts '\(text)'")
            }
        }
        XCTAssertFalse(try matches(float, "1e39"))
        XCTAssertTrue(try matches(float, "1.0E-5"))
    }
}
