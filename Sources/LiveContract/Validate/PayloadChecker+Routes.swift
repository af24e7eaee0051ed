/// The routes besides a plain APNs body (docs/wire.md, "Routes"): a request file with its
/// headers, a broadcast to a channel, an FCM v1 message carrying a Live Activity push to iOS.
/// Each one's `aps` is decoded exactly like an APNs body; what differs per route is which
/// headers and priorities APNs takes, the size limit, and which events may travel.
extension PayloadChecker {
    /// Broadcast bodies may be larger than pushes to one token (docs/wire.md).
    static let broadcastLimit = 5120

    enum Route: Equatable {
        case token, broadcast, channels

        /// The `apns-priority` values the route takes (docs/wire.md cites the pages).
        var priorities: [String] { self == .broadcast ? ["1", "5", "10"] : ["5", "10"] }
    }

    /// `{"method"?, "path"?, "headers": {...}, "body": {...}}`: the route comes from the path,
    /// or, without one, from an `apns-channel-id` header (broadcast) or its absence (token).
    mutating func checkRequest(_ root: JSONNode) -> String {
        let headers = root["headers"], body = root["body"]
        var route: Route = headers?["apns-channel-id"] != nil ? .broadcast : .token
        if let pathNode = root["path"] {
            if case .string(let text) = pathNode.kind {
                if text.hasPrefix("/4/broadcasts/apps/") { route = .broadcast }
                else if text.hasPrefix("/3/device/") { route = .token }
                else if text.hasPrefix("/1/apps/") { route = .channels }
                else {
                    error(pathNode, JSONPath.root.key("path"), "\"\(text)\" is not an APNs Live Activity path: /3/device/<activity token>, /4/broadcasts/apps/<bundle id> or /1/apps/<bundle id>/channels",
                          rule: "apns-request-path")
                }
            } else {
                error(pathNode, JSONPath.root.key("path"), "`path` must be text, found \(pathNode.kindDescription)", rule: "apns-request-path")
            }
        }
        guard let headers, case .object = headers.kind else {
            error(headers ?? root, JSONPath.root.key("headers"), "`headers` must be an object of header names and text values", rule: "payload-kind")
            return "a request"
        }
        if route == .channels {
            if let body, case .object = body.kind { checkChannelCreate(body) }
            return "a channel management request for \(contract.name)"
        }
        checkHeaders(headers, route: route)
        base = JSONPath.root.key("body")
        guard let body else { return "a request" }
        if route == .broadcast { return checkBroadcastBody(body, headers: headers, fileBytes: 0) }
        let event = checkAPNs(body)
        checkLimit(body, limit: Self.limit, what: "APNs payload", rule: "payload-too-large")
        return "an APNs \(event ?? "") request for \(contract.attributesTypeName)".replacingDoubleSpaces
    }

    /// A body sent to a channel: only update and end travel there, up to 5120 bytes.
    mutating func checkBroadcastBody(_ body: JSONNode, headers: JSONNode?, fileBytes: Int) -> String {
        let event = checkAPNs(body)
        if event == "start", let node = body["aps"]?["event"] {
            error(node, base.key("aps").key("event"), "a broadcast carries \"update\" or \"end\"; a channel cannot start an activity: send the start to a push-to-start token with \"input-push-channel\": \"<channel id>\"",
                  rule: "broadcast-event")
        }
        checkLimit(body, limit: Self.broadcastLimit, what: "broadcast payload", rule: "payload-too-large")
        return "an APNs broadcast \(event ?? "") body for \(contract.attributesTypeName)".replacingDoubleSpaces
    }

