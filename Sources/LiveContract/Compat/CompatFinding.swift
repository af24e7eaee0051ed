/// Who is hurt by a contract change. A Live Activity contract has more than two parties:
/// servers and apps update on their own schedules, and the system keeps activities alive
/// across an app update.
public enum Audience: String, Sendable, CaseIterable {
    /// The updated app's widget decoding pushes from a server that has not deployed yet.
    case newWidgetOldServer = "new-widget-old-server"
    /// A widget in an app build the user has not updated, decoding the new server's pushes.
    case oldWidgetNewServer = "old-widget-new-server"
    /// Activities started by the old build, decoded by the new build after the update.
    case runningActivities = "running-activities"
    /// The Android app's FCM parser, in either direction.
    case android = "fcm-android"
    /// Nobody receives the push at all (APNs or FCM refuses it).
    case everyone = "every-device"

    public var label: String {
        switch self {
        case .newWidgetOldServer: return "new widget + old server"
        case .oldWidgetNewServer: return "old widget + new server"
        case .runningActivities: return "running activities"
        case .android: return "FCM/Android"
        case .everyone: return "every device"
        }
    }
}

/// One audience's consequence of a change, as a sentence.
public struct Impact: Sendable, Equatable {
    public var audience: Audience
    public var effect: Breakage.Effect
    public var text: String
}

/// One change between two versions of a contract that matters to someone.
public struct CompatFinding: Sendable {
    public var rule: String
    /// `.error` when an audience breaks (decode fails or misreads); `.warning` when FCM only
    /// degrades or the change sets up a later break.
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var impacts: [Impact]
    public var fix: String

    /// The finding as a one-line diagnostic (`path:line:col: error: message [rule]`).
    public var diagnostic: Diagnostic {
        Diagnostic(severity, message, at: location, rule: rule)
    }
}

/// Builds the sentence for each audience from a breakage, in the words of the section it
/// happens in: attributes only travel in push-to-start payloads and never change, the state
/// travels with every push and is replaced by the next one.
enum ImpactText {
    /// An iOS audience's sentence, worded for the section the value travels in.
    static func codable(_ audience: Audience, _ section: ShapeSection, _ breakage: Breakage) -> Impact {
        let verb = breakage.effect == .misreads ? "decode a wrong value" : breakage.effect == .degrades ? "decode with a fallback value" : "fail to decode"
        let what: String
        switch (audience, section) {
        case (.newWidgetOldServer, .state):
            what = "update pushes from a server that has not deployed yet \(verb)"
        case (.newWidgetOldServer, .attributes):
            what = "push-to-start payloads from a server that has not deployed yet \(verb)"
        case (.oldWidgetNewServer, .state):
            what = "update pushes from the new server \(verb) in app builds that have not updated"
        case (.oldWidgetNewServer, .attributes):
            what = "push-to-start payloads from the new server \(verb) in app builds that have not updated"
        case (.runningActivities, .state):
            what = breakage.effect == .misreads
                ? "activities started before the app update show a wrong value until their next push"
                : breakage.effect == .degrades
                ? "activities started before the app update show a fallback value until their next push"
                : "activities started before the app update stop rendering until their next push in the new shape"
        case (.runningActivities, .attributes):
            what = breakage.effect == .misreads
                ? "activities started before the app update show a wrong value for the rest of their life (attributes never change)"
                : breakage.effect == .degrades
                ? "activities started before the app update show a fallback value for the rest of their life (attributes never change)"
                : "activities started before the app update stop rendering for the rest of their life (attributes never change)"
        case (.android, _), (.everyone, _):
            what = "the FCM parser " + verb
        }
        return Impact(audience: audience, effect: breakage.effect, text: "\(what): \(breakage.reason)")
    }

    /// An Android sentence, naming which side has not updated.
    static func fcm(newReadsOld: Bool, _ breakage: Breakage) -> Impact {
        let who = newReadsOld ? "an updated Android app reading the old server's data messages" : "an Android app that has not updated reading the new server's data messages"
        return Impact(audience: .android, effect: breakage.effect, text: "\(who): \(breakage.reason)")
    }
}
