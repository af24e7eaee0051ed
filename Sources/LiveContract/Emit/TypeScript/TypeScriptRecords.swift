/// The per-field lines of the generated records: interface members with their docs, object
/// literal entries of each conversion, and the statements of `toFcmData`/`parseFcmData`.
///
/// A field is required, optional (`T?`: key omitted when absent) or defaulted (absent in the
/// bridge input means the default). Each line below spells that out once for one direction.
struct TypeScriptRecords {
    let expressions: TypeScriptExpressions

    var syntax: TypeScriptSyntax { expressions.syntax }

    /// Attributes or state: both interfaces, both conversions and the FCM parse result.
    func topLevel(_ fields: [Field], typeName: String, local: String, apnsSource: String, source: String) -> TemplateValue {
        var required: [String] = []
        for index in fields.indices where fields[index].defaultValue == nil && !fields[index].isOptional {
            required.append(localName(fields[index], local) + " === undefined")
        }
        let failCondition = required.isEmpty ? "" : CodeText.joined(required, separator: " || ") + " ? null : "
        return .object([
            "bridgeFields": declarations(fields, apns: false),
            "apnsFields": declarations(fields, apns: true),
            "toApns": texts(checkedEntries(fields, source: source, apns: true) { pathLiteral(typeName, $0) }),
            "fromApns": texts(fromApnsEntries(fields, source: apnsSource)),
            "failCondition": .text(failCondition),
            "result": texts(fields.map { field in
                let name = localName(field, local)
                if field.defaultValue == nil && field.isOptional {
                    return "...(\(name) === undefined ? {} : { \(field.wireName): \(name) }),"
                }
                return "\(field.wireName): \(name),"
            }),
        ])
    }

    func texts(_ lines: [String]) -> TemplateValue {
        .list(lines.map { .text($0) })
    }

    /// `'DeliveryState.etaEpochMillis'`: where a checker's error message points.
    func pathLiteral(_ typeName: String, _ field: Field) -> String {
        TypeScriptSyntax.stringLiteral("\(typeName).\(field.wireName)")
    }

    /// The APNs key of `field` as an interface member or object literal key: bare when it is
    /// an identifier (every name is), quoted otherwise (`"order-id"`, from `apnsName:`).
    static func apnsKey(_ field: Field) -> String {
        Naming.isIdentifier(field.apnsName) ? field.apnsName : TypeScriptSyntax.stringLiteral(field.apnsName)
    }

    /// `source.key`, or `source["order-id"]` for a key that is no identifier.
    static func apnsMember(_ source: String, _ field: Field) -> String {
        Naming.isIdentifier(field.apnsName) ? "\(source).\(field.apnsName)" : "\(source)[\(TypeScriptSyntax.stringLiteral(field.apnsName))]"
    }

    /// `aOrderId`, `sStatus`: parse locals, prefixed so no field name can shadow `data` or `issues`.
    func localName(_ field: Field, _ prefix: String) -> String {
        prefix + Naming.upperFirst(field.name)
    }

    /// Interface members. Bridge keys are wire names and a defaulted field is optional input;
    /// APNs keys are Swift names and only `T?` fields are optional, as in the Codable type.
    func declarations(_ fields: [Field], apns: Bool) -> TemplateValue {
        .list(fields.map { field in
            let optional = apns ? field.isOptional : field.mayBeMissing
            let key = apns ? Self.apnsKey(field) : field.wireName
            let type = apns ? (field.dateEncoding == .iso8601 ? "string" : syntax.apnsType(field.type)) : syntax.bridgeType(field.type)
            return .object([
                "docLines": texts(TypeScriptSyntax.docBlock(docNotes(field, apns: apns))),
                "declaration": .text("\(key)\(optional ? "?" : ""): \(type);"),
            ])
        })
    }

