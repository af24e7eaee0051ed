/// Builds the template context for the Kotlin contract file (data classes, enums, the FCM
/// parser and writer). Every Kotlin spelling is decided here, in `KotlinSyntax` and in
/// `KotlinCodec`; kotlin.mustache only lays the pieces out.
struct KotlinContext {
    let contract: Contract

    let codec: KotlinCodec

    init(contract: Contract) {
        self.contract = contract
        codec = KotlinCodec(contract: contract)
    }

    var attributesType: String { contract.name + "Attributes" }
    var stateType: String { contract.name + "State" }
    var keysType: String { contract.name + "FcmKeys" }

    func build(header: [String]) -> TemplateObject {
        let helpers = KotlinHelpers(contract: contract)
        let constants = Naming.kotlinKeyConstants(attributes: contract.attributes.map(\.name), state: contract.state.map(\.name))
        let attributeKeys = constants.attributes, stateKeys = constants.state
        return [
            "headerLines": .list(header.map { .text(KotlinSyntax.commentText($0)) }),
            "package": .text(contract.outputs.kotlinPackage ?? "livecontract.generated"),
            "name": .text(contract.name),
            "attributesType": .text(attributesType),
            "stateType": .text(stateType),
            "classes": .list(classes()),
            "keys": .list(keys(contract.attributes, attributeKeys) + keys(contract.state, stateKeys)),
            "sections": .list([
                section(contract.attributes, keys: attributeKeys, type: attributesType, parameter: "attributes"),
                section(contract.state, keys: stateKeys, type: stateType, parameter: "state"),
            ]),
            "suppressUnused": .flag(contract.attributes.isEmpty || contract.state.isEmpty),
            "helpers": helpers.context,
            "envelope": contract.envelope.templateContext(literal: KotlinSyntax.stringLiteral),
            "jsonEnums": .list(helpers.jsonEnums.compactMap(jsonEnum)),
            "structs": .list(helpers.structs.compactMap(structCodec)),
        ]
    }

    // MARK: Declarations

    /// Attributes, state, then `types` in file order: each a record or an enum.
    func classes() -> [TemplateValue] {
        let staticNote = "The static half of the contract: set when the activity starts, never carried by an update push."
        let stateNote = "The dynamic half of the contract: every update replaces it wholesale."
        let contractDoc = CodeText.joined(CodeText.lines(of: contract.doc ?? ""), separator: "\n") + (contract.doc == nil ? "" : "\n\n")
        var result: [TemplateValue] = [
            recordClass(contract.attributes, type: attributesType, doc: contractDoc + staticNote),
            recordClass(contract.state, type: stateType, doc: stateNote),
        ]
        for type in contract.types {
            let name = KotlinSyntax.declaredName(type.name, in: contract)
            switch type.kind {
            case .structure(let fields):
                result.append(recordClass(fields, type: name, doc: type.doc))
            case .enumeration(let enumType):
                result.append(.object(["record": .flag(false), "enumeration": enumeration(enumType, type: name, doc: type.doc)]))
            }
        }
        return result
    }

    /// A `classes` item: every item names both kinds, so the strict template lookup finds them.
    func recordClass(_ fields: [Field], type: String, doc: String?) -> TemplateValue {
        .object(["record": record(fields, type: type, doc: doc), "enumeration": .flag(false)])
    }

    /// A data class: one `val` per field, defaults as default arguments, optionals `= null`.
    func record(_ fields: [Field], type: String, doc: String?) -> TemplateValue {
        var items: [TemplateValue] = []
        items.reserveCapacity(fields.count)
        // Indexing reads single properties; `for field in fields` would copy each whole Field.
        for index in fields.indices {
            var declaration = "val \(KotlinSyntax.identifier(fields[index].name)): \(KotlinSyntax.typeName(fields[index], in: contract))"
            if let value = fields[index].defaultValue {
                declaration += " = " + KotlinSyntax.literal(value, type: fields[index].type, in: contract)
            } else if fields[index].isOptional {
                declaration += " = null"
            }
            items.append(.object([
                "docComment": docComment(fields[index].doc),
                "declaration": .text(declaration),
                "separator": .text(index < fields.count - 1 ? "," : ""),
            ]))
        }
        return .object([
            "type": .text(type),
            "docComment": docComment(doc),
            "hasFields": .flag(!fields.isEmpty),
            "fields": .list(items),
        ])
    }

