/// One result of a SARIF log: a rule id, a level, a message and where it applies.
public struct SARIFResult: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(rule: String, severity: Severity, message: String, location: SourceLocation?) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
    }

    public init(_ diagnostic: Diagnostic, extra: String = "") {
        self.init(rule: diagnostic.rule, severity: diagnostic.severity, message: diagnostic.message + extra, location: diagnostic.location)
    }
}

/// SARIF 2.1.0 (the OASIS static-analysis format GitHub code scanning uploads): one run whose
/// `tool.driver.rules` holds the RuleCatalog entries the results refer to, so code scanning
/// shows each rule's summary and fix next to the alert.
///
/// Paths are relative URIs against the `SRCROOT` base (the folder the command ran in, which
/// is what the upload action resolves them against); an absolute path becomes a `file://`
/// URI. Both are percent-encoded, so a space or a `:` in a name cannot change their meaning.
public enum SARIF {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let version = "2.1.0"
    public static let toolVersion = ToolVersion.number

    public static func render(_ results: [SARIFResult]) -> String {
        TerminalText.json(JSONWriter.pretty(log(results)))
    }

    public static func log(_ results: [SARIFResult]) -> JSONValue {
        let ruleIds = Array(Set(results.map(\.rule))).sorted()
        let rules = ruleIds.map(rule)
        let results = results.map { result -> JSONValue in
            var members = [JSONMember("ruleId", .string(result.rule)),
                           JSONMember("ruleIndex", .int(Int64(ruleIds.firstIndex(of: result.rule)!))),
                           JSONMember("level", .string(level(result.severity))),
                           JSONMember("message", .object([JSONMember("text", .string(result.message.isEmpty ? result.rule : result.message))]))]
            if let location = result.location {
                members.append(JSONMember("locations", .array([physicalLocation(location)])))
            }
            return .object(members)
        }
        let driver = JSONValue.object([
            JSONMember("name", .string("livecontract")),
            JSONMember("version", .string(toolVersion)),
            JSONMember("rules", .array(rules)),
        ])
        let run = JSONValue.object([
            JSONMember("tool", .object([JSONMember("driver", driver)])),
            JSONMember("columnKind", .string("unicodeCodePoints")),
            JSONMember("results", .array(results)),
        ])
        return .object([
            JSONMember("$schema", .string(schemaURI)),
            JSONMember("version", .string(version)),
            JSONMember("runs", .array([run])),
        ])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// A reportingDescriptor from the catalog; an id missing from it (never in a release,
    /// RuleCatalogTests see to that) still gets a descriptor so `ruleIndex` stays valid.
    static func rule(_ id: String) -> JSONValue {
        var members = [JSONMember("id", .string(id))]
        if let info = RuleCatalog.entry(for: id) {
            members += [JSONMember("shortDescription", .object([JSONMember("text", .string(info.summary))])),
                        JSONMember("help", .object([JSONMember("text", .string("fix: \(info.fix)\n\nexample:\n\(info.example)"))])),
                        JSONMember("defaultConfiguration", .object([JSONMember("level", .string(id.hasPrefix("drift-line") ? "warning" : "error"))]))]
        }
        return .object(members)
    }

    static func physicalLocation(_ location: SourceLocation) -> JSONValue {
        var artifact: [JSONMember]
        if location.file.hasPrefix("/") {
            artifact = [JSONMember("uri", .string("file://" + percentEncoded(location.file)))]
        } else {
            artifact = [JSONMember("uri", .string(percentEncoded(location.file))), JSONMember("uriBaseId", .string("SRCROOT"))]
        }
        let region = JSONValue.object([JSONMember("startLine", .int(Int64(max(location.line, 1)))),
                                       JSONMember("startColumn", .int(Int64(max(location.column, 1))))])
        return .object([JSONMember("physicalLocation", .object([JSONMember("artifactLocation", .object(artifact)),
                                                                 JSONMember("region", region)]))])
    }

    /// RFC 3986: unreserved characters and `/` stay, every other byte becomes `%XX`.
    public static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            if keep {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
