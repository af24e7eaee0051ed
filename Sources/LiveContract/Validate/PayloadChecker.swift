/// What kind of payload a file holds; decides which decoder `validate` imitates.
public enum PayloadKind: String, Sendable, CaseIterable {
    /// An APNs body: `{"aps": {...}}`, decoded by the widget's `Codable` types.
    case apns
    /// An FCM HTTP v1 request body: `{"message": {"data": {...}}}`.
    case fcm
    /// A bare FCM data map: `{"orderId": "DT-4521", ...}`, all values strings.
    case data
    /// A bare content-state object, as pasted from a server log.
    case contentState = "content-state"
    /// An FCM HTTP v1 message carrying an iOS Live Activity push: `message.apns.live_activity_token`.
    case fcmLiveActivity = "fcm-live-activity"
    /// An APNs body sent to a broadcast channel (`/4/broadcasts/apps/...`).
    case broadcast
    /// A whole request: `{"path"?, "headers": {...}, "body": {...}}` (docs/validate.md).
    case request
}

/// The result for one payload file.
public struct PayloadValidation: Sendable {
    public var path: String
    /// What the file was read as, e.g. "an APNs update body"; nil when it was not read.
    public var reading: String?
    /// Every finding; in a `ValidationReport`, at most `CappedDiagnostics.perRule` of each
    /// rule and severity, and a note per rule saying how many more there were.
    public var diagnostics: [Diagnostic]
    /// How many findings the report's cap left out, for the summary's counts.
    public var leftOutErrors = 0
    public var leftOutWarnings = 0
    /// True when the file could not be read as a payload at all (exit 2).
    public var unreadable: Bool

    public init(path: String, reading: String?, diagnostics: [Diagnostic], unreadable: Bool) {
        self.path = path
        self.reading = reading
        self.diagnostics = diagnostics
        self.unreadable = unreadable
    }

    /// This validation as a report shows it: its findings capped per rule.
    public func capped() -> PayloadValidation {
        let capped = CappedDiagnostics(diagnostics)
        var result = self
        result.diagnostics = capped.items
        result.leftOutErrors += capped.leftOutErrors
        result.leftOutWarnings += capped.leftOutWarnings
        return result
    }
}

/// `validate`: does this payload decode the way the widget (or the Android parser) will?
///
/// Every check imitates a real decoder: Swift's default `JSONDecoder` for APNs bodies (what
/// ActivityKit uses on `content-state` and `attributes`), the generated `parseFcmData` for FCM
/// data (docs/wire.md). Messages say what that decoder does with the value, in its own terms
/// (keyNotFound, typeMismatch, dataCorrupted), at the value's `line:column` and JSON path.
public struct PayloadChecker {
    public static let limit = 4096

    let contract: Contract
    let path: String
    var diagnostics = Diagnostics()
    /// The payload's own `aps.timestamp` in Unix seconds: the best guess of "now" when judging
    /// which epoch a date was written in.
    var reference: Double?
    /// Where the APNs body sits in the file: the root, `body` of a request file, or
    /// `message.apns.payload` of an FCM message; messages name the full path.
    var base = JSONPath.root

    init(contract: Contract, path: String) {
        self.contract = contract
        self.path = path
    }

