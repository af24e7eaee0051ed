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

    /// The struct (or class) conforming to `ActivityAttributes` (in its declaration or an
    /// extension); `typeName` picks one when the files declare several, or names one that
    /// conforms only through another protocol.
    mutating func attributesEntry(typeName: String?) -> SwiftTypeIndex.Entry? {
        let all = index.order.compactMap { index[$0] }
        let direct = all.filter { $0.decl.kind != .protocol && Self.namesProtocol($0.inherited) }
        let candidates = direct.filter { $0.decl.kind == .struct || $0.decl.kind == .class }
        if let typeName {
            guard let entry = all.first(where: { ($0.name == typeName || $0.dottedName == typeName) && $0.decl.kind != .protocol }) else {
                let names = (candidates + all.filter { !conformingProtocols(of: $0).isEmpty }).map(\.dottedName)
                var message = "no type named '\(typeName)' in the files import reads"
                message += names.isEmpty ? "" : " (found: \(names.joined(separator: ", ")))"
                diagnostics.error(message, at: location(1, 1), rule: "import-no-attributes")
                return nil
            }
            guard entry.decl.kind == .struct || entry.decl.kind == .class else {
                refuseKind(entry)
                return nil
            }
            if !Self.namesProtocol(entry.inherited) {
                let through = conformingProtocols(of: entry)
                let via = through.isEmpty ? "does not conform to ActivityAttributes in the files import reads" : "conforms to ActivityAttributes through '\(through.joined(separator: "', '"))'"
                note("'\(entry.name)' \(via); it is imported as named by --type, and the generated struct conforms to ActivityAttributes itself\(through.isEmpty ? "" : ", so add `extension \(entry.name): \(through[0]) {}` by hand where the app needs that protocol")",
                     at: location(of: entry))
            }
            warnOtherContracts(besides: entry, in: candidates)
            return accepted(entry)
        }
        // Structs that conform through a protocol of the files read that refines
        // ActivityAttributes (an SDK's, passed along) are contracts as much as direct ones,
        // once others share the files.
        let through = candidates.isEmpty ? [] : all.filter { ($0.decl.kind == .struct || $0.decl.kind == .class) && !Self.namesProtocol($0.inherited) && visibleRefinement(of: $0) != nil }
        let contracts = all.filter { entry in (candidates + through).contains { $0.dottedName == entry.dottedName } }
        if contracts.count > 1 {
            // A struct without any ContentState in sight cannot be an ActivityAttributes that
            // compiles (a stand-in, or one whose ContentState lives in a file not given).
            let real = contracts.filter { index.lookup(["ContentState"], from: $0.path) != nil }
            guard real.count == 1 else {
                let listed = real.isEmpty ? contracts : real
                let names = listed.map(\.dottedName)
                let indirect = listed.filter { !Self.namesProtocol($0.inherited) }
                let via = indirect.isEmpty ? "" : " (\(indirect.map { "'\($0.name)' through '\(visibleRefinement(of: $0) ?? "")'" }.joined(separator: ", ")))"
                diagnostics.error("\(names.count) types conform to ActivityAttributes (\(names.joined(separator: ", ")))\(via), and a schema describes one contract; import each into its own schema with --type NAME (`livecontract import --type \(names[0]) ...`); the generated copy of each goes to a file of its own, since this file holds the other",
                                  at: location(of: listed[1]), rule: "import-no-attributes")
                return nil
            }
            for other in contracts where other.dottedName != real[0].dottedName {
                note("'\(other.dottedName)' conforms to ActivityAttributes too, but no ContentState is in sight for it, so '\(real[0].dottedName)' is the contract (pass --type to pick another)",
                     at: location(of: other))
            }
            if !Self.namesProtocol(real[0].inherited) { return attributesEntry(typeName: real[0].dottedName) }
            return accepted(real[0])
        }
        if let first = candidates.first {
            // One that conforms only through a protocol not declared in the files read may be
            // a second contract: say so, since import does not take it on its own.
            for other in all where [.struct, .class].contains(other.decl.kind) && !Self.namesProtocol(other.inherited) && !conformingProtocols(of: other).isEmpty {
                note("'\(other.dottedName)' conforms to ActivityAttributes only through '\(conformingProtocols(of: other)[0])', which the files import reads do not declare, so '\(first.dottedName)' is the contract; import '\(other.name)' into a schema of its own with --type \(other.name) (and the file that declares '\(conformingProtocols(of: other)[0])')",
                     at: location(of: other))
            }
            return accepted(first)
        }
        if let other = direct.first {
            refuseKind(other)
            return nil
        }
        let indirect = all.filter { [.struct, .class, .actor].contains($0.decl.kind) && !conformingProtocols(of: $0).isEmpty }
        if indirect.count == 1, let entry = indirect.first, entry.decl.kind != .actor, let visible = visibleRefinement(of: entry) {
            note("'\(entry.name)' conforms to ActivityAttributes through '\(visible)', declared in the files import reads and adding no Codable code, so the JSON is its own stored properties; the generated struct conforms to ActivityAttributes itself, so add `extension \(entry.name): \(visible) {}` by hand where the app needs that protocol",
                 at: location(of: entry))
            return accepted(entry)
        }
        if let indirect = indirect.first {
            undeclared.formUnion(conformingProtocols(of: indirect).compactMap { $0.split(separator: ".").first.map(String.init) })
            let through = conformingProtocols(of: indirect).joined(separator: "', '")
            let fix = indirect.decl.kind == .actor ? "declare it as a struct, then pass --type \(indirect.name)" : "pass --type \(indirect.name) to import it anyway (or pass the file that declares '\(conformingProtocols(of: indirect)[0])' too)"
            diagnostics.error("'\(indirect.name)' conforms to ActivityAttributes only through '\(through)', so import does not take it for the contract on its own (that protocol may add requirements the schema cannot see); \(fix): the generated struct conforms to ActivityAttributes directly, and `extension \(indirect.name): \(conformingProtocols(of: indirect)[0]) {}` keeps the other conformance",
                              at: location(of: indirect), rule: "import-no-attributes")
            return nil
        }
        diagnostics.error("found no struct that conforms to ActivityAttributes; import reads the file that declares `struct <Name>Attributes: ActivityAttributes` (or `extension <Name>Attributes: ActivityAttributes {}`)",
                          at: location(1, 1), rule: "import-no-attributes")
        return nil
    }

    /// The protocol `entry` conforms through when every one of them is declared in the files
    /// and neither they nor their extensions there write `init(from:)`/`encode(to:)` (which
    /// would change the JSON); nil otherwise.
    func visibleRefinement(of entry: SwiftTypeIndex.Entry) -> String? {
        let through = conformingProtocols(of: entry)
        for name in through {
            guard case .type(let key)? = index.lookup(name.split(separator: ".").map(String.init), from: Array(entry.path.dropLast())),
                  let declared = index[key], declared.decl.kind == .protocol,
                  !declared.functions.contains(where: \.isCodableRequirement) else { return nil }
        }
        return through.first
    }

    /// With --type picking one of several contracts in one file: the generated file holds only
    /// the one imported, so the others would be lost when it replaces the file.
    mutating func warnOtherContracts(besides entry: SwiftTypeIndex.Entry, in candidates: [SwiftTypeIndex.Entry]) {
        let others = candidates.filter { $0.dottedName != entry.dottedName && sameFile($0.decl.line, entry.decl.line) }
        guard !others.isEmpty else { return }
        diagnostics.warning("this file also declares \(others.map { "'\($0.dottedName)'" }.joined(separator: ", ")), another contract, which the generated file will not contain (so the generated '\(entry.name)' goes to a file of its own); import \(others.count == 1 ? "it" : "each") into a schema of its own with --type \(others[0].name)",
                            at: location(of: entry), rule: "import-changed")
    }

    /// The chosen attributes type; a class is read as a struct, with a warning.
    mutating func accepted(_ entry: SwiftTypeIndex.Entry) -> SwiftTypeIndex.Entry? {
        if entry.decl.kind == .class && !acceptedClass(entry, role: "the attributes") { return nil }
        return entry
    }

    /// A class, actor or enum where the contract must be a struct.
    private mutating func refuseKind(_ entry: SwiftTypeIndex.Entry) {
        let kind = entry.decl.kind.rawValue
        unsupported("'\(entry.name)' is a\(kind == "enum" || kind == "actor" || kind == "extension" ? "n" : "") \(kind); livecontract generates the attributes as a struct (ActivityKit copies them by value), so declare it as `struct \(entry.name)` (the JSON stays the same) and import again",
                    at: location(of: entry))
    }
}
