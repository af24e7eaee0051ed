/// Builds the template context for the Swift `ActivityAttributes` file.
///
/// All Swift spelling decisions (types, literals, escapes, decode statements) are made here;
/// `swift.mustache` only lays them out. See docs/templates.md for the keys.
struct SwiftContext {
    let contract: Contract

    var access: String { contract.access == .public ? "public " : "" }

    /// Statements of dates declared with `encoding:`; the helpers are the attributes type's.
    var dates: SwiftDates { SwiftDates(helper: contract.attributesTypeName) }

    func build(header: [String]) -> TemplateObject {
        [
            "headerLines": .list(header.map { .text($0) }),
            "access": .text(access),
            "attributesType": .text(contract.attributesTypeName),
            "docLines": docs(contract.doc),
            "attributes": record(contract.attributes, indent: "    "),
            "state": record(contract.state, indent: "        "),
            "enums": .list(contract.types.compactMap(enumContext)),
            "structs": .list(contract.types.compactMap(structContext)),
            "dateHelpers": SwiftDates.helpers(contract),
        ]
    }

    func docs(_ text: String?) -> TemplateValue {
        .list(SwiftSyntax.docLines(text).map { .text($0) })
    }

    /// One record (attributes, state or a struct): its fields, init parameters and, when any
    /// field has a default, the decode statements of a lenient `init(from:)`. A struct also
    /// gets its name and doc lines.
    func record(_ fields: [Field], indent: String, structType: NamedType? = nil) -> TemplateValue {
        var lenient = false, renamed = false, encoded = false
        var fieldValues: [TemplateValue] = []
        fieldValues.reserveCapacity(fields.count)
        var names: [String] = []
        names.reserveCapacity(fields.count)
        // Indexing reads single properties; `for field in fields` would copy each whole Field.
        for index in fields.indices {
            let name = SwiftSyntax.identifier(fields[index].name), fieldType = fields[index].type, isOptional = fields[index].isOptional
            let type = SwiftSyntax.typeName(fieldType)
            let label = SwiftSyntax.parameter(fields[index].name)
            var parameter = isOptional ? "\(label): \(type)?" : "\(label): \(type)"
            let encoding = fields[index].dateEncoding
            encoded = encoded || encoding != .reference
            let decode: String
            if let value = fields[index].defaultValue {
                lenient = true
                let fallback = SwiftSyntax.literal(value, type: fieldType, in: contract)
                parameter += " = " + fallback
                decode = "self.\(name) = try " + dates.decode(name, type: type, encoding, present: false) + " ?? \(fallback)"
            } else if isOptional {
                parameter += " = nil"
                decode = "self.\(name) = try " + dates.decode(name, type: type, encoding, present: false)
            } else {
                decode = "self.\(name) = try " + dates.decode(name, type: type, encoding, present: true)
            }
            if index < fields.count - 1 { parameter += "," }
            // A key that differs from the property name is the raw value (`case id = "orderId"`).
            names.append(fields[index].isAPNsRenamed ? name + " = " + SwiftSyntax.stringLiteral(fields[index].apnsName) : name)
            renamed = renamed || fields[index].isAPNsRenamed
            fieldValues.append(.object([
                "name": .text(name),
                "argument": .text(SwiftSyntax.parameterName(fields[index].name)),
                "type": .text(isOptional ? type + "?" : type),
                "docLines": docs(fields[index].doc),
                "parameter": .text(parameter),
                "decode": .text(decode),
                "encode": .text("try " + dates.encode(name, encoding, optional: isOptional)),
            ]))
        }
        var members: TemplateObject = [
            "fields": .list(fieldValues),
            "hasFields": .flag(!fields.isEmpty),
            "lenient": .flag(lenient),
            // A date with `encoding:` needs both coders written out; a default only the decoder.
            "dateEncoded": .flag(encoded),
            "decodes": .flag(lenient || encoded),
            // `CodingKeys` are written when a coder needs them or a key is renamed (`apnsName:`).
            "hasCodingKeys": .flag(lenient || renamed || encoded),
            "codingKeys": .text(CodeText.joined(names, separator: ", ")),
        ]
        if let structType {
            members["name"] = .text(structType.name)
            members["docLines"] = docs(structType.doc)
        }
        return .object(members)
    }

    func enumContext(_ type: NamedType) -> TemplateValue? {
        guard let enumType = type.enumType else { return nil }
        return .object([
            "name": .text(type.name),
            "docLines": docs(type.doc),
            "cases": .list(enumType.cases.indices.map { index in
                let name = enumType.cases[index], raw = enumType.rawValues[index]
                if enumType.rawType == .int { return .text(SwiftSyntax.identifier(name) + SwiftSyntax.intRawSuffix(enumType.intRawValues, at: index)) }
                return .text(SwiftSyntax.identifier(name) + (raw == name ? "" : " = " + SwiftSyntax.stringLiteral(raw)))
            }),
            "rawType": .text(enumType.rawType == .int ? "Int" : "String"),
            "unknownCase": .text(enumType.unknownCase.map(SwiftSyntax.identifier) ?? ""),
            "unknownCaseName": .text(enumType.unknownCase ?? ""),
        ])
    }

    func structContext(_ type: NamedType) -> TemplateValue? {
        guard let fields = type.fields else { return nil }
        return record(fields, indent: "        ", structType: type)
    }
}