    /// Validates `bytes` (the file at `path`) against `contract`; `kind` nil means detect.
    public static func validate(_ bytes: [UInt8], path: String, contract: Contract, kind: PayloadKind? = nil) -> PayloadValidation {
        var checker = PayloadChecker(contract: contract, path: path)
        let document: JSONDocument
        do {
            document = try JSONParser().parse(bytes)
        } catch {
            checker.diagnostics.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column), rule: error.rule)
            return PayloadValidation(path: path, reading: nil, diagnostics: checker.diagnostics.items, unreadable: true)
        }
        for duplicate in document.duplicates {
            checker.diagnostics.error("key \"\(duplicate.key)\" appears twice in one object (first on line \(duplicate.firstLine)); decoders disagree on which wins (Foundation keeps the first, JavaScript the last): send it once",
                                      at: SourceLocation(file: path, line: duplicate.line, column: duplicate.column), rule: "payload-duplicate-key")
        }
        guard let kind = kind ?? detect(document.root, contract: contract) else {
            checker.diagnostics.error("cannot tell what this payload is: expected an APNs body ({\"aps\": ...}), an FCM v1 message ({\"message\": ...}), an FCM data map or a content-state object; pass --kind apns|fcm|data|content-state",
                                      at: SourceLocation(file: path, line: document.root.line, column: document.root.column), rule: "payload-kind")
            return PayloadValidation(path: path, reading: nil, diagnostics: checker.diagnostics.items, unreadable: true)
        }
        let reading = checker.check(document.root, as: kind, fileBytes: bytes.count)
        return PayloadValidation(path: path, reading: reading, diagnostics: checker.diagnostics.sorted, unreadable: false)
    }

    /// Guesses the kind from the top-level keys.
    static func detect(_ root: JSONNode, contract: Contract) -> PayloadKind? {
        guard case .object(let members) = root.kind else { return nil }
        if root["aps"] != nil { return .apns }
        if root["headers"] != nil && root["body"] != nil { return .request }
        if let apns = root["message"]?["apns"], apns["live_activity_token"] != nil || apns["liveActivityToken"] != nil || apns["payload"]?["aps"] != nil {
            return .fcmLiveActivity
        }
        if root["message"] != nil || (root["data"] != nil && members.contains { ["token", "topic", "condition", "to", "registration_ids"].contains($0.key) }) {
            return .fcm
        }
        let stateNames = Set(contract.state.map(\.apnsName))
        let wireNames = Set((contract.attributes + contract.state).map(\.wireName))
        let allStrings = members.allSatisfy { if case .string = $0.value.kind { return true } else { return false } }
        let envelope = [contract.envelope.activityId, contract.envelope.event]
        if allStrings && envelope.allSatisfy({ key in members.contains { $0.key == key } }) { return .data }
        if allStrings && members.contains(where: { wireNames.contains($0.key) }) && !contract.state.allSatisfy({ $0.type == .string || $0.type == .url }) {
            return .data
        }
        if members.contains(where: { stateNames.contains($0.key) }) { return .contentState }
        return members.contains(where: { wireNames.contains($0.key) }) ? .data : nil
    }

    /// Runs the checks for `kind`; returns what the payload was read as.
    mutating func check(_ root: JSONNode, as kind: PayloadKind, fileBytes: Int) -> String {
        switch kind {
        case .apns:
            let event = checkAPNs(root)
            checkSize(root, fileBytes: fileBytes, what: "APNs payload", consequence: "APNs refuses it (413 PayloadTooLarge)")
            return "an APNs \(event ?? "") body for \(contract.attributesTypeName)".replacingDoubleSpaces
        case .fcm:
            checkFCMMessage(root)
            return "an FCM v1 message for \(contract.name)"
        case .data:
            checkFCMData(root, path: .root)
            return "an FCM data map for \(contract.name)"
        case .contentState:
            decodeObject(root, fields: contract.state, path: .root, holder: "\(contract.attributesTypeName).ContentState")
            return "a content-state for \(contract.attributesTypeName).ContentState"
        case .fcmLiveActivity:
            return checkFCMLiveActivity(root)
        case .broadcast:
            return checkBroadcastBody(root, headers: nil, fileBytes: fileBytes)
        case .request:
            return checkRequest(root)
        }
    }

    /// APNs counts the body as sent; measure it compact (how servers send it) and say so when
    /// only the file's whitespace puts it over.
    mutating func checkSize(_ root: JSONNode, fileBytes: Int, what: String, consequence: String) {
        let compact = JSONSize.compact(root)
        let location = SourceLocation(file: path, line: root.line, column: root.column)
        if compact > Self.limit {
            diagnostics.error("the \(what) is \(compact) bytes sent compact, over the \(Self.limit)-byte limit: \(consequence); shorten strings or move data out of the payload",
                              at: location, rule: "payload-too-large")
        } else if fileBytes > Self.limit {
            diagnostics.warning("the file is \(fileBytes) bytes as written but \(compact) compact; send it without whitespace to stay under \(Self.limit) bytes",
                                at: location, rule: "payload-too-large")
        }
    }

    mutating func error(_ node: JSONNode, _ path: JSONPath, _ message: String, rule: String) {
        diagnostics.error(path.prefix + message, at: SourceLocation(file: self.path, line: node.line, column: node.column), rule: rule)
    }

    mutating func warning(_ node: JSONNode, _ path: JSONPath, _ message: String, rule: String) {
        diagnostics.warning(path.prefix + message, at: SourceLocation(file: self.path, line: node.line, column: node.column), rule: rule)
    }
}

/// Byte counts of JSON as a server sends it: compact, strings escaped as `JSON.stringify`
/// does, numbers in the spelling the file uses.
enum JSONSize {
    static func compact(_ node: JSONNode) -> Int {
        switch node.kind {
        case .null: return 4
        case .bool(let flag): return flag ? 4 : 5
        case .number(let text): return text.utf8.count
        case .string(let text): return string(text)
        case .array(let items): return items.reduce(1) { $0 + compact($1) + 1 } + (items.isEmpty ? 1 : 0)
        case .object(let members): return members.reduce(1) { $0 + string($1.key) + 1 + compact($1.value) + 1 } + (members.isEmpty ? 1 : 0)
        }
    }

    static func string(_ text: String) -> Int {
        var output: [UInt8] = []
        JSONWriter.writeString(text, into: &output)
        return output.count
    }
}

extension String {
    var replacingDoubleSpaces: String { replacing("  ", with: " ") }
}
