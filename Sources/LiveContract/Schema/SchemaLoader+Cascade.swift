/// The schema's subjects for cascade suppression (see Diagnostics+Cascade.swift): which
/// failures make later checks repeat themselves, and the helpers those checks ask.
extension SchemaLoader {
    /// `tpye:` in field 'eta' (suggested `type`), `atributes:` in the schema (suggested
    /// `attributes`): the key the user meant, which the loader then finds missing.
    static func misspelledKey(_ key: String, in what: String) -> String { "key:\(what).\(key)" }

    /// A field of `owner` (`attributes`, `state`, `type 'Step'`) whose type or default failed.
    static func failedField(_ name: String, of owner: String) -> String { "field:\(owner).\(name)" }

    /// An enum case refused for its name (`None`, `rawValue`): defaults, examples and
    /// `unknown:` that name it count on that error.
    static func failedCase(_ name: String, of enumName: String) -> String { "case:\(enumName).\(name)" }

    /// A required top-level key that is missing: not reported when it was misspelled, since
    /// the unknown-key error already says what to write.
    mutating func missingKey(_ key: String, _ message: String, _ root: YAMLNode) {
        let subject = Self.misspelledKey(key, in: "the schema")
        if diagnostics.hasFailed(subject) {
            diagnostics.suppress(because: subject)
        } else {
            error(message, root, rule: "missing-key")
        }
    }

    /// An example's `attributes:` or `state:` when that section was misspelled: every key in
    /// it would be "unknown", so none is reported and each counts on the misspelling.
    mutating func skipRecordOfFailedSection(_ node: YAMLNode, owner: String) -> Bool {
        guard owner == "attributes" || owner == "state" else { return false }
        let subject = Self.misspelledKey(owner, in: "the schema")
        guard diagnostics.hasFailed(subject) else { return false }
        diagnostics.suppress(node.mappingEntries?.count ?? 0, because: subject)
        return true
    }

    /// Keys of `node` naming fields of `owner` that failed to load; each counts on its field's error.
    mutating func failedFieldKeys(in node: YAMLNode, owner: String, fields: [Field]) -> [String] {
        guard !owner.isEmpty, let entries = node.mappingEntries else { return [] }
        var keys: [String] = []
        for entry in entries {
            guard let key = entry.key.scalar, diagnostics.hasFailed(Self.failedField(key, of: owner)),
                  !fields.contains(where: { $0.name == key }) else { continue }
            keys.append(key)
            diagnostics.suppress(because: Self.failedField(key, of: owner))
        }
        return keys
    }

    /// A number written in quotes. Only text that is a number is told to drop them; other
    /// text ("none", "") is named as text, with what the field takes instead.
    mutating func quotedNumber(_ text: String, _ node: YAMLNode, whole: Bool, context: String) {
        let isNumber = whole ? Self.isDecimalInteger(text) : Self.isDecimalNumber(text)
        if isNumber {
            error("\(context) must be a number; remove the quotes around '\(text)'", node, rule: "value-type")
        } else {
            let optional = context.hasPrefix("default of") ? "; for no value make the field optional (`T?`) and leave the default out" : ""
            error("\(context) must be \(whole ? "a whole number" : "a number"), found the text '\(text)'\(optional)", node, rule: "value-type")
        }
    }
}
