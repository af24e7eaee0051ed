/// What a struct's hand-written Codable code says about each key (nil: synthesized).
struct CodablePlan {
    var decoding: [String: SwiftCodableBody.Decoded]?
    var encoding: [String: SwiftCodableBody.Encoded]?
    var origin: SourceLocation?
}

/// Stored properties and their types: what synthesized `Codable` (or hand-written code of the
/// readable shape) encodes and decodes, in schema terms.
extension SwiftImporter {
    /// Attributes that do not change how a property is encoded; any other attribute on a
    /// stored property is taken for a property wrapper, which does.
    static let harmlessAttributes: Set<String> = [
        "available", "MainActor", "objc", "nonobjc", "preconcurrency", "usableFromInline", "inlinable", "backDeployed",
    ]

    /// The encoded stored properties of `entry`, in declaration order.
    mutating func fields(of entry: SwiftTypeIndex.Entry, decoding plan: CodablePlan) -> [ImportedField] {
        var result: [ImportedField] = []
        var seen: Set<String> = []
        let declaredKeys = codingKeys(of: entry)?.members.cases
        let keys = declaredKeys.map { Set($0.map(\.name)) }
        for property in entry.decl.members.properties where !property.isStatic && !property.isComputed {
            let origin = location(property.line, property.column)
            if let keys, !keys.contains(property.name) {
                if property.initializer.isEmpty {
                    unsupported("'\(property.name)' is left out of CodingKeys and has no initial value, so only hand-written decoding could set it; the schema cannot express that",
                                at: origin)
                } else {
                    note("'\(property.name)' is left out of CodingKeys, so it never reaches the JSON; the schema leaves it out and the generated struct has no '\(property.name)'",
                         at: origin)
                }
                continue
            }
            if property.isLazy {
                unsupported("'lazy var \(property.name)' cannot be part of a Codable contract", at: origin)
                continue
            }
            if let wrapper = property.attributes.first(where: { !Self.harmlessAttributes.contains($0) }) {
                unsupported("'@\(wrapper) \(property.name)': a property wrapper changes how the property is encoded; the schema cannot express that",
                            at: origin)
                continue
            }
            if property.isLet && !property.initializer.isEmpty {
                let written = SwiftLiterals.spelled(property.initializer)
                // The suggestion is code only when the type is known: `T` would not compile.
                let keep = (property.type ?? SwiftLiterals.inferredType(property.initializer)).map { "`var \(property.name): \($0.spelling) { \(written) }`" }
                    ?? "a computed property '\(property.name)' of its type that returns \(written)"
                diagnostics.warning("'let \(property.name) = \(written)' is never decoded (synthesized Codable skips a `let` with an initial value when decoding, and only encodes the constant), so it is no part of the contract: the schema leaves it out and the generated struct has no '\(property.name)'; if app code reads it, keep it in an extension as \(keep)",
                                    at: origin, rule: "import-changed")
                continue
            }
            guard let swiftType = property.type ?? SwiftLiterals.inferredType(property.initializer) else {
                unsupported("'\(property.name)' has no written type and import cannot infer one from \(SwiftLiterals.spelled(property.initializer)); add one (e.g. '\(property.name): String')",
                            at: origin)
                continue
            }
            guard let type = schemaType(swiftType, scope: entry.path, at: origin) else { continue }
            seen.insert(property.name)
            var field = ImportedField(name: property.name, type: type, doc: property.doc, defaultValue: nil, origin: origin)
            if let key = declaredKeys?.first(where: { $0.name == property.name }) {
                field.apnsName = apnsName(of: key, property: property.name)
                // A key that cannot be a bridge key (`order-id`) would be the FCM/bridge name
                // by default; the Swift name, which is one, stays that instead.
                if let apns = field.apnsName, !ImportedField.isBridgeKey(apns) { field.bridgeName = property.name }
            }
            if let decoding = plan.decoding {
                field.defaultValue = decodedDefault(property, swiftType: swiftType, schemaType: type, plan: decoding, at: origin, in: entry)
            } else if !property.initializer.isEmpty && !SwiftLiterals.isNil(property.initializer) && !type.hasSuffix("?") {
                // The value is not quoted: it may come from a file the project look-up read,
                // and a literal there may be a secret.
                note("'\(property.name)' has an initial value, but synthesized Codable still requires the key, so the schema field is required too (no `default:`); the generated init takes '\(property.name)' without a default value",
                     at: origin)
            }
            let decodedEncoding = plan.decoding?[property.name]?.dateEncoding ?? .reference
            if let encoding = plan.encoding { checkEncoded(property.name, optional: type.hasSuffix("?"), plan: encoding, at: origin, in: entry) }
            if let encoding = checkedDateEncoding(property.name, decoded: decodedEncoding, plan: plan, at: origin, in: entry) {
                field.dateEncoding = encoding
            }
            result.append(field)
        }
        for (name, decoded) in plan.decoding ?? [:] where !seen.contains(name) && !entry.decl.members.properties.contains(where: { $0.name == name }) {
            unsupported("'\(entry.name)'.init(from:) decodes '\(name)', which is no stored property", at: location(decoded.line, decoded.column))
        }
        for (name, encoded) in plan.encoding ?? [:] where !entry.decl.members.properties.contains(where: { $0.name == name }) {
            unsupported("'\(entry.name)'.encode(to:) encodes '\(name)', which is no stored property", at: location(encoded.line, encoded.column))
        }
        return result
    }

