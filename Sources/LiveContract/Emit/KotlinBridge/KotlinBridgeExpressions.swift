/// Spells the Kotlin that moves one value from JavaScript's shape (an Expo record filled from
/// a JS object) into the data classes of the Kotlin contract file, so kotlin-bridge.mustache
/// only places it.
///
/// The record side speaks JS as Expo passes it: wire names, numbers as `Double` (dates are
/// Unix ms), `Int` for ints, ranges as `[startMs, endMs]`, enums as their raw `String`. Every
/// conversion repairs as the Swift bridge does (clamping, defaults, the `unknown:` case,
/// ranges put in order, links `URL(string:)` refuses; DifferentialTests holds the two to it); the one refusal, as on iOS, is a raw value of an enum without
/// `unknown:`, which throws at the boundary so Expo rejects the call naming the allowed values.
struct KotlinBridgeExpressions {
    let contract: Contract
    /// The file-private object holding the conversion helpers.
    let helper: String

    init(contract: Contract) {
        self.contract = contract
        helper = contract.name + "BridgeConversions"
    }

    func recordName(ofStruct name: String) -> String { contract.name + name + "Record" }

    func unknownCase(of name: String) -> String? { contract.type(named: name)?.enumType?.unknownCase }

    /// Whether enum `name` has `raw: int`: its record property is the raw `Int`, as JS sends it.
    func isIntRaw(_ name: String) -> Bool { contract.type(named: name)?.enumType?.rawType == .int }

    /// The record property type for a value of `type`.
    func bridgeType(_ type: FieldType) -> String {
        switch type {
        case .enumeration(let name): return isIntRaw(name) ? "Int" : "String"
        case .string, .url, .uuid: return "String"
        // Ints too arrive as the Double JS sent and are made whole here (`whole`), so no
        // platform's own number-to-Int conversion decides (Android's truncates, iOS's rounds).
        case .double, .date, .float, .sized, .int: return "Double"
        case .bool: return "Boolean"
        case .dateRange: return "List<Double>"
        case .structure(let name): return recordName(ofStruct: name)
        case .array(let element): return "List<\(bridgeType(element))>"
        case .map(let value): return "Map<String, \(bridgeType(value))>"
        }
    }

    func mayBeAbsent(_ field: Field) -> Bool { field.isOptional || field.defaultValue != nil }

    func bridgeType(_ field: Field) -> String { bridgeType(field.type) + (mayBeAbsent(field) ? "?" : "") }

    /// What a required property holds until Expo fills it (`@Required` refuses a JS object
    /// without the key, so the placeholder never reaches a conversion).
    func placeholder(_ type: FieldType) -> String {
        switch type {
        case .enumeration(let name): return isIntRaw(name) ? "0" : "\"\""
        case .string, .url, .uuid: return "\"\""
        case .double, .date, .float, .sized, .int: return "0.0"
        case .bool: return "false"
        case .dateRange, .array: return "emptyList()"
        case .map: return "emptyMap()"
        case .structure(let name): return recordName(ofStruct: name) + "()"
        }
    }

    func literal(_ value: Value, _ type: FieldType) -> String { KotlinSyntax.literal(value, type: type, in: contract) }

