/// The per-field lines of the generated Go records: struct fields with their docs and JSON
/// tags, the statements of each conversion, and those of `ToFCMData`/`ParseFCMData`.
///
/// A field is required, optional (`T?`: a pointer, key omitted when nil) or defaulted (a
/// pointer in the bridge shape, where absent means the default; a value in the APNs shape,
/// where Swift always writes it). Each function below spells that out once per direction.
struct GoRecords {
    let expressions: GoExpressions

    var syntax: GoSyntax { expressions.syntax }

    /// Template lines; a multi-line statement's continuation lines get the one tab every
    /// statement list of go.mustache is indented by.
    func texts(_ lines: [String]) -> TemplateValue {
        .list(lines.map { .text(GoLayout.indented($0)) })
    }

    /// Struct fields. Bridge keys are wire names; APNs keys are Swift names and only `T?`
    /// fields are pointers there, as in the Codable type.
    func declarations(_ fields: [Field], apns: Bool) -> TemplateValue {
        let docs = fields.map { GoSyntax.comment(docNotes($0, apns: apns), indent: "\t") }
        let rows = fields.map { field -> [String] in
            let pointer = apns ? field.isOptional : field.mayBeMissing
            // The Go field keeps the Swift name; the tag is the APNs key (`apnsName`).
            let key = apns ? field.apnsName : field.wireName
            let type = apns ? (field.dateEncoding == .iso8601 ? "string" : syntax.apnsType(field.type)) : syntax.bridgeType(field.type)
            return [GoSyntax.fieldName(field.name), (pointer ? "*" : "") + type, "`json:\"\(Self.tag(key, omitEmpty: pointer))\"`"]
        }
        let lines = GoLayout.fields(zip(docs, rows).map { (doc: !$0.isEmpty, cells: $1) })
        return .list(zip(docs, lines).map { doc, line in
            .object(["docLines": texts(doc), "declaration": .text(line)])
        })
    }

    /// The `json:` struct tag for the key `key`. encoding/json reads the tag `-` alone as
    /// "never encode or decode this field", so the key `-` (an `apnsName`) is spelled `-,`,
    /// which its documentation gives as the way to name a field `-`.
    static func tag(_ key: String, omitEmpty: Bool) -> String {
        omitEmpty ? key + ",omitempty" : key == "-" ? "-," : key
    }

    /// The schema doc plus units, default, bounds and the key in the other shape.
    func docNotes(_ field: Field, apns: Bool) -> [String] {
        var notes = field.doc.map { [$0] } ?? []
        var base = field.type
        while case .array(let element) = base { base = element }
        if base == .date && apns && field.hasDateEncoding {
            notes.append(String(TypeScriptRecords.encodingNote(field.dateEncoding).filter { $0 != "`" }))
        } else if base == .date {
            notes.append(apns ? "Seconds since 2001-01-01 (Swift Date), not Unix time." : "Unix epoch milliseconds.")
        } else if base == .dateRange {
            notes.append(apns ? "[lower, upper] in seconds since 2001-01-01." : "[startMs, endMs] in Unix epoch milliseconds.")
        }
        if field.isAPNsRenamed {
            notes.append(apns ? "\(field.name) in Swift; \(field.wireName) in the bridge shape and FCM data."
                : "\(field.name) in Swift, \(field.apnsName) in APNs JSON.")
        } else if field.name != field.wireName {
            notes.append(apns ? "\(field.wireName) in the bridge shape and FCM data." : "\(field.name) in Swift and APNs JSON.")
        }
        if !apns, field.defaultValue != nil { notes.append("nil means the schema default.") }
        if !apns, let (low, high) = syntax.bounds(field) { notes.append("Clamped to \(low)...\(high) when sent.") }
        return notes
    }

    /// The bridge input of a field: its default fills a nil pointer.
    func input(_ field: Field, _ source: String) -> String {
        let member = "\(source).\(GoSyntax.fieldName(field.name))"
        guard let value = field.defaultValue else { return member }
        return "lcOr(\(member), \(syntax.literal(value, type: field.type)))"
    }

    /// Statements of a bridge -> APNs conversion from `source` into `target`.
    func toApnsLines(_ fields: [Field], source: String, target: String) -> [String] {
        fields.map { field in
            let name = GoSyntax.fieldName(field.name)
            if field.defaultValue == nil && field.isOptional {
                return GoLayout.block("if \(source).\(name) != nil", ["\(target).\(name) = lcPtr(\(expressions.toApnsField(field, "*\(source).\(name)")))"])
            }
            let value = expressions.toApnsField(field, input(field, source))
            return "\(target).\(name) = " + (field.isOptional ? "lcPtr(\(value))" : value)
        }
    }