    /// The `CodingKeys` raw value of `property` when it differs from the name: the schema's
    /// `apnsName:`. A key the schema cannot carry (see `SchemaLoader.checkAPNsName`) is refused.
    mutating func apnsName(of key: SwiftEnumCase, property: String) -> String? {
        guard !key.rawValue.isEmpty, let raw = SwiftLiterals.string(key.rawValue), raw != property else { return nil }
        let at = location(key.line, key.column)
        if raw.isEmpty || !raw.allSatisfy(SchemaLoader.isAPNsKeyCharacter) {
            unsupported("CodingKeys gives '\(property)' the key \"\(raw)\", which the schema's apnsName cannot carry (empty, or a quote, backslash, backtick, comma or control character, which Go's encoding/json struct tags refuse); keep this type by hand or change the key on both sides",
                        at: at)
            return nil
        }
        if SchemaLoader.apnsNamesInheritedInJS.contains(raw) {
            unsupported("CodingKeys gives '\(property)' the key \"\(raw)\", a member every JavaScript object inherits, which the generated TypeScript cannot tell from an absent key; keep this type by hand or change the key on both sides",
                        at: at)
            return nil
        }
        return raw
    }

    /// What a hand-written `init(from:)` does with the key of `property`: `decode` is a
    /// required field, `decodeIfPresent` of an optional is an optional one, and
    /// `decodeIfPresent(...) ?? literal` a field with that `default:`.
    mutating func decodedDefault(_ property: SwiftProperty, swiftType: SwiftTypeRef, schemaType: String,
                                 plan: [String: SwiftCodableBody.Decoded], at origin: SourceLocation, in entry: SwiftTypeIndex.Entry) -> String? {
        guard let decoded = plan[property.name] else {
            unsupported("'\(entry.name)'.init(from:) does not decode '\(property.name)', so its value does not come from the JSON; the schema cannot express that",
                        at: origin)
            return nil
        }
        let at = location(decoded.line, decoded.column)
        let optional = schemaType.hasSuffix("?")
        var expected = swiftType
        if case .optional(let wrapped) = swiftType { expected = wrapped }
        if case .named(["Optional"], let arguments) = swiftType, arguments.count == 1 { expected = arguments[0] }
        guard decoded.type == expected else {
            unsupported("'\(property.name)' is \(swiftType.spelling) but init(from:) decodes \(decoded.type.spelling); the schema cannot express a conversion",
                        at: at)
            return nil
        }
        switch decoded.form {
        case .required where optional:
            unsupported("optional '\(property.name)' is read with decode(...), which requires the key; the schema's optional fields may be missing: use decodeIfPresent", at: at)
        case .ifPresent where !optional:
            unsupported("'\(property.name)' is read with decodeIfPresent but is not optional", at: at)
        case .defaulted(let tokens):
            // An optional with a fallback is the schema's `T?` with `default:` (a missing key
            // decodes to the default, an explicit null to nil).
            let valueType = optional ? String(schemaType.dropLast()) : schemaType
            guard let value = literalDefault(tokens, schemaType: valueType) else {
                let written = SwiftLiterals.spelled(tokens)
                let emptyCall = tokens.indices.dropLast().contains { tokens[$0].is("(") && tokens[$0 + 1].is(")") }
                let computed = emptyCall || tokens.contains { $0.is("now") || $0.is("timeIntervalSinceNow") }
                let otherProperty = tokens.count == 1 && entry.decl.members.properties.contains { $0.name == tokens[0].text }
                let why = otherProperty ? " (it is the value of another property, which a schema default cannot refer to)"
                    : computed ? " (it is computed each time a payload lacks the key, so it has no fixed value)" : ""
                unsupported("the fallback \(written) of '\(property.name)' is not a literal the schema can hold as `default:` (a string, number, Bool, enum case, URL, Date, or a list or dictionary of those)\(why); write a fixed fallback (`?? 0`, `?? Date(timeIntervalSince1970: 0)`, `?? .someCase`), or make '\(property.name)' optional and read it with decodeIfPresent and no fallback",
                            at: at)
                return nil
            }
            return value
        default:
            break
        }
        return nil
    }

