/// The APNs bodies as JSON Schemas: `aps` with the lifecycle fields around the
/// `content-state` (and, on start, the attributes), for the token, broadcast and FCM routes
/// (docs/wire.md, "Routes"). What is checked in `aps` is what `validate` refuses; the
/// content-state and attributes are the Codable shapes.
struct JSONSchemaAPNs {
    let contract: Contract

    typealias S = SchemaJSON

    var stateName: String { contract.attributesTypeName + ".ContentState" }
    var attributesName: String { contract.attributesTypeName }

    /// `timestamp`, `stale-date`, `dismissal-date`: Unix seconds. From 1e11 on a number is
    /// milliseconds (the year 5138 in seconds), the mistake that makes later pushes look older.
    var unixSeconds: JSONValue {
        S.object([("description", .string("Unix seconds (not milliseconds, not seconds since 2001)")),
                  ("type", .string("number")), ("minimum", .int(0)), ("exclusiveMaximum", .int(FcmEnvelopeKeys.secondsBelow))])
    }

    var alert: JSONValue {
        S.object([("description", .string("the alert shown with the push: a text, or an object such as {title, body}")),
                  ("anyOf", .array([S.object([("type", .string("string"))]), S.object([("type", .string("object"))])]))])
    }

    /// The body of one event. `inputs`: a start may ask for an update token or subscribe to
    /// a channel (one of the two).
    func body(_ event: String) -> JSONValue {
        var properties: [(String, JSONValue)] = [
            ("timestamp", unixSeconds),
            ("event", S.object([("const", .string(event))])),
            ("content-state", S.reference(stateName)),
        ]
        var required = ["timestamp", "event"]
        // An end may leave the content-state out (the card keeps its last one).
        if event != "end" { required.append("content-state") }
        switch event {
        case "start":
            properties.append(("attributes-type", S.object([("description", .string("the Swift type name ActivityKit finds the widget by")),
                                                            ("const", .string(contract.attributesTypeName))])))
            properties.append(("attributes", S.reference(attributesName)))
            properties.append(("input-push-token", S.object([("description", .string("ask the system for the started activity's update token (iOS 18)")),
                                                             ("const", .int(1))])))
            properties.append(("input-push-channel", S.object([("description", .string("start subscribed to this broadcast channel (iOS 18): its base64 id")),
                                                               ("type", .string("string")), ("pattern", .string("^[A-Za-z0-9+/]+={0,2}$"))])))
            // APNs takes a start without an alert and the device then starts nothing (docs/wire.md).
            required += ["attributes-type", "attributes", "alert"]
        case "update":
            properties.append(("stale-date", unixSeconds))
        default:
            properties.append(("dismissal-date", unixSeconds))
        }
        properties.append(("relevance-score", S.object([("type", .string("number"))])))
        properties.append(("alert", alert))
        var aps: [(String, JSONValue)] = [("type", .string("object")), ("properties", S.object(properties)), ("required", S.strings(required))]
        if event == "start" {
            aps.append(("not", S.object([("required", S.strings(["input-push-token", "input-push-channel"]))])))
        }
        return S.object([
            ("type", .string("object")),
            ("properties", S.object([("aps", S.object(aps))])),
            ("required", S.strings(["aps"])),
        ])
    }

    /// A channel push: an update or an end (a channel starts nothing).
    var broadcast: JSONValue {
        S.object([("anyOf", .array([body("update"), body("end")]))])
    }

    /// The Codable halves the bodies refer to, then the declared types.
    func definitions(start: Bool) -> [(String, JSONValue)] {
        let values = JSONSchemaValues(contract: contract, shape: .codable)
        var definitions = [(stateName, values.record(contract.state, title: stateName, doc: "The content-state: every update replaces it wholesale."))]
        if start { definitions.append((attributesName, values.record(contract.attributes, title: attributesName, doc: contract.doc))) }
        return definitions + values.definitions()
    }
}