    /// Statements of an APNs -> bridge conversion.
    func fromApnsLines(_ fields: [Field], source: String, target: String) -> [String] {
        fields.map { field in
            let name = GoSyntax.fieldName(field.name)
            if field.isOptional {
                return GoLayout.block("if \(source).\(name) != nil", ["\(target).\(name) = lcPtr(\(expressions.fromApnsField(field, "*\(source).\(name)")))"])
            }
            let value = expressions.fromApnsField(field, "\(source).\(name)")
            return "\(target).\(name) = " + (field.mayBeMissing ? "lcPtr(\(value))" : value)
        }
    }

    /// Statements of a checked bridge -> bridge copy (JSON text of structs in FCM data):
    /// defaults filled, bounds clamped, problems recorded in `w`.
    func normalizeLines(_ fields: [Field], source: String, target: String, path: (Field) -> String) -> [String] {
        fields.map { field in
            let name = GoSyntax.fieldName(field.name)
            if field.defaultValue == nil && field.isOptional {
                return GoLayout.block("if \(source).\(name) != nil", ["\(target).\(name) = lcPtr(\(expressions.normalizeField(field, "*\(source).\(name)", path(field))))"])
            }
            let value = expressions.normalizeField(field, input(field, source), path(field))
            return "\(target).\(name) = " + (field.mayBeMissing ? "lcPtr(\(value))" : value)
        }
    }

    /// `ToFCMData` statements: one data entry per field, absent optionals left out.
    func fcmEncodeLines(_ fields: [Field], source: String, typeName: String) -> [String] {
        fields.map { field in
            let name = GoSyntax.fieldName(field.name)
            let key = GoSyntax.stringLiteral(field.wireName)
            let path = GoSyntax.stringLiteral("\(typeName).\(field.wireName)")
            if field.defaultValue == nil && field.isOptional {
                let value = expressions.fcmText(field.type, expressions.normalizeField(field, "*\(source).\(name)", path))
                return GoLayout.block("if \(source).\(name) != nil", ["data[\(key)] = \(value)"])
            }
            return "data[\(key)] = " + expressions.fcmText(field.type, expressions.normalizeField(field, input(field, source), path))
        }
    }

    /// `aOrderId`, `sStatus`: parse locals, prefixed so no field name can shadow `data` or `issues`.
    func localName(_ field: Field, _ prefix: String) -> String {
        prefix + Naming.upperFirst(field.name)
    }

    /// `ParseFCMData` statements: read each field by the repair table; a default stands in
    /// for an absent or unreadable value.
    func fcmParseLines(_ fields: [Field], local: String) -> [String] {
        fields.map { field in
            let key = GoSyntax.stringLiteral(field.wireName)
            let reportsMissing = field.defaultValue != nil || !field.isOptional
            let read = "lcFcm(data, \(key), \(expressions.fcmReader(field)), &issues, \(reportsMissing))"
            guard let value = field.defaultValue else { return "\(localName(field, local)) := \(read)" }
            return "\(localName(field, local)) := lcDefault(\(read), \(syntax.literal(value, type: field.type)))"
        }
    }

    /// Builds the parse result `target` of type `typeName` when every required field was read.
    func resultLines(_ fields: [Field], local: String, typeName: String, target: String) -> [String] {
        let required = fields.filter { $0.defaultValue == nil && !$0.isOptional }
        let members = GoLayout.keyValues(fields.map { field in
            (key: GoSyntax.fieldName(field.name), value: (field.mayBeMissing ? "" : "*") + localName(field, local))
        }).map { "\t" + $0 }
        // gofmt writes an empty composite literal on one line.
        guard !fields.isEmpty else { return ["\(target) = &\(typeName){}"] }
        guard !required.isEmpty else { return ["\(target) = &\(typeName){"] + members + ["}"] }
        let condition = CodeText.joined(required.map { localName($0, local) + " != nil" }, separator: " && ")
        return ["if \(condition) {", "\t\(target) = &\(typeName){"] + members.map { "\t" + $0 } + ["\t}", "}"]
    }

    /// Statements of a struct read from JSON text (`o` is the object). Absent or null members
    /// take the default or stay nil; any other problem rejects the whole value.
    func jsonReadLines(_ fields: [Field]) -> [String] {
        fields.map { field in
            let name = GoSyntax.fieldName(field.name)
            let member = "o[\(GoSyntax.stringLiteral(field.wireName))]"
            let read = expressions.clamped(expressions.jsonRead(field.type, "m"), field, helper: "lcJSONBounded")
            let present = GoLayout.block("if m := \(member); m != nil", ["out.\(name) = lcPtr(\(read))"])
            if let value = field.defaultValue {
                return present + GoLayout.block(" else", ["out.\(name) = lcPtr[\(syntax.bridgeType(field.type))](\(syntax.literal(value, type: field.type)))"])
            }
            if field.isOptional { return present }
            return "out.\(name) = " + expressions.clamped(expressions.jsonRead(field.type, member), field, helper: "lcJSONBounded")
        }
    }
}
