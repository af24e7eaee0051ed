import Foundation
@testable import LiveContract

/// How the differential inputs spell what JSON cannot: a JavaScript number JSON has no
/// literal for (`{"$lc": "NaN"}`, `"Infinity"`, `"-Infinity"`, `"-0"`), read back by every
/// runner as that number, and number text kept byte for byte (`{"$raw": "1e400"}`) in
/// content-state bodies, which are sent to the decoders as text.
enum DiffJSON {
    static func tag(_ text: String) -> JSONValue { .object([JSONMember("$lc", .string(text))]) }
    static func raw(_ text: String) -> JSONValue { .object([JSONMember("$raw", .string(text))]) }

    /// A JavaScript number: whole numbers as integers, the rest as the shortest round trip.
    static func number(_ value: Double) -> JSONValue {
        if value.isNaN { return tag("NaN") }
        if value.isInfinite { return tag(value < 0 ? "-Infinity" : "Infinity") }
        if value == 0 && value.sign == .minus { return tag("-0") }
        if value == value.rounded(), value.magnitude <= 9_007_199_254_740_992 { return .int(Int64(value)) }
        return .double(value)
    }

    /// The tagged JavaScript number `value` stands for, if it is one.
    static func special(_ value: JSONValue) -> Double? {
        guard case .object(let members) = value, members.count == 1, members[0].key == "$lc",
              case .string(let text) = members[0].value else { return nil }
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case "-0": return -0.0
        default: return nil
        }
    }

    /// Compact JSON text, `$raw` tags written as their text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            if members.count == 1, members[0].key == "$raw", case .string(let text) = members[0].value { return text }
            return "{" + members.map { JSONWriter.compact(.string($0.key)) + ":" + text($0.value) }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map(text).joined(separator: ",") + "]"
        default:
            return JSONWriter.compact(value)
        }
    }
}

/// A parsed result compared by value: numbers as doubles (`1` equals `1.0`), objects without
/// regard to key order, since each language's encoder orders keys its own way.
indirect enum DiffValue: Equatable, CustomStringConvertible {
    case null, bool(Bool), number(Double), string(String), array([DiffValue]), object([String: DiffValue])

    init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(Double(text) ?? .nan)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(DiffValue.init))
        case .object(let members):
            var result: [String: DiffValue] = [:]
            for member in members { result[member.key] = DiffValue(member.value) }
            self = .object(result)
        }
    }

    init(parsing text: String) throws {
        self.init(try JSONParser().parse(Array(text.utf8)).root)
    }

    subscript(key: String) -> DiffValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let number): return JSNumber.format(number)
        case .string(let text): return JSONWriter.compact(.string(text))
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { JSONWriter.compact(.string($0)) + ":" + members[$0]!.description }.joined(separator: ",") + "}"
        }
    }
}
