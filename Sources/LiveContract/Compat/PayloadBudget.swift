/// The largest payloads a contract allows, in bytes, against the 4096-byte limits of APNs
/// (Live Activity pushes) and FCM (data messages).
///
/// A lower bound: strings count their `maxLength` in UTF-8 bytes with no escaping, numbers
/// their longest JSON spelling, and parts with no bound (strings without `maxLength`, arrays)
/// count as empty. When this bound is over the limit, a server filling every field to its
/// maximum is refused for sure: APNs answers 413 PayloadTooLarge, FCM rejects the message.
public struct PayloadBudget: Sendable, Equatable {
    public static let limit = 4096

    /// An `event: update` body without an alert.
    public var apnsUpdate: Int
    /// An `event: start` body (attributes and `attributes-type` added) without an alert.
    public var apnsStart: Int
    /// FCM data keys and values (what FCM counts against its limit).
    public var fcmData: Int

    public init(_ shape: ContractShape) {
        let state = Self.object(shape.state, key: \.name)
        let attributes = Self.object(shape.attributes, key: \.name)
        // Unix-seconds headers of today's length; they keep ten digits until 2286.
        let envelope = #"{"aps":{"timestamp":1742064420,"event":"update","content-state":,"stale-date":1742065320,"relevance-score":100}}"#.utf8.count
        apnsUpdate = envelope + state
        let start = #"{"aps":{"timestamp":1742064420,"event":"start","content-state":,"attributes-type":"","attributes":}}"#.utf8.count
        apnsStart = start + state + attributes + shape.typeName.utf8.count
        fcmData = (shape.attributes + shape.state).reduce(0) { $0 + $1.wireName.utf8.count + Self.fcmText($1.type, maxLength: $1.maxLength) }
    }

    /// `{"name":value,...}` at its largest.
    static func object(_ fields: [ShapeField], key: KeyPath<ShapeField, String>) -> Int {
        guard !fields.isEmpty else { return 2 }
        return 1 + fields.reduce(0) { $0 + $1[keyPath: key].utf8.count + 3 + json($1.type, maxLength: $1.maxLength) + 1 }
    }

    /// The longest Codable JSON spelling of a value.
    static func json(_ type: ShapeType, maxLength: Int?) -> Int {
        switch type {
        case .string, .url: return (maxLength ?? 0) + 2
        case .uuid: return 38
        case .int, .sized: return 20
        case .float: return 16
        case .double, .date: return 24
        case .bool: return 5
        case .dateRange: return 2 * 24 + 3
        case .enumeration(_, let cases, _): return (cases.map(\.utf8.count).max() ?? 0) + 2
        case .structure(_, let fields): return object(fields, key: \.name)
        case .array, .map, .other: return 2
        }
    }

    /// The longest FCM text of a value: numbers as decimal text, dates as Unix ms, nested
    /// values as compact JSON of the bridge shape (keyed by wire names).
    static func fcmText(_ type: ShapeType, maxLength: Int?) -> Int {
        switch type {
        case .string, .url: return maxLength ?? 0
        case .uuid: return 36
        case .int: return 11
        case .sized: return 20
        case .float: return 24
        case .double: return 24
        case .date: return 20
        case .bool: return 5
        case .dateRange: return 2 * 20 + 3
        case .enumeration(_, let cases, _): return cases.map(\.utf8.count).max() ?? 0
        case .structure(_, let fields): return object(fields, key: \.wireName)
        case .array, .map, .other: return 2
        }
    }
}

extension CompatChecker {
    /// A finding when the new version can produce a payload over a limit that the old one
    /// could not reach (or grows one already over it).
    func budgetFindings() -> [CompatFinding] {
        let before = PayloadBudget(old), after = PayloadBudget(new)
        var impacts: [Impact] = []
        let limit = PayloadBudget.limit
        let checks = [("an APNs update body", before.apnsUpdate, after.apnsUpdate, "APNs refuses it (413 PayloadTooLarge)"),
                      ("an APNs push-to-start body", before.apnsStart, after.apnsStart, "APNs refuses it (413 PayloadTooLarge)"),
                      ("FCM data", before.fcmData, after.fcmData, "FCM refuses the message")]
        for (what, old, new, consequence) in checks where new > limit && new > old {
            impacts.append(Impact(audience: .everyone, effect: .fails,
                                  text: "\(what) with every field at its maximum is at least \(new) bytes (was \(old)), over the \(limit)-byte limit: \(consequence) and no device gets the update"))
        }
        guard !impacts.isEmpty else { return [] }
        let grown = (new.state + new.attributes).compactMap { field -> (ShapeField, Int)? in
            guard let length = field.maxLength,
                  let previous = (old.state + old.attributes).first(where: { $0.name == field.name }) else { return nil }
            return length > (previous.maxLength ?? 0) ? (field, length - (previous.maxLength ?? 0)) : nil
        }.max { $0.1 < $1.1 }
        let location = grown?.0.location ?? (new.state.first ?? new.attributes.first)?.location ?? SourceLocation(file: newPath, line: 1, column: 1)
        let culprit = grown.map { " (largest growth: '\($0.0.name)' maxLength +\($0.1))" } ?? ""
        return [finding("compat-payload-budget", "the worst-case payload grows past the \(limit)-byte limit\(culprit)", at: location, impacts,
                        fix: "lower maxLength on the grown fields or move long text out of the payload (fetch it in the app); APNs and FCM both stop at \(limit) bytes")]
    }
}
