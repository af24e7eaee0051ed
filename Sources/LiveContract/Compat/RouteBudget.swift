/// The largest body each route can carry for a contract, in bytes, computed by writing the
/// worst-case sample through the same wire shapes the fixtures use (docs/wire.md, "Size
/// budget"). Unlike `PayloadBudget` (the lower bound `compat` compares), this is the size a
/// server really produces when every field is at its widest:
/// - a string of `maxLength` N bytes is N control characters, each escaped as `\u0001`
///   (6 bytes; 7 inside FCM JSON text, whose backslash is escaped again), the widest any
///   N-byte UTF-8 string can become in JSON;
/// - a list holds `maxItems` items, each at its widest; optional fields are present;
/// - a map holds `maxItems` members, each key `maxLength` control characters (distinct keys
///   while the 27 six-byte escapes allow, then repeated: an upper bound) and each value at
///   its widest;
/// - an int is the endpoint of its range with the most digits; a double the widest of a fixed
///   set of numbers inside its range (the widest finite JavaScript number is 25 bytes); a date
///   the JavaScript safe-integer millisecond that prints widest;
/// - timestamps are ten-digit Unix seconds (until 2286), `relevance-score` a 25-byte number;
///   the alert is left out (its text is the server's, and the room left is reported).
/// Strings without `maxLength` and lists without `maxItems` count as empty and are reported
/// as unbounded: then the budget is only a lower bound.
public struct RouteBudget: Sendable {
    public enum Route: String, Sendable, CaseIterable {
        case apnsUpdate = "apns-update", apnsStart = "apns-start", broadcast = "broadcast-update", fcmData = "fcm-data"

        public var limit: Int { self == .broadcast ? 5120 : 4096 }
        public var title: String {
            switch self {
            case .apnsUpdate: return "APNs update body"
            case .apnsStart: return "APNs push-to-start body"
            case .broadcast: return "broadcast update body"
            case .fcmData: return "FCM data map"
            }
        }
    }

    /// One field's share of a route: its whole `"key":value,` member.
    public struct Part: Sendable, Equatable {
        public var name: String
        public var bytes: Int
        public var location: SourceLocation
    }

    public struct Entry: Sendable {
        public var route: Route
        public var bytes: Int
        /// Fields by size, largest first.
        public var parts: [Part]
    }

    /// A string or list with no bound, as `Type.field` or `field`.
    public struct Unbounded: Sendable, Equatable {
        public var name: String
        public var isList: Bool
        public var location: SourceLocation
        /// A map: it needs maxItems (members) and maxLength (each key) to be bounded.
        public var isMap = false
        /// A list or map of the struct it is in (a tree): no bound limits how deep it nests.
        public var isRecursive = false
    }

    public static let widestUnixSeconds: Int64 = 9_999_999_999
    public static let widestNumber = -0.000_001_234_567_890_123_456_7

    public let entries: [Entry]
    public let unbounded: [Unbounded]
    /// The worst-case sample (by field index), for tests that rebuild it elsewhere.
    public let attributes: [Value?]
    public let state: [Value?]

