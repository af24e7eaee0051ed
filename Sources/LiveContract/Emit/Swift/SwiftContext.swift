/// Builds the template context for the Swift `ActivityAttributes` file.
///
/// All Swift spelling decisions (types, literals, escapes, decode statements) are made here;
/// `swift.mustache` only lays them out. See docs/templates.md for the keys.
struct SwiftContext {
    let contract: Contract

    var access: String { contract.access == .public ? "public " : "" }

    func build(header: [String]) -> [String: TemplateValue] {
        [
            "headerLines": .list(header.map { .text($0) }),
            "access": .text(access),
            "attributesType": .text(contract.attributesTypeName),
            "docLines": docs(contract.doc),
            "attributes": record(contract.attributes, indent: "    "),
            "state": record(contract.state, indent: "        "),
            "enums": .list(contract.types.compactMap(enumContext)),
            "structs": .list(contract.types.compactMap(structContext)),
        ]
    }

    func docs(_ text: String?) -> TemplateValue {
        .list(SwiftSyntax.docLines(text).map { .text($0) })
    }

    /// One record (attributes, state or a struct): its fields, init parameters and, when any
    /// field has a default, the decode statements of a lenient `init(from:)`.
    func record(_ fields: [Field], indent: String) -> TemplateValue {
        let lenient = fields.contains { $0.defaultValue != nil }
        let fieldValues: [TemplateValue] = fields.enumerated().map { index, field in
            let type = SwiftSyntax.typeName(field)
            var parameter = "\(field.name): \(type)"
            if let value = field.defaultValue {
                parameter += " = " + SwiftSyntax.literal(value, type: field.type, in: contract)
            } else if field.isOptional {
                parameter += " = nil"
            }
            if index < fields.count - 1 { parameter += "," }
            return .object([
                "name": .text(field.name),
                "type": .text(type),
                "docLines": docs(field.doc),
                "parameter": .text(parameter),
                "decode": .text(decodeStatement(field)),
            ])
        }
        return .object([
            "fields": .list(fieldValues),
            "hasFields": .flag(!fields.isEmpty),
            "lenient": .flag(lenient),
            "codingKeys": .text(fields.map(\.name).joined(separator: ", ")),
        ])
    }

    func decodeStatement(_ field: Field) -> String {
        let type = SwiftSyntax.typeName(field.type)
        if let value = field.defaultValue {
            let fallback = SwiftSyntax.literal(value, type: field.type, in: contract)
            return "self.\(field.name) = try container.decodeIfPresent(\(type).self, forKey: .\(field.name)) ?? \(fallback)"
        }
        if field.isOptional {
            return "self.\(field.name) = try container.decodeIfPresent(\(type).self, forKey: .\(field.name))"
        }
        return "self.\(field.name) = try container.decode(\(type).self, forKey: .\(field.name))"
    }

    func enumContext(_ type: NamedType) -> TemplateValue? {
        guard let enumType = type.enumType else { return nil }
        return .object([
            "name": .text(type.name),
            "docLines": docs(type.doc),
            "cases": .list(enumType.cases.map { .text($0) }),
            "unknownCase": .text(enumType.unknownCase ?? ""),
        ])
    }

    func structContext(_ type: NamedType) -> TemplateValue? {
        guard let fields = type.fields else { return nil }
        guard case .object(var members) = record(fields, indent: "        ") else { return nil }
        members["name"] = .text(type.name)
        members["docLines"] = docs(type.doc)
        return .object(members)
    }
}
