/// Go spellings: exported names, types of both shapes, literals and comments, escaped so no
/// schema text can end a string or hide code behind line separators and bidi controls.
///
/// Field names are the exported form of the schema name (`type` -> `Type`): every Go keyword
/// and predeclared name is lower-case, so an exported name never collides with one, and the
/// JSON tag carries the wire name. String literals are pure ASCII (escapes for the rest).
struct GoSyntax {
    let contract: Contract

    /// `<Contract><Type>` unless the type already starts with the contract name (as in
    /// Kotlin and TypeScript), so a schema type can never be named `State` or `Attributes`.
    func typeName(_ name: String) -> String {
        name.hasPrefix(contract.name) ? name : contract.name + name
    }

    /// The APNs (Codable) shape of a struct: `MatchScore` -> `MatchScoreApns`.
    func apnsTypeName(_ name: String) -> String { typeName(name) + "Apns" }

    /// The exported Go field of a schema field: `orderId` -> `OrderId`.
    /// `unmarshalJSON` becomes `UnmarshalJSON_`: a field may not share the name of the
    /// types' `UnmarshalJSON` method.
    static func fieldName(_ name: String) -> String {
        let exported = Naming.upperFirst(name)
        return exported == "UnmarshalJSON" ? exported + "_" : exported
    }

    /// The constant of an enum case: `KitchenSinkPhaseRunning`.
    func caseConstant(_ enumName: String, _ caseName: String) -> String {
        typeName(enumName) + Naming.upperFirst(caseName)
    }

    /// The unexported list of an enum's raw values: `lcCasesKitchenSinkPhase`.
    func casesVariable(_ enumName: String) -> String { "lcCases" + typeName(enumName) }

    /// The Go type of a value in the JS bridge shape (Unix ms, wire names).
    func bridgeType(_ type: FieldType) -> String {
        switch type {
        case .string, .url, .uuid: return "string"
        case .int: return "int32"
        case .sized(let kind): return Self.sizedType(kind)
        case .double, .float: return "float64"
        case .bool: return "bool"
        case .date: return "int64"
        case .dateRange: return "[2]int64"
        case .enumeration(let name), .structure(let name): return typeName(name)
        case .array(let element): return "[]" + bridgeType(element)
        case .map(let value): return "map[string]" + bridgeType(value)
        }
    }

    /// The Go type of a value in the APNs shape (seconds since 2001, Swift names).
    func apnsType(_ type: FieldType) -> String {
        switch type {
        case .float: return "float32"
        case .date: return "float64"
        case .dateRange: return "[2]float64"
        case .structure(let name): return apnsTypeName(name)
        case .array(let element): return "[]" + apnsType(element)
        case .map(let value): return "map[string]" + apnsType(value)
        default: return bridgeType(type)
        }
    }

    /// Go's own sized integers; `uint` is Swift's `UInt` and Go's `uint` (64-bit on servers).
    /// `uint8` is the file's `Uint8`: encoding/json writes a `[]uint8` as base64 text, and
    /// a byte type with its own `MarshalJSON` is written as the array of numbers the wire is.
    static func sizedType(_ kind: IntegerKind) -> String { kind == .uint8 ? "Uint8" : kind.rawValue }

