/// Builds the template context for the Python output: one standard-library module for a
/// Python server (dataclasses for both shapes, conversions, FCM encode/parse, push bodies and
/// the other routes), clean under `mypy --strict`.
///
/// Every Python spelling is decided here and in `PythonSyntax`/`PythonExpressions`/
/// `PythonRecords`; `python.mustache` only lays the pieces out. Same contract, same bytes.
struct PythonContext {
    let contract: Contract
    let syntax: PythonSyntax
    let records: PythonRecords

    init(contract: Contract) {
        self.contract = contract
        syntax = PythonSyntax(contract: contract)
        records = PythonRecords(expressions: PythonExpressions(syntax: syntax))
    }

    func build(header: [String]) -> TemplateObject {
        let name = contract.name
        let attributesType = name + "Attributes", stateType = name + "State"
        let contentStateType = name + "ContentState", apnsAttributesType = name + "ApnsAttributes"
        var context: TemplateObject = [
            "headerLines": .list(header.map { .text(CodeText.singleLine($0)) }),
            "name": .text(name),
            "commentLines": texts(PythonSyntax.comment(contract.doc.map { [$0] } ?? [])),
            "attributesType": .text(attributesType),
            "stateType": .text(stateType),
            "contentStateType": .text(contentStateType),
            "apnsAttributesType": .text(apnsAttributesType),
            "parseResultType": .text(name + "FcmParse"),
            "swiftAttributesType": .text(PythonSyntax.stringLiteral(contract.attributesTypeName)),
            "payloadLabel": .text(PythonSyntax.stringLiteral(name)),
            "enums": .list(contract.types.compactMap(enumContext)),
            "classes": .list(classes(attributesType: attributesType, stateType: stateType,
                                     contentStateType: contentStateType, apnsAttributesType: apnsAttributesType)),
            "structs": .list(contract.types.compactMap(structContext)),
            "attributes": topLevel(contract.attributes, bridgeType: attributesType,
                                   source: "attributes", apnsSource: "apns_attributes", local: "a"),
            "state": topLevel(contract.state, bridgeType: stateType,
                              source: "state", apnsSource: "content_state", local: "s"),
            "fcmEncode": texts(records.fcmEncode(contract.attributes, source: "attributes", typeName: attributesType)
                + records.fcmEncode(contract.state, source: "state", typeName: stateType)),
            "fcmParse": texts(records.fcmParse(contract.attributes, local: "a") + records.fcmParse(contract.state, local: "s")),
            "envelope": envelopeContext,
        ]
        for (name, value) in contract.dateRuntimeFlags { context[name] = value }
        return context
    }

    func texts(_ lines: [String]) -> TemplateValue { .list(lines.map { .text($0) }) }

    /// Attributes or state: both conversions and the FCM parse result (the dataclasses are in `classes`).
    func topLevel(_ fields: [Field], bridgeType: String, source: String, apnsSource: String, local: String) -> TemplateValue {
        var object: TemplateObject = [
            "toApns": texts(records.checkedArguments(fields, source: source, apns: true) {
                PythonSyntax.stringLiteral("\(bridgeType).\($0.wireName)")
            }),
            "fromApns": texts(records.fromApnsArguments(fields, source: apnsSource)),
        ]
        object["result"] = .object(records.fcmResult(fields, local: local))
        return .object(object)
    }

    /// Every dataclass, in one list so the template spells a dataclass once: each struct's
    /// bridge and APNs classes, then the attributes, the state and their APNs shapes.
    func classes(attributesType: String, stateType: String, contentStateType: String, apnsAttributesType: String) -> [TemplateValue] {
        let bridgeDoc = "Reads the bridge JSON (wire names, Unix ms); raises TypeError/ValueError naming the member."
        let apnsDoc = "Reads the APNs JSON (Swift names, seconds since 2001); raises TypeError/ValueError naming the member."
        func item(_ name: String, _ doc: [String], _ fields: [Field], apns: Bool, top: Bool) -> TemplateValue {
            var object = records.dataclass(fields, apns: apns, pathBase: top ? name : nil)
            object["name"] = .text(name)
            object["commentLines"] = texts(PythonSyntax.comment(doc))
            object["readDoc"] = .text(apns ? apnsDoc : bridgeDoc)
            object["pathLiteral"] = .text(PythonSyntax.stringLiteral(name))
            return .object(object)
        }
        var result: [TemplateValue] = []
        for type in contract.types {
            guard let fields = type.fields else { continue }
            let doc = type.doc.map { [$0] } ?? []
            result.append(item(syntax.typeName(type.name), doc, fields, apns: false, top: false))
            result.append(item(syntax.apnsTypeName(type.name),
                               ["`\(syntax.typeName(type.name))` as the widget's Codable type reads it: Swift names, dates in seconds since 2001."],
                               fields, apns: true, top: false))
        }
        result.append(item(attributesType, ["The static half in the bridge shape: wire names, Unix ms. Set when the activity starts."],
                           contract.attributes, apns: false, top: true))
        result.append(item(stateType, ["The dynamic half in the bridge shape: Unix ms, wire names. Every update replaces it."],
                           contract.state, apns: false, top: true))
        result.append(item(contentStateType, ["`\(contract.attributesTypeName).ContentState` as JSON: the `aps.content-state` of a push.",
                                              "Swift names, dates in seconds since 2001-01-01. Make it with to_content_state."],
                           contract.state, apns: true, top: true))
        result.append(item(apnsAttributesType, ["`\(contract.attributesTypeName)` as JSON: the `aps.attributes` of a start push.",
                                                "Make it with to_apns_attributes."],
                           contract.attributes, apns: true, top: true))
        return result
    }

