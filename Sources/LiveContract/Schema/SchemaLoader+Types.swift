/// Fields, `types` and type expressions (`int`, `Step?`, `[Score]`).
extension SchemaLoader {
    static let fieldKeys = ["type", "doc", "default", "min", "max", "maxLength", "maxItems", "bridgeName", "apnsName", "encoding", "example"]
    static let builtinTypes: [String: FieldType] = [
        "string": .string, "int": .int, "double": .double, "bool": .bool,
        "date": .date, "dateRange": .dateRange, "url": .url,
        "uuid": .uuid,
        "int8": .sized(.int8), "int16": .sized(.int16), "int32": .sized(.int32), "int64": .sized(.int64),
        "uint": .sized(.uint), "uint8": .sized(.uint8), "uint16": .sized(.uint16), "uint32": .sized(.uint32),
        "uint64": .sized(.uint64), "float": .float,
    ]

    /// First pass over `types`: remember every name so fields may refer to types declared later.
    mutating func declareTypes(_ node: YAMLNode) {
        guard let list = node.mappingEntries else {
            error("types must be a mapping of type names, found \(node.kindDescription)", node, rule: "schema-shape")
            return
        }
        for entry in list {
            guard let name = entry.key.scalar else { continue }
            if Self.builtinTypes[name] != nil {
                error("'\(name)' is a built-in type; give the custom type another name", entry.key, rule: "reserved-name")
                continue
            }
            if checkTypeName(name, entry.key, what: "type name") {
                declaredTypes[name] = entry.value
            }
        }
    }

    /// Second pass: enum cases and struct fields, each type after those its field values
    /// need (`typeBodyOrder`).
    mutating func loadTypeBodies(_ node: YAMLNode) {
        let declared = (node.mappingEntries ?? []).filter { $0.key.scalar.map { declaredTypes[$0] != nil } ?? false }
        for position in typeBodyOrder(declared) {
            let entry = declared[position]
            guard let name = entry.key.scalar else { continue }
            let body = entries(of: entry.value, allowed: ["enum", "unknown", "fields", "doc", "raw"], what: "type '\(name)'")
            if let cases = body["enum"] {
                if body["fields"] != nil {
                    error("type '\(name)' has both `enum` and `fields`; a type is one or the other", entry.value, rule: "schema-shape")
                }
                enumRawTypes[name] = enumRawType(body["raw"]?.value, typeName: name)
                enumCases[name] = enumCaseList(cases.value, typeName: name)
            } else if let fieldsNode = body["fields"] {
                if let raw = body["raw"] {
                    error("`raw` belongs to enums; type '\(name)' is a struct", raw.key, rule: "schema-shape")
                }
                if let unknown = body["unknown"] {
                    error("`unknown` belongs to enums; type '\(name)' is a struct", unknown.key, rule: "schema-shape")
                }
                structFields[name] = []  // placeholder so self-references resolve while loading
                loadingStruct = name
                structFields[name] = fields(of: fieldsNode.value, what: "type '\(name)'")
                loadingStruct = nil
            } else if entry.value.mappingEntries != nil {
                error("type '\(name)' needs `enum: [...]` or `fields: {...}`", entry.value, rule: "schema-shape")
            }
        }
    }

