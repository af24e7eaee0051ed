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
    /// FCM data map: Kotlin vs Python `parse_fcm_data`.
    case fcmPython = "fcm Kotlin-Python"
    /// FCM data map: Kotlin vs Go `ParseFCMData`.
    case fcmGo = "fcm Kotlin-Go"
    /// Bridge object -> content state: TypeScript vs Python `to_content_state(State.from_json(...))`.
    case bridgePython = "bridge TypeScript-Python"
    /// Bridge object -> content state: TypeScript vs Go `ToContentState` of `json.Unmarshal`.
    case bridgeGo = "bridge TypeScript-Go"
    /// Decoded content state -> bridge object: TypeScript vs Python `from_content_state`.
    case backPython = "from-content TypeScript-Python"
    /// Decoded content state -> bridge object: TypeScript vs Go `FromContentState`.
    case backGo = "from-content TypeScript-Go"
    /// Content-state text: Swift's decoder vs Python `ContentState.from_json`.
    case contentPython = "content-state Swift-Python"
    /// Content-state text: Swift's decoder vs Go `json.Unmarshal` into `ContentState`.
    case contentGo = "content-state Swift-Go"
    /// Bridge object -> state record -> value -> bridge object: Swift records vs the Kotlin
    /// records (`kotlin-bridge`, `toState()` then `toBridge`).
    case bridgeKotlin = "bridge Swift-Kotlin"
    /// FCM data map: Kotlin `parseFcmData` vs `validate --kind data` (PayloadChecker).
    case fcmValidate = "fcm Kotlin-validate"

    /// Which part of an input the pair reads (what shrinking drops keys of).
    enum Input { case bridge, fcm, content }

    var input: Input {
        switch self {
        case .bridge, .bridgePython, .bridgeGo, .bridgeKotlin: return .bridge
        case .fcm, .fcmPython, .fcmGo, .fcmValidate: return .fcm
        case .content, .back, .backPython, .backGo, .contentPython, .contentGo: return .content
        }
    }
}

struct DifferentialComparison {
    let contract: Contract

    func compare(_ pair: DifferentialPair, swift: DiffValue?, kotlin: DiffValue?, typescript: DiffValue?, python: DiffValue? = nil,
                 go: DiffValue? = nil, content: ContentVerdict?) -> String? {
        switch pair {
        case .bridge: return bridge(swift?["bridge"], typescript?["bridge"], repaired: typescript?["repaired"])
        case .fcm: return fcm(kotlin, typescript?["fcm"])
        case .content: return content.map { self.content(swift?["content"], verdict: $0) } ?? "no validate verdict for the input"
        case .back:
            // A content state beyond the contract's ranges is Swift's alone here too: a date
            // declared `encoding: unixMillis` past Int64 is written back as the nearest
            // 64-bit value (docs/wire.md), which TypeScript reads as that number.
            guard let decoded = swift?["content"]?["decodes"], withinContract(decoded, fields: contract.state) else { return nil }
            return back(swift?["content"], typescript?["back"])
        case .fcmPython: return fcm(kotlin, python?["fcm"], "Python")
        case .fcmGo: return fcm(kotlin, go?["fcm"], "Go")
        case .bridgePython:
            return server(typescript?["bridge"], python?["bridge"], "Python", refuses: true)
                ?? server(typescript?["repaired"], python?["repaired"], "Python", refuses: true).map { "on the repaired object: " + $0 }
        case .bridgeGo:
            return server(typescript?["bridge"], go?["bridge"], "Go", refuses: false)
                ?? server(typescript?["repaired"], go?["repaired"], "Go", refuses: false).map { "on the repaired object: " + $0 }
        case .bridgeKotlin: return bridgeKotlin(swift?["bridge"], kotlin?["bridge"])
        case .fcmValidate: return content?.fcm.map { fcmValidate(kotlin, $0) } ?? "no validate verdict for the FCM data"
        case .contentPython: return serverReads(swift?["content"], python?["content"], "Python")
        case .contentGo: return serverReads(swift?["content"], go?["content"], "Go")
        case .backPython, .backGo:
            // docs/python.md, docs/go.md: the servers read a content state within the contract's
            // ranges only, where Swift's Int and Date read wider; those inputs are Swift's alone.
            guard let decoded = swift?["content"]?["decodes"], withinContract(decoded, fields: contract.state) else { return nil }
            return pair == .backPython ? server(typescript?["back"], python?["back"], "Python", refuses: true)
                : server(typescript?["back"], go?["back"], "Go", refuses: true)
        }
    }

