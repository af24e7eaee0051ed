/// The per-field lines of the generated dataclasses and conversions. A field is required,
/// optional (`Optional[T]`, `None` = absent, key left out of the JSON) or defaulted (the
/// bridge classes hold the default when the input leaves the key out).
///
/// Bridge-shaped classes are keyed by wire name, APNs-shaped ones by Swift name (their JSON by
/// the APNs key, `apnsName`, else the name); `PythonSyntax.attributes` escapes both the same way everywhere.
struct PythonRecords {
    let expressions: PythonExpressions

    var syntax: PythonSyntax { expressions.syntax }

    func texts(_ lines: [String]) -> TemplateValue { .list(lines.map { .text($0) }) }

    /// A dataclass: its fields (those with a Python default last, as dataclasses require),
    /// the keyword arguments `_read` builds it from and the lines of `to_json`.
    func dataclass(_ fields: [Field], apns: Bool, pathBase: String?) -> TemplateObject {
        let names = PythonSyntax.attributes(fields, apns: apns)
        var plain: [TemplateValue] = [], defaulted: [TemplateValue] = []
        var read: [String] = [], json: [String] = []
        for index in fields.indices {
            let field = fields[index], name = names[index]
            // The attribute keeps the Swift name; the JSON key is the APNs key (`apnsName`).
            let key = apns ? field.apnsName : field.wireName
            let type = apns ? (field.dateEncoding == .iso8601 ? "str" : syntax.apnsType(field.type)) : syntax.bridgeType(field.type)
            let path = pathBase.map { PythonSyntax.stringLiteral("\($0).\(key)") } ?? "path + \(PythonSyntax.stringLiteral("." + key))"
            let member = "o.get(\(PythonSyntax.stringLiteral(key)))"
            let value = apns && field.hasDateEncoding ? expressions.readEncodedDate(field.dateEncoding, member, path)
                : expressions.readJSON(field.type, member, path, apns: apns)
            let comment = PythonSyntax.comment(docNotes(field, apns: apns), indent: "    ")
            if !apns, let literal = field.defaultValue.map({ syntax.literal($0, type: field.type) }) {
                let mutable: Bool
                switch field.type { case .array, .structure, .map: mutable = true; default: mutable = false }
                let initial = mutable ? "field(default_factory=lambda: \(literal))" : literal
                defaulted.append(declaration(comment, "\(name): \(type) = \(initial)"))
                read.append("\(name)=\(literal) if \(member) is None else \(value),")
            } else if !apns, field.defaultValue == nil, field.isOptional {
                defaulted.append(declaration(comment, "\(name): Optional[\(type)] = None"))
                read.append("\(name)=None if \(member) is None else \(value),")
            } else if apns, field.isOptional {
                defaulted.append(declaration(comment, "\(name): Optional[\(type)] = None"))
                // `T?` with a default: Swift's decodeIfPresent(...) ?? default reads an absent or
                // null key as the default, not as nil.
                let absent = field.defaultValue.map { apnsDefault(field, syntax.literal($0, type: field.type), path) } ?? "None"
                read.append("\(name)=\(absent) if \(member) is None else \(value),")
            } else if apns, let literal = field.defaultValue.map({ syntax.literal($0, type: field.type) }) {
                plain.append(declaration(comment, "\(name): \(type)"))
                let fallback = apnsDefault(field, literal, path)
                read.append("\(name)=\(fallback) if \(member) is None else \(value),")
            } else {
                plain.append(declaration(comment, "\(name): \(type)"))
                read.append("\(name)=\(value),")
            }
            let out = "out[\(PythonSyntax.stringLiteral(key))] = \(expressions.toJSON(field.type, "self." + name))"
            if (apns && field.isOptional) || (!apns && field.defaultValue == nil && field.isOptional) {
                json += ["if self.\(name) is not None:", "    " + out]
            } else {
                json.append(out)
            }
        }
        return [
            "fields": .list(plain + defaulted),
            "read": texts(read),
            "toJson": texts(json),
        ]
    }

    func declaration(_ comment: [String], _ line: String) -> TemplateValue {
        .object(["commentLines": texts(comment), "declaration": .text(line)])
    }

    /// The schema doc plus units, default, bounds and the key the field has in the other shape.
    /// The APNs form of a default, as Swift's decoder substitutes it (a date in its `encoding:`).
    func apnsDefault(_ field: Field, _ literal: String, _ path: String) -> String {
        field.hasDateEncoding ? expressions.checkedField(field, literal, path: path, apns: true) : expressions.checked(field.type, literal, path, apns: true)
    }

