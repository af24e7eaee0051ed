/// Python spellings: names, annotations, literals and comments. Attribute and enum member
/// names keep the schema's names (so `etaEpochMillis` reads the same in every copy); a name
/// Python cannot take, or one that would shadow what the generated class body uses, gets a
/// trailing underscore (`class` -> `class_`, `None` -> `None_`) while the wire keeps the name.
///
/// The generated file is pure ASCII in its code: string literals escape every other character.
struct PythonSyntax {
    let contract: Contract

    /// Hard keywords (`keyword.kwlist`); soft keywords (`match`, `case`, `type`) are names.
    static let keywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
        "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in",
        "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
    ]

    /// Names a dataclass body or its methods read after the fields are declared: the
    /// annotation types, `field`, the `classmethod` decorator of `from_json`, and the
    /// generated methods. A field of that name would rebind it inside the class body.
    static let classBodyNames: Set<String> = [
        "str", "int", "float", "bool", "object", "list", "dict", "tuple", "type", "field", "dataclass", "classmethod",
        "Any", "Callable", "ClassVar", "Dict", "List", "Literal", "Optional", "Tuple", "Union", "JsonObject",
        "from_json", "to_json", "enum", "json", "math", "re", "struct",
    ]

    /// `<Contract><Type>` as in TypeScript and Kotlin (`Score` -> `MatchScore`).
    func typeName(_ name: String) -> String {
        name.hasPrefix(contract.name) ? name : contract.name + name
    }

    /// The APNs shape of a struct: `MatchScore` -> `MatchScoreApns`.
    func apnsTypeName(_ name: String) -> String { typeName(name) + "Apns" }

    /// `_match_score`: prefix of a struct's module-level conversion functions.
    func functionPrefix(_ name: String) -> String { "_" + Naming.lowerFirst(typeName(name)) }

    /// Attribute names for `names` (in order), escaped and kept distinct from each other.
    static func attributeNames(_ names: [String], reserved: Set<String> = classBodyNames) -> [String] {
        var taken = Set(names)
        return names.map { name in
            guard keywords.contains(name) || reserved.contains(name) else { return name }
            var escaped = name + "_"
            while taken.contains(escaped) || keywords.contains(escaped) || reserved.contains(escaped) { escaped += "_" }
            taken.insert(escaped)
            return escaped
        }
    }

    /// Enum member names: only keywords need escaping inside an `enum.Enum` body.
    static func memberNames(_ cases: [String]) -> [String] {
        attributeNames(cases, reserved: ["mro"])
    }

    /// The attribute of each field of a bridge-shaped class (keyed by wire name) or an
    /// APNs-shaped one (keyed by Swift name).
    static func attributes(_ fields: [Field], apns: Bool) -> [String] {
        attributeNames(fields.map { apns ? $0.name : $0.wireName })
    }

    /// The annotation of a value in the bridge shape (Unix ms, wire names).
    func bridgeType(_ type: FieldType) -> String {
        switch type {
        case .string, .url, .uuid: return "str"
        case .int, .sized, .date: return "int"
        case .double, .float: return "float"
        case .bool: return "bool"
        case .dateRange: return "Tuple[int, int]"
        case .enumeration(let name), .structure(let name): return typeName(name)
        case .array(let element): return "List[" + bridgeType(element) + "]"
        case .map(let value): return "Dict[str, " + bridgeType(value) + "]"
        }
    }

    /// The annotation of a value in the APNs shape (seconds since 2001, Swift names).
    func apnsType(_ type: FieldType) -> String {
        switch type {
        case .date: return "float"
        case .dateRange: return "Tuple[float, float]"
        case .structure(let name): return apnsTypeName(name)
        case .array(let element): return "List[" + apnsType(element) + "]"
        case .map(let value): return "Dict[str, " + apnsType(value) + "]"
        default: return bridgeType(type)
        }
    }

    /// The enum member expression for case `name` of enum `enumName`.
    func member(_ name: String, of enumName: String) -> String {
        guard let enumType = contract.type(named: enumName)?.enumType,
              let index = enumType.cases.firstIndex(of: name) else { return typeName(enumName) + "." + name }
        return typeName(enumName) + "." + Self.memberNames(enumType.cases)[index]
    }

    /// A value in the bridge shape, for defaults: a fresh object each time it is evaluated.
    func literal(_ value: Value, type: FieldType) -> String {
        switch value {
        case .string(let text), .url(let text), .uuid(let text): return Self.stringLiteral(text)
        case .enumCase(let name):
            var base = type
            while true {
                if case .array(let element) = base { base = element } else if case .map(let value) = base { base = value } else { break }
            }
            guard case .enumeration(let enumName) = base else { return Self.stringLiteral(name) }
            return member(name, of: enumName)
        case .int(let number): return String(number)
        case .double(let number): return Self.floatLiteral(number)
        case .bool(let flag): return flag ? "True" : "False"
        case .date(let millis): return String(millis)
        case .dateRange(let lower, let upper): return "(\(lower), \(upper))"
        case .array(let items):
            guard case .array(let element) = type else { return "[]" }
            return "[" + CodeText.joined(items.map { literal($0, type: element) }, separator: ", ") + "]"
        case .structure(let members):
            guard case .structure(let name) = type, let fields = contract.type(named: name)?.fields else { return "None" }
            let names = Self.attributes(fields, apns: false)
            let parts = fields.indices.compactMap { index -> String? in
                let field = fields[index]
                guard let member = members.first(where: { $0.name == field.name })?.value ?? field.defaultValue else { return nil }
                return "\(names[index])=\(literal(member, type: field.type))"
            }
            return typeName(name) + "(" + CodeText.joined(parts, separator: ", ") + ")"
        case .map(let members):
            guard case .map(let valueType) = type, !members.isEmpty else { return "{}" }
            let parts = MapKeys.sorted(members).map { Self.stringLiteral($0.name) + ": " + literal($0.value, type: valueType) }
            return "{" + CodeText.joined(parts, separator: ", ") + "}"
        }
    }

    /// A double as a Python float literal: JavaScript's digits, with `.0` when they read as an int.
    static func floatLiteral(_ number: Double) -> String {
        let text = JSNumber.format(number)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A bound from `min`/`max` in the field's own number type, or `None`.
    static func bound(_ value: Value?, integer: Bool) -> String {
        guard let number = value?.number else { return "None" }
        if integer, case .int(let whole)? = value { return String(whole) }
        return integer ? String(Int64(number)) : floatLiteral(number)
    }

    /// A single-quoted ASCII literal: `\` and `'` escaped, the short escapes, every other
    /// character as `\xXX`, `\uXXXX` or `\UXXXXXXXX`.
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
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if scalar.value <= 0xFFFF {
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                }
            }
        }
        return result + "'"
    }

    /// Schema texts as `# ` comment lines: every line break form starts a new line and
    /// invisible controls are spelled out, so no text can end the comment and become code.
    static func comment(_ texts: [String], indent: String = "") -> [String] {
        texts.flatMap { CodeText.lines(of: $0) }.map { line in
            line.isEmpty ? indent + "#" : indent + "# " + directives.escaped(CodeText.visibleControls(in: line))
        }
    }

    /// What Python's tools read at the start of a `# ` comment: type comments (`type:`; above
    /// the imports `# type: ignore` makes mypy skip the module), the checkers' and
    /// formatters' file and line switches, an encoding or shebang line.
    static let directives = Directives(atStart: ["type:", "mypy:", "pyright:", "pylint:", "flake8", "noqa", "ruff:", "fmt:", "isort:",
                                                 "pyre-", "pytype:", "nosec", "pragma:", "-*-", "!", "vim:"])
}
