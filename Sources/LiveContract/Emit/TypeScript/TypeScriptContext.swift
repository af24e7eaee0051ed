/// Builds the template context for the TypeScript output (one dependency-free `.ts` file).
///
/// Every TypeScript spelling (types, literals, conversion expressions, JSDoc) is decided here
/// and in `TypeScriptSyntax`/`TypeScriptExpressions`; `typescript.mustache` only lays the
/// pieces out. Same contract, same bytes: nothing here depends on the clock or the platform.
struct TypeScriptContext {
    let contract: Contract
    let syntax: TypeScriptSyntax
    let records: TypeScriptRecords

    init(contract: Contract) {
        self.contract = contract
        syntax = TypeScriptSyntax(contract: contract)
        records = TypeScriptRecords(expressions: TypeScriptExpressions(syntax: syntax))
    }

    func build(header: [String]) -> TemplateObject {
        let name = contract.name
        let records = self.records
        let attributesType = name + "Attributes", stateType = name + "State"
        var context: TemplateObject = [
            "headerLines": .list(header.map { .text($0) }),
            "name": .text(name),
            "docLines": texts(TypeScriptSyntax.docBlock(contract.doc.map { [$0] } ?? [])),
            "attributesType": .text(attributesType),
            "stateType": .text(stateType),
            "contentStateType": .text(name + "ContentState"),
            "apnsAttributesType": .text(name + "ApnsAttributes"),
            "payloadType": .text(name + "ApnsPayload"),
            "parseResultType": .text(name + "FcmParse"),
            "swiftAttributesType": .text(contract.attributesTypeName),
            "enums": .list(contract.types.compactMap(enumContext)),
            "structs": .list(contract.types.compactMap(structContext)),
            "attributes": records.topLevel(contract.attributes, typeName: attributesType, local: "a",
                                           apnsSource: "apnsAttributes", source: "attributes"),
            "state": records.topLevel(contract.state, typeName: stateType, local: "s",
                                      apnsSource: "contentState", source: "state"),
            "fcmEncode": texts(records.fcmEncode(contract.attributes, source: "attributes", typeName: attributesType)
                + records.fcmEncode(contract.state, source: "state", typeName: stateType)),
            "envelope": contract.envelope.templateContext(literal: TypeScriptSyntax.stringLiteral),
            "fcmParse": texts(records.fcmParse(contract.attributes, local: "a") + records.fcmParse(contract.state, local: "s")),
        ]
        for (name, value) in contract.dateRuntimeFlags { context[name] = value }
        return context
    }

    func texts(_ lines: [String]) -> TemplateValue {
        .list(lines.map { .text($0) })
    }

    /// A string-literal union type and the list of its cases.
    func enumContext(_ type: NamedType) -> TemplateValue? {
        guard let enumType = type.enumType else { return nil }
        var doc = type.doc.map { [$0] } ?? []
        let isInt = enumType.rawType == .int
        if let fallback = enumType.unknownRawValue {
            doc.append("Unknown raw values read as `\(isInt ? fallback : TypeScriptSyntax.stringLiteral(fallback))`.")
        }
        let literals = isInt ? enumType.rawValues : enumType.rawValues.map(TypeScriptSyntax.stringLiteral)
        // An Int-raw enum's wire is a number; the object names each one (`Level.high` is 5).
        let named = zip(enumType.cases, enumType.rawValues).map { TypeScriptSyntax.propertyKey($0) + ": " + $1 }
        return .object([
            "namedCases": .text(isInt ? "{ " + CodeText.joined(named, separator: ", ") + " }" : ""),
            "swiftName": .text(type.name),
            "name": .text(syntax.typeName(type.name)),
            "docLines": texts(TypeScriptSyntax.docBlock(doc)),
            "union": .text(CodeText.joined(literals, separator: " | ")),
            "casesName": .text(syntax.casesName(type.name)),
            "caseList": .text(CodeText.joined(literals, separator: ", ")),
        ])
    }

    /// Both interfaces of a struct and, when a field uses it, its four conversion functions
    /// (emitted only then, so `noUnusedLocals` projects compile the file).
    func structContext(_ type: NamedType) -> TemplateValue? {
        guard let fields = type.fields else { return nil }
        let expressions = records.expressions
        return .object([
            "name": .text(syntax.typeName(type.name)),
            "apnsName": .text(syntax.apnsTypeName(type.name)),
            "docLines": texts(TypeScriptSyntax.docBlock(type.doc.map { [$0] } ?? [])),
            "bridgeFields": records.declarations(fields, apns: false),
            "apnsFields": records.declarations(fields, apns: true),
            "converted": .flag(usedStructs.contains(type.name)),
            "toApnsFunction": .text(expressions.toApnsFunction(type.name)),
            "fromApnsFunction": .text(expressions.fromApnsFunction(type.name)),
            "normalizeFunction": .text(expressions.normalizeFunction(type.name)),
            "readFunction": .text(expressions.readFunction(type.name)),
            "toApns": texts(records.checkedEntries(fields, source: "value", apns: true) { "path + '.\($0.wireName)'" }),
            "fromApns": texts(records.fromApnsEntries(fields, source: "value")),
            "normalize": texts(records.checkedEntries(fields, source: "value", apns: false) { "path + '.\($0.wireName)'" }),
            "read": texts(records.jsonEntries(fields)),
            // An empty struct reads no member, and `noUnusedLocals` refuses an unread `o`.
            "readsMembers": .flag(!fields.isEmpty),
        ])
    }

    /// Structs reachable from the attributes or the state, through arrays and other structs.
    var usedStructs: Set<String> {
        var used: Set<String> = []
        func visit(_ type: FieldType) {
            switch type {
            case .array(let element), .map(let element): visit(element)
            case .structure(let name):
                guard used.insert(name).inserted else { return }
                contract.type(named: name)?.fields?.forEach { visit($0.type) }
            default: break
            }
        }
        (contract.attributes + contract.state).forEach { visit($0.type) }
        return used
    }
}