    /// The cases of `enum:`: a list of names or one-entry mappings `name: RAW`, or one
    /// mapping `{ name: RAW, ... }`. Raw values (the wire form) are recorded in
    /// `enumRawValues` and must be unique.
    mutating func enumCaseList(_ node: YAMLNode, typeName: String) -> [String] {
        var pairs: [(name: YAMLNode, raw: YAMLNode?)] = []
        if let items = node.sequenceItems, !items.isEmpty {
            for item in items {
                if let entries = item.mappingEntries {
                    guard entries.count == 1 else {
                        error("an enum case with a raw value is a one-entry mapping, e.g. { solo: SOLO }", item, rule: "schema-shape")
                        continue
                    }
                    pairs.append((entries[0].key, entries[0].value))
                } else {
                    pairs.append((item, nil))
                }
            }
        } else if let entries = node.mappingEntries, !entries.isEmpty {
            pairs = entries.map { ($0.key, $0.value) }
        } else {
            error("`enum` of '\(typeName)' must be a non-empty list of case names, or a mapping of case names to raw values", node, rule: "schema-shape")
            return []
        }
        var cases: [String] = []
        var raws: [String] = []
        var seen: [String: YAMLNode] = [:]
        var seenRaw: [String: String] = [:]
        // Each case's Kotlin constant, looked up once per case: comparing every case with
        // every earlier one made a list of 4000 cases take a minute.
        var seenConstant: [String: String] = [:]
        let rawType = enumRawTypes[typeName] ?? .string
        var nextInt = 0
        for pair in pairs {
            let item = pair.name
            guard let name = text(item, what: "an enum case") else { continue }
            guard checkCaseName(name, item, enumName: typeName) else {
                diagnostics.markFailed(Self.failedCase(name, of: typeName))
                continue
            }
            var raw = name
            if rawType == .int {
                guard let value = intRawValue(pair.raw, item: item, case: name, typeName: typeName, next: nextInt) else {
                    diagnostics.markFailed(Self.failedCase(name, of: typeName))
                    continue
                }
                raw = String(value)
                nextInt = value + 1
            } else if let rawNode = pair.raw {
                guard refuseNumberInStringEnum(rawNode, case: name, typeName: typeName) else {
                    diagnostics.markFailed(Self.failedCase(name, of: typeName))
                    continue
                }
                guard let value = rawNode.scalar, !rawNode.isNull else {
                    error("the raw value of case '\(name)' of '\(typeName)' must be text, found \(rawNode.kindDescription)", rawNode, rule: "schema-shape")
                    continue
                }
                raw = value
            }
            if seen[name] != nil {
                error("case '\(name)' appears twice in '\(typeName)'", item, rule: "duplicate-name")
                continue
            }
            let constant = Naming.constantCase(name)
            if let other = seenConstant[constant] {
                error("cases '\(other)' and '\(name)' of '\(typeName)' both become \(constant) in Kotlin; rename one", item, rule: "name-collision")
                continue
            }
            if let other = seenRaw[raw] {
                error("cases '\(other)' and '\(name)' of '\(typeName)' both have the raw value '\(raw)'; raw values must be unique, as the wire carries them", pair.raw ?? item, rule: "duplicate-name")
                continue
            }
            seen[name] = item
            seenConstant[constant] = name
            seenRaw[raw] = name
            cases.append(name)
            raws.append(raw)
        }
        enumRawValues[typeName] = raws
        return cases
    }

    /// Builds `NamedType`s in file order and refuses struct cycles (a value type cannot hold itself).
    mutating func buildNamedTypes(_ node: YAMLNode?) -> [NamedType] {
        guard let node else { return [] }
        var result: [NamedType] = []
        for entry in node.mappingEntries ?? [] {
            guard let name = entry.key.scalar, declaredTypes[name] != nil else { continue }
            let doc = entry.value.mappingEntries?.first { $0.key.scalar == "doc" }.flatMap { $0.value.scalar }
            if let cases = enumCases[name] {
                var unknown: String?
                if let unknownNode = entry.value.mappingEntries?.first(where: { $0.key.scalar == "unknown" })?.value {
                    if let value = unknownNode.scalar, cases.contains(value) {
                        unknown = value
                    } else if let value = unknownNode.scalar, diagnostics.hasFailed(Self.failedCase(value, of: name)) {
                        diagnostics.suppress(because: Self.failedCase(value, of: name))
                    } else {
                        var message = "`unknown` of '\(name)' must be one of its cases"
                        if let guess = Suggest.closest(to: unknownNode.scalar ?? "", in: cases) { message += "; did you mean '\(guess)'?" }
                        error(message, unknownNode, rule: "unknown-case")
                    }
                }
                result.append(NamedType(name: name, doc: doc, kind: .enumeration(EnumType(cases: cases, rawValues: enumRawValues[name], unknownCase: unknown, rawType: enumRawTypes[name] ?? .string)), location: entry.key.location))
            } else if let fields = structFields[name] {
                result.append(NamedType(name: name, doc: doc, kind: .structure(fields), location: entry.key.location))
            }
        }
        checkTypeGraph(result)
        return result
    }