    /// A value in the bridge shape, typed so it fits any place (`int32(3)`, `[]uint8{...}`).
    /// Struct members the value leaves out but whose field has a default are filled in.
    func literal(_ value: Value, type: FieldType) -> String {
        switch value {
        case .string(let text), .url(let text), .uuid(let text): return Self.stringLiteral(text)
        case .enumCase(let name):
            guard case .enumeration(let enumName) = type else { return Self.stringLiteral(name) }
            return caseConstant(enumName, name)
        case .int(let number): return "\(bridgeType(type))(\(number))"
        case .double(let number): return "\(bridgeType(type))(\(Self.number(number, type: type)))"
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let millis): return "int64(\(millis))"
        case .dateRange(let lower, let upper): return "[2]int64{\(lower), \(upper)}"
        case .array(let items):
            guard case .array(let element) = type else { return "nil" }
            return bridgeType(type) + "{" + CodeText.joined(items.map { literal($0, type: element) }, separator: ", ") + "}"
        case .structure(let members):
            guard case .structure(let name) = type, let fields = contract.type(named: name)?.fields else { return "struct{}{}" }
            let parts = fields.compactMap { field -> String? in
                guard let member = members.first(where: { $0.name == field.name })?.value ?? field.defaultValue else { return nil }
                let text = literal(member, type: field.type)
                let value = field.mayBeMissing ? "lcPtr[\(bridgeType(field.type))](\(text))" : text
                return "\(Self.fieldName(field.name)): \(value)"
            }
            return typeName(name) + "{" + CodeText.joined(parts, separator: ", ") + "}"
        case .map(let members):
            guard case .map(let element) = type else { return "nil" }
            // Code point (UTF-8 byte) order, so the same map always reads the same.
            let sorted = members.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
            let parts = sorted.map { Self.stringLiteral($0.name) + ": " + literal($0.value, type: element) }
            return bridgeType(type) + "{" + CodeText.joined(parts, separator: ", ") + "}"
        }
    }

    /// A bound or number as Go source: integers without a fraction, doubles in JS digits
    /// (which are valid Go float literals, `1e-7`, `1e+21`).
    static func number(_ value: Double, type: FieldType) -> String {
        if type.integerRange != nil, value == value.rounded(), abs(value) < 1e18 { return String(Int64(value)) }
        return JSNumber.format(value)
    }

    /// The lower and upper bound of a numeric field for `lcClamp`/`lcBounded`, nil without
    /// bounds; a missing side is the type's own limit (or an infinity for doubles).
    func bounds(_ field: Field) -> (String, String)? {
        guard field.minimum != nil || field.maximum != nil else { return nil }
        func side(_ value: Value?, _ lower: Bool) -> String {
            if let number = value?.number { return Self.number(number, type: field.type) }
            if let range = field.type.integerRange { return String(lower ? range.lowerBound : range.upperBound) }
            return lower ? "math.Inf(-1)" : "math.Inf(1)"
        }
        return (side(field.minimum, true), side(field.maximum, false))
    }

    /// A Go interpreted string literal: `\` and `"` escaped, the usual short escapes, every
    /// other control or non-ASCII scalar (U+2028/9 and bidi controls included) as `\uXXXX`
    /// or `\UXXXXXXXX`, so the file stays ASCII.
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
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if scalar.value > 0xFFFF {
                    result += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                } else {
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return result + "\""
    }

    /// `// ` comment lines for schema texts: every line break form starts a new line and
    /// invisible controls are spelled out. A line comment ends only at a newline, so no other
    /// escaping is needed.
    ///
    /// gofmt strips trailing blanks from every comment line, so they are left out here. A doc
    /// comment of a top-level declaration (`doc`) is also rewritten by gofmt's doc-comment
    /// rules: an indented line becomes a code block, an indented `- ` a list, a one-line
    /// paragraph between two others a `# ` heading. Its lines are therefore written
    /// unindented and without blank lines, one paragraph gofmt keeps as it is. gofmt also
    /// turns two backquotes or two single quotes into a curly quote there (two single
    /// quotes become U+201D), so such a pair is written with a space between.
    static func comment(_ texts: [String], indent: String = "", doc: Bool = false) -> [String] {
        var lines = texts.flatMap { text -> [String] in
            guard !text.isEmpty else { return [] }
            return CodeText.lines(of: text).map { line in
                let safe = directives.escaped(CodeText.isPlain(line) ? line : CodeText.visibleControls(in: line))
                return doc ? separatedQuotePairs(trimmed(safe)) : trimmed(safe, leading: false)
            }
        }
        if doc { lines.removeAll { $0.isEmpty } }
        return lines.map { $0.isEmpty ? indent + "//" : indent + "// " + $0 }
    }

    /// What Go's tools read in a `// ` comment line: `+build` is a build constraint (go
    /// vet fails, gofmt moves it into the header); the others are read without the space
    /// this emitter always writes, and are escaped too in case a tool trims it.
    static let directives = Directives(atStart: ["+build", "go:", "#cgo", "nolint", "lint:"])

    /// `line` with a space inside every pair of backquotes or single quotes, which gofmt's
    /// doc-comment rules would rewrite as curly quotes: three single quotes become `' ' '`.
    static func separatedQuotePairs(_ line: String) -> String {
        let bytes = Array(line.utf8)
        func quote(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") }
        guard bytes.indices.dropFirst().contains(where: { quote(bytes[$0]) && bytes[$0] == bytes[$0 - 1] }) else { return line }
        var result: [UInt8] = []
        for byte in bytes {
            if quote(byte), result.last == byte { result.append(UInt8(ascii: " ")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `line` without trailing spaces and tabs (gofmt drops them), and without leading ones
    /// too when `leading`. Byte by byte: reversing a String as Characters cost a tenth of a
    /// whole `check` for one Go file.
    static func trimmed(_ line: String, leading: Bool = true) -> String {
        let bytes = Array(line.utf8)
        func blank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0, end = bytes.count
        while end > 0, blank(bytes[end - 1]) { end -= 1 }
        while leading, start < end, blank(bytes[start]) { start += 1 }
        return start == 0 && end == bytes.count ? line : String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
