/// Builds the template context for the kotlin-bridge output: the Android half of the Expo
/// module's JS bridge. Records carry the attributes, the state and each struct in JavaScript's
/// shape; `toAttributes()`, `toState()` and `toValue()` give the Kotlin contract's data classes
/// with the Swift bridge's repairs, so both platforms make the same card of one JS object.
///
/// Every Kotlin spelling is decided here and in `KotlinBridgeExpressions`.
struct KotlinBridgeContext {
    let contract: Contract
    let expressions: KotlinBridgeExpressions

    init(contract: Contract) {
        self.contract = contract
        expressions = KotlinBridgeExpressions(contract: contract)
    }

    func build(header: [String]) -> TemplateObject {
        let package = contract.outputs.kotlinBridgePackage ?? "livecontract.generated"
        let contractPackage = contract.outputs.kotlinPackage ?? "livecontract.generated"
        let attributesType = contract.name + "Attributes", stateType = contract.name + "State"
        var records: [TemplateValue] = [
            record(name: attributesType + "Record", kotlinType: attributesType, fields: contract.attributes, convert: "toAttributes",
                   doc: "[\(attributesType)] as JavaScript sends it to start an activity: wire names, dates in Unix ms."),
            record(name: stateType + "Record", kotlinType: stateType, fields: contract.state, convert: "toState",
                   doc: "[\(stateType)] as JavaScript sends it to start or update an activity: wire names, dates in Unix ms."),
        ]
        var imports = [attributesType, stateType]
        for type in contract.types {
            let kotlinType = KotlinSyntax.declaredName(type.name, in: contract)
            imports.append(kotlinType)
            guard let fields = type.fields else { continue }
            records.append(record(name: expressions.recordName(ofStruct: type.name), kotlinType: kotlinType, fields: fields,
                                  convert: "toValue", doc: "[\(kotlinType)] in JavaScript's shape." + (type.doc.map { "\n\n" + $0 } ?? "")))
        }
        let used = usedHelpers()
        return [
            "headerLines": .list(header.map { .text(KotlinSyntax.commentText($0)) }),
            "package": .text(package),
            "imports": .list(package == contractPackage ? [] : imports.sorted().map { .text(contractPackage + "." + $0) }),
            "helper": .text(expressions.helper),
            "records": .list(records),
            "hasHelpers": .flag(used.contains(true)),
            "helpers": .object(helperFlags(used)),
        ]
    }

    static let helperNames = ["date", "range", "number", "clamp", "refuse", "whole", "uuid", "url", "single"]

    func helperFlags(_ used: [Bool]) -> TemplateObject {
        var flags = TemplateObject(minimumCapacity: Self.helperNames.count)
        for index in Self.helperNames.indices { flags[Self.helperNames[index]] = .flag(used[index]) }
        return flags
    }

    /// One record: its `@Field` properties and its conversion.
    func record(name: String, kotlinType: String, fields: [Field], convert: String, doc: String) -> TemplateValue {
        var items: [TemplateValue] = []
        for index in fields.indices {
            let field = fields[index]
            let absent = expressions.mayBeAbsent(field)
            var docText = field.doc ?? ""
            for line in unitDocs(field) { docText += (docText.isEmpty ? "" : "\n") + line }
            items.append(.object([
                "docComment": .list(KotlinSyntax.docComment(docText).map { .text($0) }),
                "required": .flag(!absent),
                "declaration": .text("var \(KotlinSyntax.identifier(field.wireName)): \(expressions.bridgeType(field)) = \(absent ? "null" : expressions.placeholder(field.type))"),
                "argument": .text("\(KotlinSyntax.identifier(field.name)) = \(expressions.argument(field))" + (index < fields.count - 1 ? "," : "")),
                "wireName": .text(KotlinSyntax.identifier(field.wireName)),
                "assignment": .text(expressions.assignment(field)),
            ]))
        }
        return .object([
            "name": .text(name),
            "kotlinType": .text(kotlinType),
            "docComment": .list(KotlinSyntax.docComment(doc).map { .text($0) }),
            "fields": .list(items),
            "hasFields": .flag(!fields.isEmpty),
            "convert": .text(convert),
        ])
    }

    /// What a property's KDoc adds to the schema doc: the unit, the repair, the default.
    func unitDocs(_ field: Field) -> [String] {
        var lines: [String] = []
        if field.wireName != field.name { lines.append("`\(field.name)` in Kotlin.") }
        switch field.type {
        case .date: lines.append("Unix epoch milliseconds.")
        case .dateRange: lines.append("`[startMs, endMs]` in Unix epoch milliseconds.")
        case .enumeration(let name):
            if let unknown = expressions.unknownCase(of: name) {
                lines.append("Raw value of `\(name)`; an unknown value becomes `\(unknown)`.")
            } else {
                lines.append("Raw value of `\(name)`; an unknown value is refused.")
            }
        default: break
        }
        if field.minimum != nil || field.maximum != nil { lines.append("Clamped to the schema's bounds.") }
        if field.defaultValue != nil { lines.append("May be left out: the schema default applies.") }
        return lines
    }

    /// Which helpers the conversions call, in `helperNames` order.
    func usedHelpers() -> [Bool] {
        var used = [Bool](repeating: false, count: Self.helperNames.count)
        func visit(_ type: FieldType, _ field: Field?) {
            switch type {
            case .date: used[0] = true
            case .dateRange: used[0] = true; used[1] = true
            case .double: used[2] = true
            case .int: used[5] = true
            case .enumeration(let name): if expressions.unknownCase(of: name) == nil { used[4] = true }
            case .float: used[2] = true; used[8] = true
            case .url: used[7] = true
            case .sized: used[5] = true
            case .uuid: used[6] = true
            case .array(let element), .map(let element): visit(element, nil)
            default: break
            }
        }
        for field in contract.attributes + contract.state { visit(field.type, field) }
        for type in contract.types { type.fields?.forEach { visit($0.type, $0) } }
        return used
    }
}
