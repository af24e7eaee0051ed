/// Enums and structs used by the contract, and the hand-written Codable code that would make
/// their JSON differ from what synthesized `Codable` (and so the generated code) writes.
extension SwiftImporter {
    /// An enum or struct in schema terms, or nil after reporting why it has none.
    mutating func namedType(_ entry: SwiftTypeIndex.Entry, name: String) -> ImportedType? {
        let origin = location(of: entry)
        switch entry.decl.kind {
        case .struct, .class:
            if entry.decl.kind == .class && !acceptedClass(entry, role: "'\(entry.name)'") { return nil }
            let fields = checkedFields(of: entry)
            return ImportedType(name: name, doc: entry.decl.doc, kind: .structure(fields), origin: origin)
        case .enum:
            return enumeration(entry, name: name)
        default:
            return nil
        }
    }

    /// A String-raw enum; a raw value that differs from the case name becomes the schema's
    /// `name: RAW` form (the raw value is the wire). A hand-written `init(from:)` of the form `Self(rawValue: raw) ?? .fallback`
    /// is read as `unknown: fallback`; any other one is refused.
    mutating func enumeration(_ entry: SwiftTypeIndex.Entry, name: String) -> ImportedType? {
        let origin = location(of: entry)
        let cases = entry.decl.members.cases
        let errorsBefore = diagnostics.errors.count
        refuseCodingFromProtocols(entry)
        for enumCase in cases where enumCase.hasAssociatedValues {
            let payload = enumCase.associatedKeys.map { "\"\($0)\": ..." }.joined(separator: ", ")
            unsupported("case '\(enumCase.name)' of '\(entry.name)' has associated values, which synthesized Codable writes as {\"\(enumCase.name)\": {\(payload)}} (an object keyed by the case); the schema's enums are strings and its structs cannot say \"exactly one of these keys\", so it cannot be imported: to adopt livecontract, make it a String-raw enum and move the values into optional fields beside it (a different JSON, so the senders change too)",
                        at: location(enumCase.line, enumCase.column))
        }
        let rawType = entry.decl.inherited.first
        let isStringRaw = rawType == "String" || rawType == "Swift.String"
        let isIntRaw = Self.isIntRaw(rawType)
        if !isStringRaw && !isIntRaw {
            if rawType == "Character" {
                unsupported("enum '\(entry.name)' has Character raw values; the schema's enums are String-raw (same JSON, a string): change ': Character' to ': String'", at: origin)
            } else if let rawType, ["Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"].contains(rawType) {
                unsupported("enum '\(entry.name)' has \(rawType) raw values, so its JSON is a number, and the schema's enums are String-raw or Int-raw (`raw: int`): change ': \(rawType)' to ': Int' (the same JSON for raw values within 32 bits), or declare the fields that hold it as \(rawType) (the same JSON) and convert with \(entry.name)(rawValue:) where app code reads them", at: origin)
            } else if !cases.contains(where: \.hasAssociatedValues),
                      !entry.inherited.contains(where: { ["Codable", "Encodable", "Swift.Codable", "Swift.Encodable"].contains($0) }) {
                undeclared.insert(entry.path.first ?? entry.name)
                unsupported("enum '\(entry.name)' is not Codable in the files import reads (neither it nor an extension of it conforms), so a Codable struct cannot hold it and the Swift does not compile as given; declare `enum \(entry.name): String, Codable` (its JSON is then the case name), or pass the file whose extension makes it Codable",
                            at: origin)
            } else if !cases.contains(where: \.hasAssociatedValues) {
                unsupported("enum '\(entry.name)' has no String raw type, so Codable writes each case as an object ({\"case\":{}}); add ': String' if the JSON should be the case name",
                            at: origin)
            }
        }
        var imported: [ImportedCase] = []
        for enumCase in cases where isStringRaw {
            guard !enumCase.rawValue.isEmpty else {
                imported.append(ImportedCase(name: enumCase.name, rawValue: nil))
                continue
            }
            guard let raw = SwiftLiterals.string(enumCase.rawValue) else {
                let written = enumCase.rawValue.map(\.text).joined()
                unsupported("case '\(enumCase.name)' has the raw value \(written), which is not a plain string literal; write it as \"...\" (no interpolation, raw or multi-line string)",
                            at: location(enumCase.line, enumCase.column))
                continue
            }
            imported.append(ImportedCase(name: enumCase.name, rawValue: raw == enumCase.name ? nil : raw))
        }
        if isIntRaw { imported = intRawCases(entry) }
        if cases.isEmpty { unsupported("enum '\(entry.name)' has no cases", at: origin) }
        var unknown: String?
        for function in entry.functions where function.isCodableRequirement {
            if function.name == "init", let fallback = fallbackCase(function, cases: cases.map(\.name), rawType: isIntRaw ? "Int" : "String") {
                unknown = fallback
            } else {
                unsupported("'\(entry.name)' writes its own \(function.name == "init" ? "init(from:)" : "encode(to:)"); the schema cannot express custom coding (only the `Self(rawValue: raw) ?? .fallback` form, which is `unknown:`)",
                            at: location(function.line, function.column))
            }
        }
        guard diagnostics.errors.count == errorsBefore else { return nil }
        var type = ImportedType(name: name, doc: entry.decl.doc, kind: .enumeration(cases: imported, unknown: unknown), origin: origin)
        type.intRaw = isIntRaw
        return type
    }

