import Foundation
@testable import LiveContract

/// The repair table of docs/swift-bridge.md ("What `toContentState()` repairs") as a model:
/// the bridge object a careful JavaScript caller would have sent instead. TypeScript's
/// `toContentState` throws where the Swift bridge repairs, so the differential test holds the
/// Swift result of an input to the TypeScript result of its repaired form.
///
/// Only well-typed values are repaired: what Expo refuses (a string for a number, a missing
/// required key, an unknown value of an enum without `unknown:`) stays as it is.
struct BridgeRepairModel {
    let contract: Contract
    /// The state's fields (key "") and each structure's, by wire name: the model runs on
    /// every differential input, and a search of the field list per key cost seconds.
    let fieldsByWireName: [String: [String: Field]]

    init(contract: Contract) {
        self.contract = contract
        var tables = ["": Dictionary(contract.state.map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })]
        for type in contract.types {
            tables[type.name] = Dictionary((type.fields ?? []).map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })
        }
        fieldsByWireName = tables
    }

    func state(_ value: JSONValue) -> JSONValue { record(value, fieldsByWireName[""] ?? [:]) }

    func record(_ value: JSONValue, _ fields: [String: Field]) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.compactMap { member in
            guard let field = fields[member.key], member.value != .null else { return member }
            return repair(member.value, field.type, field: field).map { JSONMember(member.key, $0) }
        })
    }

    /// The repaired value; nil when the key is better left out (an unreadable optional URL).
    func repair(_ value: JSONValue, _ type: FieldType, field: Field?) -> JSONValue? {
        // The field's default as the bridge shapes it, worked out only where a repair needs it.
        var fallback: JSONValue? { field?.defaultValue.map { WireShapes(contract: contract).bridge($0, type: type) } }
        switch type {
        case .string, .bool:
            return value
        case .uuid:
            // docs/wire.md: 8-4-4-4-12 hex digits in either case; TypeScript upper-cases them.
            guard case .string(let text) = value, !Self.isUUID(text) else { return value }
            if field?.isOptional == true && fallback == nil { return nil }
            return fallback ?? .string("00000000-0000-0000-0000-000000000000")
        case .sized(let kind):
            // The record takes the JS number as is; the bridge rounds it half away from zero
            // and clamps it to the type's wire range narrowed by the field's bounds.
            return whole(value, field, Double(kind.wireRange.lowerBound), Double(kind.wireRange.upperBound))
        case .float:
            guard let number = Self.number(value) else { return value }
            guard number.isFinite else {
                return fallback ?? DiffJSON.number(field?.minimum?.number ?? field?.maximum?.number ?? 0)
            }
            let largest = Double(Float.greatestFiniteMagnitude)
            let bounded = Swift.min(Swift.max(clamp(number, field), -largest), largest)
            // A non-zero number too small for a Float becomes zero, as `Float(_:)` makes it.
            return DiffJSON.number(Float(bounded) == 0 ? 0 : bounded)
        case .int:
            return whole(value, field, -2_147_483_648, 2_147_483_647)
        case .double:
            guard let number = Self.number(value) else { return value }
            guard number.isFinite else {
                return fallback ?? DiffJSON.number(field?.minimum?.number ?? field?.maximum?.number ?? 0)
            }
            return DiffJSON.number(clamp(number, field))
        case .date:
            guard let number = Self.number(value) else { return value }
            return number.isFinite ? DiffJSON.number(Self.safe(number)) : fallback ?? .int(0)
        case .dateRange:
            guard case .array(let items) = value else { return value }
            let numbers = items.compactMap(Self.number)
            guard numbers.count == items.count else { return value }
            let finite = numbers.filter(\.isFinite)
            guard let low = finite.min(), let high = finite.max() else { return fallback ?? .array([.int(0), .int(0)]) }
            return .array([DiffJSON.number(Self.safe(low)), DiffJSON.number(Self.safe(high))])
        case .url:
            guard case .string(let text) = value, URL(string: text) == nil else { return value }
            if field?.isOptional == true { return nil }
            return fallback ?? .string("about:blank")
        case .enumeration(let name) where contract.isIntRawEnum(type):
            // The record holds the raw Int (Expo takes a whole number); an unknown one is the fallback.
            guard let number = Self.number(value), number == number.rounded(), abs(number) < 9.2e18,
                  let enumType = contract.type(named: name)?.enumType, let unknown = enumType.unknownRawValue,
                  !enumType.intRawValues.contains(Int(number)), let fallback = Double(unknown) else { return value }
            return DiffJSON.number(fallback)
        case .enumeration(let name):
            guard case .string(let raw) = value, let enumType = contract.type(named: name)?.enumType,
                  let unknown = enumType.unknownRawValue, !enumType.rawValues.contains(raw) else { return value }
            return .string(unknown)
        case .structure(let name):
            return record(value, fieldsByWireName[name] ?? [:])
        case .array(let element):
            guard case .array(let items) = value else { return value }
            return .array(items.map { item in item == .null ? item : repair(item, element, field: nil) ?? .string("about:blank") })
        case .map(let valueType):
            // Values repair like list items (Expo refuses a null value, so it stays).
            guard case .object(let members) = value else { return value }
            return .object(members.map { member in
                JSONMember(member.key, member.value == .null ? member.value : repair(member.value, valueType, field: nil) ?? .string("about:blank"))
            })
        }
    }

    /// An int or sized integer as the bridge makes it: NaN or infinity becomes the default, else
    /// `min`, else `max`, else 0; any other number is rounded half away from zero and clamped
    /// to `low...high` narrowed by the field's bounds.
    func whole(_ value: JSONValue, _ field: Field?, _ low: Double, _ high: Double) -> JSONValue {
        guard let number = Self.number(value) else { return value }
        guard number.isFinite else {
            return DiffJSON.number(field?.defaultValue?.number ?? field?.minimum?.number ?? field?.maximum?.number ?? 0)
        }
        let lower = Swift.max(low, field?.minimum?.number ?? -.infinity), upper = Swift.min(high, field?.maximum?.number ?? .infinity)
        return DiffJSON.number(Swift.min(Swift.max(number.rounded(), lower), upper))
    }

    func clamp(_ number: Double, _ field: Field?) -> Double {
        if let low = field?.minimum?.number, number < low { return low }
        if let high = field?.maximum?.number, number > high { return high }
        return number
    }

    static func isUUID(_ text: String) -> Bool {
        let hex = Set("0123456789abcdefABCDEF")
        let characters = Array(text)
        guard characters.count == 36 else { return false }
        return characters.indices.allSatisfy { [8, 13, 18, 23].contains($0) ? characters[$0] == "-" : hex.contains(characters[$0]) }
    }

    /// Whole Unix ms within JavaScript's safe integers, as the bridge's `date` makes them.
    static func safe(_ millis: Double) -> Double {
        Swift.min(Swift.max(millis.rounded(), -9_007_199_254_740_991), 9_007_199_254_740_991)
    }

    /// A JavaScript number, tagged ones included.
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: return DiffJSON.special(value)
        }
    }
}
