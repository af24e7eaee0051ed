/// Decoding `content-state` and `attributes` as the widget's generated `Codable` types do with
/// a default `JSONDecoder`: keys are APNs keys (`apnsName`, else the Swift name), a missing key without a default is
/// keyNotFound, `null` for a required value is valueNotFound, extra keys are ignored.
extension PayloadChecker {
    /// A keyed container: every field by Swift name, then the keys the decoder will ignore.
    mutating func decodeObject(_ node: JSONNode, fields: [Field], path: JSONPath, holder: String) {
        guard case .object(let members) = node.kind else {
            error(node, path, "typeMismatch: \(holder) decodes from an object, found \(node.kindDescription)", rule: "payload-type-mismatch")
            return
        }
        let names = Set(fields.map(\.apnsName))
        // Each key's first member (the one Foundation decodes), looked up once per field: a
        // search of the members per field made validate quadratic in wide objects.
        var firstByKey: [String: JSONNodeMember] = [:]
        for member in members where firstByKey[member.key] == nil { firstByKey[member.key] = member }
        for field in fields {
            let fieldPath = path.key(field.apnsName)
            guard let member = firstByKey[field.apnsName] else {
                if !field.mayBeMissing { error(node, fieldPath, missingKeyMessage(field, members: members, holder: holder), rule: "payload-missing-key") }
                continue
            }
            if case .null = member.value.kind {
                if !field.mayBeMissing {
                    error(member.value, fieldPath, "valueNotFound: \(field.apnsName) is a non-optional \(swiftName(field.type)), so null fails the whole \(holder); send a value", rule: "payload-null")
                }
                continue
            }
            if field.hasDateEncoding && field.type == .date {
                decodeEncodedDate(member.value, field, path: fieldPath)
            } else {
                decodeValue(member.value, field.type, field: field, path: fieldPath)
            }
        }
        // A bridge name or Swift name standing in for a missing APNs key is already explained
        // by the keyNotFound message; every other extra key gets its own note.
        let missing = fields.filter { firstByKey[$0.apnsName] == nil }
        let explained = Set(missing.filter { $0.wireName != $0.apnsName }.map(\.wireName))
            .union(missing.filter { $0.isAPNsRenamed && !$0.mayBeMissing }.map(\.name))
        for member in members where !names.contains(member.key) && !explained.contains(member.key) {
            let keyNode = JSONNode(kind: .null, line: member.line, column: member.column)
            if let renamed = fields.first(where: { $0.isAPNsRenamed && ($0.name == member.key || $0.wireName == member.key) }) {
                let what = renamed.name == member.key ? "the Swift property name" : "the JS/FCM name"
                warning(keyNode, path.key(member.key), "\(holder) has no key '\(member.key)', so the widget ignores it: it is \(what) of '\(renamed.name)', whose APNs key is '\(renamed.apnsName)' (apnsName); send it as \"\(renamed.apnsName)\"", rule: "payload-unknown-key")
                continue
            }
            let guess = Suggest.closest(to: member.key, in: fields.map(\.apnsName)).map { "; did you mean '\($0)'?" } ?? ""
            warning(keyNode, path.key(member.key), "\(holder) has no field '\(member.key)', so the widget ignores it\(guess)", rule: "payload-unknown-key")
        }
    }

    /// keyNotFound, with the likely cause: the JS/FCM name used where APNs wants the Swift
    /// name (the bridge-object-as-push trap), the Swift name where `apnsName` renames the
    /// key, or a near miss.
    func missingKeyMessage(_ field: Field, members: [JSONNodeMember], holder: String) -> String {
        var message = "keyNotFound: \(holder) requires '\(field.apnsName)' (\(swiftName(field.type)), no default), so the whole payload fails to decode and the card does not change"
        if field.isAPNsRenamed, members.contains(where: { $0.key == field.name }) {
            message += "; the payload has '\(field.name)', the Swift property name: the schema's apnsName makes the APNs key '\(field.apnsName)' (the CodingKeys raw value)"
        } else if field.wireName != field.apnsName, members.contains(where: { $0.key == field.wireName }) {
            let apnsKey = field.isAPNsRenamed ? "the apnsName '\(field.apnsName)'" : "the Swift name '\(field.name)'"
            message += "; the payload has '\(field.wireName)', the JS/FCM name: APNs content-state uses \(apnsKey)"
            if field.type == .date { message += " and seconds since 2001, not Unix milliseconds" }
        } else if let guess = Suggest.closest(to: field.apnsName, in: members.map(\.key)) {
            message += "; the payload has '\(guess)': rename it to '\(field.apnsName)'"
        } else {
            message += "; add \"\(field.apnsName)\""
        }
        return message
    }