    /// The `encoding:` of a date both coders convert the same way; nil (after an error) when
    /// `init(from:)` and `encode(to:)` disagree, since a schema field has one APNs form.
    mutating func checkedDateEncoding(_ name: String, decoded: DateEncoding, plan: CodablePlan, at origin: SourceLocation, in entry: SwiftTypeIndex.Entry) -> DateEncoding? {
        let encodedEntry = plan.encoding?[name]
        let encoded = encodedEntry?.dateEncoding ?? .reference
        guard decoded != .reference || encoded != .reference else { return .reference }
        let decoder = plan.decoding == nil ? "the synthesized init(from:)" : "init(from:)"
        let encoder = plan.encoding == nil ? "the synthesized encode(to:)" : "encode(to:)"
        guard decoded == encoded else {
            let at = encodedEntry.map { location($0.line, $0.column) } ?? plan.decoding?[name].map { location($0.line, $0.column) } ?? origin
            unsupported("'\(name)' is read by \(decoder) as \(decoded.summary) but written by \(encoder) as \(encoded.summary); a schema date has one APNs form (`encoding:`) for both directions: make both coders use the same form, or keep this type by hand",
                        at: at)
            return nil
        }
        return decoded
    }

    /// A hand-written `encode(to:)` must write every field as synthesized code does:
    /// `encodeIfPresent` for optionals (nil leaves the key out), `encode` for the rest.
    mutating func checkEncoded(_ name: String, optional: Bool, plan: [String: SwiftCodableBody.Encoded], at origin: SourceLocation, in entry: SwiftTypeIndex.Entry) {
        guard let encoded = plan[name] else {
            unsupported("'\(entry.name)'.encode(to:) does not encode '\(name)', so the JSON lacks a key the schema requires", at: origin)
            return
        }
        if optional && !encoded.ifPresent {
            unsupported("encode(to:) writes optional '\(name)' with encode(...), which writes null for nil, where synthesized and generated code leave the key out: use encodeIfPresent",
                        at: location(encoded.line, encoded.column))
        }
    }
}
