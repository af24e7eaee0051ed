/// Literal fallbacks of a hand-written `decodeIfPresent(...) ?? literal`, carried over as
/// schema `default:`s (as YAML flow text).
extension SwiftImporter {
    /// Integer ranges of the schema's integer types (64-bit ones limited to what JavaScript
    /// numbers hold exactly, as their values are everywhere else).
    static let integerRanges: [String: ClosedRange<Int>] = [
        "int": Int(Int32.min)...Int(Int32.max), "int8": -128...127, "int16": -32_768...32_767,
        "int32": Int(Int32.min)...Int(Int32.max), "int64": -9_007_199_254_740_991...9_007_199_254_740_991,
        "uint": 0...9_007_199_254_740_991, "uint8": 0...255, "uint16": 0...65_535, "uint32": 0...4_294_967_295,
        "uint64": 0...9_007_199_254_740_991,
    ]

    /// `tokens` as the YAML flow text of a `default:` of `schemaType`, or nil when it is no
    /// literal of that type.
    mutating func literalDefault(_ tokens: [SwiftToken], schemaType: String) -> String? {
        if let range = Self.integerRanges[schemaType] {
            return SwiftLiterals.integer(tokens).flatMap { range.contains($0) ? String($0) : nil }
        }
        switch schemaType {
        case "bool": return SwiftLiterals.bool(tokens).map { $0 ? "true" : "false" }
        case "double", "float":
            if let bits = SwiftLiterals.call(tokens, "Double", label: "bitPattern", forceUnwrapped: false), bits.count == 1, bits[0].kind == .number,
               bits[0].text.hasPrefix("0x"), let pattern = UInt64(bits[0].text.dropFirst(2).filter { $0 != "_" }, radix: 16) {
                let value = Double(bitPattern: pattern)
                return value.isFinite ? "\(value)" : nil
            }
            return SwiftLiterals.decimal(tokens)
        case "string": return SwiftLiterals.string(tokens).map { YAMLText.quoted($0) }
        case "url": return SwiftLiterals.call(tokens, "URL", label: "string", forceUnwrapped: true).flatMap(SwiftLiterals.string).map { YAMLText.quoted($0) }
        case "uuid": return SwiftLiterals.call(tokens, "UUID", label: "uuidString", forceUnwrapped: true).flatMap(SwiftLiterals.string).map { YAMLText.quoted($0) }
        case "dateRange":
            guard let dots = tokens.indices.dropLast(2).first(where: { tokens[$0].is(".") && tokens[$0 + 1].is(".") && tokens[$0 + 2].is(".") }),
                  let lower = literalDefault(Array(tokens[..<dots]), schemaType: "date"),
                  let upper = literalDefault(Array(tokens[(dots + 3)...]), schemaType: "date") else { return nil }
            return "[\(lower), \(upper)]"
        case "date":
            // Unix seconds, or seconds since 2001 as livecontract writes a date default.
            if let seconds = SwiftLiterals.call(tokens, "Date", label: "timeIntervalSinceReferenceDate", forceUnwrapped: false).flatMap(SwiftLiterals.decimal),
               let value = Double(seconds), abs(value) < 1e13 {
                return YAMLText.quoted(Epoch.formatISO8601(unixMillis: Int64((value * 1000).rounded()) + Epoch.referenceOffsetMillis))
            }
            guard let seconds = SwiftLiterals.call(tokens, "Date", label: "timeIntervalSince1970", forceUnwrapped: false).flatMap(SwiftLiterals.decimal),
                  let value = Double(seconds), abs(value) < 1e13 else { return nil }
            return YAMLText.quoted(Epoch.formatISO8601(unixMillis: Int64((value * 1000).rounded())))
        default:
            break
        }
        if schemaType.hasPrefix("[string: "), schemaType.hasSuffix("]") {
            return mapDefault(tokens, valueType: String(schemaType.dropFirst("[string: ".count).dropLast()))
        }
        if schemaType.hasPrefix("["), schemaType.hasSuffix("]") {
            let element = String(schemaType.dropFirst().dropLast())
            guard let items = SwiftLiterals.list(tokens) else { return nil }
            var values: [String] = []
            for item in items {
                guard let value = literalDefault(item, schemaType: element) else { return nil }
                values.append(value)
            }
            return "[" + values.joined(separator: ", ") + "]"
        }
        if let name = SwiftLiterals.enumCase(tokens), let cases = enumCases(named: schemaType), cases.contains(name) {
            return name
        }
        return structureDefault(tokens, schemaType: schemaType)
    }

    /// `[:]` or `["a": 1, "b": 2]`: a flow mapping of string keys to literal values.
    mutating func mapDefault(_ tokens: [SwiftToken], valueType: String) -> String? {
        if tokens.count == 3 && tokens[0].is("[") && tokens[1].is(":") && tokens[2].is("]") { return "{}" }
        guard let items = SwiftLiterals.list(tokens) else { return nil }
        var members: [String] = []
        for item in items {
            // The key is one string literal token, then `:`.
            guard item.count >= 3, item[1].is(":"), let key = SwiftLiterals.string([item[0]]),
                  let value = literalDefault(Array(item[2...]), schemaType: valueType) else { return nil }
            members.append(YAMLText.quoted(key) + ": " + value)
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    /// `Payload(text: "x", mood: .calm)` for a struct this import converts: a flow mapping
    /// of its members' literal values.
    mutating func structureDefault(_ tokens: [SwiftToken], schemaType structName: String) -> String? {
        guard let key = typeKeys[structName], let entry = index[key], entry.decl.kind == .struct,
              tokens.count >= 3, tokens[0].is(entry.name), tokens[1].is("("), tokens.last?.is(")") == true,
              SwiftLiterals.balancedSpan(tokens, from: 1) == tokens.count,
              let arguments = SwiftLiterals.list([SwiftToken(kind: .symbol, text: "[", line: 0, column: 0)] + tokens[2..<(tokens.count - 1)]
                                                 + [SwiftToken(kind: .symbol, text: "]", line: 0, column: 0)]) else { return nil }
        // Member types are read again when the struct itself is converted; any problem is
        // reported then, once.
        let reported = diagnostics
        defer { diagnostics = reported }
        var members: [String] = []
        for argument in arguments {
            guard argument.count >= 3, argument[0].kind == .word, argument[1].is(":"),
                  let property = entry.decl.members.properties.first(where: { $0.name == argument[0].text && !$0.isStatic && !$0.isComputed }),
                  let swiftType = property.type ?? SwiftLiterals.inferredType(property.initializer),
                  var memberType = schemaType(swiftType, scope: entry.path, at: location(property.line, property.column)) else { return nil }
            let value = Array(argument[2...])
            if memberType.hasSuffix("?") {
                if SwiftLiterals.isNil(value) { continue }
                memberType.removeLast()
            }
            guard let literal = literalDefault(value, schemaType: memberType) else { return nil }
            members.append("\(property.name): \(literal)")
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    /// The cases of an enum this import already converts, by schema name.
    func enumCases(named name: String) -> [String]? {
        guard let key = typeKeys[name], let entry = index[key], entry.decl.kind == .enum else { return nil }
        return entry.decl.members.cases.map(\.name)
    }
}