    public init(_ contract: Contract) {
        var worst = WorstCase(contract: contract)
        attributes = contract.attributes.map { worst.value(for: $0, path: $0.name) }
        state = contract.state.map { worst.value(for: $0, path: $0.name) }
        unbounded = worst.unbounded
        let shapes = WireShapes(contract: contract)
        let contentState = shapes.apns(state, fields: contract.state)
        let apnsAttributes = shapes.apns(attributes, fields: contract.attributes)
        let seconds = JSONValue.int(Self.widestUnixSeconds)
        func body(_ event: String, _ tail: [JSONMember]) -> JSONValue {
            .object([JSONMember("aps", .object([
                JSONMember("timestamp", seconds), JSONMember("event", .string(event)), JSONMember("content-state", contentState),
            ] + tail))])
        }
        let update = body("update", [JSONMember("stale-date", seconds), JSONMember("relevance-score", .double(Self.widestNumber))])
        let start = body("start", [JSONMember("attributes-type", .string(contract.attributesTypeName)),
                                   JSONMember("attributes", apnsAttributes), JSONMember("input-push-token", .int(1))])
        // A start body carries both halves, which may share a field name: say which one.
        let shared = Set(contract.attributes.map(\.name)).intersection(contract.state.map(\.name))
        let statePart = Self.parts(contentState, fields: contract.state)
        let startStatePart = Self.parts(contentState, fields: contract.state) { shared.contains($0.name) ? "content-state.\($0.name)" : $0.name }
        let attributePart = Self.parts(apnsAttributes, fields: contract.attributes) { shared.contains($0.name) ? "attributes.\($0.name)" : $0.name }
        let fcm = Self.withEnvelope(shapes.fcm(attributes: attributes, state: state), keys: contract.envelope)
        var entries: [Entry] = []
        for route in Route.allCases {
            switch route {
            case .apnsUpdate, .broadcast: entries.append(Entry(route: route, bytes: Self.size(update), parts: statePart))
            case .apnsStart: entries.append(Entry(route: route, bytes: Self.size(start), parts: Self.sorted(startStatePart + attributePart)))
            case .fcmData: entries.append(Entry(route: route, bytes: Self.size(fcm), parts: Self.parts(fcm, fields: contract.attributes + contract.state, key: \.wireName) { $0.wireName }))
            }
        }
        self.entries = entries
    }

    /// The widest activity id the budget counts: an app's ids are its own, so the budget
    /// assumes at most this many bytes (ActivityKit's own ids are 36-character UUIDs).
    public static let widestActivityId = 64

    /// The data map with the widest envelope in front, as `toFcmData` writes it: an `update`
    /// (the longest event name), 13-digit send and stale times (an end's dismissal time
    /// replaces the stale time, so one of the two is counted).
    static func withEnvelope(_ fcm: JSONValue, keys: FcmEnvelopeKeys) -> JSONValue {
        guard case .object(let members) = fcm else { return fcm }
        let millis = JSONValue.string(String(repeating: "9", count: 13))
        let envelope = [
            JSONMember(keys.activityId, .string(String(repeating: "x", count: widestActivityId))),
            JSONMember(keys.event, .string("update")),
            JSONMember(keys.sentAt, millis),
            JSONMember(keys.staleAt, millis),
        ]
        return .object(envelope + members)
    }

    public func entry(_ route: Route) -> Entry { entries.first { $0.route == route }! }

    static func size(_ value: JSONValue) -> Int { JSONWriter.compact(value).utf8.count }

    /// Each member's `"key":value` plus its comma, matched to the field it came from and
    /// named by `label` (the FCM map names a field by its key there, the one the user sees).
    static func parts(_ object: JSONValue, fields: [Field], key: KeyPath<Field, String> = \.apnsName,
                      label: (Field) -> String = { $0.name }) -> [Part] {
        guard case .object(let members) = object else { return [] }
        // One lookup per member: scanning the fields for each made many fields quadratic.
        var byKey: [String: Field] = [:]
        for field in fields where byKey[field[keyPath: key]] == nil { byKey[field[keyPath: key]] = field }
        let result = members.compactMap { member -> Part? in
            guard let field = byKey[member.key] else { return nil }
            return Part(name: label(field), bytes: size(.string(member.key)) + 1 + size(member.value) + 1, location: field.location)
        }
        return sorted(result)
    }

    static func sorted(_ parts: [Part]) -> [Part] {
        parts.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.name < $1.name }
    }
}

/// Builds the widest value of each field, and notes what has no bound.
struct WorstCase {
    let contract: Contract
    var unbounded: [RouteBudget.Unbounded] = []
    /// Struct types entered on the current path. A struct met again (a tree, `kids: [Node]`)
    /// nests without bound, so it adds nothing and the budget is a lower bound; a depth limit
    /// instead would write maxItems^depth nodes.
    var entered: [String] = []

    /// A struct used by several fields is reported once per member.
    mutating func note(_ item: RouteBudget.Unbounded) {
        if !unbounded.contains(where: { $0.name == item.name && $0.isList == item.isList }) { unbounded.append(item) }
    }

    mutating func value(for field: Field, path: String) -> Value? {
        value(field.type, field: field, path: path)
    }

