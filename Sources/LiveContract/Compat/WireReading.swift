/// What goes wrong when one version of a field reads what another version wrote.
public struct Breakage: Sendable, Equatable {
    /// How bad it is for the reader.
    public enum Effect: String, Sendable {
        /// The decode throws (Codable) or the FCM parser returns no state.
        case fails
        /// The FCM parser keeps going with a default or without the value, and logs an issue.
        case degrades
        /// It decodes, but the number means something else (a date read as a count, ...).
        case misreads
    }

    public var effect: Effect
    /// In the reader's terms: `keyNotFound 'riderName'`, `typeMismatch: ...`.
    public var reason: String
}

/// The two decoders a contract change can break: Swift's default `JSONDecoder` on APNs
/// content-state and attributes (keys are Swift names), and the generated FCM parsers on a
/// flat `Map<String, String>` (keys are wire names, values text, see docs/wire.md).
public enum WireReader: Sendable {
    case codable, fcm

    /// The key this decoder looks up.
    func key(of field: ShapeField) -> String { self == .codable ? field.name : field.wireName }

    /// `reader` decoding what `writer` encodes; nil when every value round-trips. A nil
    /// reader ignores the key (extra keys are fine for both decoders); a nil writer never
    /// sends it; an optional writer omits the key whenever the value is nil, and a writer
    /// with a default may omit it (that is what the default allows servers to do).
    public func field(reader: ShapeField?, writer: ShapeField?) -> Breakage? {
        guard let reader else { return nil }
        let key = self.key(of: reader)
        guard let writer else {
            return reader.isRequired ? missing(key, reader, when: nil) : nil
        }
        if writer.isOptional && reader.isRequired {
            return missing(key, reader, when: "when the value is nil, because nil values are left out")
        }
        if writer.hasDefault && reader.isRequired {
            return missing(key, reader, when: "when a payload leaves it out, which the writer's default allows")
        }
        if self == .codable, case .date = reader.type, case .date = writer.type, reader.dateEncoding != writer.dateEncoding {
            return Self.encodingChange(reader: reader.dateEncoding, writer: writer.dateEncoding)
        }
        guard var breakage = value(reader: reader.type, writer: writer.type) else { return nil }
        if self == .fcm && breakage.effect == .fails && !reader.isRequired { breakage.effect = .degrades }
        return breakage
    }

    /// A date written in one `encoding:` and read in another: text against a number fails,
    /// a number in another epoch or unit decodes to a wrong date.
    static func encodingChange(reader: DateEncoding, writer: DateEncoding) -> Breakage {
        if reader == .iso8601 || writer == .iso8601 {
            let (read, sent) = reader == .iso8601 ? ("an ISO-8601 string", "a number") : ("a number", "an ISO-8601 string")
            return Breakage(effect: .fails, reason: "typeMismatch: the decoder reads \(read) (encoding: \(reader.rawValue)), the writer sends \(sent) (encoding: \(writer.rawValue))")
        }
        return Breakage(effect: .misreads, reason: "decodes, but a date written as \(writer.summary) is read as \(reader.summary)")
    }

    private func missing(_ key: String, _ reader: ShapeField, when: String?) -> Breakage {
        let suffix = when.map { " " + $0 } ?? ""
        switch self {
        case .codable:
            return Breakage(effect: .fails, reason: "keyNotFound '\(key)'\(suffix)")
        case .fcm:
            return Breakage(effect: .fails, reason: "parseFcmData reports '\(key)' missing and returns no result\(suffix)")
        }
    }