    /// Header checks per route: push type, topic, channel id, priority, expiration.
    mutating func checkHeaders(_ headers: JSONNode, route: Route) {
        let path = JSONPath.root.key("headers")
        func text(_ name: String) -> (JSONNode, String)? {
            guard let node = headers[name] else { return nil }
            switch node.kind {
            case .string(let value): return (node, value)
            case .number(let value): return (node, value)
            default:
                error(node, path.key(name), "an HTTP header value is text, found \(node.kindDescription)", rule: "apns-header")
                return nil
            }
        }
        switch text("apns-push-type") {
        case (_, "liveactivity")?: break
        case (let node, let value)?:
            error(node, path.key("apns-push-type"), "\"\(value)\" is not the Live Activity push type: APNs delivers it as another kind of push and the activity never changes; send \"liveactivity\"", rule: "apns-header")
        case nil:
            error(headers, path, "missing `apns-push-type: liveactivity`; without it APNs does not route the push to the activity", rule: "apns-header")
        }
        if route == .token {
            if let (node, topic) = text("apns-topic"), !topic.hasSuffix(".push-type.liveactivity") {
                error(node, path.key("apns-topic"), "a Live Activity topic is the app's bundle id plus \".push-type.liveactivity\": send \"\(topic).push-type.liveactivity\"", rule: "apns-header")
            } else if headers["apns-topic"] == nil {
                error(headers, path, "missing `apns-topic: <bundle id>.push-type.liveactivity`", rule: "apns-header")
            }
        } else if route == .broadcast {
            if let (node, id) = text("apns-channel-id") {
                if !Self.isChannelId(id) {
                    error(node, path.key("apns-channel-id"), "\"\(id)\" is not a channel id: send the base64 text APNs returned in `apns-channel-id` when the channel was created", rule: "apns-channel-id")
                }
            } else {
                error(headers, path, "a broadcast needs `apns-channel-id` (the channel's id from the create request); without it APNs answers MissingChannelId", rule: "apns-channel-id")
            }
        }
        if let (node, priority) = text("apns-priority"), !route.priorities.contains(priority) {
            let name = route == .broadcast ? "a broadcast" : "a push to an activity token"
            error(node, path.key("apns-priority"), "\(name) takes apns-priority \(route.priorities.joined(separator: ", ")), not \(priority); APNs refuses it (BadPriority)", rule: "apns-priority")
        }
        if let (node, expiration) = text("apns-expiration") {
            if expiration.isEmpty || !expiration.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
                error(node, path.key("apns-expiration"), "`apns-expiration` is whole Unix seconds (0 = do not store), not \"\(expiration)\"", rule: "apns-expiration")
            } else if expiration.count >= 13 {
                error(node, path.key("apns-expiration"), "\(expiration) is Unix milliseconds; `apns-expiration` is Unix seconds: send \(expiration.dropLast(3))", rule: "apns-expiration")
            }
        }
    }

    /// The create body: `message-storage-policy` 0 or 1 and `push-type: LiveActivity`.
    mutating func checkChannelCreate(_ body: JSONNode) {
        let path = JSONPath.root.key("body")
        if let policy = body["message-storage-policy"], case .number(let text) = policy.kind, text == "0" || text == "1" {
        } else {
            error(body["message-storage-policy"] ?? body, path.key("message-storage-policy"), "`message-storage-policy` is the number 0 (no push stored) or 1 (the latest stored)", rule: "apns-channel-create")
        }
        if case .string("LiveActivity")? = body["push-type"]?.kind {} else {
            error(body["push-type"] ?? body, path.key("push-type"), "a channel's `push-type` is \"LiveActivity\"", rule: "apns-channel-create")
        }
    }

    /// `message.apns.live_activity_token` with `apns.payload.aps`: FCM hands the payload to
    /// APNs, so the `aps` is decoded like an APNs body and held to the APNs limit.
    mutating func checkFCMLiveActivity(_ root: JSONNode) -> String {
        let message = root["message"] ?? root
        let path = JSONPath.root.key("message")
        if case .string(let token)? = message["token"]?.kind, !token.isEmpty {} else if message["topic"] == nil && message["condition"] == nil {
            error(message["token"] ?? message, path.key("token"), "the message needs the app's FCM registration `token` besides the Live Activity token", rule: "fcm-shape")
        }
        guard let apns = message["apns"], case .object = apns.kind else {
            error(message, path.key("apns"), "an iOS Live Activity through FCM needs an `apns` object", rule: "fcm-shape")
            return "an FCM v1 Live Activity message"
        }
        let apnsPath = path.key("apns")
        switch apns["live_activity_token"]?.kind {
        case .string(let token)? where !token.isEmpty: break
        case nil where apns["liveActivityToken"] != nil:
            error(apns["liveActivityToken"]!, apnsPath.key("liveActivityToken"), "the HTTP v1 field is `live_activity_token`; FCM ignores `liveActivityToken` (an Admin SDK property name) and the push never reaches the activity", rule: "fcm-live-activity-token")
        case nil:
            error(apns, apnsPath, "missing `live_activity_token`: the push-to-start token for a start, the activity's push token for an update or end", rule: "fcm-live-activity-token")
        default:
            error(apns["live_activity_token"]!, apnsPath.key("live_activity_token"), "`live_activity_token` must be the token text", rule: "fcm-live-activity-token")
        }
        if let headers = apns["headers"], case .object(let members) = headers.kind {
            for member in members where member.key == "apns-priority" || member.key == "apns-expiration" {
                guard case .string(let value) = member.value.kind else {
                    error(member.value, apnsPath.key("headers").key(member.key), "FCM takes `apns.headers` values as strings (map<string, string>), found \(member.value.kindDescription): send \(suggestedText(member.value))", rule: "apns-header")
                    continue
                }
                if member.key == "apns-priority" && !Route.token.priorities.contains(value) {
                    error(member.value, apnsPath.key("headers").key("apns-priority"), "a Live Activity push through FCM takes apns-priority 5 or 10, not \(value)", rule: "apns-priority")
                }
            }
        }
        guard let payload = apns["payload"] else {
            error(apns, apnsPath, "missing `payload`: the Live Activity body goes in `apns.payload.aps`", rule: "apns-shape")
            return "an FCM v1 Live Activity message"
        }
        base = apnsPath.key("payload")
        let event = checkAPNs(payload)
        checkLimit(payload, limit: Self.limit, what: "APNs payload inside the FCM message", rule: "payload-too-large")
        return "an FCM v1 Live Activity \(event ?? "") message for \(contract.attributesTypeName)".replacingDoubleSpaces
    }

    /// `input-push-token` / `input-push-channel` (iOS 18): only on a start, one of them, a real channel id.
    mutating func checkStartInputs(_ aps: JSONNode, _ apsPath: JSONPath, event: String?) {
        let token = aps["input-push-token"], channel = aps["input-push-channel"]
        if event != "start" {
            for (node, key) in [(token, "input-push-token"), (channel, "input-push-channel")] {
                guard let node else { continue }
                warning(node, apsPath.key(key), "only a start reads `\(key)`; on \(event ?? "this push") it is ignored", rule: "apns-start-input")
            }
            return
        }
        if let token, case .number(let text) = token.kind, text == "1" {} else if let token {
            error(token, apsPath.key("input-push-token"), "`input-push-token` is the number 1 (ask the system for the new activity's update token), found \(token.kindDescription)", rule: "apns-start-input")
        }
        if let channel {
            if case .string(let id) = channel.kind, Self.isChannelId(id) {} else {
                error(channel, apsPath.key("input-push-channel"), "`input-push-channel` without a channel id: send the base64 id APNs returned when the channel was created, or nothing starts subscribed", rule: "apns-start-input")
            }
            if token != nil {
                error(channel, apsPath.key("input-push-channel"), "a start asks for an update token or a channel, not both: an activity has one push type", rule: "apns-start-input")
            }
        }
    }

    /// Base64 text, as APNs writes channel ids.
    static func isChannelId(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let body = bytes.dropLast(padding)
        return !body.isEmpty && padding <= 2 && body.allSatisfy { byte in
            (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 43 || byte == 47
        }
    }

    /// The body measured compact against the route's limit.
    mutating func checkLimit(_ body: JSONNode, limit: Int, what: String, rule: String) {
        let compact = JSONSize.compact(body)
        if compact > limit {
            error(body, base, "the \(what) is \(compact) bytes sent compact, over the \(limit)-byte limit: APNs refuses it (413 PayloadTooLarge); shorten strings or move data out of the payload",
                  rule: rule)
        }
    }
}
