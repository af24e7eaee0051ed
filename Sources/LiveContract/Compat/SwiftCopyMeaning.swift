/// One sentence about what a drifted Swift copy means on the wire, with the copy's line.
public struct DriftMeaning: Sendable, Equatable {
    /// The line in the copy the sentence is about; nil when it is about something the copy lacks.
    public var line: Int?
    public var text: String
    /// False for "same wire shape" notes: the copy differs only in code, docs or formatting.
    public var breaks: Bool
}

/// Compares a Swift copy's shape with the schema's and says, in ActivityKit terms, what the
/// difference does: which payloads a widget built from the copy fails to decode, and what a
/// schema-built widget makes of what the copy encodes (when the app starts an activity).
public struct SwiftCopyMeaning {
    public let copy: ContractShape
    public let schema: ContractShape

    public init(copy: ContractShape, schema: ContractShape) {
        self.copy = copy
        self.schema = schema
    }

    public func meanings() -> [DriftMeaning] {
        var result: [DriftMeaning] = []
        if copy.typeName != schema.typeName {
            result.append(DriftMeaning(line: nil, text: "declares \(copy.typeName) where the schema's type is \(schema.typeName): ActivityKit matches the app's and the widget's attributes by type name, so activities started with one never render with the other", breaks: true))
        }
        for section in ShapeSection.allCases {
            let what = section == .state ? "every update push" : "the attributes of every activity"
            result += compare(copy.fields(in: section), schema.fields(in: section), owner: section == .state ? "ContentState" : copy.typeName, what: what)
        }
        for (name, named) in schema.namedTypes.sorted(by: { $0.key < $1.key }) {
            guard let mine = copy.namedTypes[name] else { continue }
            switch (mine.type, named.type) {
            case (.enumeration(_, let cases, let unknown), .enumeration(_, let wanted, let wantedUnknown)):
                let missing = wanted.filter { !cases.contains($0) }, extra = cases.filter { !wanted.contains($0) }
                if !missing.isEmpty {
                    let effect = unknown == nil ? "fails to decode any payload that carries \(missing.count == 1 ? "it" : "them") (dataCorrupted)" : "decodes \(missing.count == 1 ? "it" : "them") as .\(unknown!), its unknown fallback"
                    result.append(DriftMeaning(line: mine.location.line, text: "enum \(name) lacks the schema's \(list(missing)): a widget built from this copy \(effect)", breaks: unknown == nil))
                }
                if !extra.isEmpty {
                    result.append(DriftMeaning(line: mine.location.line, text: "enum \(name) has \(list(extra)), which the schema does not: values this copy encodes with them fail to decode in a schema-built widget\(wantedUnknown == nil ? "" : " unless it falls back to .\(wantedUnknown!)")", breaks: wantedUnknown == nil))
                }
                if unknown == nil && wantedUnknown != nil {
                    result.append(DriftMeaning(line: mine.location.line, text: "enum \(name) has no unknown fallback (the schema's is .\(wantedUnknown!)): cases added later break this copy", breaks: false))
                }
            case (.structure(_, let fields), .structure(_, let wanted)):
                result += compare(fields, wanted, owner: "struct \(name)", what: "every payload that carries \(name.withArticle)")
            default:
                break
            }
        }
        if result.isEmpty {
            result.append(DriftMeaning(line: nil, text: "same wire shape as the schema: both copies decode the same payloads; the difference is in comments, formatting or code", breaks: false))
        }
        return result
    }

    /// Field-by-field sentences for one struct body; renames are a field the copy has and
    /// the schema lacks, next to one of the same type the schema has and the copy lacks.
    func compare(_ mine: [ShapeField], _ wanted: [ShapeField], owner: String, what: String) -> [DriftMeaning] {
        var result: [DriftMeaning] = []
        var extra = mine.filter { field in !wanted.contains { $0.name == field.name } }
        var missing = wanted.filter { field in !mine.contains { $0.name == field.name } }
        for field in mine {
            guard let target = wanted.first(where: { $0.name == field.name }) else { continue }
            let differs = field.swiftSpelling != target.swiftSpelling || field.hasDefault != target.hasDefault
            guard differs, let consequence = consequence(copy: field, schema: target, mine, wanted, what: what) else { continue }
            let defaults = field.hasDefault == target.hasDefault ? "" : (target.hasDefault ? " without the schema's default" : " with a default the schema does not have")
            result.append(DriftMeaning(line: field.location.line, text: "\(owner) has '\(field.name): \(field.swiftSpelling)'\(defaults), the schema has '\(target.name): \(target.swiftSpelling)': \(consequence)", breaks: true))
        }
        for field in extra {
            guard let index = missing.firstIndex(where: { $0.swiftSpelling == field.swiftSpelling }) else { continue }
            let target = missing.remove(at: index)
            extra.removeAll { $0.name == field.name }
            let text = consequence(copy: field, schema: target, mine, wanted, what: what) ?? "no decoding difference"
            result.append(DriftMeaning(line: field.location.line, text: "\(owner) has '\(field.name): \(field.swiftSpelling)', the schema has '\(target.name): \(target.swiftSpelling)': \(text)", breaks: true))
        }
        for field in extra {
            let text = consequence(copy: field, schema: nil, mine, wanted, what: what) ?? "payloads simply leave it out"
            result.append(DriftMeaning(line: field.location.line, text: "\(owner) has '\(field.name): \(field.swiftSpelling)', which the schema does not: \(text)", breaks: true))
        }
        for field in missing {
            let text = consequence(copy: nil, schema: field, mine, wanted, what: what) ?? "a widget built from this copy never sees the value"
            result.append(DriftMeaning(line: nil, text: "\(owner) lacks the schema's '\(field.name): \(field.swiftSpelling)': \(text)", breaks: true))
        }
        return result
    }

    /// Both directions in one clause: the copy decoding what the schema's servers send, and a
    /// schema-built widget decoding what the copy encodes. Each reader finds its writer by
    /// key, as `JSONDecoder` does, so a renamed field is a missing key.
    func consequence(copy mine: ShapeField?, schema target: ShapeField?, _ copyFields: [ShapeField], _ schemaFields: [ShapeField], what: String) -> String? {
        var parts: [String] = []
        let schemaWriter = mine.flatMap { reader in schemaFields.first { $0.name == reader.name } }
        let copyWriter = target.flatMap { reader in copyFields.first { $0.name == reader.name } }
        if let breakage = WireReader.codable.field(reader: mine, writer: schemaWriter) {
            let verb = breakage.effect == .misreads ? "decodes a wrong value from" : "fails to decode"
            parts.append("a widget built from this copy \(verb) \(what) (\(breakage.reason))")
        }
        if let breakage = WireReader.codable.field(reader: target, writer: copyWriter) {
            parts.append("what this copy encodes (an activity the app starts) \(breakage.effect == .misreads ? "is misread" : "fails to decode") in a schema-built widget (\(breakage.reason))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    func list(_ cases: [String]) -> String {
        (cases.count == 1 ? "case " : "cases ") + cases.map { "'\($0)'" }.joined(separator: ", ")
    }
}
