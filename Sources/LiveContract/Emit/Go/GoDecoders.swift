/// The `UnmarshalJSON` methods of the generated Go types, so `json.Unmarshal` accepts what
/// Swift's decoder accepts where encoding/json alone would read a zero value: it refuses a
/// required key that is absent or null and a null list item or map member, and fills an
/// absent or null defaulted member of the APNs shape with its default, as Swift does.
///
/// Each type checks only its own members; a nested struct's own method checks its members.
struct GoDecoders {
    let records: GoRecords

    var expressions: GoExpressions { records.expressions }
    var syntax: GoSyntax { records.syntax }

    /// Every decodable type: each struct's two shapes, then the four halves.
    func all() -> TemplateValue {
        let contract = syntax.contract
        var result: [TemplateValue] = []
        for type in contract.types {
            guard let fields = type.fields else { continue }
            result.append(decoder(syntax.typeName(type.name), fields, apns: false))
            result.append(decoder(syntax.apnsTypeName(type.name), fields, apns: true))
        }
        result.append(decoder("Attributes", contract.attributes, apns: false))
        result.append(decoder("State", contract.state, apns: false))
        result.append(decoder("ContentState", contract.state, apns: true))
        result.append(decoder("ApnsAttributes", contract.attributes, apns: true))
        return .list(result)
    }

    func decoder(_ typeName: String, _ fields: [Field], apns: Bool) -> TemplateValue {
        let rules = fields.map { field -> String in
            let key = GoSyntax.stringLiteral(apns ? field.apnsName : field.wireName)
            let required = apns ? !field.isOptional && field.defaultValue == nil : !field.mayBeMissing
            // A date declared `encoding: iso8601` is text Swift reads only in one form ("t").
            let shape = apns && field.dateEncoding == .iso8601 ? "t" : Self.shape(field.type, apns: apns)
            return "{\(key), \(required), \(GoSyntax.stringLiteral(shape))},"
        }
        // Swift reads an absent or null defaulted member (`T?` too) as the default, so the APNs
        // shape fills it; the bridge shape holds it as a pointer, nil meaning the default.
        let defaults = apns ? fields.compactMap { field -> String? in
            guard let value = field.defaultValue else { return nil }
            let key = GoSyntax.stringLiteral(field.apnsName)
            let literal = syntax.literal(value, type: field.type)
            let apnsValue = field.hasDateEncoding ? expressions.toApnsDate(field.dateEncoding, literal) : expressions.toApns(field.type, literal)
            let assigned = field.isOptional ? "lcPtr(\(apnsValue))" : apnsValue
            return GoLayout.block("if absent[\(key)]", ["v.\(GoSyntax.fieldName(field.name)) = \(assigned)"])
        } : []
        return .object([
            "type": .text(typeName),
            "rulesVariable": .text("lcDecode" + typeName),
            "rules": records.texts(rules),
            "hasRules": .flag(!rules.isEmpty),
            "defaults": records.texts(defaults),
            "absentVariable": .text(defaults.isEmpty ? "_" : "absent"),
        ])
    }

    /// The containers between a member and its values: `l` per list, `m` per map, and a
    /// range as `r` in the APNs shape (Swift's ClosedRange reads the first two of at least two
    /// items) or `p` in the bridge shape (exactly two, as the Swift and TypeScript bridges read it);
    /// last, `u` for a UUID and `w` for a URL, whose text Swift's decoder checks.
    static func shape(_ type: FieldType, apns: Bool = true) -> String {
        switch type {
        case .array(let element): return "l" + shape(element, apns: apns)
        case .map(let value): return "m" + shape(value, apns: apns)
        case .dateRange: return apns ? "r" : "p"
        case .uuid: return "u"
        case .url: return "w"
        default: return ""
        }
    }
}
