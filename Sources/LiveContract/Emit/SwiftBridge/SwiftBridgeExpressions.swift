/// Spells the Swift that moves one value between JavaScript's shape (an Expo record) and the
/// generated Codable types, so `swift-bridge.mustache` only places it.
///
/// The record side speaks JS: wire names, dates as Unix milliseconds (`Double`), ranges as
/// `[startMs, endMs]`, URLs as strings. Enums with an `unknown:` case travel as their raw
/// `String` (or `Int`, for `raw: int`) and fall back like the widget's decoder does; enums without one are the generated
/// enum made `Enumerable`, so Expo refuses an unknown value at the boundary, as the widget would.
/// Every conversion into Swift is total: it clamps, repairs or falls back, it never traps.
struct SwiftBridgeExpressions {
    let contract: Contract
    let attributesType: String
    /// The file-private enum holding the conversion helpers; the contract name keeps it
    /// recognisable in stack traces and symbol lists when a module bridges several contracts.
    let helper: String

    init(contract: Contract) {
        self.contract = contract
        attributesType = contract.attributesTypeName
        helper = contract.name + "BridgeConversions"
    }

    func recordName(ofStruct name: String) -> String { contract.name + name + "Record" }

    /// A named type as seen from outside the generated attributes type.
    func qualified(_ name: String) -> String { "\(attributesType).\(name)" }

    /// The `unknown:` case of enum `name`, nil when it has none (or is not an enum).
    func unknownCase(of name: String) -> String? {
        contract.type(named: name)?.enumType?.unknownCase
    }

    /// The Swift raw type of enum `name`: what a record holds for an enum with a fallback.
    func rawSwiftType(of name: String) -> String {
        contract.type(named: name)?.enumType?.rawType == .int ? "Int" : "String"
    }

    /// The type of a record property holding a value of `type`.
    func bridgeType(_ type: FieldType) -> String {
        switch type {
        case .string, .url, .uuid: return "String"
        // JavaScript has one number type: ints arrive as the Double JS sent and are made whole
        // here (`whole`), so no platform's own number-to-Int conversion decides (Expo on iOS
        // rounds and traps on NaN, on Android it truncates).
        case .double, .float, .date, .int, .sized: return "Double"
        case .bool: return "Bool"
        case .dateRange: return "[Double]"
        case .enumeration(let name): return unknownCase(of: name) == nil ? qualified(name) : rawSwiftType(of: name)
        case .structure(let name): return recordName(ofStruct: name)
        case .array(let element): return "[\(bridgeType(element))]"
        case .map(let value): return "[String: \(bridgeType(value))]"
        }
    }

    /// JS may leave out an optional or a defaulted field, so its record property is optional;
    /// the default is filled in by the conversion, in one visible place.
    func mayBeAbsent(_ field: Field) -> Bool { field.isOptional || field.defaultValue != nil }

    func bridgeType(_ field: Field) -> String {
        bridgeType(field.type) + (mayBeAbsent(field) ? "?" : "")
    }

    /// The placeholder a required property holds until Expo fills it (`.required` makes Expo
    /// reject a JS object without the key, so the placeholder never reaches a conversion).
    func placeholder(_ type: FieldType) -> String {
        switch type {
        case .string, .url, .uuid: return "\"\""
        case .int, .sized, .double, .float, .date: return "0"
        case .bool: return "false"
        case .dateRange, .array: return "[]"
        case .map: return "[:]"
        case .enumeration(let name):
            if unknownCase(of: name) != nil { return rawSwiftType(of: name) == "Int" ? "0" : "\"\"" }
            return "." + SwiftSyntax.identifier(contract.type(named: name)?.enumType?.cases.first ?? "")
        case .structure(let name): return recordName(ofStruct: name) + "()"
        }
    }

    /// A schema value as a Swift expression of the generated (Codable) type, with struct names
    /// qualified because the records live outside `<Name>Attributes`.
    func literal(_ value: Value, type: FieldType) -> String {
        switch (value, type) {
        case (.structure(let members), .structure(let name)):
            let fields = contract.type(named: name)?.fields ?? []
            let arguments = members.map { member -> String in
                let memberType = fields.first { $0.name == member.name }?.type ?? .string
                return "\(SwiftSyntax.argumentLabel(member.name)): \(literal(member.value, type: memberType))"
            }
            return qualified(name) + "(" + CodeText.joined(arguments, separator: ", ") + ")"
        case (.array(let items), .array(let element)):
            return "[" + CodeText.joined(items.map { literal($0, type: element) }, separator: ", ") + "]"
        case (.map(let members), .map(let valueType)):
            return SwiftSyntax.mapLiteral(members) { literal($0, type: valueType) }
        case (.enumCase(let member), .enumeration(let name)):
            return qualified(name) + "." + SwiftSyntax.identifier(member)
        default:
            return SwiftSyntax.literal(value, type: type, in: contract)
        }
    }

