/// Builds the template context for the Swift bridge: Expo-modules records that carry the
/// attributes and the state in JavaScript's shape, with conversions to and from the generated
/// Codable types (`toAttributes()`, `toContentState()` and the reverse inits that
/// `getRunningActivities` needs).
///
/// Every Swift spelling (types, expressions, literals, docs) is decided here and in
/// `SwiftBridgeExpressions`; `swift-bridge.mustache` only lays it out.
struct SwiftBridgeContext {
    let contract: Contract

    var expressions: SwiftBridgeExpressions { SwiftBridgeExpressions(contract: contract) }
    var access: String { contract.access == .public ? "public " : "" }

    func build(header: [String]) -> [String: TemplateValue] {
        let attributesType = contract.attributesTypeName
        var records: [TemplateValue] = [
            record(name: attributesType + "Record", swiftType: attributesType, fields: contract.attributes,
                   convert: "toAttributes", parameter: "attributes",
                   docs: ["`\(attributesType)` as JavaScript sends it to start an activity: bridge names,",
                          "dates in Unix milliseconds. `init(_:)` reads a running activity's attributes back."]),
            record(name: contract.name + "StateRecord", swiftType: attributesType + ".ContentState", fields: contract.state,
                   convert: "toContentState", parameter: "state",
                   docs: ["`\(attributesType).ContentState` as JavaScript sends it to start or update an",
                          "activity: bridge names, dates in Unix milliseconds. Not an APNs payload: a push",
                          "carries the Codable shape (names, seconds since 2001)."]),
        ]
        for type in contract.types {
            guard let fields = type.fields else { continue }
            records.append(record(name: expressions.recordName(ofStruct: type.name), swiftType: expressions.qualified(type.name),
                                  fields: fields, convert: "toValue", parameter: "value",
                                  docs: ["`\(expressions.qualified(type.name))` in JavaScript's shape."] + SwiftSyntax.docLines(type.doc)))
        }
        let strictEnums = contract.types.compactMap { type -> TemplateValue? in
            guard let enumType = type.enumType, enumType.unknownCase == nil else { return nil }
            return .object(["name": .text(expressions.qualified(type.name)), "typeName": .text(type.name)])
        }
        return [
            "headerLines": .list(header.map { .text($0) }),
            "access": .text(access),
            "attributesType": .text(attributesType),
            "helper": .text(expressions.helper),
            "records": .list(records),
            "enumerableEnums": .list(strictEnums),
            "helpers": .list(helpers()),
        ]
    }

    /// The helper groups the records call, in a fixed order; each item sets one kind flag, so
    /// the template can lay each group out and separate groups by one blank line.
    func helpers() -> [TemplateValue] {
        let used = usedTypes()
        let kinds: [(String, Bool)] = [
            ("dates", used.contains(.date) || used.contains(.dateRange)),
            ("ranges", used.contains(.dateRange)),
            ("doubles", used.contains(.double)),
            ("clamp", usesClamp),
            ("urls", used.contains(.url)),
        ]
        let present = kinds.filter(\.1).map(\.0)
        return present.enumerated().map { index, kind in
            var members: [String: TemplateValue] = ["first": .flag(index == 0)]
            for (name, _) in kinds { members[name] = .flag(name == kind) }
            return .object(members)
        }
    }

    /// One record: its `@Field` properties and the two conversions.
    func record(name: String, swiftType: String, fields: [Field], convert: String, parameter: String,
                docs: [String]) -> TemplateValue {
        let fieldValues: [TemplateValue] = fields.enumerated().map { index, field in
            let absent = expressions.mayBeAbsent(field)
            let separator = index < fields.count - 1 ? "," : ""
            return .object([
                "wireName": .text(field.wireName),
                "docLines": .list((SwiftSyntax.docLines(field.doc) + unitDocs(field)).map { .text($0) }),
                "wrapper": .text(absent ? "@Field" : "@Field(.required)"),
                "type": .text(expressions.bridgeType(field)),
                "initial": .text(absent ? "" : " = " + expressions.placeholder(field.type)),
                "assignment": .text(expressions.assignment(field, source: parameter)),
                "argument": .text("\(field.name): \(expressions.argument(field))\(separator)"),
            ])
        }
        return .object([
            "name": .text(name),
            "swiftType": .text(swiftType),
            "docLines": .list(docs.map { .text($0) }),
            "fields": .list(fieldValues),
            "hasFields": .flag(!fields.isEmpty),
            "convert": .text(convert),
            "parameter": .text(parameter),
        ])
    }

    /// What the doc of a record property adds to the schema doc: the unit JS must use, and
    /// what happens when it leaves the field out or sends something the widget cannot show.
    func unitDocs(_ field: Field) -> [String] {
        var lines: [String] = []
        if field.wireName != field.name { lines.append("`\(field.name)` in Swift and APNs JSON.") }
        switch field.type {
        case .date: lines.append("Unix epoch milliseconds.")
        case .dateRange: lines.append("`[startMs, endMs]` in Unix epoch milliseconds.")
        case .enumeration(let name):
            if let unknown = expressions.unknownCase(of: name) {
                lines.append("Raw value of `\(name)`; an unknown value becomes `.\(unknown)`.")
            }
        default: break
        }
        switch (expressions.bound(field.minimum, of: field), expressions.bound(field.maximum, of: field)) {
        case let (low?, high?): lines.append("Clamped to \(low)...\(high).")
        case let (low?, nil): lines.append("Clamped to at least \(low).")
        case let (nil, high?): lines.append("Clamped to at most \(high).")
        case (nil, nil): break
        }
        if field.defaultValue != nil { lines.append("May be left out: the schema default applies.") }
        return lines
    }

    /// Every field type the records hold, array items and struct members included.
    func usedTypes() -> Set<FieldType> {
        var seen = Set<FieldType>()
        func visit(_ type: FieldType) {
            guard seen.insert(type).inserted else { return }
            if case .array(let element) = type { visit(element) }
        }
        for field in contract.attributes + contract.state + contract.types.flatMap({ $0.fields ?? [] }) {
            visit(field.type)
        }
        return seen
    }

    /// Whether any int field (struct members included) has bounds, so `clamp` is needed.
    var usesClamp: Bool {
        (contract.attributes + contract.state + contract.types.flatMap { $0.fields ?? [] }).contains {
            $0.type == .int && ($0.minimum != nil || $0.maximum != nil)
        }
    }
}