    func docNotes(_ field: Field, apns: Bool) -> [String] {
        var notes = field.doc.map { [$0] } ?? []
        var base = field.type
        while true {
            if case .array(let element) = base { base = element } else if case .map(let value) = base { base = value } else { break }
        }
        if base == .date && apns && field.hasDateEncoding {
            notes.append(String(TypeScriptRecords.encodingNote(field.dateEncoding).filter { $0 != "`" }))
        } else if base == .date {
            notes.append(apns ? "Seconds since 2001-01-01 (Swift Date), not Unix time." : "Unix epoch milliseconds.")
        } else if base == .dateRange {
            notes.append(apns ? "(lower, upper) in seconds since 2001-01-01." : "(start_ms, end_ms) in Unix epoch milliseconds.")
        }
        if field.isAPNsRenamed {
            notes.append(apns ? "JSON key `\(field.apnsName)`; `\(field.wireName)` in the bridge shape and FCM data."
                : "`\(field.name)` in Swift, `\(field.apnsName)` in APNs JSON.")
        } else if field.name != field.wireName {
            notes.append(apns ? "`\(field.wireName)` in the bridge shape and FCM data." : "`\(field.name)` in Swift and APNs JSON.")
        }
        if !apns, field.minimum != nil || field.maximum != nil {
            let integer = field.type.integerRange != nil
            let low = PythonSyntax.bound(field.minimum, integer: integer), high = PythonSyntax.bound(field.maximum, integer: integer)
            notes.append("Clamped to \(low == "None" ? "-inf" : low)...\(high == "None" ? "inf" : high) when sent.")
        }
        return notes
    }

    /// Keyword arguments of a checked conversion of the bridge object `source` (to the APNs
    /// shape or to a normalized bridge copy); `path` gives a field's error path.
    func checkedArguments(_ fields: [Field], source: String, apns: Bool, path: (Field) -> String) -> [String] {
        let sourceNames = PythonSyntax.attributes(fields, apns: false)
        let targetNames = PythonSyntax.attributes(fields, apns: apns)
        return fields.indices.map { index in
            let field = fields[index], input = "\(source).\(sourceNames[index])"
            let value = expressions.checkedField(field, input, path: path(field), apns: apns)
            if field.isOptional && (apns || field.defaultValue == nil) {
                return "\(targetNames[index])=None if \(input) is None else \(value),"
            }
            return "\(targetNames[index])=\(value),"
        }
    }

    /// Keyword arguments of the APNs -> bridge conversion of `source`.
    func fromApnsArguments(_ fields: [Field], source: String) -> [String] {
        let sourceNames = PythonSyntax.attributes(fields, apns: true)
        let targetNames = PythonSyntax.attributes(fields, apns: false)
        return fields.indices.map { index in
            let field = fields[index], input = "\(source).\(sourceNames[index])"
            let value = expressions.fromApnsField(field, input)
            if field.isOptional {
                if field.defaultValue != nil {
                    let literal = syntax.literal(field.defaultValue!, type: field.type)
                    return "\(targetNames[index])=\(literal) if \(input) is None else \(value),"
                }
                return "\(targetNames[index])=None if \(input) is None else \(value),"
            }
            return "\(targetNames[index])=\(value),"
        }
    }

    /// Keyword arguments of a struct read from FCM JSON text (`o` is the parsed object):
    /// absent or null members take the default or stay absent; anything else wrong raises.
    func jsonArguments(_ fields: [Field]) -> [String] {
        let names = PythonSyntax.attributes(fields, apns: false)
        return fields.indices.map { index in
            let field = fields[index]
            let member = "o.get(\(PythonSyntax.stringLiteral(field.wireName)))"
            let read = expressions.clamped(expressions.jsonRead(field.type, member), field, helper: "_lc_json_bounded")
            if let value = field.defaultValue {
                return "\(names[index])=\(syntax.literal(value, type: field.type)) if \(member) is None else \(read),"
            }
            if field.isOptional { return "\(names[index])=None if \(member) is None else \(read)," }
            return "\(names[index])=\(read),"
        }
    }

    /// `to_fcm_data` statements: one entry per field, absent optionals left out.
    func fcmEncode(_ fields: [Field], source: String, typeName: String) -> [String] {
        let names = PythonSyntax.attributes(fields, apns: false)
        return fields.indices.flatMap { index -> [String] in
            let field = fields[index], input = "\(source).\(names[index])"
            let path = PythonSyntax.stringLiteral("\(typeName).\(field.wireName)")
            let line = "data[\(PythonSyntax.stringLiteral(field.wireName))] = \(expressions.fcmString(field, input, path: path))"
            if field.defaultValue == nil && field.isOptional {
                return ["if \(input) is not None:", "    " + line]
            }
            return [line]
        }
    }

    /// `a_orderId`: a parse local, prefixed so no field can shadow `data` or `issues`.
    func localName(_ field: Field, _ prefix: String) -> String { prefix + "_" + field.name }

    /// `parse_fcm_data` reads: each field by the repair table.
    func fcmParse(_ fields: [Field], local: String) -> [String] {
        fields.map { field in
            let key = PythonSyntax.stringLiteral(field.wireName)
            let reportsMissing = field.defaultValue != nil || !field.isOptional
            return "\(localName(field, local)) = _lc_fcm(data, \(key), \(expressions.fcmReader(field)), issues, \(reportsMissing ? "True" : "False"))"
        }
    }

    /// The condition under which the half is built (every required field read) and its arguments.
    func fcmResult(_ fields: [Field], local: String) -> TemplateObject {
        let names = PythonSyntax.attributes(fields, apns: false)
        var required: [String] = []
        let arguments = fields.indices.map { index -> String in
            let field = fields[index], name = localName(field, local)
            if let value = field.defaultValue {
                return "\(names[index])=\(syntax.literal(value, type: field.type)) if \(name) is None else \(name),"
            }
            if !field.isOptional { required.append("\(name) is not None") }
            return "\(names[index])=\(name),"
        }
        return [
            "condition": .text(required.isEmpty ? "True" : CodeText.joined(required, separator: " and ")),
            "arguments": texts(arguments),
        ]
    }
}
