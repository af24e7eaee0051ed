/// Builds the template context for the Go output (one standard-library-only file, one
/// package per contract).
///
/// Every Go spelling (types, literals, conversion statements, comments) is decided here and
/// in `GoSyntax`/`GoExpressions`/`GoRecords`; `go.mustache` only lays the pieces out. Same
/// contract, same bytes: nothing here depends on the clock or the platform.
struct GoContext {
    let contract: Contract
    /// The Go package name (`outputs.go.package`), already checked to be a Go identifier.
    let package: String
    let syntax: GoSyntax
    let records: GoRecords

    init(contract: Contract, package: String) {
        self.contract = contract
        self.package = package
        syntax = GoSyntax(contract: contract)
        records = GoRecords(expressions: GoExpressions(syntax: syntax))
    }

    func build(header: [String]) -> TemplateObject {
        let records = self.records
        var context: TemplateObject = [
            "headerLines": .list(header.map { .text($0) }),
            "package": .text(package),
            "name": .text(contract.name),
            // The schema doc continues the package comment after an empty comment line.
            "docLines": records.texts(contract.doc.map { GoSyntax.comment([$0], doc: true) }.map { $0.isEmpty ? [] : ["//"] + $0 } ?? []),
            "swiftAttributesType": .text(GoSyntax.stringLiteral(contract.attributesTypeName)),
            "enums": .list(contract.types.compactMap(enumContext)),
            "structs": .list(contract.types.compactMap(structContext)),
            "attributes": topLevel(contract.attributes, typeName: "Attributes", local: "a", target: "attributes"),
            "state": topLevel(contract.state, typeName: "State", local: "s", target: "state"),
            "fcmEncode": records.texts(records.fcmEncodeLines(contract.attributes, source: "a", typeName: "Attributes")
                + records.fcmEncodeLines(contract.state, source: "s", typeName: "State")),
            "fcmParse": records.texts(records.fcmParseLines(contract.attributes, local: "a") + records.fcmParseLines(contract.state, local: "s")),
            "envelope": envelopeContext,
            "decoders": GoDecoders(records: records).all(),
            // The order ToFCMData writes the data keys in, which FcmClient keeps on the wire.
            "fcmKeyOrder": .text("[]string{" + CodeText.joined(["FCMKeyActivityID", "FCMKeyEvent", "FCMKeySentAt", "FCMKeyStaleAt", "FCMKeyDismissAt"]
                + (contract.attributes + contract.state).map { GoSyntax.stringLiteral($0.wireName) }, separator: ", ") + "}"),
        ]
        for (name, value) in contract.dateRuntimeFlags { context[name] = value }
        return context
    }

    /// Attributes or state: both struct declarations, both conversions and the parse result.
    func topLevel(_ fields: [Field], typeName: String, local: String, target: String) -> TemplateValue {
        .object([
            "bridgeFields": records.declarations(fields, apns: false),
            "apnsFields": records.declarations(fields, apns: true),
            "toApns": records.texts(records.toApnsLines(fields, source: "v", target: "out")),
            "fromApns": records.texts(records.fromApnsLines(fields, source: "v", target: "out")),
            "result": records.texts(records.resultLines(fields, local: local, typeName: typeName, target: target)),
        ])
    }

    /// A string type with one constant per case and the list of raw values.
    func enumContext(_ type: NamedType) -> TemplateValue? {
        guard let enumType = type.enumType else { return nil }
        let name = syntax.typeName(type.name)
        var doc = type.doc.map { [$0] } ?? []
        // `raw: int`: an int32 type (the bridge's integer range) that encoding/json writes as a number.
        let isInt = enumType.rawType == .int
        func spell(_ raw: String) -> String { isInt ? raw : GoSyntax.stringLiteral(raw) }
        if let fallback = enumType.unknownRawValue {
            doc.append("Unknown raw values read as \(spell(fallback)).")
        }
        let constants = GoLayout.aligned(zip(enumType.cases, enumType.rawValues).map { caseName, raw in
            [syntax.caseConstant(type.name, caseName), name, "= " + spell(raw)]
        }).map { TemplateValue.text($0) }
        return .object([
            "name": .text(name),
            "rawType": .text(isInt ? "int32" : "string"),
            "docLines": records.texts(GoSyntax.comment([name + (isInt ? " is an Int-raw enum of the contract: its wires carry the number." : " is a string-raw enum of the contract.")] + doc, doc: true)),
            "constants": .list(constants),
            "casesVariable": .text(syntax.casesVariable(type.name)),
            "caseList": .text(CodeText.joined(enumType.rawValues.map(spell), separator: ", ")),
            // The whole literal: `[]string{` then `{{caseList}}` would read as a triple mustache.
            "casesLiteral": .text((isInt ? "[]int32{" : "[]string{") + CodeText.joined(enumType.rawValues.map(spell), separator: ", ") + "}"),
            // json.Unmarshal reads an unknown raw value as Swift does: the `unknown:` case, else an error.
            "hasFallback": .flag(enumType.unknownCase != nil),
            "fallback": .text(enumType.unknownCase.map { syntax.caseConstant(type.name, $0) } ?? ""),
            "unknownDoc": .text(enumType.unknownCase.map { "any other as " + syntax.caseConstant(type.name, $0) + " (its unknown: case)." }
                                ?? "and refuses any other."),
            "rawVerb": .text(isInt ? "%d" : "%q"),
        ])
    }

    /// Both struct shapes and their four functions.
    func structContext(_ type: NamedType) -> TemplateValue? {
        guard let fields = type.fields else { return nil }
        let expressions = records.expressions
        let name = syntax.typeName(type.name)
        return .object([
            "name": .text(name),
            "apnsName": .text(syntax.apnsTypeName(type.name)),
            "docLines": records.texts(GoSyntax.comment([name + " is the bridge shape of a schema struct (wire names, Unix ms)."]
                + (type.doc.map { [$0] } ?? []), doc: true)),
            "bridgeFields": records.declarations(fields, apns: false),
            "apnsFields": records.declarations(fields, apns: true),
            "toApnsFunction": .text(expressions.toApnsFunction(type.name)),
            "fromApnsFunction": .text(expressions.fromApnsFunction(type.name)),
            "normalizeFunction": .text(expressions.normalizeFunction(type.name)),
            "readFunction": .text(expressions.readFunction(type.name)),
            "toApns": records.texts(records.toApnsLines(fields, source: "v", target: "out")),
            "fromApns": records.texts(records.fromApnsLines(fields, source: "v", target: "out")),
            "normalize": records.texts(records.normalizeLines(fields, source: "v", target: "out") {
                // Always an argument of a call with several: gofmt writes `+` there without spaces.
                "path+" + GoSyntax.stringLiteral("." + $0.wireName)
            }),
            "read": records.texts(records.jsonReadLines(fields)),
            // An empty struct reads no member, and Go refuses an unused `o`.
            "readsMembers": .flag(!fields.isEmpty),
        ])
    }

    /// The FCM envelope keys and the advice of each envelope issue, as Go literals, from the
    /// same `FcmEnvelopeKeys` the Kotlin and TypeScript files and the fixtures use.
    var envelopeContext: TemplateValue {
        let keys = contract.envelope
        func literal(_ text: String) -> TemplateValue { .text(GoSyntax.stringLiteral(text)) }
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
