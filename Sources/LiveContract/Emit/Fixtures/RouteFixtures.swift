/// The other ways one sample travels (docs/wire.md, "Routes"): a push to one activity token
/// with its headers, a start with the iOS 18 input fields, a broadcast to a channel, the
/// channel management requests, and the FCM HTTP v1 message that carries a Live Activity
/// push to iOS. Every body reuses the sample's content-state and attributes, so the Swift
/// harness can decode the state inside each one.
struct RouteFixtures {
    /// The fixed inputs the harness passes to the TypeScript builders (`routeInputs`).
    static let bundleId = "com.example.app"
    static let activityToken = "fixture-activity-token"
    static let pushToStartToken = "fixture-push-to-start-token"
    /// Base64 of "fixture-channel": channel ids are the base64 text APNs returns.
    static let channelId = "Zml4dHVyZS1jaGFubmVs"
    static let priority: Int64 = 10
    static let broadcastPriority: Int64 = 1
    static let storagePolicy: Int64 = 0

    let contentState: JSONValue
    let attributes: JSONValue
    let attributesType: String
    let alert: JSONValue
    let clockMillis: Int64

    var expirationMillis: Int64 { clockMillis + 60 * 60_000 }
    var staleMillis: Int64 { clockMillis + 15 * 60_000 }
    var dismissalMillis: Int64 { clockMillis + 60 * 60_000 }

    /// What the TypeScript harness needs to call each builder the way the fixture was made.
    var inputs: JSONValue {
        .object([
            JSONMember("bundleId", .string(Self.bundleId)),
            JSONMember("activityToken", .string(Self.activityToken)),
            JSONMember("pushToStartToken", .string(Self.pushToStartToken)),
            JSONMember("fcmToken", .string(FixtureEmitter.deviceToken)),
            JSONMember("channelId", .string(Self.channelId)),
            JSONMember("priority", .int(Self.priority)),
            JSONMember("expirationMs", .int(expirationMillis)),
            JSONMember("broadcastPriority", .int(Self.broadcastPriority)),
            JSONMember("broadcastExpirationMs", .int(0)),
            JSONMember("storagePolicy", .int(Self.storagePolicy)),
        ])
    }

    func seconds(_ millis: Int64) -> JSONValue { .int(millis / 1000) }

    func head(_ event: String) -> [JSONMember] {
        [JSONMember("timestamp", seconds(clockMillis)), JSONMember("event", .string(event)), JSONMember("content-state", contentState)]
    }

    var update: JSONValue {
        .object([JSONMember("aps", .object(head("update") + [
            JSONMember("stale-date", seconds(staleMillis)), JSONMember("relevance-score", .int(50)), JSONMember("alert", alert),
        ]))])
    }

    var end: JSONValue {
        .object([JSONMember("aps", .object(head("end") + [JSONMember("dismissal-date", seconds(dismissalMillis))]))])
    }

    /// A start body; `input` is the iOS 18 field placed after the attributes, before the alert.
    func start(input: JSONMember? = nil) -> JSONValue {
        var members = head("start") + [JSONMember("attributes-type", .string(attributesType)), JSONMember("attributes", attributes)]
        if let input { members.append(input) }
        members.append(JSONMember("alert", alert))
        return .object([JSONMember("aps", .object(members))])
    }

    /// `apns.startWithInputs`: ask for an update token, or start subscribed to a channel.
    var startWithInputs: JSONValue {
        .object([
            JSONMember("pushToken", start(input: JSONMember("input-push-token", .int(1)))),
            JSONMember("channel", start(input: JSONMember("input-push-channel", .string(Self.channelId)))),
        ])
    }

    func request(_ method: String, _ path: String, headers: [JSONMember], body: JSONValue) -> JSONValue {
        .object([
            JSONMember("method", .string(method)), JSONMember("path", .string(path)),
            JSONMember("headers", .object(headers)), JSONMember("body", body),
        ])
    }

    /// `apnsRequest`: the update pushed to one activity token.
    var tokenRequest: JSONValue {
        request("POST", "/3/device/\(Self.activityToken)", headers: [
            JSONMember("apns-push-type", .string("liveactivity")),
            JSONMember("apns-topic", .string(Self.bundleId + ".push-type.liveactivity")),
            JSONMember("apns-priority", .string(String(Self.priority))),
            JSONMember("apns-expiration", .string(String(expirationMillis / 1000))),
        ], body: update)
    }

    /// `broadcast`: the update and the end sent to the channel.
    var broadcast: JSONValue {
        func sent(_ body: JSONValue) -> JSONValue {
            request("POST", "/4/broadcasts/apps/\(Self.bundleId)", headers: [
                JSONMember("apns-push-type", .string("liveactivity")),
                JSONMember("apns-channel-id", .string(Self.channelId)),
                JSONMember("apns-priority", .string(String(Self.broadcastPriority))),
                JSONMember("apns-expiration", .string("0")),
            ], body: body)
        }
        return .object([JSONMember("update", sent(update)), JSONMember("end", sent(end))])
    }

    /// `channels`: create (no push stored), read, delete, list all.
    var channels: JSONValue {
        let path = "/1/apps/\(Self.bundleId)/channels"
        let channel = [JSONMember("apns-channel-id", .string(Self.channelId))]
        return .object([
            JSONMember("create", request("POST", path, headers: [], body: .object([
                JSONMember("message-storage-policy", .int(Self.storagePolicy)), JSONMember("push-type", .string("LiveActivity")),
            ]))),
            JSONMember("read", request("GET", path, headers: channel, body: .null)),
            JSONMember("delete", request("DELETE", path, headers: channel, body: .null)),
            JSONMember("list", request("GET", "/1/apps/\(Self.bundleId)/all-channels", headers: [], body: .null)),
        ])
    }

    /// `fcmLiveActivity`: start (push-to-start token, asking for an update token), update, end.
    var fcmLiveActivity: JSONValue {
        func message(_ token: String, _ payload: JSONValue) -> JSONValue {
            .object([JSONMember("message", .object([
                JSONMember("token", .string(FixtureEmitter.deviceToken)),
                JSONMember("apns", .object([
                    JSONMember("live_activity_token", .string(token)),
                    JSONMember("headers", .object([
                        JSONMember("apns-priority", .string(String(Self.priority))),
                        JSONMember("apns-expiration", .string(String(expirationMillis / 1000))),
                    ])),
                    JSONMember("payload", payload),
                ])),
            ]))])
        }
        return .object([
            JSONMember("start", message(Self.pushToStartToken, start(input: JSONMember("input-push-token", .int(1))))),
            JSONMember("update", message(Self.activityToken, update)),
            JSONMember("end", message(Self.activityToken, end)),
        ])
    }
}
