/// Builds the template context for the Kotlin contract file (data classes, enums, the FCM
/// parser and writer). Every Kotlin spelling is decided here, in `KotlinSyntax` and in
/// `KotlinCodec`; kotlin.mustache only lays the pieces out.
struct KotlinContext {
    let contract: Contract

    var codec: KotlinCodec { KotlinCodec(contract: contract) }
    var attributesType: String { contract.name + "Attributes" }
    var stateType: String { contract.name + "State" }
    var keysType: String { contract.name + "FcmKeys" }

    func build(header: [String]) -> [String: TemplateValue] {
        let helpers = KotlinHelpers(contract: contract)
        return [
            "headerLines": .list(header.map { .text(KotlinSyntax.commentText($0)) }),
            "package": .text(contract.outputs.kotlinPackage ?? "livecontract.generated"),
            "name": .text(contract.name),
            "attributesType": .text(attributesType),
            "stateType": .text(stateType),
            "classes": .list(classes()),
            "keys": .list(keys()),
            "sections": .list([
                section(contract.attributes, type: attributesType, parameter: "attributes"),
                section(contract.state, type: stateType, parameter: "state"),
            ]),
            "suppressUnused": .flag(contract.attributes.isEmpty || contract.state.isEmpty),
            "helpers": .object(helpers.flags.mapValues { .flag($0) }),
            "jsonEnums": .list(helpers.jsonEnums.compactMap(jsonEnum)),
            "structs": .list(helpers.structs.compactMap(structCodec)),
        ]
    }

    // MARK: Declarations

    /// Attributes, state, then `types` in file order: each a record or an enum.
    func classes() -> [TemplateValue] {
        let staticNote = "The static half of the contract: set when the activity starts, never carried by an update push."
        let stateNote = "The dynamic half of the contract: every update replaces it wholesale."
        let contractDoc = CodeText.lines(of: contract.doc ?? "").joined(separator: "\n") + (contract.doc == nil ? "" : "\n\n")
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
        .object([
            "type": .text(type),
            "docComment": docComment(doc),
            "hasFields": .flag(!fields.isEmpty),
            "fields": .list(fields.enumerated().map { index, field in
                var declaration = "val \(field.name): \(KotlinSyntax.typeName(field, in: contract))"
                if let value = field.defaultValue {
                    declaration += " = " + KotlinSyntax.literal(value, type: field.type, in: contract)
                } else if field.isOptional {
                    declaration += " = null"
                }
                return .object([
                    "docComment": docComment(field.doc),
                    "declaration": .text(declaration),
                    "separator": .text(index < fields.count - 1 ? "," : ""),
                ])
            }),
        ])
    }

    /// An enum class with its raw strings; the `unknown:` fallback is named in its KDoc.
    func enumeration(_ enumType: EnumType, type: String, doc: String?) -> TemplateValue {
        var text = doc ?? ""
        if let unknown = enumType.unknownCase {
            text += (text.isEmpty ? "" : "\n\n") + "Raw values this build does not know parse to [\(Naming.constantCase(unknown))]."
        }
        return .object([
            "type": .text(type),
            "docComment": docComment(text),
            "cases": .list(enumType.cases.enumerated().map { index, name in
                .object([
                    "constant": .text(Naming.constantCase(name)),
                    "rawLiteral": .text(KotlinSyntax.stringLiteral(name)),
                    "separator": .text(index < enumType.cases.count - 1 ? "," : ";"),
                ])
            }),
        ])
    }

    func docComment(_ doc: String?) -> TemplateValue {
        .list(KotlinSyntax.docComment(doc).map { .text($0) })
    }

    /// `const val ETA = "etaEpochMillis"` for every top-level field.
    func keys() -> [TemplateValue] {
        keyConstants().map { field, constant in
            .object(["constant": .text(constant), "literal": .text(KotlinSyntax.stringLiteral(field.wireName))])
        }
    }

    /// The loader refuses names that share a constant (`checkCaseCollisions`), so the
    /// constant follows from the field name alone.
    func keyConstants() -> [(Field, String)] {
        (contract.attributes + contract.state).map { ($0, Naming.constantCase($0.name)) }
    }

    func keyReference(_ field: Field) -> String {
        "\(keysType).\(Naming.constantCase(field.name))"
    }

    // MARK: FCM reading and writing

    /// Attributes or state as the reader, `toFcmData` and `toBridge` see them.
    func section(_ fields: [Field], type: String, parameter: String) -> TemplateValue {
        let codec = self.codec
        let required = fields.filter { !$0.isOptional }
        let terms = required.map { "\($0.name) == null" }
        let inline = terms.joined(separator: " || ")
        let fitsOneLine = inline.count <= 80
        return .object([
            "type": .text(type),
            "parameter": .text(parameter),
            "hasFields": .flag(!fields.isEmpty),
            "guardInline": .text(fitsOneLine ? inline : ""),
            "hasGuardLines": .flag(!fitsOneLine),
            "guardLines": .list(terms.enumerated().map { index, term in
                .text(term + (index < terms.count - 1 ? " ||" : ""))
            }),
            "fields": .list(fields.enumerated().map { index, field in
                let key = keyReference(field)
                return .object([
                    "name": .text(field.name),
                    "separator": .text(index < fields.count - 1 ? "," : ""),
                    "readCall": .text(codec.readCall(field, key: key)),
                    "fcmStore": .text(codec.store(field, receiver: parameter, key: key, map: "data", fcm: true)),
                    "bridgeStore": .text(codec.store(field, receiver: parameter, key: key, map: "map", fcm: false)),
                ])
            }),
        ])
    }

    /// The decoder of an enum inside JSON text: unknown raw values take the `unknown:` case
    /// or make the field invalid.
    func jsonEnum(_ name: String) -> TemplateValue? {
        guard let enumType = contract.type(named: name)?.enumType else { return nil }
        let type = KotlinSyntax.declaredName(name, in: contract)
        let fallback = enumType.unknownCase.map { "\(type).\(Naming.constantCase($0))" } ?? "this.fail()"
        return .object(["schemaName": .text(name), "type": .text(type), "fallback": .text(fallback)])
    }

    /// Decoder and encoder of a struct inside JSON text: members keyed by wire name.
    func structCodec(_ name: String) -> TemplateValue? {
        guard let fields = contract.type(named: name)?.fields else { return nil }
        let codec = self.codec
        return .object([
            "schemaName": .text(name),
            "type": .text(KotlinSyntax.declaredName(name, in: contract)),
            "hasFields": .flag(!fields.isEmpty),
            "fields": .list(fields.enumerated().map { index, field in
                .object([
                    "name": .text(field.name),
                    "separator": .text(index < fields.count - 1 ? "," : ""),
                    "decode": .text(codec.memberDecode(field)),
                    "encode": .text(codec.store(field, receiver: "value", key: KotlinSyntax.stringLiteral(field.wireName), map: "map", fcm: false)),
                ])
            }),
        ])
    }
}