    mutating func value(_ type: FieldType, field: Field, path: String) -> Value? {
        switch type {
        case .string, .url:
            if field.maxLength == nil { note(RouteBudget.Unbounded(name: path, isList: false, location: field.location)) }
            let text = String(repeating: "\u{1}", count: field.maxLength ?? 0)
            return type == .url ? .url(text) : .string(text)
        case .int: return .int(Self.widestInt(field))
        case .double: return .double(Self.widestDouble(field))
        case .uuid: return .uuid("00000000-0000-0000-0000-000000000000")
        case .sized(let kind): return .int(Self.widestSized(kind, field))
        case .float: return .double(Self.widestFloat(field))
        case .bool: return .bool(false)
        case .date: return .date(Self.widestMillis)
        case .dateRange: return .dateRange(Self.widestMillis, Self.widestMillis)
        case .enumeration(let name):
            let cases = contract.type(named: name)?.enumType?.cases ?? []
            return cases.max { RouteBudget.size(.string($0)) < RouteBudget.size(.string($1)) }.map { .enumCase($0) }
        case .structure(let name):
            if entered.contains(name) {
                note(RouteBudget.Unbounded(name: path, isList: true, location: field.location, isMap: field.type.isMap, isRecursive: true))
                return nil
            }
            guard let fields = contract.type(named: name)?.fields else { return .structure([]) }
            entered.append(name)
            defer { entered.removeLast() }
            return .structure(fields.compactMap { member in value(for: member, path: "\(name).\(member.name)").map { NamedValue(member.name, $0) } })
        case .array(let element):
            if field.maxItems == nil { note(RouteBudget.Unbounded(name: path, isList: true, location: field.location)) }
            let count = field.maxItems ?? 0
            guard count > 0, let item = value(element, field: field, path: path) else { return .array([]) }
            return .array(Array(repeating: item, count: count))
        case .map(let valueType):
            if field.maxItems == nil || field.maxLength == nil {
                note(RouteBudget.Unbounded(name: path, isList: true, location: field.location, isMap: true))
            }
            let count = field.maxItems ?? 0
            guard count > 0, let item = value(valueType, field: field, path: path) else { return .map([]) }
            let length = field.maxLength ?? 0
            return .map(MapKeys.sorted((0..<count).map { NamedValue(Self.widestKey(index: $0, length: length), item) }))
        }
    }

    /// Control characters JSON writes as six-byte `\u00XX` escapes (the rest have short forms).
    static let wideControls: [Character] = (1..<32).filter { ![8, 9, 10, 12, 13].contains($0) }.map { Character(Unicode.Scalar(UInt8($0))) }

    /// The `index`-th of the widest distinct keys of `length` bytes (repeats past 27^length).
    static func widestKey(index: Int, length: Int) -> String {
        var rest = index, key = ""
        for _ in 0..<length {
            key.append(wideControls[rest % wideControls.count])
            rest /= wideControls.count
        }
        return key
    }

    /// The end of a sized integer's range (narrowed by the bounds) with the most digits.
    static func widestSized(_ kind: IntegerKind, _ field: Field) -> Int {
        var low = kind.wireRange.lowerBound, high = kind.wireRange.upperBound
        if let bound = field.minimum?.number { low = max(low, Int64(bound.rounded(.up))) }
        if let bound = field.maximum?.number { high = min(high, Int64(bound.rounded(.down))) }
        return Int(String(low).utf8.count >= String(high).utf8.count ? low : high)
    }

    /// A Float inside the bounds whose two spellings (Float's shortest digits on APNs, the
    /// Double's digits on FCM) take the most room.
    static func widestFloat(_ field: Field) -> Double {
        let low = field.minimum?.number ?? -Double.greatestFiniteMagnitude
        let high = field.maximum?.number ?? Double.greatestFiniteMagnitude
        let candidates = [low, high, -1.1754943508222875e-38, 1.1754943508222875e-38, -3.4028234663852886e+38, -0.0000012345678]
            .map { Double(Float($0)) }.filter { $0.isFinite && $0 >= low && $0 <= high }
        func width(_ value: Double) -> Int { JSNumber.format(value).utf8.count + JSNumber.format(FloatText.apnsDouble(value)).utf8.count }
        return candidates.max { width($0) < width($1) } ?? 0
    }

