/// The other routes an update travels (broadcast channels, iOS 18 start inputs, FCM for iOS
/// Live Activities, request headers) and the worst-case size budget per route.
extension RuleCatalog {
    static let routes: [RuleInfo] = [
        RuleInfo(id: "apns-channel-create",
                 summary: "a channel create body whose `message-storage-policy` is not 0 or 1, or whose `push-type` is not \"LiveActivity\"",
                 example: "{\"message-storage-policy\": \"most-recent\", \"push-type\": \"liveactivity\"}",
                 fix: "send {\"message-storage-policy\": 0 or 1, \"push-type\": \"LiveActivity\"}"),
        RuleInfo(id: "apns-channel-id",
                 summary: "a broadcast without `apns-channel-id`, or with one that is not the base64 id APNs returned",
                 example: "headers: {\"apns-push-type\": \"liveactivity\", \"apns-topic\": \"com.example.app.push-type.liveactivity\"} on /4/broadcasts/apps/...",
                 fix: "send the channel's id in `apns-channel-id`; the bundle id is in the path, not in a topic"),
        RuleInfo(id: "apns-expiration",
                 summary: "`apns-expiration` that is not whole Unix seconds (text, a fraction, or Unix milliseconds)",
                 example: "\"apns-expiration\": \"1742068020000\"",
                 fix: "send whole Unix seconds, or 0 for deliver-now-or-never"),
        RuleInfo(id: "apns-header",
                 summary: "a Live Activity request without `apns-push-type: liveactivity`, with a topic that lacks `.push-type.liveactivity`, or a header value that is not text",
                 example: "\"apns-push-type\": \"alert\", \"apns-topic\": \"com.example.app\"",
                 fix: "send apns-push-type liveactivity and apns-topic <bundle id>.push-type.liveactivity"),
        RuleInfo(id: "apns-priority",
                 summary: "an `apns-priority` the route does not take: 5 or 10 to an activity token (also through FCM), 1, 5 or 10 on a broadcast",
                 example: "\"apns-priority\": \"1\" on /3/device/<token>",
                 fix: "send 10 for a change the person should see now, 5 otherwise; 1 only on a broadcast"),
        RuleInfo(id: "apns-request-path",
                 summary: "a request file whose `path` is not a Live Activity route of APNs",
                 example: "\"path\": \"/3/broadcast/com.example.app\"",
                 fix: "use /3/device/<activity token>, /4/broadcasts/apps/<bundle id> or /1/apps/<bundle id>/channels"),
        RuleInfo(id: "apns-start-input",
                 summary: "`input-push-token` that is not 1, `input-push-channel` without a channel id, both at once, or either one on an update or end (ignored, a warning)",
                 example: "\"input-push-channel\": \"\"",
                 fix: "a start sends either \"input-push-token\": 1 or \"input-push-channel\": \"<channel id>\""),
        RuleInfo(id: "broadcast-event",
                 summary: "a broadcast body with `event: start`; a channel only updates or ends the activities subscribed to it",
                 example: "{\"aps\": {\"event\": \"start\", ...}} on /4/broadcasts/apps/...",
                 fix: "send the start to a push-to-start token with \"input-push-channel\": \"<channel id>\""),
        RuleInfo(id: "fcm-live-activity-token",
                 summary: "an FCM message for an iOS Live Activity without `apns.live_activity_token` (or with the Admin SDK spelling `liveActivityToken`)",
                 example: "{\"message\": {\"apns\": {\"liveActivityToken\": \"...\", \"payload\": {\"aps\": {...}}}}}",
                 fix: "send `live_activity_token`: the push-to-start token for a start, the activity's push token otherwise"),
    ]
}

extension RuleCatalog {
    /// The size budget's two warnings (`generate`, `check`); kept with the routes they measure.
    static let budget: [RuleInfo] = [
        RuleInfo(id: "payload-budget-over",
                 summary: "with every field at its widest, a route's body can exceed its limit (APNs 4096 bytes, broadcast 5120, FCM data 4096); names the fields that take the most room",
                 example: "state:\n  notes: { type: string, maxLength: 5000 }",
                 fix: "lower maxLength or maxItems on the named fields, or fetch long text in the app instead of pushing it"),
        RuleInfo(id: "payload-budget-unbounded",
                 summary: "a string without maxLength or a list without maxItems: the worst-case payload size cannot be proven within the limits",
                 example: "state:\n  tags: { type: \"[string]\" }",
                 fix: "add maxLength: N (UTF-8 bytes; on a list, per item) and maxItems: N"),
    ]
}