    /// The `fallback` of an `init(from:)` that decodes one String (or `RawValue`) and falls
    /// back with `?? .fallback`, the idiom the schema's `unknown:` generates; nil for anything else.
    func fallbackCase(_ function: SwiftFunction, cases: [String], rawType: String = "String") -> String? {
        let body = function.body
        // `RawValue` is the enum's raw type (String, or Int), so `decode(RawValue.self)` reads the same.
        let decodesString = body.indices.dropLast(2).contains { (body[$0].is(rawType) || body[$0].is("RawValue")) && body[$0 + 1].is(".") && body[$0 + 2].is("self") }
        guard decodesString, body.contains(where: { $0.is("singleValueContainer") }), body.contains(where: { $0.is("rawValue") }) else { return nil }
        var found: [String] = []
        for position in body.indices.dropLast(3)
        where body[position].is("?") && body[position + 1].is("?") && body[position + 2].is(".") && body[position + 3].kind == .word {
            found.append(body[position + 3].text)
        }
        let calls = body.filter { $0.kind == .word && ["throw", "encode", "keyedBy", "nestedContainer", "unkeyedContainer"].contains($0.text) }
        guard found.count == 1, let fallback = found.first, cases.contains(fallback), calls.isEmpty else { return nil }
        return fallback
    }

    /// Reads hand-written `init(from:)` and `encode(to:)` of the one readable shape (see
    /// `SwiftCodableBody`, over declared or synthesized `CodingKeys`) and refuses any other.
    /// (`CodingKeys` raw values become `apnsName:` and properties left out of `CodingKeys` are
    /// handled with the fields.)
    mutating func checkCodableConformance(_ entry: SwiftTypeIndex.Entry) -> CodablePlan {
        var plan = CodablePlan()
        let errorsBefore = diagnostics.errors.count
        refuseCodingFromProtocols(entry)
        for function in entry.functions where function.isCodableRequirement {
            let isInit = function.name == "init"
            let name = isInit ? "init(from:)" : "encode(to:)"
            do throws(SwiftCodableBody.Unreadable) {
                if isInit, let delegated = try SwiftCodableBody.delegation(function.body) {
                    plan.decoding = delegatedDecoding(delegated.decoded, call: delegated.call, in: entry) ?? delegated.decoded
                } else if isInit {
                    let declared = (entry.decl.members.properties + entry.extensions.flatMap(\.members.properties)).filter { !$0.isStatic && !$0.isComputed }
                    let types = Dictionary(declared.compactMap { property in property.type.map { (property.name, $0) } }, uniquingKeysWith: { first, _ in first })
                    plan.decoding = try SwiftCodableBody.decoding(function.body, propertyTypes: types)
                } else {
                    plan.encoding = try SwiftCodableBody.encoding(function.body)
                }
                plan.origin = location(function.line, function.column)
            } catch {
                let shape = isInit
                    ? "`let container = try decoder.container(keyedBy: CodingKeys.self)`, then per property `self.x = try container.decode(T.self, forKey: .x)` or `try container.decodeIfPresent(T.self, forKey: .x)` with an optional `?? literal` (a schema default)"
                    : "`var container = encoder.container(keyedBy: CodingKeys.self)`, then per property `try container.encode(x, forKey: .x)` (`encodeIfPresent` for optionals)"
                let at = error.line > 0 ? location(error.line, error.column) : location(function.line, function.column)
                if let reason = error.reason {
                    unsupported("'\(entry.name)' writes its own \(name), and this statement has no schema form: \(reason)", at: at)
                } else {
                    unsupported("'\(entry.name)' writes its own \(name), and this statement is not of the one form import reads (\(shape)); import does not guess what custom code does: rewrite it in that form, remove it, or keep this type by hand",
                                at: at)
                }
            }
        }
        // Without a CodingKeys declaration the compiler synthesizes one case per stored
        // property, named as the property, as long as init(from:) or encode(to:) is still
        // synthesized: hand-written code then reads and writes the property names, which
        // `fields(of:decoding:)` checks key by key.
        let written = Set(entry.functions.filter(\.isCodableRequirement).map(\.name))
        // Code already refused above says what is wrong; missing CodingKeys would mislead.
        if written.count == 2, codingKeys(of: entry) == nil, diagnostics.errors.count == errorsBefore {
            undeclared.insert(entry.path.first ?? entry.name)
            unsupported("'\(entry.name)' writes both init(from:) and encode(to:) but no CodingKeys enum is declared in the files import reads, and Swift synthesizes CodingKeys only while one of the two is synthesized; pass the file that declares its CodingKeys too",
                        at: plan.origin ?? location(of: entry))
        }
        // A raw value that differs from the case name is the field's `apnsName:` (read with
        // the fields); one that is no plain string literal cannot be read.
        for key in codingKeys(of: entry)?.members.cases ?? [] where !key.rawValue.isEmpty && SwiftLiterals.string(key.rawValue) == nil {
            let written = key.rawValue.map(\.text).joined()
            unsupported("CodingKeys gives '\(key.name)' the raw value \(written), which is not a plain string literal; write the key as \"...\" (no interpolation, raw or multi-line string)",
                        at: location(key.line, key.column))
        }
        return plan
    }

