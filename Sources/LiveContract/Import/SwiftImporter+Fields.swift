/// Stored properties and their types: what synthesized `Codable` encodes, in schema terms.
extension SwiftImporter {
    /// Attributes that do not change how a property is encoded; any other attribute on a
    /// stored property is taken for a property wrapper, which does.
    static let harmlessAttributes: Set<String> = [
        "available", "MainActor", "objc", "nonobjc", "preconcurrency", "usableFromInline", "inlinable", "backDeployed",
    ]

    /// Swift types the schema has no form for, with the way out.
    static let unsupportedTypes: [String: String] = [
        "Float": "use Double", "Float32": "use Double", "CGFloat": "use Double", "Float16": "use Double",
        "Int8": "use Int", "Int16": "use Int", "Int32": "use Int", "Int64": "use Int",
        "UInt": "use Int", "UInt8": "use Int", "UInt16": "use Int", "UInt32": "use Int", "UInt64": "use Int",
        "UUID": "send its uuidString as a String", "Data": "send it as a base64 String",
        "Decimal": "use Double, or a String when every digit matters", "Character": "use String",
        "Set": "use a list ([T]); a Set's JSON order is not stable", "Dictionary": "use a struct with named fields, or a list of structs",
        "Range": "use ClosedRange<Date> (dateRange)", "ClosedRange": "only ClosedRange<Date> (dateRange) has a schema form",
    ]

    /// The encoded stored properties of `entry`, in declaration order.
    mutating func fields(of entry: SwiftTypeIndex.Entry) -> [ImportedField] {
        var result: [ImportedField] = []
        let keys = codingKeys(of: entry).map { Set($0.members.cases.map(\.name)) }
        for property in entry.decl.members.properties where !property.isStatic && !property.isComputed {
            let origin = location(property.line, property.column)
            if let keys, !keys.contains(property.name) {
                if property.initializer.isEmpty {
                    unsupported("'\(property.name)' is left out of CodingKeys and has no initial value, so only hand-written decoding could set it; the schema cannot express that",
                                at: origin)
                } else {
                    note("'\(property.name)' is left out of CodingKeys, so it never reaches the JSON; the schema leaves it out and the generated struct has no '\(property.name)'",
                         at: origin)
                }
                continue
            }
            if property.isLazy {
                unsupported("'lazy var \(property.name)' cannot be part of a Codable contract", at: origin)
                continue
            }
            if let wrapper = property.attributes.first(where: { !Self.harmlessAttributes.contains($0) }) {
                unsupported("'@\(wrapper) \(property.name)': a property wrapper changes how the property is encoded; the schema cannot express that",
                            at: origin)
                continue
            }
            if property.isLet && !property.initializer.isEmpty {
                unsupported("'let \(property.name)' has an initial value, so synthesized Codable encodes it but never decodes it; the schema cannot express that: make it 'var' or drop the value",
                            at: origin)
                continue
            }
            guard let swiftType = property.type ?? SwiftLiterals.inferredType(property.initializer) else {
                unsupported("'\(property.name)' has no written type; add one (e.g. '\(property.name): String')", at: origin)
                continue
            }
            guard let type = schemaType(swiftType, scope: entry.path, at: origin) else { continue }
            var field = ImportedField(name: property.name, type: type, doc: property.doc, defaultValue: nil, origin: origin)
            if !property.initializer.isEmpty && !SwiftLiterals.isNil(property.initializer) {
                field.defaultValue = defaultValue(property, schemaType: type, scope: entry.path, at: origin)
            }
            result.append(field)
        }
        return result
    }

    /// A literal initial value as a schema `default:`; a note explains what that changes (the
    /// generated decoder accepts a missing key) or why the value was left out.
    mutating func defaultValue(_ property: SwiftProperty, schemaType: String, scope: [String], at origin: SourceLocation) -> String? {
        let written = property.initializer.map(\.text).joined()
        if schemaType.hasSuffix("?") {
            note("the initial value \(written) of optional '\(property.name)' is not imported: synthesized Codable decodes a missing key as nil, and so does the generated code",
                 at: origin)
            return nil
        }
        let tokens = property.initializer
        var value: String?
        switch schemaType {
        case "bool": value = SwiftLiterals.bool(tokens).map { $0 ? "true" : "false" }
        case "int": value = SwiftLiterals.integer(tokens).flatMap { Int32(exactly: $0) }.map { String($0) }
        case "double": value = SwiftLiterals.decimal(tokens)
        case "string": value = SwiftLiterals.string(tokens).map { YAMLText.quoted($0) }
        default:
            if schemaType.hasPrefix("[") && tokens.count == 2 && tokens[0].is("[") && tokens[1].is("]") {
                value = "[]"
            } else if let name = SwiftLiterals.enumCase(tokens), let cases = enumCases(named: schemaType), cases.contains(name) {
                value = name
            }
        }
        guard let value else {
            note("the initial value \(written) of '\(property.name)' is not imported (schema defaults are literals); the generated init needs this argument",
                 at: origin)
            return nil
        }
        note("'\(property.name)' gets `default: \(value)`: the generated decoder also accepts a payload without '\(property.name)' (synthesized Codable rejects it)",
             at: origin)
        return value
    }