    /// Record value `expression` converted to the Codable type; nil when it is already that
    /// value. `field` brings bounds and the default used as a repair; array items have neither.
    func toSwift(_ expression: String, _ type: FieldType, field: Field?) -> String? {
        let fallback = field?.defaultValue.map { literal($0, type: type) }
        switch type {
        case .string, .bool:
            return nil
        case .int:
            // Always made whole and clamped: JavaScript may send any number, the bridge's int is 32-bit.
            return "\(helper).whole(\(expression)\(field.map(bounds) ?? ""), orElse: \(BridgeWholeNumbers.repair(field)))"
        case .sized(let kind):
            // Made whole within the type's range first, so the conversion to the sized type can never trap.
            return "\(kind.swiftName)(\(helper).whole(\(expression)\(sizedBounds(kind, field: field)), orElse: \(BridgeWholeNumbers.repair(field))))"
        case .double:
            let repair = fallback ?? field.flatMap { ($0.minimum ?? $0.maximum)?.number }.map(SwiftSyntax.doubleLiteral) ?? "0"
            return "\(helper).number(\(expression)\(field.map(bounds) ?? ""), orElse: \(repair))"
        case .float:
            let repair = fallback ?? field.flatMap { ($0.minimum ?? $0.maximum)?.number }.map(FloatText.shortest) ?? "0"
            return "\(helper).float(\(expression)\(field.map(bounds) ?? ""), orElse: \(repair))"
        case .date:
            return "\(helper).date(\(expression), orElse: \(fallback ?? "\(helper).epoch"))"
        case .dateRange:
            return "\(helper).range(\(expression), orElse: \(fallback ?? "\(helper).epoch...\(helper).epoch"))"
        case .url:
            return "\(helper).url(\(expression), orElse: \(fallback ?? "\(helper).blank"))"
        case .uuid:
            return "\(helper).uuid(\(expression), orElse: \(fallback ?? "\(helper).zeroUUID"))"
        case .enumeration(let name):
            guard let unknown = unknownCase(of: name) else { return nil }
            return "\(qualified(name))(rawValue: \(expression)) ?? .\(SwiftSyntax.identifier(unknown))"
        case .structure:
            return "\(expression).toValue()"
        case .array(let element):
            return toSwift("$0", element, field: nil).map { "\(expression).map { \($0) }" }
        case .map(let value):
            // Values are converted like list items (their type's range, no field bounds).
            return toSwift("$0", value, field: nil).map { "\(expression).mapValues { \($0) }" }
        }
    }

    /// `, min: 0, max: 1` in the field's own number type; empty without bounds.
    func bounds(_ field: Field) -> String {
        var text = ""
        if let low = bound(field.minimum, of: field) { text += ", min: \(low)" }
        if let high = bound(field.maximum, of: field) { text += ", max: \(high)" }
        return text
    }

    /// `, min: .., max: ..`: the type's range narrowed by the field's bounds (none for items).
    func sizedBounds(_ kind: IntegerKind, field: Field?) -> String {
        let range = BridgeWholeNumbers.range(.sized(kind), field: field)
        return ", min: \(range.lowerBound), max: \(range.upperBound)"
    }

    /// A `min`/`max` value as a literal of the field's number type.
    func bound(_ value: Value?, of field: Field) -> String? {
        guard let number = value?.number else { return nil }
        if field.type.integerRange != nil, case .int(let whole)? = value { return String(whole) }
        if case .int = field.type { return String(Int(number)) }
        return SwiftSyntax.doubleLiteral(number)
    }

    /// The argument passed to the Codable type's memberwise init for `field`.
    func argument(_ field: Field) -> String {
        // The record's own property; `self` must be spelled out or it means the record itself.
        let name = field.wireName == "self" ? "self.`self`" : SwiftSyntax.identifier(field.wireName)
        guard mayBeAbsent(field) else { return toSwift(name, field.type, field: field) ?? name }
        var expression: String
        if case .url = field.type {
            // An unreadable optional link is better dropped (or defaulted) than replaced.
            expression = "\(name).flatMap { URL(string: $0) }"
        } else if case .uuid = field.type {
            // Likewise an unreadable optional identifier: no identity beats a made-up one.
            expression = "\(name).flatMap { \(helper).uuid($0) }"
        } else if let inner = toSwift("$0", field.type, field: field) {
            expression = "\(name).map { \(inner) }"
        } else {
            expression = name
        }
        if let value = field.defaultValue { expression += " ?? " + literal(value, type: field.type) }
        return expression
    }

    /// Codable value `expression` in the record's shape; nil when it is already that value.
    func fromSwift(_ expression: String, _ type: FieldType) -> String? {
        switch type {
        case .string, .double, .bool: return nil
        case .float, .int: return "Double(\(expression))"
        case .sized(let kind) where kind.is64Bit:
            // Into JavaScript's safe integers, as TypeScript's fromContentState does: a
            // number beyond them reaches JS as the nearest one, not as Int.max or a double.
            let range = kind.wireRange
            return "Double(\(helper).clamp(Int(clamping: \(expression)), min: \(range.lowerBound), max: \(range.upperBound)))"
        case .sized: return "Double(\(expression))"
        case .date, .dateRange: return "\(helper).millis(\(expression))"
        case .url: return "\(expression).absoluteString"
        case .uuid: return "\(expression).uuidString"
        case .enumeration(let name): return unknownCase(of: name) == nil ? nil : "\(expression).rawValue"
        case .structure(let name): return "\(recordName(ofStruct: name))(\(expression))"
        case .array(let element): return fromSwift("$0", element).map { "\(expression).map { \($0) }" }
        case .map(let value): return fromSwift("$0", value).map { "\(expression).mapValues { \($0) }" }
        }
    }

    /// The right-hand side assigning `field` from `source` (the Codable value) in the record init.
    func assignment(_ field: Field, source: String) -> String {
        let expression = "\(source).\(SwiftSyntax.identifier(field.name))"
        if field.isOptional {
            return fromSwift("$0", field.type).map { "\(expression).map { \($0) }" } ?? expression
        }
        return fromSwift(expression, field.type) ?? expression
    }
}
