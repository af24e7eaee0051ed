/// Swift types in schema spelling: the standard-library and Foundation types the wire table
/// has, and the enums and structs declared in the file.
extension SwiftImporter {
    /// Swift types the schema has no form for, with the way out.
    static let unsupportedTypes: [String: String] = [
        "Float16": "the schema's float is Swift Float, and Float16 decodes differently (it rejects numbers out of its range): change the property to Float",
        "Data": "its Codable JSON (JSONEncoder's default) is a base64 string, so declare it String (the same JSON) and convert with Data(base64Encoded:) where app code reads it",
        "Decimal": "use Double, or a String when every digit matters", "Character": "use String",
        "Set": "use a list ([T]); a Set's JSON order is not stable",
        "Range": "use ClosedRange<Date> (dateRange)", "ClosedRange": "only ClosedRange<Date> (dateRange) has a schema form",
    ]

    /// Apple-framework and common wrapper types that a ContentState names without declaring
    /// them (passing another file cannot help), with why they have no schema form and the
    /// fields to send instead. A type of that name declared in the files read is read as usual.
    static let platformTypes: [String: String] = [
        "CGSize": "its Codable form is the JSON array [width, height]; send width and height as double fields (or a struct of the two)",
        "CGPoint": "its Codable form is the JSON array [x, y]; send x and y as double fields (or a struct of the two)",
        "CGVector": "its Codable form is the JSON array [dx, dy]; send dx and dy as double fields (or a struct of the two)",
        "CGRect": "its Codable form is nested JSON arrays [[x, y], [width, height]]; send the four numbers as double fields (or a struct of them)",
        "Color.Resolved": "SwiftUI's resolved color is Codable, but Apple does not document the JSON it writes; send its red, green, blue and opacity as double fields (or a hex string) and build the color in the widget",
        "Color": "SwiftUI's Color is not Codable; send a hex string or its components as double fields, and build the Color in the widget",
        "UIColor": "UIColor is not Codable; send a hex string or its components as double fields, and build the color in the widget",
        "Image": "an image is not Codable; send its asset name or URL as a string", "UIImage": "an image is not Codable; send its asset name or URL as a string",
        "CLLocationCoordinate2D": "CoreLocation's coordinate is not Codable; send latitude and longitude as double fields (or a struct of the two)",
        "Duration": "send its length as a double of seconds (or an int64 of milliseconds)",
        "DateInterval": "send its start as a date and its duration as a double, or use ClosedRange<Date> (dateRange)",
        "Locale": "send its identifier as a string", "TimeZone": "send its identifier as a string",
        "Measurement": "send the value as a double and the unit as a string (or in the field's name)",
        "Any": "a value of any JSON type has no schema type; declare the fields it carries in a struct (or use a [String: String] map)",
        "AnyHashable": "a value of any JSON type has no schema type; declare the fields it carries in a struct (or use a [String: String] map)",
        "AnyCodable": "it is not declared in the files import reads, and a value of any JSON type (which such a wrapper holds) has no schema type anyway; declare the fields it carries in a struct (or use a [String: String] map)",
    ]

    /// Swift number types by schema spelling (`UInt32` -> `uint32`, `Float32` -> `float`).
    static let sizedNumbers: [String: String] = [
        "Int8": "int8", "Int16": "int16", "Int32": "int32", "Int64": "int64",
        "UInt": "uint", "UInt8": "uint8", "UInt16": "uint16", "UInt32": "uint32", "UInt64": "uint64",
        "Float": "float", "Float32": "float",
    ]

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
            if Self.isDictionary(element) {
                unsupported("'\(type.spelling)': lists of dictionaries have no schema form; use a list of structs", at: origin)
                return nil
            }
            return schemaType(element, scope: scope, at: origin).map { "[\($0)]" }
        case .dictionary(let key, let value):
            return mapType(key: key, value: value, spelling: type.spelling, scope: scope, at: origin)
        case .other(let text):
            unsupported("'\(text)' is not a type the schema can express", at: origin)
            return nil
        case .named(let written, let arguments):
            var components = written
            if components.count > 1 && (components[0] == "Swift" || components[0] == "Foundation") { components.removeFirst() }
            if components.count == 1, arguments.isEmpty, let parameter = substitutions[components[0]] {
                return schemaType(parameter.type, scope: parameter.scope, at: origin)
            }
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
        case ("UUID", 0): return "uuid"
        case (let sized, 0) where Self.sizedNumbers[sized] != nil: return Self.sizedNumbers[sized]
        case ("Dictionary", 2): return mapType(key: arguments[0], value: arguments[1], spelling: spelling, scope: scope, at: origin) ?? ""
        case ("CGFloat", 0):
            // CGFloat's Codable reads and writes its native Double (iOS runs 64-bit only), so
            // the JSON is a double's; Swift converts Double to CGFloat implicitly where app
            // code passes it on (SE-0307).
            diagnostics.warning("CGFloat encodes as its Double value, so the schema says double (same JSON) and the generated code declares 'Double'; Swift converts it to CGFloat implicitly where app code passes it on, but code that spells CGFloat for this property's type must follow",
                                at: origin, rule: "import-changed")
            return "double"
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

