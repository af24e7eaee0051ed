/// TypeScript spellings: names, types, literals and JSDoc, escaped so that no schema text can
/// end a string or a comment, or hide code behind line separators and bidi controls.
///
/// The generated file is pure ASCII: every non-ASCII character in a string literal is a
/// `\uXXXX` escape, so editors, diff tools and bundlers all see the same bytes.
struct TypeScriptSyntax {
    let contract: Contract

    /// `<Contract><Type>` unless the type already starts with the contract name (as in
    /// Kotlin), so `Score` in `Match` is `MatchScore` and `MatchEvent` stays `MatchEvent`.
    func typeName(_ name: String) -> String {
        name.hasPrefix(contract.name) ? name : contract.name + name
    }

    /// The APNs (Codable) shape of a struct: `MatchScore` -> `MatchScoreApns`.
    func apnsTypeName(_ name: String) -> String { typeName(name) + "Apns" }

    /// The exported list of an enum's cases: `MatchPeriod` -> `matchPeriodCases`.
    func casesName(_ name: String) -> String { Naming.lowerFirst(typeName(name)) + "Cases" }

    /// The type of a value in the JS bridge shape (Unix ms, wire names).
    func bridgeType(_ type: FieldType) -> String {
        switch type {
        case .string, .url, .uuid: return "string"
        case .int, .sized, .double, .float, .date: return "number"
        case .bool: return "boolean"
        case .dateRange: return "[number, number]"
        case .enumeration(let name), .structure(let name): return typeName(name)
        case .array(let element): return bridgeType(element) + "[]"
        case .map(let value): return "Record<string, \(bridgeType(value))>"
        }
    }

    /// The type of a value in the APNs shape (seconds since 2001, Swift names).
    func apnsType(_ type: FieldType) -> String {
        switch type {
        case .structure(let name): return apnsTypeName(name)
        case .array(let element): return apnsType(element) + "[]"
        case .map(let value): return "Record<string, \(apnsType(value))>"
        default: return bridgeType(type)
        }
    }

    /// A value in the bridge shape, for defaults. Struct members the value leaves out but
    /// whose field has a default are filled in, so the literal is complete. `inCode: false`
    /// gives the plain spelling for docs.
    func literal(_ value: Value, type: FieldType, inCode: Bool = true) -> String {
        switch value {
        case .string(let text), .url(let text), .uuid(let text): return Self.stringLiteral(text)
        case .enumCase(let name):
            let raw = contract.rawValue(of: name, in: type)
            return contract.isIntRawEnum(type) ? raw : Self.stringLiteral(raw)
        case .int(let number): return String(number)
        case .double(let number): return JSNumber.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let millis): return String(millis)
        case .dateRange(let lower, let upper): return "[" + String(lower) + ", " + String(upper) + "]"
        case .array(let items):
            guard case .array(let element) = type else { return "[]" }
            return "[" + CodeText.joined(items.map { nestedLiteral($0, type: element, inCode: inCode) }, separator: ", ") + "]"
        case .map(let members):
            guard case .map(let valueType) = type, !members.isEmpty else { return "{}" }
            let parts = MapKeys.sorted(members).map { Self.propertyKey($0.name) + ": " + nestedLiteral($0.value, type: valueType, inCode: inCode) }
            return "{ " + CodeText.joined(parts, separator: ", ") + " }"
        case .structure(let members):
            guard case .structure(let name) = type, let fields = contract.type(named: name)?.fields else { return "{}" }
            let parts = fields.compactMap { field -> String? in
                guard let member = members.first(where: { $0.name == field.name })?.value ?? field.defaultValue else { return nil }
                return "\(field.wireName): \(nestedLiteral(member, type: field.type, inCode: inCode))"
            }
            return parts.isEmpty ? "{}" : "{ " + CodeText.joined(parts, separator: ", ") + " }"
        }
    }

    /// A literal inside an array or object literal, where TypeScript widens `'calm'` to
    /// `string` and the enum-typed field would not accept it; `as const` keeps the case type.
    /// A range widens the same way, `[0, 1]` to `number[]`, which no `[number, number]`
    /// accepts (a `[dateRange]` default), so it is cast to the pair.
    func nestedLiteral(_ value: Value, type: FieldType, inCode: Bool) -> String {
        let text = literal(value, type: type, inCode: inCode)
        if case .enumCase = value, inCode { return text + " as const" }
        if case .dateRange = value, inCode { return text + " as [number, number]" }
        return text
    }

    /// A map key in an object literal. A literal key `__proto__` (quoted or not) sets the
    /// object's prototype instead of adding a member (ECMA-262, "__proto__ Property Names in
    /// Object Initializers"), so the default would lose it; only a computed key is a member.
    static func propertyKey(_ name: String) -> String {
        name == "__proto__" ? "[" + stringLiteral(name) + "]" : stringLiteral(name)
    }

    /// A bound from `min`/`max` as a JS number.
    static func number(_ value: Value?) -> String? {
        value?.number.map { JSNumber.format($0) }
    }

    /// A single-quoted string literal: `\` and `'` escaped, the usual short escapes, and every
    /// other control or non-ASCII character (U+2028/9 and bidi controls included) as `\uXXXX`,
    /// with characters beyond the BMP as a surrogate pair.
    static func stringLiteral(_ text: String) -> String {
        if CodeText.isPlain(text, except: "\\'") { return "'" + text + "'" }
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " "..."~": result.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return result + "'"
    }

    /// A JSDoc block for schema texts: one line `/** text */` when short, else `/**`,
    /// ` * ...`, ` */`. Each text is split and made safe with `docText` first.
    static func docBlock(_ texts: [String]) -> [String] {
        let safe = texts.flatMap { docText($0) }
        guard !safe.isEmpty else { return [] }
        if safe.count == 1, CodeText.fits(safe[0], within: 90) { return ["/** \(safe[0]) */"] }
        return ["/**"] + safe.map { $0.isEmpty ? " *" : " * \($0)" } + [" */"]
    }

    /// What TypeScript's and JavaScript tools read at the start of a comment line: JSDoc tags
    /// (`@ts-ignore` in a one-line block, `@internal` drops a declaration from `.d.ts`,
    /// `@deprecated`), ESLint, JSHint, coverage and formatter switches.
    static let directives = Directives(atStart: ["@", "eslint", "global ", "globals ", "exported ", "jshint", "jslint", "istanbul ", "c8 ",
                                                 "prettier-ignore", "tslint:"])

    /// Schema text as comment lines: every line break form starts a new line, invisible
    /// controls are spelled out, and `*/` cannot close the comment early.
    static func docText(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return CodeText.lines(of: text).map { line -> String in
            let line = directives.escaped(line)
            if CodeText.isPlain(line, except: "*") { return line }
            // Scalars, not Characters: JavaScript ends a comment at `*` `/` even when a
            // combining mark follows the slash and makes one Character of the two.
            var result = ""
            var previous: Unicode.Scalar?
            for scalar in CodeText.visibleControls(in: line).unicodeScalars {
                if scalar == "/", previous == "*" { result += "\\" }
                result.unicodeScalars.append(scalar)
                previous = scalar
            }
            return result
        }
    }
}
