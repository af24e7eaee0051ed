/// The FCM envelope as the fixtures write it (docs/wire.md, "Fixture files").
///
/// Every sample's FCM map is an `update` of activity `fixture-activity`, sent at the fixed
/// clock and stale 15 minutes later: the same times as the sample's APNs `update` body. The
/// malformed and ordering fixtures start from the same envelope and change one member.
struct FixtureEnvelope {
    static let activityId = "fixture-activity"

    /// The raw FCM strings, in `FcmEnvelopeKeys.schemaKeys` order; nil leaves the key out.
    var raw: [String?]

    /// The sample envelope.
    static var sample: FixtureEnvelope {
        FixtureEnvelope(raw: [activityId, "update", String(FixtureEmitter.clockMillis),
                              String(FixtureEmitter.clockMillis + 15 * 60_000), nil])
    }

    /// A copy with the member at `position` (schema key order) set to `text`.
    func with(_ position: Int, _ text: String?) -> FixtureEnvelope {
        var copy = self
        copy.raw[position] = text
        return copy
    }

    /// The data map members, keyed by the contract's envelope keys.
    func members(_ keys: FcmEnvelopeKeys) -> [JSONMember] {
        let names = keys.all
        return raw.indices.compactMap { index in raw[index].map { JSONMember(names[index], .string($0)) } }
    }

    /// The envelope as `toFcmData` takes it (TypeScript `FcmEnvelope`): only valid members.
    var input: JSONValue {
        var members = [JSONMember("activityId", .string(raw[0] ?? "")), JSONMember("event", .string(raw[1] ?? ""))]
        let times = ["sentAtMs", "staleAtMs", "dismissAtMs"]
        for index in 2..<5 {
            if let text = raw[index], let number = Int64(text) { members.append(JSONMember(times[index - 2], .int(number))) }
        }
        return .object(members)
    }

    /// One envelope issue: the key position, the raw text and the reason.
    struct Issue {
        var position: Int
        var raw: String?
        var reason: String
    }

    /// What a parser reads from `raw` (TypeScript `FcmEnvelopeRead`, nulls for what is not
    /// there) and the issues it reports, by the rules of docs/wire.md.
    func read() -> (JSONValue, [Issue]) {
        var issues: [Issue] = []
        var values: [JSONValue] = []
        if let id = raw[0], !id.isEmpty {
            values.append(.string(id))
        } else {
            values.append(.null)
            issues.append(Issue(position: 0, raw: raw[0], reason: raw[0] == nil ? "missing" : "invalid"))
        }
        if let event = raw[1], FcmEnvelopeKeys.events.contains(event) {
            values.append(.string(event))
        } else {
            values.append(.null)
            issues.append(Issue(position: 1, raw: raw[1], reason: raw[1] == nil ? "missing" : "unknown-case"))
        }
        for index in 2..<5 {
            guard let text = raw[index] else {
                values.append(.null)
                if index == 2 { issues.append(Issue(position: 2, raw: nil, reason: "missing")) }
                continue
            }
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int64(text),
                  number <= 9_007_199_254_740_991 else {
                values.append(.null)
                issues.append(Issue(position: index, raw: text, reason: "invalid"))
                continue
            }
            if number < FcmEnvelopeKeys.secondsBelow {
                values.append(.int(number * 1000))
                issues.append(Issue(position: index, raw: text, reason: "seconds"))
            } else {
                values.append(.int(number))
            }
        }
        let names = ["activityId", "event", "sentAtMs", "staleAtMs", "dismissAtMs"]
        return (.object(names.indices.map { JSONMember(names[$0], values[$0]) }), issues)
    }

    /// An issue as the parsers report it, advice included.
    static func write(_ issue: Issue, keys: FcmEnvelopeKeys, into json: inout JSONText) {
        let key = keys.all[issue.position]
        json.item()
        json.object { json in
            json.member("field", .string(key))
            json.member("raw", issue.raw.map { .string($0) } ?? .null)
            json.member("reason", .string(issue.reason))
            json.member("advice", .string(keys.advice(key: key, reason: issue.reason)))
        }
    }

    /// The malformed-envelope cases of fcm-malformed.json: name suffix, envelope.
    static func brokenCases(_ keys: FcmEnvelopeKeys) -> [(String, FixtureEnvelope)] {
        let base = sample
        let end = base.with(1, "end").with(3, nil).with(4, String(FixtureEmitter.clockMillis + 60 * 60_000))
        return [
            ("missing-\(keys.activityId)", base.with(0, nil)),
            ("empty-\(keys.activityId)", base.with(0, "")),
            ("missing-\(keys.event)", base.with(1, nil)),
            ("unknown-\(keys.event)", base.with(1, "pause")),
            ("missing-\(keys.sentAt)", base.with(2, nil)),
            ("invalid-\(keys.sentAt)", base.with(2, "2025-03-15T18:47:00Z")),
            ("seconds-\(keys.sentAt)", base.with(2, String(FixtureEmitter.clockMillis / 1000))),
            ("seconds-\(keys.staleAt)", base.with(3, String((FixtureEmitter.clockMillis + 15 * 60_000) / 1000))),
            ("end-with-\(keys.dismissAt)", end),
            ("invalid-\(keys.dismissAt)", end.with(4, "-5")),
            ("missing-envelope", FixtureEnvelope(raw: [nil, nil, nil, nil, nil])),
        ]
    }
}

extension JSONValue {
    /// This object with `members` put first (the envelope leads every FCM data map).
    func prepending(_ members: [JSONMember]) -> JSONValue {
        guard case .object(let rest) = self else { return self }
        return .object(members + rest)
    }
}
