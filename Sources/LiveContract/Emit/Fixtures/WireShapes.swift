/// The reference conversion of schema values into their three wire shapes (docs/wire.md):
/// the JS bridge object, the APNs `content-state` JSON, and FCM data strings. Fixtures are
/// written from this, so every generated copy is tested against one implementation.
struct WireShapes {
    let contract: Contract

    /// Bridge shape of a record (`values` by field index), written straight into `json`:
    /// wire names, Unix ms; absent optionals omitted.
    func writeBridge(_ values: [Value?], fields: [Field], into json: inout JSONText) {
        json.object { json in
            // Indexing reads single properties; `for field in fields` would copy each whole Field.
            for index in fields.indices {
                guard let value = values[index] else { continue }
                json.key(fields[index].wireName)
                json.write(bridge(value, type: fields[index].type))
            }
        }
    }

    /// APNs (Codable) shape of a record: APNs keys (`apnsName`, else the name), seconds since 2001.
    func apns(_ values: [Value?], fields: [Field]) -> JSONValue {
        var members: [JSONMember] = []
        members.reserveCapacity(fields.count)
        for index in fields.indices {
            guard let value = values[index] else { continue }
            members.append(JSONMember(fields[index].apnsName, apns(value, field: fields[index])))
        }
        return .object(members)
    }

    /// The flat FCM data map for attributes + state, in schema order.
    func fcm(attributes: [Value?], state: [Value?]) -> JSONValue {
        var members: [JSONMember] = []
        members.reserveCapacity(contract.attributes.count + contract.state.count)
        appendFCM(attributes, fields: contract.attributes, to: &members)
        appendFCM(state, fields: contract.state, to: &members)
        return .object(members)
    }

    private func appendFCM(_ values: [Value?], fields: [Field], to members: inout [JSONMember]) {
        for index in fields.indices {
            guard let value = values[index] else { continue }
            members.append(JSONMember(fields[index].wireName, .string(fcmString(value, type: fields[index].type))))
        }
    }

    func bridge(_ value: Value, type: FieldType) -> JSONValue {
        switch value {
        case .string(let text), .url(let text), .uuid(let text): return .string(text)
        case .enumCase(let name): return contract.rawJSON(of: name, in: type)
        case .int(let number): return .int(Int64(number))
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .date(let millis): return .int(millis)
        case .dateRange(let lower, let upper): return .array([.int(lower), .int(upper)])
        case .array(let items):
            guard case .array(let element) = type else { return .array([]) }
            return .array(items.map { bridge($0, type: element) })
        case .structure(let members):
            let fields = structFields(type)
            return .object(members.compactMap { member in
                fields.first { $0.name == member.name }.map { JSONMember($0.wireName, bridge(member.value, type: $0.type)) }
            })
        case .map(let members):
            let valueType = type.mapValueType ?? type
            return .object(MapKeys.sorted(members).map { JSONMember($0.name, bridge($0.value, type: valueType)) })
        }
    }

    /// The APNs form of a field's value: a date in the field's `encoding:`.
    func apns(_ value: Value, field: Field) -> JSONValue {
        if field.hasDateEncoding, case .date(let millis) = value { return Epoch.apnsValue(unixMillis: millis, field.dateEncoding) }
        return apns(value, type: field.type)
    }

    func apns(_ value: Value, type: FieldType) -> JSONValue {
        switch value {
        case .date(let millis): return seconds2001(millis)
        case .double(let number) where type == .float: return .double(FloatText.apnsDouble(number))
        case .dateRange(let lower, let upper): return .array([seconds2001(lower), seconds2001(upper)])
        case .array(let items):
            guard case .array(let element) = type else { return .array([]) }
            return .array(items.map { apns($0, type: element) })
        case .structure(let members):
            let fields = structFields(type)
            return .object(members.compactMap { member in
                fields.first { $0.name == member.name }.map { JSONMember($0.apnsName, apns(member.value, field: $0)) }
            })
        case .map(let members):
            let valueType = type.mapValueType ?? type
            return .object(MapKeys.sorted(members).map { JSONMember($0.name, apns($0.value, type: valueType)) })
        default:
            return bridge(value, type: type)
        }
    }

    /// The string an FCM data message carries for `value`.
    func fcmString(_ value: Value, type: FieldType) -> String {
        switch value {
        case .string(let text), .url(let text), .uuid(let text): return text
        case .enumCase(let name): return contract.rawValue(of: name, in: type)
        case .int(let number): return String(number)
        case .double(let number): return JSNumber.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let millis): return String(millis)
        case .dateRange, .array, .structure, .map: return JSONWriter.compact(bridge(value, type: type))
        }
    }

    /// A `Date` as a default `JSONEncoder` writes it: seconds since 2001-01-01, whole seconds
    /// as integers so the fixture reads like the push a server should send.
    func seconds2001(_ millis: Int64) -> JSONValue {
        let delta = millis - Epoch.referenceOffsetMillis
        if delta % 1000 == 0 { return .int(delta / 1000) }
        return .double(Epoch.referenceSeconds(fromUnixMillis: millis))
    }

    func structFields(_ type: FieldType) -> [Field] {
        guard case .structure(let name) = type else { return [] }
        return contract.type(named: name)?.fields ?? []
    }
}
