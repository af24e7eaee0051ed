/// Kotlin spellings: type names, literals and comments.
///
/// Every piece of schema text that reaches the generated Kotlin passes through here, so no doc
/// or value can close a comment, open a string template (`$x`, `${x}`), or hide code behind
/// invisible characters. String literals are pure ASCII; docs keep readable non-ASCII text.
enum KotlinSyntax {
    /// `Step` in contract `Delivery` -> `DeliveryStep`; `MatchEvent` in `Match` stays as is.
    /// Kotlin types share one package namespace with the app, so the prefix keeps them apart.
    static func declaredName(_ schemaName: String, in contract: Contract) -> String {
        schemaName.hasPrefix(contract.name) ? schemaName : contract.name + schemaName
    }

    /// A schema field name as a Kotlin identifier: backticked when it is a hard keyword
    /// (`` `class` ``, `` `object` ``). Soft and modifier keywords (`data`, `value`, `open`)
    /// are identifiers already; enum constants and key constants are upper case and never
    /// keywords. `yield` is reserved for the future: kotlinc refuses it bare as an argument.
    static func identifier(_ name: String) -> String {
        NameRules.kotlinKeywords.contains(name) || name == "yield" ? "`" + name + "`" : name
    }

    static func typeName(_ type: FieldType, in contract: Contract) -> String {
        switch type {
        case .string, .url, .uuid: return "String"
        case .sized(let kind): return kind.kotlinName
        case .float: return "Float"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Boolean"
        case .date: return "Long"
        case .dateRange: return "LongRange"
        case .enumeration(let name), .structure(let name): return declaredName(name, in: contract)
        case .array(let element): return "List<\(typeName(element, in: contract))>"
        case .map(let value): return "Map<String, \(typeName(value, in: contract))>"
        }
    }

    static func typeName(_ field: Field, in contract: Contract) -> String {
        typeName(field.type, in: contract) + (field.isOptional ? "?" : "")
    }

    /// A string literal. `$` is escaped so no text becomes a template; everything outside
    /// printable ASCII is a `\uXXXX` escape (UTF-16 units, so astral characters become a
    /// surrogate pair), which keeps the generated file ASCII.
    static func stringLiteral(_ text: String) -> String {
        if CodeText.isPlain(text, except: "\\\"$") { return "\"" + text + "\"" }
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x5C: result += "\\\\"
            case 0x22: result += "\\\""
            case 0x24: result += "\\$"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: result += "\\u" + hex4(unit)
            }
        }
        return result + "\""
    }

    static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// A literal for a checked schema value of `type`. Struct members look up their field
    /// types in `contract` and are passed by name, so absent optionals keep their `null` default.
    static func literal(_ value: Value, type: FieldType, in contract: Contract) -> String {
        switch (value, type) {
        case (.string(let text), _), (.url(let text), _), (.uuid(let text), _): return stringLiteral(text)
        case (.int(let number), .double): return doubleLiteral(Double(number))
        case (.int(let number), .sized(let kind)): return sizedLiteral(number, kind)
        case (.int(let number), .float): return FloatText.shortest(Double(number)) + "f"
        case (.double(let number), .float): return FloatText.shortest(number) + "f"
        case (.int(let number), _): return intLiteral(number)
        case (.double(let number), _): return doubleLiteral(number)
        case (.bool(let flag), _): return flag ? "true" : "false"
        case (.date(let millis), _): return String(millis) + "L"
        case (.dateRange(let lower, let upper), _): return String(lower) + "L.." + String(upper) + "L"
        case (.enumCase(let name), _): return "\(typeName(type, in: contract)).\(Naming.constantCase(name))"
        case (.array(let items), .array(let element)):
            if items.isEmpty { return "emptyList()" }
            return "listOf(" + CodeText.joined(items.map { literal($0, type: element, in: contract) }, separator: ", ") + ")"
        case (.array, _): return "emptyList()"
        case (.map(let members), .map(let valueType)):
            if members.isEmpty { return "emptyMap()" }
            return "mapOf(" + CodeText.joined(MapKeys.sorted(members).map { stringLiteral($0.name) + " to " + literal($0.value, type: valueType, in: contract) }, separator: ", ") + ")"
        case (.map, _): return "emptyMap()"
        case (.structure(let members), _):
            guard case .structure(let name) = type else { return "null" }
            let fields = contract.type(named: name)?.fields ?? []
            let arguments = members.compactMap { member -> String? in
                guard let field = fields.first(where: { $0.name == member.name }) else { return nil }
                return "\(identifier(member.name)) = \(literal(member.value, type: field.type, in: contract))"
            }
            return "\(typeName(type, in: contract))(" + CodeText.joined(arguments, separator: ", ") + ")"
        }
    }

    /// A literal of the Kotlin type of `kind`; Byte and Short have no literal syntax, and an
    /// explicit conversion keeps inference from widening `listOf(1)` to `List<Int>`.
    static func sizedLiteral(_ number: Int, _ kind: IntegerKind) -> String {
        switch kind.kotlinName {
        case "Byte": return "(\(number)).toByte()"
        case "Short": return "(\(number)).toShort()"
        case "Int": return intLiteral(number)
        default: return "\(number)L"
        }
    }

    /// `-2147483648` would parse as a negated Long literal, so the minimum is spelled by name.
    static func intLiteral(_ number: Int) -> String {
        number == Int(Int32.min) ? "Int.MIN_VALUE" : String(number)
    }

    /// JavaScript's digits (shortest round trip) with `.0` added when Kotlin would read an Int.
    static func doubleLiteral(_ number: Double) -> String {
        let text = JSNumber.format(number)
        return text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") } ? text : text + ".0"
    }

    /// A KDoc block for `doc`: one `/** line */` for one line, else the multi-line form.
    /// Empty when there is no doc.
    static func docComment(_ doc: String?) -> [String] {
        guard let doc, !doc.isEmpty else { return [] }
        let lines = CodeText.lines(of: doc).map(commentText)
        guard !lines.isEmpty else { return [] }
        if lines.count == 1 { return ["/** \(lines[0]) */"] }
        return ["/**"] + lines.map { $0.isEmpty ? " *" : " * \($0)" } + [" */"]
    }

    /// What Kotlin's tools read at the start of a KDoc line: tags (`@suppress` hides the
    /// declaration from the documentation, `@sample` runs code into it), and the IntelliJ
    /// and ktlint switches.
    static let directives = Directives(atStart: ["@", "noinspection", "ktlint-", "detekt:"])

    /// One comment line made safe: Kotlin block comments nest, so both `/*` and `*/` are
    /// broken with a backslash (`/\*`, `*\/`, which KDoc's Markdown shows as typed), and
    /// invisible or line-breaking characters are spelled out.
    static func commentText(_ line: String) -> String {
        let line = directives.escaped(line)
        if CodeText.isPlain(line, except: "*") { return line }
        var result = ""
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if CodeText.isInvisible(scalar) || scalar == "\n" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                continue
            }
            result.unicodeScalars.append(scalar)
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if (scalar == "/" && next == "*") || (scalar == "*" && next == "/") {
                result += "\\"
            }
        }
        return result
    }
}
