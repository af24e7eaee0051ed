/// Swift spellings: type names, literals and doc comments, escaped so no schema text can
/// end a comment, interpolate, or hide code behind bidi controls.
enum SwiftSyntax {
    static func typeName(_ type: FieldType) -> String {
        switch type {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .date: return "Date"
        case .dateRange: return "ClosedRange<Date>"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .sized(let kind): return kind.swiftName
        case .float: return "Float"
        case .enumeration(let name), .structure(let name): return name
        case .array(let element): return "[\(typeName(element))]"
        case .map(let value): return "[String: \(typeName(value))]"
        }
    }

    /// A schema name (field, enum case, argument label) as a Swift identifier: backticked
    /// when Swift reserves it (`` `default` ``, `` `self` ``). The name itself stays the APNs
    /// key and the raw value, since backticks are not part of a Swift name.
    static func identifier(_ name: String) -> String {
        NameRules.swiftKeywords.contains(name) ? "`" + name + "`" : name
    }

    /// An argument label at a call site. Swift takes every keyword there except `inout`
    /// and warns about needless backticks, so only `inout` gets them.
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`inout`" : name
    }

    /// The name of a memberwise-init parameter inside the init body. A parameter called
    /// `self` would hide `self` itself, so it gets an internal name no schema field can have
    /// (fields start with a lower-case letter).
    static func parameterName(_ name: String) -> String {
        name == "self" ? "_self" : identifier(name)
    }

    /// A memberwise-init parameter declaration: `` `default`: Int ``, `` `self` _self: Int ``.
    static func parameter(_ name: String) -> String {
        name == "self" ? "`self` _self" : identifier(name)
    }

    static func typeName(_ field: Field) -> String {
        typeName(field.type) + (field.isOptional ? "?" : "")
    }

    /// ` = n` for case `index` of an Int-raw enum when `n` is not Swift's implicit value
    /// (0 for the first case, else the previous raw value + 1), so the case list reads as a
    /// hand-written one does.
    static func intRawSuffix(_ raws: [Int], at index: Int) -> String {
        guard index < raws.count else { return "" }
        let implicit = index == 0 ? 0 : raws[index - 1] + 1
        return raws[index] == implicit ? "" : " = \(raws[index])"
    }

    /// A string literal. Everything outside printable ASCII is a `\u{...}` escape, so the
    /// generated file is pure ASCII and `\(` can never start an interpolation.
    static func stringLiteral(_ text: String) -> String {
        if CodeText.isPlain(text, except: "\\\"") { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }

    /// A literal for a checked schema value of `type`; struct members look up their field
    /// types in `contract`. Enum cases carry their type: where an optional is expected, a bare
    /// `.none` would mean `Optional.none`, not the schema's `none` case.
    static func literal(_ value: Value, type: FieldType, in contract: Contract) -> String {
        switch value {
        case .string(let text): return stringLiteral(text)
        case .url(let text): return "URL(string: \(stringLiteral(text)))!"
        case .uuid(let text): return "UUID(uuidString: \(stringLiteral(text)))!"
        case .int(let number): return String(number)
        case .double(let number): return type == .float ? FloatText.shortest(number) : doubleLiteral(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let millis): return dateLiteral(millis)
        case .dateRange(let lower, let upper): return "\(dateLiteral(lower))...\(dateLiteral(upper))"
        case .enumCase(let name): return "\(typeName(type)).\(identifier(name))"
        case .array(let items):
            guard case .array(let element) = type else { return "[]" }
            return "[" + CodeText.joined(items.map { literal($0, type: element, in: contract) }, separator: ", ") + "]"
        case .map(let members):
            guard case .map(let valueType) = type else { return "[:]" }
            return mapLiteral(members) { literal($0, type: valueType, in: contract) }
        case .structure(let members):
            let fields = contract.type(named: typeName(type))?.fields ?? []
            let arguments = members.map { member -> String in
                let memberType = fields.first { $0.name == member.name }?.type ?? .string
                return "\(argumentLabel(member.name)): \(literal(member.value, type: memberType, in: contract))"
            }
            return "\(typeName(type))(" + CodeText.joined(arguments, separator: ", ") + ")"
        }
    }

    /// `["a": 1, "b": 2]` in code point key order, `[:]` when empty.
    static func mapLiteral(_ members: [NamedValue], value: (Value) -> String) -> String {
        guard !members.isEmpty else { return "[:]" }
        return "[" + CodeText.joined(MapKeys.sorted(members).map { stringLiteral($0.name) + ": " + value($0.value) }, separator: ", ") + "]"
    }

    /// A Double literal that reads back exactly. Subnormal values are spelled by bit pattern:
    /// swiftc warns that any subnormal literal "underflows", which `-warnings-as-errors` rejects.
    static func doubleLiteral(_ number: Double) -> String {
        if number.isSubnormal {
            return "Double(bitPattern: 0x\(String(number.bitPattern, radix: 16, uppercase: true)))"
        }
        let text = String(number)
        return text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") } ? text : text + ".0"
    }

    /// `Date` from Unix milliseconds, in the seconds since 2001 that `Date` holds and APNs
    /// carries, so a default is the Date a content state with the same date decodes to:
    /// `Date(timeIntervalSince1970: 1742061600.123)` subtracts in Double and is off by an ulp
    /// (763754400.1229999 where the wire has 763754400.123).
    static func dateLiteral(_ millis: Int64) -> String {
        "Date(timeIntervalSinceReferenceDate: \(doubleLiteral(Epoch.referenceSeconds(fromUnixMillis: millis))))"
    }

    /// Doc comment text split into lines; bidi and other invisible controls are shown as
    /// `\u{...}` so a reviewer sees them, and every line break form starts a new `///` line.
    static func docLines(_ doc: String?) -> [String] {
        guard let doc, !doc.isEmpty else { return [] }
        return CodeText.lines(of: doc).map { directives.escaped(CodeText.visibleControls(in: $0)) }
    }

    /// What Swift's tools read in a comment: SwiftLint's switches anywhere in it,
    /// swift-format's and Sourcery's at its start.
    static let directives = Directives(atStart: ["swift-format-ignore", "sourcery:"], anywhere: ["swiftlint:"])
}