    /// `[String: T]` as the schema's `[string: T]`; other keys encode as a JSON array of
    /// alternating keys and values, which no schema type is.
    mutating func mapType(key: SwiftTypeRef, value: SwiftTypeRef, spelling: String, scope: [String], at origin: SourceLocation) -> String? {
        guard key == .named(["String"], arguments: []) || key == .named(["Swift", "String"], arguments: []) else {
            unsupported("'\(spelling)': only String-keyed dictionaries have a schema form ([string: T], a JSON object); Codable writes other keys as a flat array of keys and values",
                        at: origin)
            return nil
        }
        if case .optional = value {
            unsupported("'\(spelling)': dictionaries of optionals have no schema form", at: origin)
            return nil
        }
        if Self.isDictionary(value) {
            unsupported("'\(spelling)': dictionaries of dictionaries have no schema form; use a dictionary of a struct", at: origin)
            return nil
        }
        if case .array(let element) = value, Self.isDictionary(element) {
            unsupported("'\(spelling)': dictionaries of lists of dictionaries have no schema form; use a struct", at: origin)
            return nil
        }
        return schemaType(value, scope: scope, at: origin).map { "[string: \($0)]" }
    }

    /// An enum or struct declared in this file, queued for conversion; its schema name is its
    /// own name, since `types` is one namespace.
    mutating func declaredType(_ components: [String], arguments: [SwiftTypeRef], scope: [String], spelling: String,
                               at origin: SourceLocation) -> String? {
        let resolution = index.lookup(components, from: scope)
        if case .alias(let target, let aliasScope, let alias)? = resolution {
            guard aliasDepth < 16 else {
                // A cycle and a long chain both end here; the message must not claim a cycle.
                unsupported("typealias '\(alias.name)' is reached through 16 typealiases: they refer to themselves, or the chain is longer than import follows; spell the type directly",
                            at: location(alias.line, alias.column))
                return nil
            }
            aliasDepth += 1
            defer { aliasDepth -= 1 }
            return schemaType(target, scope: aliasScope, at: origin)
        }
        guard case .type(let key)? = resolution, let entry = index[key] else {
            if let name = components.last, let hint = Self.platformTypes[components.joined(separator: ".")] ?? Self.platformTypes[name] {
                unsupported("'\(spelling)' has no schema form: \(hint)", at: origin)
                return nil
            }
            if let outer = components.first { undeclared.insert(outer) }
            unsupported("'\(spelling)' is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swift Models.swift`, or a folder that holds both), declare it here, or use a schema type", at: origin)
            return nil
        }
        if !arguments.isEmpty, entry.decl.kind == .struct, entry.decl.genericParameters.count == arguments.count {
            return specialized(entry, key: key, arguments: arguments, scope: scope, spelling: spelling, at: origin)
        }
        guard arguments.isEmpty, [.enum, .struct, .class].contains(entry.decl.kind) else {
            unsupported("'\(spelling)' is a \(arguments.isEmpty ? entry.decl.kind.rawValue : "generic type"); the schema's own types are enums and structs", at: origin)
            return nil
        }
        if let known = schemaNames[key] { return known }
        let name = uniqueSchemaName(for: entry)
        typeKeys[name] = key
        schemaNames[key] = name
        pending.append(key)
        return name
    }

    /// The type's own name, or, when another type of that name (nested elsewhere, or in
    /// another file) already has it, its dotted path run together (`OTAUpdateStatusPhase`):
    /// the schema's types share one namespace, and a type's name never reaches the JSON.
    mutating func uniqueSchemaName(for entry: SwiftTypeIndex.Entry) -> String {
        if !Self.isSchemaTypeName(entry.name) { return renamedSchemaName(for: entry) }
        guard let existing = typeKeys[entry.name] else { return entry.name }
        let base = entry.path.joined()
        var name = base
        var number = 2
        while typeKeys[name] != nil {
            name = base + String(number)
            number += 1
        }
        note("'\(entry.dottedName)' would take the schema name '\(entry.name)', which '\(existing)' already has (the schema's types share one namespace, and the generated code nests each type directly in \(attributesName)), so it is '\(name)' in the schema; the JSON is the same (a type's name is not on the wire), but code that names '\(entry.dottedName)' for the generated type must use '\(attributesName).\(name)'",
             at: location(of: entry))
        return name
    }

