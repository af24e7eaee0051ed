/// Builds the template context for the Swift bridge: Expo-modules records that carry the
/// attributes and the state in JavaScript's shape, with conversions to and from the generated
/// Codable types (`toAttributes()`, `toContentState()` and the reverse inits that
/// `getRunningActivities` needs).
///
/// Every Swift spelling (types, expressions, literals, docs) is decided here and in
/// `SwiftBridgeExpressions`; `swift-bridge.mustache` only lays it out.
struct SwiftBridgeContext {
    let contract: Contract
    let expressions: SwiftBridgeExpressions

    init(contract: Contract) {
        self.contract = contract
        expressions = SwiftBridgeExpressions(contract: contract)
    }

    var access: String { contract.access == .public ? "public " : "" }

    func build(header: [String]) -> TemplateObject {
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
        let kinds = ["dates", "ranges", "doubles", "clamp", "urls", "uuids", "floats"]
        let present = [used.dates || used.ranges, used.ranges, used.doubles, used.ints, used.urls, used.uuids, used.floats]
        var result: [TemplateValue] = []
        for index in kinds.indices where present[index] {
            var members: TemplateObject = ["first": .flag(result.isEmpty)]
            for other in kinds.indices { members[kinds[other]] = .flag(other == index) }
            result.append(.object(members))
        }
        return result
    }

    /// One record: its `@Field` properties and the two conversions.
    func record(name: String, swiftType: String, fields: [Field], convert: String, parameter: String,
                docs: [String]) -> TemplateValue {
        var fieldValues: [TemplateValue] = []
        fieldValues.reserveCapacity(fields.count)
        // Indexing reads single properties; `for field in fields` would copy each whole Field.
        for index in fields.indices {
            let absent = expressions.mayBeAbsent(fields[index])
            var argument = SwiftSyntax.argumentLabel(fields[index].name) + ": " + expressions.argument(fields[index])
            if index < fields.count - 1 { argument += "," }
            fieldValues.append(.object([
                "wireName": .text(SwiftSyntax.identifier(fields[index].wireName)),
                "docLines": .list((SwiftSyntax.docLines(fields[index].doc) + unitDocs(fields[index])).map { .text($0) }),
                "wrapper": .text(absent ? "@Field" : "@Field(.required)"),
                "type": .text(expressions.bridgeType(fields[index])),
                "initial": .text(absent ? "" : " = " + expressions.placeholder(fields[index].type)),
                "assignment": .text(expressions.assignment(fields[index], source: parameter)),
                "argument": .text(argument),
            ]))
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
        if field.isAPNsRenamed {
            lines.append("`\(field.name)` in Swift, `\(field.apnsName)` in APNs JSON.")
        } else if field.wireName != field.name {
            lines.append("`\(field.name)` in Swift and APNs JSON.")
        }
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

    /// Which kinds of value the records hold, array items and struct members included.
    struct UsedTypes {
        var dates = false, ranges = false, doubles = false, urls = false, ints = false
        var uuids = false, floats = false
    }

    /// Every kind of field type the records hold, array items and struct members included.
    func usedTypes() -> UsedTypes {
        var used = UsedTypes()
        func visit(_ type: FieldType) {
            switch type {
            case .date: used.dates = true
            case .dateRange: used.ranges = true
            case .double: used.doubles = true
            case .url: used.urls = true
            case .uuid: used.uuids = true
            case .float: used.floats = true
            case .int, .sized: used.ints = true
            case .array(let element), .map(let element): visit(element)
            default: break
            }
        }
        func visit(_ fields: [Field]) {
            for index in fields.indices { visit(fields[index].type) }
        }
        visit(contract.attributes)
        visit(contract.state)
        for type in contract.types {
            if let fields = type.fields { visit(fields) }
        }
        return used
    }

}