    /// A server's reader of content-state text against the widget's decoder: it must refuse
    /// what Swift refuses (accepting it is the silent failure: the server would send it), and
    /// accept what Swift decodes within the contract's ranges (withinContract), but for the
    /// documented stricter reads of `serverStricter`. One exception the other way: a number
    /// Swift's JSON parser refuses (beyond Double's range, an integer beyond Int64) is each
    /// platform's JSON parser's matter (Python's json.loads reads 1e400 as inf and 0.1e-400 as
    /// 0.0, Go's encoding/json reads 0.1e-400 as 0) before the generated code sees a value.
    func serverReads(_ swift: DiffValue?, _ other: DiffValue?, _ language: String) -> String? {
        guard let swift, let other else { return "a runner gave no content-state result" }
        switch (swift["decodes"], other["ok"]) {
        case (nil, let read?):
            if let why = swift["fails"]?.string, why.contains("The given data was not valid JSON") { return nil }
            return "Swift fails (\(swift["fails"] ?? .null)), \(language) reads \(read)"
        case (let decoded?, nil):
            guard withinContract(decoded, fields: contract.state) else { return nil }
            let threw = other["threw"]?.string ?? ""
            return Self.serverStricter(threw) ? nil : "Swift decodes \(decoded), \(language) refuses (\(threw))"
        default: return nil
        }
    }

    /// The refusals of content-state text docs/python.md and docs/go.md document where Swift
    /// reads the text: Go's encoding/json refuses `1.0` and `1e2` for an integer and `-0` for an
    /// unsigned one; Python reads a range as exactly `[lower, upper]` (Swift takes the first two
    /// of more), a struct as a JSON object (Swift reads any value as a struct without fields)
    /// and may round a Float twice (floatTie); both read a UUID in the 8-4-4-4-12 form only, as
    /// validate does (Foundation on Linux reads a few more, e.g. a leading `+`).
    static func serverStricter(_ message: String) -> Bool {
        if let range = message.range(of: "cannot unmarshal number ") {
            let literal = message[range.upperBound...].prefix(while: { $0 != " " })
            let integer = message.contains("of type int") || message.contains("of type uint") || message.hasSuffix(".Uint8")
            return integer && (literal.contains(where: { ".eE".contains($0) }) || literal == "-0")
        }
        // A struct without fields: Python's "must be an object", Go's `type plain` refusing a non-object.
        let fieldless = message.contains("must be an object, got ") || (message.contains("cannot unmarshal ") && message.hasSuffix(".plain"))
        return message.contains("must be a [lower, upper] pair, got a list") || fieldless || floatTie(message)
            || message.contains("must be a UUID (8-4-4-4-12 hex digits)")
    }

    /// Python's json.loads reads number text as a Double and the module rounds that to a Float:
    /// two roundings, where Swift and Go round the text to a Float once. Text just inside a
    /// Float tie at the range's ends (Float.max to infinity, the least subnormal to zero) reads
    /// as the tie in Python, which rounds away (3.4028235677973366e38 is a Float to Swift).
    static func floatTie(_ message: String) -> Bool {
        guard message.contains("must be a finite number within Float range, got "),
              let number = Double(message.components(separatedBy: ", got ").last ?? "") else { return false }
        let size = abs(number)
        return size >= Double(Float.greatestFiniteMagnitude) && size <= 0x1.ffffffp127
            || size > 0 && size <= Double(Float.leastNonzeroMagnitude)
    }