    /// The cases of an enum this import already converts, by schema name.
    func enumCases(named name: String) -> [String]? {
        guard let key = typeKeys[name], let entry = index[key], entry.decl.kind == .enum else { return nil }
        return entry.decl.members.cases.map(\.name)
    }

    /// The schema spelling of a Swift type, or nil after reporting why it has none.
    mutating func schemaType(_ type: SwiftTypeRef, scope: [String], at origin: SourceLocation) -> String? {
        switch type {
        case .optional(let wrapped):
            if case .optional = wrapped {
                unsupported("'\(type.spelling)': a double optional has no schema form", at: origin)
                return nil
            }
            return schemaType(wrapped, scope: scope, at: origin).map { $0 + "?" }
        case .array(let element):
            if case .optional = element {
                unsupported("'\(type.spelling)': lists of optionals have no schema form; use a list of structs with an optional field", at: origin)
                return nil
            }
            if case .array = element {
                unsupported("'\(type.spelling)': lists of lists have no schema form; use a list of structs", at: origin)
                return nil
            }
            return schemaType(element, scope: scope, at: origin).map { "[\($0)]" }
        case .dictionary:
            unsupported("'\(type.spelling)': the schema has no dictionary type; use a struct with named fields, or a list of structs", at: origin)
            return nil
        case .other(let text):
            unsupported("'\(text)' is not a type the schema can express", at: origin)
            return nil
        case .named(let written, let arguments):
            var components = written
            if components.count > 1 && (components[0] == "Swift" || components[0] == "Foundation") { components.removeFirst() }
            if components.count == 1,
               let builtin = builtinType(components[0], arguments: arguments, scope: scope, spelling: type.spelling, at: origin) {
                return builtin.isEmpty ? nil : builtin
            }
            return declaredType(components, arguments: arguments, scope: scope, spelling: type.spelling, at: origin)
        }
    }

    /// A standard-library or Foundation type: its schema spelling, "" after an error, or nil
    /// when `name` is not one of them.
    mutating func builtinType(_ name: String, arguments: [SwiftTypeRef], scope: [String], spelling: String,
                              at origin: SourceLocation) -> String? {
        switch (name, arguments.count) {
        case ("String", 0): return "string"
        case ("Int", 0): return "int"
        case ("Double", 0), ("Float64", 0): return "double"
        case ("Bool", 0): return "bool"
        case ("Date", 0): return "date"
        case ("URL", 0): return "url"
        case ("TimeInterval", 0):
            note("TimeInterval is Double: the schema says double and the generated code 'Double' (same JSON)", at: origin)
            return "double"
        case ("Optional", 1): return schemaType(.optional(arguments[0]), scope: scope, at: origin) ?? ""
        case ("Array", 1): return schemaType(.array(arguments[0]), scope: scope, at: origin) ?? ""
        case ("ClosedRange", 1) where arguments[0] == .named(["Date"], arguments: []) || arguments[0] == .named(["Foundation", "Date"], arguments: []):
            return "dateRange"
        default:
            guard let hint = Self.unsupportedTypes[name] else { return nil }
            unsupported("'\(spelling)' has no schema form; \(hint)", at: origin)
            return ""
        }
    }

    /// An enum or struct declared in this file, queued for conversion; its schema name is its
    /// own name, since `types` is one namespace.
    mutating func declaredType(_ components: [String], arguments: [SwiftTypeRef], scope: [String], spelling: String,
                               at origin: SourceLocation) -> String? {
        let resolution = index.lookup(components, from: scope)
        if case .alias(let target, let aliasScope, let alias)? = resolution {
            guard aliasDepth < 16 else {
                unsupported("typealias '\(alias.name)' refers to itself", at: location(alias.line, alias.column))
                return nil
            }
            aliasDepth += 1
            defer { aliasDepth -= 1 }
            return schemaType(target, scope: aliasScope, at: origin)
        }
        guard case .type(let key)? = resolution, let entry = index[key] else {
            unsupported("'\(spelling)' is not declared in this file, so its Codable shape is unknown; declare it here or use a schema type", at: origin)
            return nil
        }
        guard arguments.isEmpty, entry.decl.kind == .enum || entry.decl.kind == .struct else {
            unsupported("'\(spelling)' is a \(arguments.isEmpty ? entry.decl.kind.rawValue : "generic type"); the schema's own types are enums and structs", at: origin)
            return nil
        }
        if let existing = typeKeys[entry.name], existing != key {
            unsupported("'\(entry.dottedName)' and '\(existing)' are both named '\(entry.name)', but the schema's types share one namespace; rename one",
                        at: location(of: entry))
            return nil
        }
        if typeKeys[entry.name] == nil {
            typeKeys[entry.name] = key
            pending.append(key)
        }
        return entry.name
    }
}