    /// The type matrix. Codable JSON and FCM text agree on most cells; they differ where FCM
    /// carries a value as text a wider reader still accepts (`url` is a plain string there).
    public func value(reader: ShapeType, writer: ShapeType) -> Breakage? {
        switch (reader, writer) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.date, .date),
             (.dateRange, .dateRange), (.url, .url), (.double, .int), (.string, .url), (.string, .enumeration),
             (.array(.date), .dateRange), (.uuid, .uuid), (.string, .uuid):
            return nil
        case (.sized(let read), .sized(let written)):
            return Self.holds(read, written) ? nil : mismatch(reader, writer, detail: "values of \(written.swiftName) beyond \(read.swiftName)'s range fail")
        case (.sized(let read), .int):
            return Self.holds(read, .int32) ? nil : mismatch(reader, writer, detail: "int values beyond \(read.swiftName)'s range fail")
        case (.int, .sized(let written)):
            return Self.holds(.int32, written) ? nil : mismatch(reader, writer, detail: "values of \(written.swiftName) beyond the 32-bit range of int fail")
        case (.double, .sized), (.double, .float), (.float, .float):
            return nil
        case (.float, .int), (.float, .sized):
            return nil
        case (.float, .double):
            return mismatch(reader, writer, detail: "values beyond Float's range (about 3.4e38) fail, and the rest lose precision")
        case (.uuid, .string):
            return self == .codable
                ? Breakage(effect: .fails, reason: "dataCorrupted: text that is not a UUID (UUID(uuidString:) is nil) fails to decode")
                : Breakage(effect: .fails, reason: "invalid: the uuid parser refuses text that is not in the 8-4-4-4-12 hex form")
        case (.url, .string):
            return self == .fcm ? nil : Breakage(effect: .fails, reason: "dataCorrupted 'Invalid URL string.' for text that is not a URL (an empty string, for one)")
        case (.int, .double):
            return mismatch(reader, writer, detail: "any value with a fraction (0.5) fails")
        case (.date, .double), (.date, .int):
            return Breakage(effect: .misreads, reason: self == .codable
                            ? "decodes, but the number is read as seconds since 2001-01-01"
                            : "parses, but the number is read as Unix milliseconds")
        case (.double, .date), (.int, .date):
            return Breakage(effect: .misreads, reason: self == .codable
                            ? "the writer sends a Date as seconds since 2001-01-01, which the reader takes as a plain number"
                            : "the writer sends a date as Unix milliseconds, which the reader takes as a plain number")
        case (.enumeration(let name, let cases, let unknown), .enumeration(_, let written, _)):
            let extra = written.filter { !cases.contains($0) }
            guard let first = extra.first, unknown == nil else { return nil }
            return unknownCase(name, first, extra.count)
        case (.enumeration(let name, _, let unknown), .string):
            // Free text was never limited to the cases: the fallback shows for every other
            // value, so the card says something else, as for a case the fallback absorbs.
            guard let unknown else { return unknownCase(name, "any other text", 1) }
            return Breakage(effect: .degrades, reason: "text that is not a raw value of \(name) decodes as '\(unknown)', the unknown: fallback")
        case (.array(let readElement), .array(let writtenElement)):
            return value(reader: readElement, writer: writtenElement).map { Breakage(effect: $0.effect, reason: "array elements: " + $0.reason) }
        case (.map(let readValue), .map(let writtenValue)):
            return value(reader: readValue, writer: writtenValue).map { Breakage(effect: $0.effect, reason: "map values: " + $0.reason) }
        case (.structure(_, let readFields), .structure(_, let writtenFields)):
            for member in readFields {
                let written = writtenFields.first { key(of: $0) == key(of: member) }
                if let breakage = field(reader: member, writer: written) {
                    return Breakage(effect: breakage.effect == .misreads ? .misreads : .fails, reason: "member '\(key(of: member))': " + breakage.reason)
                }
            }
            return nil
        case (.other(let a), .other(let b)) where a == b:
            return nil
        default:
            return mismatch(reader, writer, detail: nil)
        }
    }

    /// Whether every value of `written` is a value of `read` (Swift's ranges: APNs carries them whole).
    static func holds(_ read: IntegerKind, _ written: IntegerKind) -> Bool {
        func range(_ kind: IntegerKind) -> (low: Double, high: Double) {
            switch kind {
            case .int8: return (-128, 127)
            case .int16: return (-32768, 32767)
            case .int32: return (-2147483648, 2147483647)
            case .int64: return (-9.3e18, 9.3e18)
            case .uint8: return (0, 255)
            case .uint16: return (0, 65535)
            case .uint32: return (0, 4294967295)
            case .uint, .uint64: return (0, 1.9e19)
            }
        }
        let r = range(read), w = range(written)
        return r.low <= w.low && w.high <= r.high
    }

    private func mismatch(_ reader: ShapeType, _ writer: ShapeType, detail: String?) -> Breakage {
        let tail = detail.map { "; " + $0 } ?? ""
        switch self {
        case .codable:
            return Breakage(effect: .fails, reason: "typeMismatch: \(reader.swiftSpelling) cannot decode \(writer.jsonDescription)\(tail)")
        case .fcm:
            return Breakage(effect: .fails, reason: "invalid: \(reader.schemaSpelling.withArticle) parser cannot read the text of \(writer.schemaSpelling.withArticle)\(tail)")
        }
    }

    private func unknownCase(_ name: String, _ value: String, _ count: Int) -> Breakage {
        let more = count > 1 ? " (and \(count - 1) more)" : ""
        switch self {
        case .codable:
            return Breakage(effect: .fails, reason: "dataCorrupted: cannot initialize \(name) from '\(value)'\(more); the enum has no unknown: fallback")
        case .fcm:
            return Breakage(effect: .fails, reason: "invalid: '\(value)'\(more) is not a case of \(name), which has no unknown: fallback")
        }
    }
}

extension ShapeType {
    /// How a default `JSONEncoder` writes this type, for typeMismatch messages.
    var jsonDescription: String {
        switch self {
        case .string, .url, .enumeration: return "a string"
        case .uuid: return "a UUID string"
        case .int, .sized: return "an integer"
        case .double, .float: return "a number"
        case .bool: return "true/false"
        case .date: return "a number (seconds since 2001)"
        case .dateRange: return "a two-number array"
        case .structure: return "an object"
        case .array: return "an array"
        case .map: return "an object of string keys"
        case .other(let name): return name.withArticle
        }
    }
}

extension String {
    /// "an int", "a double": for type names in sentences.
    var withArticle: String {
        guard let first = first?.lowercased() else { return self }
        return ("aeiou".contains(first) ? "an " : "a ") + self
    }
}
