/// Which declaration is the contract: the struct conforming to `ActivityAttributes`, and, when
/// there is none, a message that says what was found instead (a class, a conformance through
/// another protocol) and what to do.
extension SwiftImporter {
    static let qualifiedProtocolName = "ActivityKit." + protocolName

    /// Whether `names` (an inheritance clause) names ActivityAttributes itself.
    static func namesProtocol(_ names: [String]) -> Bool {
        names.contains { $0 == protocolName || $0 == qualifiedProtocolName }
    }

    /// Protocols through which `entry` may conform to ActivityAttributes: ones declared in this
    /// file that refine it, and ones declared elsewhere named like it (`SDKLiveActivityAttributes`).
    func conformingProtocols(of entry: SwiftTypeIndex.Entry) -> [String] {
        entry.inherited.filter { name in
            guard !Self.namesProtocol([name]) else { return false }
            if case .type(let key)? = index.lookup(name.split(separator: ".").map(String.init), from: Array(entry.path.dropLast())),
               let declared = index[key] {
                return declared.decl.kind == .protocol && refines(declared, depth: 0)
            }
            return name.hasSuffix("Attributes")
        }
    }

    /// A protocol of this file that inherits ActivityAttributes, directly or through others.
    private func refines(_ entry: SwiftTypeIndex.Entry, depth: Int) -> Bool {
        if Self.namesProtocol(entry.inherited) { return true }
        guard depth < 8 else { return false }
        return entry.inherited.contains { name in
            guard case .type(let key)? = index.lookup([name], from: Array(entry.path.dropLast())), let parent = index[key],
                  parent.decl.kind == .protocol else { return false }
            return refines(parent, depth: depth + 1)
        }
    }

    /// The struct conforming to `ActivityAttributes` (in its declaration or an extension);
    /// `typeName` picks one when the file has several, or names a struct that conforms only
    /// through another protocol.
    mutating func attributesEntry(typeName: String?) -> SwiftTypeIndex.Entry? {
        let all = index.order.compactMap { index[$0] }
        let direct = all.filter { $0.decl.kind != .protocol && Self.namesProtocol($0.inherited) }
        let candidates = direct.filter { $0.decl.kind == .struct }
        if let typeName {
            guard let entry = all.first(where: { ($0.name == typeName || $0.dottedName == typeName) && $0.decl.kind != .protocol }) else {
                let names = (candidates + all.filter { !conformingProtocols(of: $0).isEmpty }).map(\.dottedName)
                var message = "no type named '\(typeName)' in this file"
                message += names.isEmpty ? "" : " (found: \(names.joined(separator: ", ")))"
                diagnostics.error(message, at: location(1, 1), rule: "import-no-attributes")
                return nil
            }
            guard entry.decl.kind == .struct else {
                refuseKind(entry)
                return nil
            }
            if !Self.namesProtocol(entry.inherited) {
                let through = conformingProtocols(of: entry)
                let via = through.isEmpty ? "does not conform to ActivityAttributes in this file" : "conforms to ActivityAttributes through '\(through.joined(separator: "', '"))'"
                note("'\(entry.name)' \(via); it is imported as named by --type, and the generated struct conforms to ActivityAttributes itself\(through.isEmpty ? "" : ", so add `extension \(entry.name): \(through[0]) {}` by hand where the app needs that protocol")",
                     at: location(of: entry))
            }
            return entry
        }
        if candidates.count > 1 {
            let names = candidates.map(\.dottedName).joined(separator: ", ")
            diagnostics.error("\(candidates.count) structs conform to ActivityAttributes (\(names)); pick one with --type NAME",
                              at: location(of: candidates[1]), rule: "import-no-attributes")
            return nil
        }
        if let first = candidates.first { return first }
        if let other = direct.first {
            refuseKind(other)
            return nil
        }
        if let indirect = all.first(where: { [.struct, .class, .actor].contains($0.decl.kind) && !conformingProtocols(of: $0).isEmpty }) {
            let through = conformingProtocols(of: indirect).joined(separator: "', '")
            let fix = indirect.decl.kind == .struct ? "pass --type \(indirect.name) to import it anyway" : "declare it as a struct, then pass --type \(indirect.name)"
            diagnostics.error("'\(indirect.name)' conforms to ActivityAttributes only through '\(through)', so import does not take it for the contract on its own (that protocol may add requirements the schema cannot see); \(fix): the generated struct conforms to ActivityAttributes directly, and `extension \(indirect.name): \(conformingProtocols(of: indirect)[0]) {}` keeps the other conformance",
                              at: location(of: indirect), rule: "import-no-attributes")
            return nil
        }
        diagnostics.error("found no struct that conforms to ActivityAttributes; import reads the file that declares `struct <Name>Attributes: ActivityAttributes` (or `extension <Name>Attributes: ActivityAttributes {}`)",
                          at: location(1, 1), rule: "import-no-attributes")
        return nil
    }

    /// Conformances the generated struct does not declare (it is `Codable, Hashable, Sendable`):
    /// the JSON is the same, but app code that relies on them needs an extension.
    mutating func noteDroppedConformances(_ entry: SwiftTypeIndex.Entry, generatedName: String) {
        let generated: Set<String> = [Self.protocolName, Self.qualifiedProtocolName, "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable",
                                      "Swift.Codable", "Swift.Hashable", "Swift.Equatable", "Swift.Sendable"]
        let dropped = entry.inherited.filter { !generated.contains($0) && !conformingProtocols(of: entry).contains($0) }
        guard !dropped.isEmpty else { return }
        note("'\(entry.name)' also conforms to \(dropped.joined(separator: ", ")), which the generated \(generatedName) does not; add `extension \(generatedName): \(dropped.joined(separator: ", ")) {}` by hand if app code needs it",
             at: location(of: entry))
    }

    /// A class, actor or enum where the contract must be a struct.
    private mutating func refuseKind(_ entry: SwiftTypeIndex.Entry) {
        let kind = entry.decl.kind.rawValue
        unsupported("'\(entry.name)' is a\(kind == "enum" || kind == "actor" || kind == "extension" ? "n" : "") \(kind); livecontract generates the attributes as a struct (ActivityKit copies them by value), so declare it as `struct \(entry.name)` (the JSON stays the same) and import again",
                    at: location(of: entry))
    }
}