    /// An `enum.Enum` whose values are the raw values.
    func enumContext(_ type: NamedType) -> TemplateValue? {
        guard let enumType = type.enumType else { return nil }
        var doc = type.doc.map { [$0] } ?? []
        let isInt = enumType.rawType == .int
        if let fallback = enumType.unknownRawValue {
            doc.append("Unknown raw values read as \(isInt ? fallback : PythonSyntax.stringLiteral(fallback)) in parse_fcm_data.")
        }
        let names = PythonSyntax.memberNames(enumType.cases)
        return .object([
            "name": .text(syntax.typeName(type.name)),
            // `raw: int`: an IntEnum, whose values json.dumps writes as numbers.
            "base": .text(isInt ? "enum.IntEnum" : "enum.Enum"),
            "commentLines": texts(PythonSyntax.comment(doc)),
            "members": .list(enumType.cases.indices.map { index in
                .object(["member": .text(names[index]), "raw": .text(isInt ? enumType.rawValues[index] : PythonSyntax.stringLiteral(enumType.rawValues[index]))])
            }),
            "hasMembers": .flag(!enumType.cases.isEmpty),
        ])
    }

    /// The four conversion functions of a struct (its dataclasses are in `classes`).
    func structContext(_ type: NamedType) -> TemplateValue? {
        guard let fields = type.fields else { return nil }
        let prefix = syntax.functionPrefix(type.name)
        let path: (Field) -> String = { "path + \(PythonSyntax.stringLiteral("." + $0.wireName))" }
        return .object([
            "name": .text(syntax.typeName(type.name)),
            "apnsName": .text(syntax.apnsTypeName(type.name)),
            "prefix": .text(prefix),
            "toApns": texts(records.checkedArguments(fields, source: "v", apns: true, path: path)),
            "normalize": texts(records.checkedArguments(fields, source: "v", apns: false, path: path)),
            "fromApns": texts(records.fromApnsArguments(fields, source: "value")),
            "readJson": texts(records.jsonArguments(fields)),
        ])
    }

    /// The FCM envelope keys and the advice of each envelope issue, as Python literals.
    var envelopeContext: TemplateValue {
        let keys = contract.envelope
        func literal(_ text: String) -> TemplateValue { .text(PythonSyntax.stringLiteral(text)) }
        return .object([
            "activityIdKey": literal(keys.activityId),
            "eventKey": literal(keys.event),
            "sentAtKey": literal(keys.sentAt),
            "staleAtKey": literal(keys.staleAt),
            "dismissAtKey": literal(keys.dismissAt),
            "activityIdAdvice": literal(keys.advice(key: keys.activityId, reason: "missing")),
            "eventAdvice": literal(keys.advice(key: keys.event, reason: "missing")),
            "sentAtInvalidAdvice": literal(keys.advice(key: keys.sentAt, reason: "invalid")),
            "sentAtSecondsAdvice": literal(keys.advice(key: keys.sentAt, reason: "seconds")),
            "staleAtInvalidAdvice": literal(keys.advice(key: keys.staleAt, reason: "invalid")),
            "staleAtSecondsAdvice": literal(keys.advice(key: keys.staleAt, reason: "seconds")),
            "dismissAtInvalidAdvice": literal(keys.advice(key: keys.dismissAt, reason: "invalid")),
            "dismissAtSecondsAdvice": literal(keys.advice(key: keys.dismissAt, reason: "seconds")),
        ])
    }
}
