/// fcm-ordering.json: a sequence of FCM messages for one fresh order store and what the
/// ordering helper (Kotlin `<Name>Fcm.order`, TypeScript `fcmOrder`, Python
/// `fcm_order`, Go `FCMOrder`) must decide for each,
/// with the last applied send time of the message's activity afterwards (docs/wire.md,
/// "Ordering"). Every message carries the base sample's fields; only the envelope changes.
struct FCMOrderingCases {
    let contract: Contract
    let base: FixtureSamples.Sample

    /// One message of the sequence.
    struct Step {
        var name: String
        var envelope: FixtureEnvelope
        var expected: String
        /// The store's time for the message's activity after the step (nil: none, or no id).
        var lastApplied: Int64?

        /// Whether the app must post its current notification again: a repeat, or an update
        /// dropped as older or after the end (Firebase lowers the priority of high-priority
        /// messages that lead to no visible notification).
        var repost: Bool { ["apply-repeat", "drop-older", "drop-ended"].contains(expected) }
    }

    var steps: [Step] {
        let clock = FixtureEmitter.clockMillis
        func message(_ activity: String?, _ event: String?, _ sent: Int64?, raw: String? = nil) -> FixtureEnvelope {
            FixtureEnvelope(raw: [activity, event, raw ?? sent.map { String($0) }, nil, nil])
        }
        func end(_ activity: String, _ sent: Int64) -> FixtureEnvelope {
            message(activity, "end", sent).with(4, String(sent + 3_600_000))
        }
        let first = FixtureEnvelope.activityId, second = FixtureEnvelope.activityId + "-2"
        return [
            Step(name: "first update applies", envelope: message(first, "update", clock), expected: "apply", lastApplied: clock),
            Step(name: "newer update applies", envelope: message(first, "update", clock + 60_000), expected: "apply", lastApplied: clock + 60_000),
            Step(name: "delayed older update is dropped", envelope: message(first, "update", clock + 30_000), expected: "drop-older", lastApplied: clock + 60_000),
            Step(name: "repeat at the same millisecond applies as a repeat", envelope: message(first, "update", clock + 60_000), expected: "apply-repeat", lastApplied: clock + 60_000),
            Step(name: "no send time applies untimed", envelope: message(first, "update", nil), expected: "apply-untimed", lastApplied: clock + 60_000),
            Step(name: "another activity has its own order", envelope: message(second, "update", clock), expected: "apply", lastApplied: clock),
            Step(name: "end older than the last update still applies", envelope: end(second, clock - 30_000), expected: "apply", lastApplied: clock),
            Step(name: "newer update after that end is dropped", envelope: message(second, "update", clock + 30_000), expected: "drop-ended", lastApplied: clock),
            Step(name: "end applies", envelope: end(first, clock + 120_000), expected: "apply", lastApplied: clock + 120_000),
            Step(name: "update delayed past the end is dropped", envelope: message(first, "update", clock + 90_000), expected: "drop-ended", lastApplied: clock + 120_000),
            Step(name: "update sent after the end is dropped", envelope: message(first, "update", clock + 150_000), expected: "drop-ended", lastApplied: clock + 120_000),
            Step(name: "untimed update after the end is dropped", envelope: message(first, "update", nil), expected: "drop-ended", lastApplied: clock + 120_000),
            Step(name: "repeated end applies", envelope: end(first, clock + 120_000), expected: "apply", lastApplied: clock + 120_000),
            Step(name: "no activity id is dropped", envelope: message(nil, "update", clock + 200_000), expected: "drop-unaddressed", lastApplied: nil),
            Step(name: "unknown event is dropped", envelope: message(first, "pause", clock + 200_000), expected: "drop-unknown-event", lastApplied: clock + 120_000),
            Step(name: "newer start begins the ended activity again", envelope: message(first, "start", clock + 180_000), expected: "apply", lastApplied: clock + 180_000),
            Step(name: "send time in seconds is read as ms", envelope: message(first, "update", nil, raw: String(clock / 1000 + 240)),
                 expected: "apply", lastApplied: clock + 240_000),
        ]
    }

    /// The steps, each as an item of the enclosing array.
    func write(into json: inout JSONText) {
        let malformed = FCMMalformedCases(contract: contract, base: base)
        var reuse = FCMMalformedCases.Reuse(data: Array(repeating: nil, count: malformed.fields.count))
        for step in steps {
            json.item()
            json.object { json in
                json.member("name", .string(step.name))
                json.object("data") { json in malformed.writeData(with: [], into: &json, reuse: &reuse, envelope: step.envelope) }
                json.member("expected", .string(step.expected))
                json.member("lastApplied", step.lastApplied.map { .int($0) } ?? .null)
                json.member("repost", .bool(step.repost))
            }
        }
    }
}