    /// The schema doc plus what a reader of the interface needs: units, default, bounds, and
    /// the key the same field has in the other shape.
    func docNotes(_ field: Field, apns: Bool) -> [String] {
        var notes = field.doc.map { [$0] } ?? []
        var base = field.type
        while true {
            if case .array(let element) = base { base = element } else if case .map(let value) = base { base = value } else { break }
        }
        if base == .date && apns && field.hasDateEncoding {
            notes.append(Self.encodingNote(field.dateEncoding))
        } else if base == .date {
            notes.append(apns ? "Seconds since 2001-01-01 (Swift `Date`), not Unix time." : "Unix epoch milliseconds.")
        } else if base == .dateRange {
            notes.append(apns ? "`[lower, upper]` in seconds since 2001-01-01." : "`[startMs, endMs]` in Unix epoch milliseconds.")
        }
        if field.isAPNsRenamed {
            notes.append(apns ? "`\(field.name)` in Swift" + (field.wireName == field.apnsName ? "." : ", `\(field.wireName)` in the bridge shape and FCM data.")
                : "`\(field.name)` in Swift" + (field.wireName == field.apnsName ? ", the same key in APNs JSON." : ", `\(field.apnsName)` in APNs JSON."))
        } else if field.name != field.wireName {
            notes.append(apns ? "`\(field.wireName)` in the bridge shape and FCM data." : "`\(field.name)` in Swift and APNs JSON.")
        }
        if !apns, let value = field.defaultValue {
            notes.append("Default when absent: `\(syntax.literal(value, type: field.type, inCode: false))`.")
        }
        if !apns {
            switch (TypeScriptSyntax.number(field.minimum), TypeScriptSyntax.number(field.maximum)) {
            case (let low?, let high?): notes.append("Clamped to \(low)...\(high) when sent.")
            case (let low?, nil): notes.append("Clamped to at least \(low) when sent.")
            case (nil, let high?): notes.append("Clamped to at most \(high) when sent.")
            case (nil, nil): break
            }
        }
        return notes
    }

    /// The APNs doc note of a date declared with `encoding:` (shared by Python and Go).
    static func encodingNote(_ encoding: DateEncoding) -> String {
        switch encoding {
        case .reference: return "Seconds since 2001-01-01 (Swift `Date`), not Unix time."
        case .unixSeconds: return "Unix seconds (`encoding: unixSeconds`), not seconds since 2001."
        case .unixMillis: return "Unix milliseconds (`encoding: unixMillis`), a whole number."
        case .iso8601: return "ISO-8601 text `YYYY-MM-DDTHH:MM:SSZ`, whole seconds (`encoding: iso8601`)."
        }
    }

    /// Entries of a checked conversion from the bridge object `source` (to APNs or bridge).
    func checkedEntries(_ fields: [Field], source: String, apns: Bool, path: (Field) -> String) -> [String] {
        fields.map { field in
            let key = apns ? Self.apnsKey(field) : field.wireName
            let value = expressions.checkedField(field, source: source, path: path(field), apns: apns)
            if field.defaultValue == nil && field.isOptional {
                return "...(\(source).\(field.wireName) == null ? {} : { \(key): \(value) }),"
            }
            return "\(key): \(value),"
        }
    }

    /// Entries of the APNs -> bridge conversion of `source`.
    func fromApnsEntries(_ fields: [Field], source: String) -> [String] {
        fields.map { field in
            let input = Self.apnsMember(source, field)
            let value = expressions.fromApnsField(field, input)
            if field.isOptional {
                return "...(\(input) === undefined ? {} : { \(field.wireName): \(value) }),"
            }
            return "\(field.wireName): \(value),"
        }
    }

    /// Entries of a struct read from JSON text (`o` is the parsed object). Absent or null
    /// members take the default or stay absent; any other problem rejects the whole value.
    func jsonEntries(_ fields: [Field]) -> [String] {
        fields.map { field in
            let member = "lc.own(o, \(TypeScriptSyntax.stringLiteral(field.wireName)))"
            let read = expressions.clamped(expressions.jsonRead(field.type, member), field, helper: "lc.jsonBounded")
            if let value = field.defaultValue {
                return "\(field.wireName): \(member) == null ? \(syntax.literal(value, type: field.type)) : \(read),"
            }
            if field.isOptional {
                return "...(\(member) == null ? {} : { \(field.wireName): \(read) }),"
            }
            return "\(field.wireName): \(read),"
        }
    }

    /// `toFcmData` statements: one data entry per field, absent optionals left out.
    func fcmEncode(_ fields: [Field], source: String, typeName: String) -> [String] {
        fields.map { field in
            let key = TypeScriptSyntax.stringLiteral(field.wireName)
            let value = expressions.fcmString(field, source: source, path: pathLiteral(typeName, field))
            if field.defaultValue == nil && field.isOptional {
                return "if (\(source).\(field.wireName) != null) data[\(key)] = \(value);"
            }
            return "data[\(key)] = \(value);"
        }
    }

    /// `parseFcmData` statements: read each field by the repair table; a default stands in
    /// for an absent or unreadable value.
    func fcmParse(_ fields: [Field], local: String) -> [String] {
        fields.map { field in
            let key = TypeScriptSyntax.stringLiteral(field.wireName)
            let reportsMissing = field.defaultValue != nil || !field.isOptional
            var line = "const \(localName(field, local)) = lc.fcm(data, \(key), \(expressions.fcmReader(field)), issues, \(reportsMissing))"
            if let value = field.defaultValue {
                line += " ?? " + syntax.literal(value, type: field.type)
            }
            return line + ";"
        }
    }
}