    /// A server language against TypeScript on one conversion (`{"ok"}` / `{"threw"}` each,
    /// absent where the input has none): equal results where both convert; where one refuses,
    /// the other must too. docs/go.md: Go's `ToContentState` refuses nothing (`refuses: false`),
    /// so there only `json.Unmarshal` refuses, and a value TypeScript refuses but Go converts is
    /// the documented difference; a bridge object with NaN or an infinity, which JSON cannot
    /// carry to Go, is skipped.
    func server(_ typescript: DiffValue?, _ other: DiffValue?, _ language: String, refuses: Bool) -> String? {
        guard let typescript else { return other == nil ? nil : "\(language) converted what TypeScript had no input for" }
        guard let other else { return "the \(language) runner gave no result" }
        if other["skipped"] != nil { return nil }
        switch (typescript["ok"], other["ok"]) {
        case (let made?, let theirs?): return same(made, theirs) ? nil : "TypeScript \(urls(made))\n    \(language) \(urls(theirs))"
        case (nil, nil): return nil
        case (let made?, nil): return "\(language) refuses (\(other["threw"] ?? .null)), TypeScript gives \(made)"
        case (nil, let theirs?): return refuses ? "TypeScript refuses (\(typescript["threw"] ?? .null)), \(language) gives \(theirs)" : nil
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

    /// The two Expo bridges: docs/swift-bridge.md and docs/kotlin.md give the Kotlin records the
    /// Swift records' repairs, so an object both platforms' Expo accept converts to the same
    /// value, compared in the bridge shape (each record made back from its value), and an
    /// object one refuses the other refuses too.
    ///
    /// Two documented differences: (1) a JavaScript number that is not a whole number within
    /// Int64 (or NaN, an infinity) reaching an `Int` record property is Expo's own conversion,
    /// which differs by platform (iOS refuses the call, Android reads it toward zero, saturated),
    /// so such an input is `expoNumber` and not compared; (2) Swift's `Date` holds seconds since
    /// 2001 as a Double, exact to the millisecond within about ±139,000 years, so near
    /// JavaScript's safe-integer ends a date comes back a millisecond off: Kotlin's dates are
    /// compared as they come back through a `Date` (`throughDate`).
    func bridgeKotlin(_ swift: DiffValue?, _ kotlin: DiffValue?) -> String? {
        guard let swift, let kotlin else { return "a runner gave no bridge result" }
        if swift["encodeFailed"] != nil { return nil }  // the Swift-TypeScript pair reports it
        switch (swift["shape"], kotlin["ok"]) {
        case (let made?, let theirs?):
            return bridgeShape(made, fields: contract.state) == bridgeShape(throughDate(theirs, fields: contract.state), fields: contract.state)
                ? nil : "Swift \(made)\n    Kotlin \(theirs)"
        case (nil, nil): return nil
        case (let made?, nil): return "Kotlin refuses (\(kotlin["threw"] ?? .null)), Swift gives \(made)"
        case (nil, let theirs?):
            if let why = swift["refused"]?.string, Self.expoNumber(why) { return nil }
            return "Swift refuses (\(swift["refused"] ?? .null)), Kotlin gives \(theirs)"
        }
    }

    /// Whether Expo on iOS refused the object for a number it would not make an `Int` (the
    /// Swift stand-in's message, Tests/Harness/swift/ExpoStandIn.swift): not whole, or an Int
    /// enum's raw value that is not whole.
    static func expoNumber(_ message: String) -> Bool {
        if message.contains("expected a whole number, got ") { return true }
        // "... '0.5' is not present in BlockType enum ...": the quoted raw value before it.
        guard let end = message.range(of: "' is not present in ") else { return false }
        let before = message[..<end.lowerBound]
        guard let start = before.lastIndex(of: "'"), let number = Double(before[before.index(after: start)...]) else { return false }
        return !number.isFinite || number != number.rounded()
    }

    /// A Unix-ms date in the bridge shape as the Swift record gives it back: through
    /// `Date(timeIntervalSinceReferenceDate:)` and `millis(_:)` of the Swift bridge's runtime.
    static func throughDate(_ millis: Double) -> Double {
        let reference = 978_307_200_000.0
        let date = Date(timeIntervalSinceReferenceDate: (millis - reference) / 1000)
        return (date.timeIntervalSinceReferenceDate * 1000).rounded() + reference
    }

    /// A state in the bridge shape (keyed by wire names) with each link as `URL(string:)` makes
    /// it (Swift's record gives back `absoluteString`, percent-encoded; Kotlin the text it kept:
    /// one URL to the widget), as `same` compares content states.
    func bridgeShape(_ value: DiffValue, fields: [Field]) -> DiffValue {
        guard case .object(var members) = value else { return value }
        for field in fields {
            if let member = members[field.wireName] { members[field.wireName] = bridgeShape(member, type: field.type) }
        }
        return .object(members)
    }

    func bridgeShape(_ value: DiffValue, type: FieldType) -> DiffValue {
        switch (type, value) {
        case (.url, .string(let text)): return .string(URL(string: text)?.absoluteString ?? "<not a URL: \(text)>")
        case (.structure(let name), _): return bridgeShape(value, fields: contract.type(named: name)?.fields ?? [])
        case (.array(let element), .array(let items)): return .array(items.map { bridgeShape($0, type: element) })
        case (.map(let element), .object(let members)): return .object(members.mapValues { bridgeShape($0, type: element) })
        default: return value
        }
    }

    /// `value` (a state or struct in the bridge shape, keyed by wire names) with every date and
    /// range item passed through `throughDate`.
    func throughDate(_ value: DiffValue, fields: [Field]) -> DiffValue {
        guard case .object(var members) = value else { return value }
        for field in fields {
            if let member = members[field.wireName] { members[field.wireName] = throughDate(member, type: field.type) }
        }
        return .object(members)
    }

    func throughDate(_ value: DiffValue, type: FieldType) -> DiffValue {
        switch (type, value) {
        case (.date, .number(let millis)): return .number(Self.throughDate(millis))
        case (.dateRange, .array(let items)):
            return .array(items.map { if case .number(let millis) = $0 { return .number(Self.throughDate(millis)) } else { return $0 } })
        case (.structure(let name), _): return throughDate(value, fields: contract.type(named: name)?.fields ?? [])
        case (.array(let element), .array(let items)): return .array(items.map { throughDate($0, type: element) })
        case (.map(let element), .object(let members)): return .object(members.mapValues { throughDate($0, type: element) })
        default: return value
        }
    }

    /// docs/wire.md "Reading FCM data" and "The FCM envelope": both parsers never throw and
    /// agree on the envelope, every value and every issue, advice included.
    func fcm(_ kotlin: DiffValue?, _ typescript: DiffValue?, _ language: String = "TypeScript") -> String? {
        guard let kotlin, let typescript else { return "a runner gave no FCM result" }
        if let threw = kotlin["threw"] { return "Kotlin parseFcmData threw \(threw)" }
        guard let parsed = typescript["ok"] else { return "\(language) parseFcmData threw \(typescript["threw"] ?? .null)" }
        var tsIssues: [DiffValue] = []
        if case .array(let items)? = parsed["issues"] {
            tsIssues = items.map { .array([$0["field"] ?? .null, $0["raw"] ?? .null, $0["reason"] ?? .null, $0["advice"] ?? .null]) }
        }
        var problems: [String] = []
        for key in ["envelope", "attributes", "state"] where kotlin[key] != parsed[key] {
            problems.append("\(key): Kotlin \(kotlin[key] ?? .null)\n    \(language) \(parsed[key] ?? .null)")
        }
        if kotlin["issues"] != .array(tsIssues) { problems.append("issues: Kotlin \(kotlin["issues"] ?? .null)\n    \(language) \(DiffValue.array(tsIssues))") }
        return problems.isEmpty ? nil : problems.joined(separator: "\n  ")
    }

    /// What `validate` says of one content-state text: its errors outside the documented
    /// exceptions, and whether it reports any error at all. It needs only the input, so the
    /// test works it out while the runners run.
    struct ContentVerdict {
        var errors: [String]
        var anyError: Bool
        /// What `validate --kind data` says of the input's FCM data map.
        var fcm: FCMVerdict? = nil
    }

    /// `validate --kind data` on one FCM data map, per field (wire names, schema order): which
    /// values it says the parsers cannot read (`fcm-data-unreadable`, a reversed or keyed
    /// range), which read as the `unknown:` case, which required fields are missing.
    struct FCMVerdict: Equatable {
        var invalid: [String] = []
        var unknownCase: [String] = []
        var missing: [String] = []
    }

    func fcmVerdict(_ text: String) -> FCMVerdict {
        let report = PayloadChecker.validate(Array(text.utf8), path: "data.json", contract: contract, kind: .data)
        var verdict = FCMVerdict()
        for field in contract.attributes + contract.state {
            let prefix = JSONPath.root.key(field.wireName).prefix
            let own = report.diagnostics.filter { $0.message.hasPrefix(prefix) }
            if own.contains(where: { ["fcm-data-unreadable", "payload-range-order", "payload-range-keyed"].contains($0.rule) }) { verdict.invalid.append(field.wireName) }
            if own.contains(where: { $0.rule == "payload-enum-fallback" }) { verdict.unknownCase.append(field.wireName) }
            if own.contains(where: { $0.rule == "payload-missing-key" }) { verdict.missing.append(field.wireName) }
        }
        return verdict
    }

    /// `validate` reads an FCM data map as the parsers do: it calls a value unreadable exactly
    /// where Kotlin's `parseFcmData` (which the other parsers equal) reports `invalid`, an
    /// `unknown:` fallback where it reports `unknown-case`, and a required field missing where
    /// it reports `missing` for a field without a default. Its other findings (a date in
    /// seconds, a clamped number, an unknown key) are advice on values the parsers read.
    func fcmValidate(_ kotlin: DiffValue?, _ verdict: FCMVerdict) -> String? {
        guard let kotlin else { return "the Kotlin runner gave no FCM result" }
        if let threw = kotlin["threw"] { return "Kotlin parseFcmData threw \(threw)" }
        let fields = contract.attributes + contract.state
        var expected = FCMVerdict()
        if case .array(let issues)? = kotlin["issues"] {
            for field in fields {
                let reasons = issues.compactMap { issue -> String? in
                    guard case .array(let parts) = issue, parts.first == .string(field.wireName), case .string(let reason)? = parts[safe: 2] else { return nil }
                    return reason
                }
                if reasons.contains("invalid") { expected.invalid.append(field.wireName) }
                if reasons.contains("unknown-case") { expected.unknownCase.append(field.wireName) }
                if reasons.contains("missing") && !field.mayBeMissing { expected.missing.append(field.wireName) }
            }
        }
        return expected == verdict ? nil : "Kotlin \(expected)\n    validate \(verdict)"
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

    /// Whether every value of a decoded content state is within the contract's ranges: an
    /// `int` in Int32, a sized integer in its wire range (64-bit kinds within 2^53 - 1), a date
    /// whose Unix ms is a safe integer. Swift's `Int` (64-bit) and `Date` decode beyond them.
    func withinContract(_ value: DiffValue, fields: [Field]) -> Bool {
        guard case .object(let members) = value else { return false }
        return fields.allSatisfy { field in members[field.apnsName].map { withinContract($0, type: field.type, encoding: field.dateEncoding) } ?? true }
    }

    /// `encoding` is the field's date wire form (`encoding:`); an ISO-8601 text is within range.
    func withinContract(_ value: DiffValue, type: FieldType, encoding: DateEncoding = .reference) -> Bool {
        func integer(_ range: ClosedRange<Int64>) -> Bool {
            guard case .number(let number) = value, number == number.rounded() else { return false }
            return number >= Double(range.lowerBound) && number <= Double(range.upperBound)
        }
        func date(_ item: DiffValue) -> Bool {
            if encoding == .iso8601, case .string = item { return true }
            guard case .number(let number) = item else { return false }
            let millis: Double
            switch encoding {
            case .reference, .iso8601: millis = number * 1000 + Double(Epoch.referenceOffsetMillis)
            case .unixSeconds: millis = number * 1000
            case .unixMillis: millis = number
            }
            return abs(millis) <= Double(IntegerKind.maxSafe)
        }
        switch (type, value) {
        case (.int, _): return integer(Int64(Int32.min)...Int64(Int32.max))
        case (.sized(let kind), _): return integer(kind.wireRange)
        case (.date, _): return date(value)
        case (.dateRange, .array(let bounds)): return bounds.allSatisfy(date)
        case (.structure(let name), _): return withinContract(value, fields: contract.type(named: name)?.fields ?? [])
        case (.array(let element), .array(let items)): return items.allSatisfy { withinContract($0, type: element) }
        case (.map(let element), .object(let members)): return members.values.allSatisfy { withinContract($0, type: element) }
        default: return true
        }
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