    /// The `CodingKeys` enum nested in `entry` or added by an extension, if any.
    func codingKeys(of entry: SwiftTypeIndex.Entry) -> SwiftTypeDecl? {
        (entry.decl.members.types + entry.extensions.flatMap(\.members.types)).first { $0.name == "CodingKeys" && $0.kind == .enum }
    }

    /// Protocols every Swift reader knows, that add no Codable code: anything else a type
    /// conforms to may implement `init(from:)`/`encode(to:)` in an extension.
    static let plainProtocols: Set<String> = [
        "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable", "Identifiable", "CaseIterable",
        "Comparable", "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable", "Error",
        "LocalizedError", "AnyObject", "ActivityAttributes", "ObservableObject", "CodingKey",
        "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Float32", "Float64", "Bool",
    ]

    /// A type whose Codable code comes from an extension of a protocol it conforms to
    /// (`protocol TextValue: Codable` with `init(from:)` in `extension TextValue`) writes what
    /// that code writes, not its stored properties: refused, naming the protocol's function.
    /// A conformance to a protocol none of the files declares is recorded, so import looks it
    /// up in the project before trusting the stored properties.
    mutating func refuseCodingFromProtocols(_ entry: SwiftTypeIndex.Entry) {
        let own = Set(entry.functions.filter(\.isCodableRequirement).map(\.name))
        var queue = entry.inherited.map { (name: $0, scope: Array(entry.path.dropLast())) }
        var seen: Set<String> = []
        while let next = queue.popLast(), seen.count < 64 {
            let bare = next.name.hasPrefix("Swift.") ? String(next.name.dropFirst(6)) : next.name
            guard seen.insert(next.name).inserted, !Self.plainProtocols.contains(bare), !Self.namesProtocol([next.name]) else { continue }
            guard case .type(let key)? = index.lookup(next.name.split(separator: ".").map(String.init), from: next.scope), let declared = index[key] else {
                if let outer = next.name.split(separator: ".").first { undeclared.insert(String(outer)) }
                continue
            }
            guard declared.decl.kind == .protocol else { continue }
            // Only an extension implements; the protocol's own body states requirements.
            if let function = declared.extensions.flatMap(\.members.functions).first(where: { $0.isCodableRequirement && !own.contains($0.name) }) {
                let name = function.name == "init" ? "init(from:)" : "encode(to:)"
                unsupported("'\(entry.name)' conforms to '\(declared.dottedName)', whose extension implements \(name), so its JSON is what that code writes, not its stored properties; the schema cannot express custom coding: give '\(entry.name)' the fields its JSON has (a single value is that value's type in the schema) or keep this type by hand",
                            at: location(of: entry))
                note("the \(name) that '\(entry.name)' takes from '\(declared.dottedName)'", at: location(function.line, function.column))
                return
            }
            queue += declared.decl.inherited.map { (name: $0, scope: Array(declared.path.dropLast())) }
        }
    }
}