    /// An enum class with its raw strings; the `unknown:` fallback is named in its KDoc.
    func enumeration(_ enumType: EnumType, type: String, doc: String?) -> TemplateValue {
        var text = doc ?? ""
        if let unknown = enumType.unknownCase {
            text += (text.isEmpty ? "" : "\n\n") + "Raw values this build does not know parse to [\(Naming.constantCase(unknown))]."
        }
        let cases = enumType.cases
        var items: [TemplateValue] = []
        items.reserveCapacity(cases.count)
        let isInt = enumType.rawType == .int
        for index in cases.indices {
            items.append(.object([
                "constant": .text(Naming.constantCase(cases[index])),
                "rawLiteral": .text(isInt ? enumType.rawValues[index] : KotlinSyntax.stringLiteral(enumType.rawValues[index])),
                "rawText": .text(KotlinSyntax.stringLiteral(enumType.rawValues[index])),
                "separator": .text(index < cases.count - 1 ? "," : ";"),
            ]))
        }
        return .object([
            "type": .text(type),
            "docComment": docComment(text),
            "cases": .list(items),
            "rawType": .text(isInt ? "Int" : "String"),
            "intRaw": .flag(isInt),
        ])
    }

    func docComment(_ doc: String?) -> TemplateValue {
        .list(KotlinSyntax.docComment(doc).map { .text($0) })
    }

    /// `const val ETA = "etaEpochMillis"` for each of `fields` (a top-level section).
    func keys(_ fields: [Field], _ constants: [String]) -> [TemplateValue] {
        fields.indices.map { index in
            .object(["constant": .text(constants[index]), "literal": .text(KotlinSyntax.stringLiteral(fields[index].wireName))])
        }
    }

    // MARK: FCM reading and writing

    /// Attributes or state as the reader, `toFcmData` and `toBridge` see them; `keys` are
    /// the fields' key constants.
    func section(_ fields: [Field], keys: [String], type: String, parameter: String) -> TemplateValue {
        var terms: [String] = []
        for index in fields.indices where !fields[index].isOptional {
            terms.append(KotlinSyntax.identifier(fields[index].name) + " == null")
        }
        let inline = CodeText.joined(terms, separator: " || ")
        let fitsOneLine = CodeText.fits(inline, within: 80)
        var guardLines: [TemplateValue] = []
        guardLines.reserveCapacity(terms.count)
        for index in terms.indices {
            guardLines.append(.text(index < terms.count - 1 ? terms[index] + " ||" : terms[index]))
        }
        var items: [TemplateValue] = []
        items.reserveCapacity(fields.count)
        for index in fields.indices {
            let key = keysType + "." + keys[index]
            items.append(.object([
                "name": .text(KotlinSyntax.identifier(fields[index].name)),
                "separator": .text(index < fields.count - 1 ? "," : ""),
                "readCall": .text(codec.readCall(fields[index], key: key)),
                "fcmStore": .text(codec.store(fields[index], receiver: parameter, key: key, map: "data", fcm: true)),
                "bridgeStore": .text(codec.store(fields[index], receiver: parameter, key: key, map: "map", fcm: false)),
            ]))
        }
        return .object([
            "type": .text(type),
            "parameter": .text(parameter),
            "hasFields": .flag(!fields.isEmpty),
            "guardInline": .text(fitsOneLine ? inline : ""),
            "hasGuardLines": .flag(!fitsOneLine),
            "guardLines": .list(guardLines),
            "fields": .list(items),
        ])
    }

    /// The decoder of an enum inside JSON text: unknown raw values take the `unknown:` case
    /// or make the field invalid.
    func jsonEnum(_ name: String) -> TemplateValue? {
        guard let enumType = contract.type(named: name)?.enumType else { return nil }
        let type = KotlinSyntax.declaredName(name, in: contract)
        let fallback = enumType.unknownCase.map { "\(type).\(Naming.constantCase($0))" } ?? "this.fail()"
        return .object(["schemaName": .text(name), "type": .text(type), "fallback": .text(fallback),
                        "reader": .text(enumType.rawType == .int ? "int" : "string")])
    }

    /// Decoder and encoder of a struct inside JSON text: members keyed by wire name.
    func structCodec(_ name: String) -> TemplateValue? {
        guard let fields = contract.type(named: name)?.fields else { return nil }
        return .object([
            "schemaName": .text(name),
            "type": .text(KotlinSyntax.declaredName(name, in: contract)),
            "hasFields": .flag(!fields.isEmpty),
            "fields": .list(fields.indices.map { index in
                .object([
                    "name": .text(KotlinSyntax.identifier(fields[index].name)),
                    "separator": .text(index < fields.count - 1 ? "," : ""),
                    "decode": .text(codec.memberDecode(fields[index])),
                    "encode": .text(codec.store(fields[index], receiver: "value", key: KotlinSyntax.stringLiteral(fields[index].wireName),
                                                map: "map", fcm: false)),
                ])
            }),
        ])
    }
}