    /// Whether the schema takes `name` as a type name as it is (the loader's own check):
    /// upper-case first, and neither a name the generated code declares (`State`, `Record`,
    /// ...) nor a standard type it uses.
    static func isSchemaTypeName(_ name: String) -> Bool {
        SchemaLoader.typeNameRefusal(name, what: "type name") == nil
    }

    /// A schema name for a Swift type whose own name the schema refuses (`State`, which the
    /// generated code declares; `gameState`, lower-case): a type's name is not on the wire, so
    /// the JSON is the same under `StateValue` or `GameState`, said in a note.
    mutating func renamedSchemaName(for entry: SwiftTypeIndex.Entry) -> String {
        let capitalized = entry.name.prefix(1).uppercased() + entry.name.dropFirst()
        var candidates = [capitalized, capitalized + "Value", entry.path.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()]
        candidates += (2...99).map { capitalized + "Value" + String($0) }
        let name = candidates.first { Self.isSchemaTypeName($0) && typeKeys[$0] == nil && index.lookup([$0], from: []) == nil } ?? capitalized
        note("'\(entry.dottedName)' cannot keep its name in the schema (\(Self.isSchemaTypeName(capitalized) ? "type names start upper-case there, as Kotlin and TypeScript types do" : "the generated Kotlin, TypeScript or Swift declares or uses a type of that name")), so it is '\(name)' in the schema; the JSON is the same (a type's name is not on the wire), but code that names '\(entry.dottedName)' for the generated type must use '\(attributesName).\(name)' (or declare \(entry.path.count > 1 ? "`extension \(entry.path.dropLast().joined(separator: ".")) { typealias \(entry.name) = \(attributesName).\(name) }`" : "`typealias \(entry.name) = \(attributesName).\(name)`") in a file of the app's own)",
             at: location(of: entry))
        return name
    }

    /// A generic struct used with arguments (`Pair<Int>`): the schema has no generic types,
    /// so each use with other arguments is a struct of its own (`PairInt`), its fields read
    /// with the parameters replaced. Its JSON is the same: Codable writes the fields of the
    /// specialization, and no type name.
    mutating func specialized(_ entry: SwiftTypeIndex.Entry, key: String, arguments: [SwiftTypeRef], scope: [String], spelling: String,
                              at origin: SourceLocation) -> String? {
        var argumentNames: [String] = []
        for argument in arguments {
            guard let name = schemaType(argument, scope: scope, at: origin) else { return nil }
            argumentNames.append(name)
        }
        let pendingKey = key + "<" + argumentNames.joined(separator: ",") + ">"
        if let known = schemaNames[pendingKey] { return known }
        // `[string: Team?]` -> `StringTeam`: the argument's names, capitalized, run together.
        let parts = argumentNames.flatMap { $0.split { !$0.isLetter && !$0.isNumber } }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let base = entry.name + parts.joined()
        var name = base
        var number = 2
        while typeKeys[name] != nil || index.lookup([name], from: []) != nil {
            name = base + String(number)
            number += 1
        }
        typeKeys[name] = pendingKey
        schemaNames[pendingKey] = name
        // An argument that is itself a parameter of the specialization being read
        // (`Outer<T> { var inner: Pair<T> }`) stands for what that parameter stands for.
        let resolved = arguments.map { argument -> (type: SwiftTypeRef, scope: [String]) in
            if case .named(let path, let inner) = argument, path.count == 1, inner.isEmpty, let outer = substitutions[path[0]] { return outer }
            return (argument, scope)
        }
        specializations[pendingKey] = (key, Dictionary(uniqueKeysWithValues: zip(entry.decl.genericParameters, resolved)))
        pending.append(pendingKey)
        note("'\(spelling)' is a generic struct, and the schema has no generic types, so it is the struct '\(name)' with \(zip(entry.decl.genericParameters, arguments).map { "\($0) = \($1.spelling)" }.joined(separator: ", ")) (the same JSON: Codable writes its fields, and no type name); code that names '\(spelling)' for the generated type must use '\(attributesName).\(name)'",
             at: origin)
        return name
    }

    /// `[K: V]` or `Dictionary<K, V>`.
    static func isDictionary(_ type: SwiftTypeRef) -> Bool {
        switch type {
        case .dictionary: return true
        case .named(let path, let arguments): return path.last == "Dictionary" && arguments.count == 2
        default: return false
        }
    }
}