    /// One value against its field type, as the synthesized or generated `init(from:)` decodes it.
    mutating func decodeValue(_ node: JSONNode, _ type: FieldType, field: Field?, path: JSONPath) {
        switch (type, node.kind) {
        case (.string, .string(let text)), (.url, .string(let text)):
            if type == .url, let why = PortableURL.decodeFailure(text) {
                error(node, path, "dataCorrupted: \(why), so decoding fails; omit the key (if optional) or send a URL", rule: "payload-type-mismatch")
            }
            if let limit = field?.maxLength, text.utf8.count > limit {
                warning(node, path, "\(text.utf8.count) UTF-8 bytes, over the schema's maxLength \(limit); it decodes, but the contract promises at most \(limit): shorten it", rule: "payload-out-of-bounds")
            }
        case (.uuid, .string(let text)):
            if UUIDText.canonical(text) == nil {
                error(node, path, "dataCorrupted: '\(text)' is not a UUID (UUID(uuidString:) is nil), so decoding fails; send the 8-4-4-4-12 hex form", rule: "payload-type-mismatch")
            }
        case (.int, .number(let text)):
            guard let value = NumberText.int(text) else {
                error(node, path, "dataCorrupted: \(text) does not fit Int (it has a fraction or is beyond 64 bits), so decoding fails; send a whole number", rule: "payload-type-mismatch")
                return
            }
            checkBounds(node, Double(value), text, field: field, path: path)
        case (.sized(let kind), .number(let text)):
            guard let plain = SwiftIntegerText.decoded(text, holds: kind.swiftHolds(decimal:)) else {
                error(node, path, "dataCorrupted: \(text) does not fit \(kind.swiftName) (it has a fraction or is outside \(kind.swiftName)'s range), so decoding fails", rule: "payload-type-mismatch")
                return
            }
            if kind.is64Bit, let magnitude = UInt64(plain.hasPrefix("-") ? String(plain.dropFirst()) : plain), magnitude > UInt64(IntegerKind.maxSafe) {
                warning(node, path, "\(text) decodes as \(kind.swiftName), but it is beyond JavaScript's safe integers (2^53 - 1): the bridge, FCM and TypeScript copies cannot carry it exactly", rule: "payload-out-of-bounds")
            }
            checkBounds(node, Double(plain) ?? 0, text, field: field, path: path)
        case (.float, .number(let text)):
            guard let value = NumberText.double(text), FloatText.decoded(text) != nil else {
                error(node, path, "dataCorrupted: \(text) does not fit in Float (beyond its range, or so small it would round to zero), so decoding fails", rule: "payload-type-mismatch")
                return
            }
            checkBounds(node, value, text, field: field, path: path)
        case (.double, .number(let text)):
            guard let value = NumberText.double(text) else {
                error(node, path, "dataCorrupted: \(text) is beyond Double's range, so decoding fails", rule: "payload-type-mismatch")
                return
            }
            checkBounds(node, value, text, field: field, path: path)
        case (.bool, .bool):
            break
        case (.date, .number(let text)):
            checkReferenceDate(node, text, path: path)
        case (.dateRange, _):
            decodeRange(node, path: path)
        case (.enumeration(let name), .number(let text)) where contract.isIntRawEnum(type):
            // `enum X: Int` decodes an Int first: a fraction or a value beyond 64 bits fails.
            guard let enumType = contract.type(named: name)?.enumType, let value = NumberText.int(text) else {
                error(node, path, "dataCorrupted: \(text) does not fit Int (it has a fraction or is beyond 64 bits), so decoding \(name) fails; send one of its integer raw values", rule: "payload-type-mismatch")
                return
            }
            guard !enumType.rawValues.contains(String(value)) else { return }
            unknownCase(node, String(value), name, enumType, path: path, decoder: "dataCorrupted: cannot initialize \(name) from \(value)")
        case (.enumeration(let name), .string(let raw)) where !contract.isIntRawEnum(type):
            guard let enumType = contract.type(named: name)?.enumType, !enumType.rawValues.contains(raw) else { return }
            unknownCase(node, raw, name, enumType, path: path, decoder: "dataCorrupted: cannot initialize \(name) from '\(raw)'")
        case (.structure(let name), _):
            let fields = contract.type(named: name)?.fields ?? []
            // A struct without fields has a synthesized init(from:) that reads nothing, so it
            // decodes from any JSON value (found by the differential test).
            guard !fields.isEmpty else { return }
            decodeObject(node, fields: fields, path: path, holder: name)
        case (.map(let valueType), .object(let members)):
            checkItemCount(node, members.count, isMap: true, field: field, path: path)
            for member in members {
                let memberPath = path.key(member.key)
                if let limit = field?.maxLength, member.key.utf8.count > limit {
                    warning(member.value, memberPath, "the key is \(member.key.utf8.count) UTF-8 bytes, over the schema's maxLength \(limit) (each key of the map); it decodes, but the contract promises at most \(limit)", rule: "payload-out-of-bounds")
                }
                if case .null = member.value.kind {
                    error(member.value, memberPath, "valueNotFound: map values are non-optional \(swiftName(valueType)); leave the key out instead of sending null", rule: "payload-null")
                } else {
                    // maxLength bounds each string value too; maps have no min/max.
                    decodeValue(member.value, valueType, field: field, path: memberPath)
                }
            }
        case (.array(let element), .array(let items)):
            checkItemCount(node, items.count, isMap: false, field: field, path: path)
            for (index, item) in items.enumerated() {
                if case .null = item.kind {
                    error(item, path.index(index), "valueNotFound: array elements are non-optional \(swiftName(element)); remove the null", rule: "payload-null")
                } else {
                    // maxLength bounds each string item; lists take no min/max (schema-shape).
                    decodeValue(item, element, field: field, path: path.index(index))
                }
            }
        default:
            error(node, path, typeMismatch(type, node), rule: "payload-type-mismatch")
        }
    }