    /// Record value `expression` converted to the data class type; nil when it already is that
    /// value. `depth` names lambda parameters (`v0`, `v1`) so nested lists never shadow.
    func toKotlin(_ expression: String, _ type: FieldType, field: Field?, depth: Int) -> String? {
        let fallback = field?.defaultValue.map { literal($0, type) }
        switch type {
        case .string, .bool:
            return nil
        case .url:
            return "\(helper).url(\(expression), \(fallback ?? "\"about:blank\""))"
        case .int:
            return whole(expression, type, field: field, nullable: false)
        case .double:
            let repair = fallback ?? field.flatMap { ($0.minimum ?? $0.maximum)?.number }.map(KotlinSyntax.doubleLiteral) ?? "0.0"
            return "\(helper).number(\(expression)\(field.map(bounds) ?? ""), orElse = \(repair))"
        case .float:
            let repair = fallback.map { $0.hasSuffix("f") ? String($0.dropLast()) : $0 } ?? field.flatMap { ($0.minimum ?? $0.maximum)?.number }.map(KotlinSyntax.doubleLiteral) ?? "0.0"
            return "\(helper).single(\(helper).number(\(expression)\(field.map(bounds) ?? ""), orElse = \(repair)))"
        case .sized:
            return whole(expression, type, field: field, nullable: false)
        case .uuid:
            return "\(helper).uuid(\(expression), \(fallback ?? "\"00000000-0000-0000-0000-000000000000\""))"
        case .date:
            return "\(helper).date(\(expression), \(fallback ?? "0L"))"
        case .dateRange:
            return "\(helper).range(\(expression), \(fallback ?? "0L..0L"))"
        case .enumeration(let name):
            let kotlinType = KotlinSyntax.declaredName(name, in: contract)
            if let unknown = unknownCase(of: name) {
                return "\(kotlinType).fromRaw(\(expression)) ?: \(kotlinType).\(Naming.constantCase(unknown))"
            }
            let enumType = contract.type(named: name)?.enumType
            if isIntRaw(name) {
                let allowed = KotlinSyntax.stringLiteral((enumType?.rawValues ?? []).joined(separator: ", "))
                return "\(kotlinType).fromRaw(\(expression)) ?: \(helper).refuse(\(expression).toString(), \(allowed))"
            }
            let cases = enumType?.cases ?? []
            return "\(kotlinType).fromRaw(\(expression)) ?: \(helper).refuse(\(expression), \(KotlinSyntax.stringLiteral(cases.joined(separator: ", "))))"
        case .structure:
            return "\(expression).toValue()"
        case .array(let element):
            let item = "v\(depth)"
            return toKotlin(item, element, field: nil, depth: depth + 1).map { "\(expression).map { \(item) -> \($0) }" }
        case .map(let value):
            // Values convert like list items: their type's range, no field bounds.
            let entry = "v\(depth)"
            return toKotlin("\(entry).value", value, field: nil, depth: depth + 1).map { "\(expression).mapValues { \(entry) -> \($0) }" }
        }
    }

    /// An int or sized integer from the record's Double: rounded, clamped to the type's range
    /// (the int's 32 bits) narrowed by the schema's bounds, then narrowed, so the conversion
    /// never overflows. `nullable` reads an optional property without a lambda: kotlinc 1.3
    /// took minutes over a constructor call of a few hundred `?.let { }` arguments.
    func whole(_ expression: String, _ type: FieldType, field: Field?, nullable: Bool) -> String {
        let narrow: String
        switch type {
        case .sized(let kind):
            switch kind.kotlinName {
            case "Long": narrow = ""
            case "Int": narrow = "toInt()"
            case "Short": narrow = "toShort()"
            default: narrow = "toByte()"
            }
        default:
            narrow = "toInt()"
        }
        let range = BridgeWholeNumbers.range(type, field: field)
        let call = "\(helper).\(nullable ? "wholeOrNull" : "whole")(\(expression), \(range.lowerBound)L, \(range.upperBound)L, \(BridgeWholeNumbers.repair(field))L)"
        return narrow.isEmpty ? call : call + (nullable ? "?." : ".") + narrow
    }

    /// Data class value `expression` in the record's JavaScript shape; nil when it already is
    /// (strings, booleans, ints, doubles). The way back of `toKotlin`: dates and ranges become
    /// Unix ms as `Double`, enums their raw value, structs their record.
    func toRecord(_ expression: String, _ type: FieldType, depth: Int) -> String? {
        switch type {
        case .string, .bool, .url, .uuid, .double:
            return nil
        case .float, .sized, .date, .int:
            return "\(expression).toDouble()"
        case .dateRange:
            return "listOf(\(expression).first.toDouble(), \(expression).last.toDouble())"
        case .enumeration:
            return "\(expression).raw"
        case .structure(let name):
            return "\(recordName(ofStruct: name)).from(\(expression))"
        case .array(let element):
            let item = "v\(depth)"
            return toRecord(item, element, depth: depth + 1).map { "\(expression).map { \(item) -> \($0) }" }
        case .map(let value):
            let entry = "v\(depth)"
            return toRecord("\(entry).value", value, depth: depth + 1).map { "\(expression).mapValues { \(entry) -> \($0) }" }
        }
    }

    /// The record property's value for `field` of the data class `value`.
    func assignment(_ field: Field) -> String {
        let name = "value." + KotlinSyntax.identifier(field.name)
        guard field.isOptional, let inner = toRecord("v", field.type, depth: 0) else {
            return toRecord(name, field.type, depth: 0) ?? name
        }
        // A number without a lambda (see `whole`): `?.toDouble()`.
        if inner == "v.toDouble()" { return name + "?.toDouble()" }
        return "\(name)?.let { v -> \(inner) }"
    }

    /// `, min = 0, max = 1` in the field's number type; empty without bounds.
    func bounds(_ field: Field) -> String {
        var text = ""
        if let low = bound(field.minimum, of: field) { text += ", min = \(low)" }
        if let high = bound(field.maximum, of: field) { text += ", max = \(high)" }
        return text
    }

    func bound(_ value: Value?, of field: Field) -> String? {
        guard let number = value?.number else { return nil }
        if case .int = field.type { return KotlinSyntax.intLiteral(Int(number)) }
        return KotlinSyntax.doubleLiteral(number)
    }

    /// The constructor argument for `field`, reading the record property of the same wire name.
    func argument(_ field: Field) -> String {
        let name = "this." + KotlinSyntax.identifier(field.wireName)
        guard mayBeAbsent(field) else { return toKotlin(name, field.type, field: field, depth: 0) ?? name }
        var expression = name
        if case .uuid = field.type {
            // An unreadable identifier that may be absent is dropped (then defaulted), as the
            // Swift bridge does: no identity beats a made-up one.
            expression = "\(name)?.let { v -> \(helper).uuidOrNull(v) }"
        } else if field.type.isWholeNumber {
            expression = whole(name, field.type, field: field, nullable: true)
        } else if case .url = field.type {
            // Likewise an unreadable link that may be absent: dropped rather than replaced.
            expression = "\(name)?.let { v -> \(helper).urlOrNull(v) }"
        } else if let inner = toKotlin("v", field.type, field: field, depth: 0) {
            expression = "\(name)?.let { v -> \(inner) }"
        }
        if let value = field.defaultValue { expression += " ?: " + literal(value, field.type) }
        return expression
    }
}

