/// The FCM data keys of the lifecycle envelope every Android message carries beside the
/// fields (docs/wire.md, "The FCM envelope").
///
/// APNs carries the lifecycle in `aps` (`event`, `timestamp`, `stale-date`,
/// `dismissal-date`); an FCM data map has nothing of the kind, so the contract puts it in the
/// map itself. `activityId` and `event` are the keys Android services already read; a schema's
/// `envelope:` section renames them when an app uses others.
public struct FcmEnvelopeKeys: Sendable, Equatable {
    /// The activity the message is for; a message without it cannot be addressed.
    public var activityId = "activityId"
    /// `start`, `update` or `end`.
    public var event = "event"
    /// When the server sent the message, Unix ms: the ordering key.
    public var sentAt = "sentAtMs"
    /// When the card goes stale, Unix ms (start and update, as APNs `stale-date`).
    public var staleAt = "staleAtMs"
    /// When an ended card leaves the screen, Unix ms (end, as APNs `dismissal-date`).
    public var dismissAt = "dismissAtMs"

    public init() {}

    /// The schema keys of `envelope:`, in the order the keys travel in the data map.
    public static let schemaKeys = ["activityId", "event", "sentAt", "staleAt", "dismissAt"]

    /// The events an envelope names, in lifecycle order.
    public static let events = ["start", "update", "end"]

    /// A send time below this many ms (1973-03-03) is taken for Unix seconds: every real send
    /// time in ms is above 1e12, every time in seconds below 1e11 until the year 5138.
    public static let secondsBelow: Int64 = 100_000_000_000

    /// The keys in `schemaKeys` order.
    public var all: [String] { [activityId, event, sentAt, staleAt, dismissAt] }

    /// The key a schema key names (`sentAt` -> `sentAtMs` by default).
    public subscript(schemaKey key: String) -> String {
        get { all[Self.schemaKeys.firstIndex(of: key)!] }
        set {
            switch key {
            case "activityId": activityId = newValue
            case "event": event = newValue
            case "sentAt": sentAt = newValue
            case "staleAt": staleAt = newValue
            default: dismissAt = newValue
            }
        }
    }

    /// What the app should do with an envelope issue, the same text in Kotlin, TypeScript and
    /// the fixtures, so every copy tells the app one thing.
    public func advice(key: String, reason: String) -> String {
        switch key {
        case activityId:
            return "drop the message: without \(activityId) it cannot be addressed to an activity"
        case event:
            return "drop the message: \(event) must be start, update or end"
        case sentAt:
            if reason == "seconds" { return "read as Unix seconds and converted to ms; the server must send \(sentAt) in Unix ms" }
            return "apply the message but it cannot be ordered: the server must send \(sentAt) in Unix ms"
        default:
            if reason == "seconds" { return "read as Unix seconds and converted to ms; the server must send \(key) in Unix ms" }
            return "ignore \(key): it is not a whole number of Unix ms"
        }
    }
}