    /// An enum raw value the enum lacks: the `unknown:` case when the schema has one (the
    /// generated decoder maps it), else a failed decode.
    mutating func unknownCase(_ node: JSONNode, _ raw: String, _ name: String, _ enumType: EnumType, path: JSONPath, decoder: String) {
        let guess = Suggest.closest(to: raw, in: enumType.rawValues).map { "; did you mean '\($0)'?" } ?? ""
        if let fallback = enumType.unknownCase {
            warning(node, path, "'\(raw)' is not a case of \(name); it decodes as the unknown: fallback '\(enumType.rawValue(of: fallback))'\(guess)", rule: "payload-enum-fallback")
        } else {
            error(node, path, "\(decoder); \(name) has no unknown: fallback, so the whole payload fails to decode. cases: \(enumType.rawValues.joined(separator: ", "))\(guess)", rule: "payload-unknown-enum")
        }
    }

    /// min/max are the contract, not the decoder: out of bounds decodes but is a warning.
    mutating func checkBounds(_ node: JSONNode, _ value: Double, _ text: String, field: Field?, path: JSONPath) {
        if let low = field?.minimum?.number, value < low {
            warning(node, path, "\(text) is below the schema's min \(DateEpoch.format(low)); it decodes, but the bridge and FCM parsers would clamp it", rule: "payload-out-of-bounds")
        } else if let high = field?.maximum?.number, value > high {
            warning(node, path, "\(text) is above the schema's max \(DateEpoch.format(high)); it decodes, but the bridge and FCM parsers would clamp it", rule: "payload-out-of-bounds")
        }
    }

    /// typeMismatch, with the fix spelled out for the usual mistakes (quoted numbers, 0/1 for
    /// booleans, ISO-8601 strings for dates).
    func typeMismatch(_ type: FieldType, _ node: JSONNode) -> String {
        let expected = swiftName(type)
        var message = "typeMismatch: \(expected) cannot decode \(node.kindDescription)"
        switch (type, node.kind) {
        case (.int, .string(let text)), (.double, .string(let text)), (.sized, .string(let text)), (.float, .string(let text)):
            if NumberText.double(text.trimmingSpaces) != nil { message += "; send the number \(text.trimmingSpaces) without quotes" }
        case (.bool, .number(let text)):
            message += "; send true or false, not \(text)"
        case (.bool, .string(let text)):
            message += "; send true or false without quotes, not \"\(text)\""
        case (.date, .string(let text)):
            message += "; a Date in content-state is a number of seconds since 2001-01-01 (the default JSONDecoder), not text"
            if let millis = Epoch.parseISO8601(text) { message += ": send \(DateEpoch.format(Epoch.referenceSeconds(fromUnixMillis: millis)))" }
        case (.string, .number(let text)), (.url, .number(let text)), (.uuid, .number(let text)):
            message += "; send \"\(text)\" as a string"
        case (.enumeration(let name), .string(let text)) where contract.isIntRawEnum(type):
            message += "; \(name) has integer raw values (Swift `enum \(name): Int`)"
            if NumberText.int(text.trimmingSpaces) != nil { message += ": send the number \(text.trimmingSpaces) without quotes" }
        case (.enumeration(let name), _) where contract.isIntRawEnum(type):
            message += "; \(name) has integer raw values (Swift `enum \(name): Int`)"
        case (.enumeration(let name), _):
            message += "; \(name) is a string raw value"
        default:
            break
        }
        return message
    }

    func swiftName(_ type: FieldType) -> String {
        SwiftSyntax.typeName(type)
    }
}