    /// The fields of `attributes`, `state` or a struct, in file order.
    mutating func fields(of node: YAMLNode, what: String) -> [Field] {
        if node.isNull { return [] }
        guard let list = node.mappingEntries else {
            error("\(what) must be a mapping of field names, found \(node.kindDescription)", node, rule: "schema-shape")
            return []
        }
        var result: [Field] = []
        var defaultItems = 0
        for entry in list {
            guard let name = entry.key.scalar else { continue }
            // A refused name is still the key the examples use: mark it failed so they get no
            // second error ("unknown key") for the same mistake.
            guard checkMemberName(name, entry.key, fcmKey: false) else { diagnostics.markFailed(Self.failedField(name, of: what)); continue }
            let before = diagnostics.errorCount
            if let field = field(named: name, entry.key, entry.value, owner: what) {
                defaultItems += checkDefaultSize(field, at: entry.value.mappingEntries?.first { $0.key.scalar == "default" }?.value ?? entry.value)
                // A bridgeName was checked as a key where it is written. A struct member is a
                // key inside the JSON text of one FCM value, never an FCM key (`Leg.from`).
                if field.wireName == name, !Self.isStructOwner(what), !checkFCMKey(name, entry.key) {
                    diagnostics.markFailed(Self.failedField(name, of: what))
                    continue
                }
                result.append(field)
            } else if diagnostics.errorCount > before {
                diagnostics.markFailed(Self.failedField(name, of: what))
            }
        }
        checkDefaultTotal(defaultItems, what: what, at: node)
        var apnsNodes: [String: YAMLNode] = [:]
        for entry in list {
            if let name = entry.key.scalar, let key = entry.value.mappingEntries?.first(where: { $0.key.scalar == "apnsName" }) { apnsNodes[name] = key.value }
        }
        checkAPNsKeys(result, nodes: apnsNodes, what: what)
        return result
    }

    /// True for the `what` of a struct's fields (`type 'Leg'`), whose names are keys inside a
    /// JSON value, so FCM's reserved keys (`from`, `google*`) do not apply to them.
    static func isStructOwner(_ what: String) -> Bool { what.hasPrefix("type '") }

    mutating func field(named name: String, _ keyNode: YAMLNode, _ node: YAMLNode, owner: String = "") -> Field? {
        // Shorthand: `count: int` means `count: { type: int }`.
        if node.scalar != nil {
            guard let (type, optional) = typeExpression(node) else { return nil }
            return Field(name: name, type: type, isOptional: optional, location: keyNode.location)
        }
        let body = entries(of: node, allowed: Self.fieldKeys, what: "field '\(name)'")
        guard let typeNode = body["type"]?.value else {
            if diagnostics.hasFailed(Self.misspelledKey("type", in: "field '\(name)'")) {
                diagnostics.suppress(because: Self.misspelledKey("type", in: "field '\(name)'"))
            } else if node.mappingEntries != nil {
                error("field '\(name)' needs a `type` (string, int, double, bool, date, dateRange, url, uuid, int8..uint64, float, a type from `types`, [T], [string: T] or T?)", node, rule: "missing-key")
            }
            return nil
        }
        guard let (type, optional) = typeExpression(typeNode) else { return nil }
        var field = Field(name: name, type: type, isOptional: optional, location: keyNode.location)
        if let doc = body["doc"] { field.doc = text(doc.value, what: "doc") }
        if let bridge = body["bridgeName"], let value = text(bridge.value, what: "bridgeName") {
            if checkMemberName(value, bridge.value, fcmKey: !Self.isStructOwner(owner)) { field.wireName = value }
        }
        if let apns = body["apnsName"], let value = text(apns.value, what: "apnsName"), checkAPNsName(value, apns.value) {
            field.apnsNameOverride = value
            if body["bridgeName"] == nil, field.isAPNsRenamed,
               defaultBridgeName(value, apns.value, field: name, fcmKey: !Self.isStructOwner(owner)) {
                field.wireName = value
            }
        }
        if let maxItems = body["maxItems"] {
            if type.holdsItems {
                if case .int(let limit)? = scalarValue(maxItems.value, as: .int, context: "maxItems"), limit >= 0 {
                    field.maxItems = limit
                } else {
                    error("maxItems must be a whole number of items, 0 or more", maxItems.value, rule: "schema-value")
                }
            } else {
                error("maxItems applies to list fields ([T]) and maps ([string: T], the member count); '\(name)' is \(type.schemaSpelling)", maxItems.key, rule: "schema-shape")
            }
        }
        if let maxLength = body["maxLength"] {
            if ![FieldType.string, .url, .array(.string), .array(.url)].contains(type) && !type.isMap {
                error("maxLength applies to string and url fields, to lists of them (each item) and to maps (each key, and each string value); '\(name)' is \(type.schemaSpelling)", maxLength.key, rule: "schema-shape")
            } else if case .int(let limit)? = scalarValue(maxLength.value, as: .int, context: "maxLength"), limit > 0 {
                field.maxLength = limit
            } else {
                error("maxLength must be a positive whole number of UTF-8 bytes", maxLength.value, rule: "schema-value")
            }
        }
        for key in ["min", "max"] {
            guard let bound = body[key] else { continue }
            guard type.isNumber else {
                error(Self.boundsMisplaced(key, field: name, type), bound.key, rule: "schema-shape")
                continue
            }
            let value = scalarValue(bound.value, as: type, context: key)
            if key == "min" { field.minimum = value } else { field.maximum = value }
        }
        if let low = field.minimum?.number, let high = field.maximum?.number, low > high {
            error("min (\(low)) is greater than max (\(high))", body["max"]!.value, rule: "schema-value")
        }
        if let entry = body["default"] {
            if entry.value.isNull {
                error("a default of null is what an optional field already means; make the type '\(type.schemaSpelling)?' instead", entry.value, rule: "schema-value")
            } else if case .structure(let held) = type, held == loadingStruct {
                // A struct holding itself directly: the type-cycle error says what to do.
            } else {
                let before = diagnostics.errorCount
                field.defaultValue = value(entry.value, for: field, context: "default of '\(name)'")
                if diagnostics.errorCount > before { diagnostics.markFailed(Self.failedField(name, of: owner)) }
            }
        }
        if let entry = body["encoding"] { field.dateEncoding = dateEncoding(entry, field: name, type: type) }
        if let entry = body["example"], !entry.value.isNull {
            field.example = value(entry.value, for: field, context: "example of '\(name)'")
        }
        return field
    }