    static func widestInt(_ field: Field) -> Int {
        let low = max(field.minimum?.number ?? -2_147_483_648, -2_147_483_648)
        let high = min(field.maximum?.number ?? 2_147_483_647, 2_147_483_647)
        let ends = [Int(low.rounded(.up)), Int(high.rounded(.down))]
        return ends.max { String($0).utf8.count < String($1).utf8.count }!
    }

    /// The widest of a fixed set of numbers inside the field's range.
    static func widestDouble(_ field: Field) -> Double {
        let low = field.minimum?.number ?? -Double.greatestFiniteMagnitude
        let high = field.maximum?.number ?? Double.greatestFiniteMagnitude
        var candidates = [low, high, low.nextUp, high.nextDown]
        for magnitude in [0.000_001_234_567_890_123_456_7, 2.225_073_858_507_201_4e-308, 1.234_567_890_123_456_7e300, 123_456.789_012_345_67] {
            candidates += [-magnitude, magnitude]
        }
        return candidates.filter { $0 >= low && $0 <= high && $0.isFinite }
            .max { JSNumber.format($0).utf8.count < JSNumber.format($1).utf8.count } ?? low
    }

    /// The JavaScript safe-integer millisecond whose seconds-since-2001 prints widest.
    static let widestMillis: Int64 = {
        let candidates: [Int64] = [-9_007_199_254_740_991, -9_007_199_254_740_989, -9_007_199_254_740_001, -8_999_999_999_999_999, 9_007_199_254_740_991]
        func width(_ millis: Int64) -> (Int, Int) {
            (JSNumber.format(Epoch.referenceSeconds(fromUnixMillis: millis)).utf8.count, String(millis).utf8.count)
        }
        return candidates.max { width($0) < width($1) }!
    }()
}

/// The warnings `generate` and `check` print from the budget: a route whose worst case is over
/// its limit (naming the fields that take the most room), and a schema whose budget cannot be
/// proven because a string or list has no bound. `--strict` turns both into failures.
extension RouteBudget {
    public var diagnostics: Diagnostics {
        var result = Diagnostics()
        let proven = unbounded.isEmpty
        for entry in entries where entry.bytes > entry.route.limit {
            let top = entry.parts.prefix(3).map { "'\($0.name)' \($0.bytes)" }.joined(separator: ", ")
            let amount = proven ? "\(entry.bytes) bytes" : "at least \(entry.bytes) bytes"
            let service = entry.route == .fcmData ? "FCM refuses the message" : "APNs refuses it (413 PayloadTooLarge)"
            result.warning("the worst-case \(entry.route.title) [\(entry.route.rawValue)] is \(amount), over its \(entry.route.limit)-byte limit: \(service); the largest fields are \(top) bytes (strings count 6 bytes per maxLength byte, the JSON escape of a control character); lower maxLength or maxItems there, or move the text out of the payload",
                           at: entry.parts.first?.location, rule: "payload-budget-over")
        }
        if let first = unbounded.first {
            let names = unbounded.prefix(6).map { "'\($0.name)' (\($0.isRecursive ? "a \($0.isMap ? "map" : "list") of the struct it is in, nested to any depth" : $0.isMap ? "a map without maxItems and maxLength" : $0.isList ? "a list without maxItems" : "a string without maxLength"))" }
            let more = unbounded.count > 6 ? " and \(unbounded.count - 6) more" : ""
            result.warning("the payload size cannot be proven within the APNs and FCM limits: \(names.joined(separator: ", "))\(more) can grow without bound; add maxLength: N (UTF-8 bytes) to each string and maxItems: N to each list",
                           at: first.location, rule: "payload-budget-unbounded")
        }
        return result
    }

    /// One line per route for docs and reports: `apns-update 1234/4096`.
    public var summary: [String] {
        entries.map { "\($0.route.rawValue) \(unbounded.isEmpty ? "" : ">=")\($0.bytes)/\($0.route.limit)" }
    }
}
