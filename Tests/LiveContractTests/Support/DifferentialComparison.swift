import Foundation
@testable import LiveContract

/// The language pairs the differential test compares, and the rule each comparison follows.
/// A rule returns nil when the two agree, else what differs. Where the languages differ by
/// design the documented rule is encoded here, never skipped.
enum DifferentialPair: String, CaseIterable {
    /// Bridge object -> content state: Swift records vs TypeScript `toContentState`.
    case bridge = "bridge Swift-TypeScript"
    /// FCM data map -> attributes, state and issues: Kotlin vs TypeScript `parseFcmData`.
    case fcm = "fcm Kotlin-TypeScript"
    /// Content-state text: Swift's decoder vs `validate` (PayloadChecker).
    case content = "content-state Swift-validate"
    /// Decoded content state -> bridge object: Swift `StateRecord(_:)` vs `fromContentState`.
    case back = "from-content Swift-TypeScript"
}

struct DifferentialComparison {
    let contract: Contract

    func compare(_ pair: DifferentialPair, swift: DiffValue?, kotlin: DiffValue?, typescript: DiffValue?, content: ContentVerdict?) -> String? {
        switch pair {
        case .bridge: return bridge(swift?["bridge"], typescript?["bridge"], repaired: typescript?["repaired"])
        case .fcm: return fcm(kotlin, typescript?["fcm"])
        case .content: return content.map { self.content(swift?["content"], verdict: $0) } ?? "no validate verdict for the input"
        case .back: return back(swift?["content"], typescript?["back"])
        }
    }

    /// docs/swift-bridge.md: the record refuses what Expo refuses, TypeScript throws on every
    /// value the bridge repairs, so (1) a Swift refusal needs a TypeScript throw, (2) two
    /// results must be equal, (3) a TypeScript throw against a Swift result needs a documented
    /// repair, and TypeScript on the repaired object must give exactly Swift's result.
    func bridge(_ swift: DiffValue?, _ typescript: DiffValue?, repaired: DiffValue?) -> String? {
        guard let swift, let typescript else { return "a runner gave no bridge result" }
        if let failure = swift["encodeFailed"] { return "JSONEncoder refuses what toContentState() made: \(failure)" }
        if let refusal = swift["refused"] {
            return typescript["threw"] == nil ? "Expo refuses (\(refusal)), TypeScript accepts: \(typescript)" : nil
        }
        guard let value = swift["ok"] else { return "unreadable Swift result \(swift)" }
        if let made = typescript["ok"] {
            return same(value, made) ? nil : "Swift \(urls(value))\n    TypeScript \(urls(made))"
        }
        guard let repaired else {
            return "TypeScript throws (\(typescript["threw"]!)), Swift accepts and no documented repair applies: \(value)"
        }
        guard let again = repaired["ok"] else {
            return "TypeScript throws (\(typescript["threw"]!)); on the object repaired by docs/swift-bridge.md too (\(repaired["threw"] ?? .null))"
        }
        return same(value, again) ? nil : "Swift \(urls(value))\n    TypeScript on the repaired object \(urls(again))"
    }

    /// docs/wire.md "Reading FCM data" and "The FCM envelope": both parsers never throw and
    /// agree on the envelope, every value and every issue, advice included.
    func fcm(_ kotlin: DiffValue?, _ typescript: DiffValue?) -> String? {
        guard let kotlin, let typescript else { return "a runner gave no FCM result" }
        if let threw = kotlin["threw"] { return "Kotlin parseFcmData threw \(threw)" }
        guard let parsed = typescript["ok"] else { return "TypeScript parseFcmData threw \(typescript["threw"] ?? .null)" }
        var tsIssues: [DiffValue] = []
        if case .array(let items)? = parsed["issues"] {
            tsIssues = items.map { .array([$0["field"] ?? .null, $0["raw"] ?? .null, $0["reason"] ?? .null, $0["advice"] ?? .null]) }
        }
        var problems: [String] = []
        for key in ["envelope", "attributes", "state"] where kotlin[key] != parsed[key] {
            problems.append("\(key): Kotlin \(kotlin[key] ?? .null)\n    TypeScript \(parsed[key] ?? .null)")
        }
        if kotlin["issues"] != .array(tsIssues) { problems.append("issues: Kotlin \(kotlin["issues"] ?? .null)\n    TypeScript \(DiffValue.array(tsIssues))") }
        return problems.isEmpty ? nil : problems.joined(separator: "\n  ")
    }