    /// Parses `T`, `T?`, `[T]` and `[T]?`. Lists of optionals and lists of lists are refused:
    /// neither has one clear form on all the wires.
    mutating func typeExpression(_ node: YAMLNode) -> (FieldType, Bool)? {
        // Unquoted `type: [int]` reads as a one-item YAML list; it can only mean a list type.
        if let items = node.sequenceItems, items.count == 1, let element = items[0].scalar, items[0].scalarStyle == .plain {
            return typeExpression(YAMLNode(kind: .scalar("[\(element)]", .quoted), location: node.location))
        }
        // Unquoted `type: [string: int]` reads as a list holding `{string: int}`: a map type.
        if let items = node.sequenceItems, items.count == 1, let pair = items[0].mappingEntries, pair.count == 1,
           let key = pair[0].key.scalar, let value = pair[0].value.scalar {
            return typeExpression(YAMLNode(kind: .scalar("[\(key): \(value)]", .quoted), location: node.location))
        }
        guard var text = node.scalar?.trimmingSpaces, !text.isEmpty, node.scalarStyle != .block else {
            error("type must be text such as 'int' or '[string]', found \(node.kindDescription)", node, rule: "schema-shape")
            return nil
        }
        var optional = false
        if text.hasSuffix("?") {
            optional = true
            text.removeLast()
        }
        if let valueText = Self.mapValueSpelling(text) {
            guard let value = mapValueType(valueText, node) else { return nil }
            return (.map(value), optional)
        }
        if text.hasPrefix("[") && text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast()).trimmingSpaces
            if inner.hasSuffix("?") || inner.hasPrefix("[") {
                error("'\(text)': lists of optionals, lists of lists and lists of maps are not supported; use a struct", node, rule: "unsupported-type")
                return nil
            }
            guard let element = namedType(inner, node) else { return nil }
            return (.array(element), optional)
        }
        guard let type = namedType(text, node) else { return nil }
        return (type, optional)
    }

    /// Past this many diagnostics an unknown type gets no "did you mean" (each costs a scan).
    static let maxHintedDiagnostics = 50

    mutating func namedType(_ name: String, _ node: YAMLNode) -> FieldType? {
        if let builtin = Self.builtinTypes[name] { return builtin }
        if enumCases[name] != nil { return .enumeration(name) }
        if declaredTypes[name] != nil {
            if let body = declaredTypes[name]?.mappingEntries, body.contains(where: { $0.key.scalar == "enum" }) {
                return .enumeration(name)
            }
            return .structure(name)
        }
        var message = "unknown type '\(name)'"
        // Only names of about the same length can be close (length-bucketed), and after a
        // few hundred diagnostics no more hints: 5,000 typos cannot make this quadratic.
        let length = name.count, reach = max(1, length / 3)
        let near = { (candidate: String) in abs(candidate.count - length) <= reach }
        let candidates = diagnostics.items.count > Self.maxHintedDiagnostics ? []
            : Array(Self.builtinTypes.keys).filter(near).sorted() + declaredTypes.keys.filter(near).sorted()
        if let guess = Suggest.closest(to: name, in: candidates) {
            message += "; did you mean '\(guess)'?"
        } else {
            message += "; use string, int, double, bool, date, dateRange, url, uuid or declare it under `types`"
        }
        error(message, node, rule: "unknown-type")
        return nil
    }
}

extension String {
    /// Without leading and trailing spaces (Foundation-free).
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