    /// What `validate` says of one content-state text: its errors outside the documented
    /// exceptions, and whether it reports any error at all. It needs only the input, so the
    /// test works it out while the runners run.
    struct ContentVerdict {
        var errors: [String]
        var anyError: Bool
    }

    func verdict(_ text: String) -> ContentVerdict {
        let report = PayloadChecker.validate(Array(text.utf8), path: "content.json", contract: contract, kind: .contentState)
        // docs/validate.md: a date that decodes but was written in another epoch (Unix seconds
        // or milliseconds) is an error on purpose; the widget would show a wrong date. So is a
        // date in another form than its field's `encoding:` declares (docs/wire.md).
        let epochRules: Set<String> = ["payload-date-unix-millis", "payload-date-unix-seconds", "payload-date-encoding"]
        // docs/wire.md "uuid": validate refuses every UUID text but the 8-4-4-4-12 hex form, the
        // one form every copy reads; Foundation on Linux reads more (a sign, a space or `0x` in
        // a byte pair: `+621E1F8-...` decodes as 0621E1F8-...), so there a refusal is the rule.
        func strictUUID(_ item: Diagnostic) -> Bool { item.message.contains("is not a UUID (UUID(uuidString:) is nil)") }
        let errors = report.diagnostics.filter { $0.severity == .error && !epochRules.contains($0.rule) && !strictUUID($0) }.map(\.message)
        return ContentVerdict(errors: errors, anyError: report.diagnostics.contains(where: { $0.severity == .error }))
    }

    /// `validate` reports an error exactly when the widget's decoder fails.
    func content(_ swift: DiffValue?, verdict: ContentVerdict) -> String? {
        guard let swift else { return "the Swift runner gave no content result" }
        let decodes = swift["decodes"] != nil
        if decodes && !verdict.errors.isEmpty { return "decodes in Swift, validate reports \(verdict.errors)" }
        if !decodes && !verdict.anyError { return "Swift fails (\(swift["fails"] ?? .null)), validate reports no error" }
        return nil
    }

    /// The record made from the decoded value equals `fromContentState` of its encoding.
    func back(_ swift: DiffValue?, _ typescript: DiffValue?) -> String? {
        guard let swift, swift["decodes"] != nil else { return nil }
        guard let made = typescript?["ok"] else { return "fromContentState threw \(typescript?["threw"] ?? .null)" }
        return swift["back"] == made ? nil : "Swift record \(swift["back"] ?? .null)\n    fromContentState \(made)"
    }

    /// Content states are equal when the widget decodes them to the same value: a URL string
    /// counts as what `URL(string:)` makes of it ("a b" and "a%20b" are one URL).
    func same(_ left: DiffValue, _ right: DiffValue) -> Bool { urls(left) == urls(right) }

    func urls(_ value: DiffValue) -> DiffValue { urls(value, fields: contract.state) }

    func urls(_ value: DiffValue, fields: [Field]) -> DiffValue {
        guard case .object(var members) = value else { return value }
        for field in fields {
            if let member = members[field.apnsName] { members[field.apnsName] = urls(member, type: field.type) }
        }
        return .object(members)
    }

    func urls(_ value: DiffValue, type: FieldType) -> DiffValue {
        switch (type, value) {
        case (.url, .string(let text)): return .string(URL(string: text)?.absoluteString ?? "<not a URL: \(text)>")
        case (.structure(let name), _): return urls(value, fields: contract.type(named: name)?.fields ?? [])
        case (.array(let element), .array(let items)): return .array(items.map { urls($0, type: element) })
        case (.map(let element), .object(let members)): return .object(members.mapValues { urls($0, type: element) })
        default: return value
        }
    }
}
