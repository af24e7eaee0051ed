/// What the app's code uses but the schema has no place for: computed properties, methods,
/// static members, typealiases, initializers other than the memberwise one, nested types
/// outside the contract, subscripts and extra conformances. The generated copy holds only the
/// contract, so once it replaces the hand-written type these would be gone and every view
/// that used them would stop compiling. Import collects them, as written, for an extension
/// file beside the generated copy (`SwiftImport` renders it, the command writes it).
struct AppMembers: Sendable {
    /// One `extension <generated type>: <conformances> { members }`.
    struct Extension: Sendable {
        /// The generated type's Swift path: `DeliveryAttributes.ContentState`.
        var typeName: String
        var conformances: [String]
        /// Each member's source text, in source order.
        var members: [SwiftSpan]
        /// Names of the types and typealiases among `members`.
        var declaredNames: [String] = []
    }

    /// The attributes type's Swift name, which every generated type is nested in.
    var outerName = ""
    /// Whether the generated types are `public` (an alias used in a public member must be too).
    var isPublic = false
    /// The names the attributes type's body could see unqualified: every generated type and
    /// what its extension here declares. An extension of a nested type does not see them
    /// (Swift looks up the extended type's members, then the file), so the file gives each
    /// one such an extension uses a typealias.
    var outerNames: [String] = []

    var extensions: [Extension] = []
    /// Each member as a reader names it (`var isLate`, `conformance to Identifiable`), at its position.
    var listed: [(what: String, line: Int, column: Int)] = []
    /// Modules the files those members come from import, in order, once each.
    var imports: [String] = []

    var isEmpty: Bool { extensions.isEmpty }
}

/// A type the generated copy declares, with the hand-written declaration it comes from.
struct GeneratedCounterpart {
    var entry: SwiftTypeIndex.Entry
    /// The generated Swift path (`DeliveryAttributes.Step`).
    var swiftName: String
    /// The generated memberwise initializer's labels; nil for an enum.
    var memberwiseLabels: [String]?
}

extension SwiftImporter {
    /// Conformances the generated type lacks (it is `Codable, Hashable, Sendable`; an enum also
    /// has its raw type and `CaseIterable`), from `decls`. A composition (`Codable & Hashable`)
    /// counts part by part, so a conformance the generated type has is never named.
    func droppedConformances(_ entry: SwiftTypeIndex.Entry, in decls: [SwiftTypeDecl]) -> [String] {
        var generated: Set<String> = [Self.protocolName, Self.qualifiedProtocolName, "Codable", "Decodable", "Encodable", "Hashable", "Equatable", "Sendable",
                                      "Swift.Codable", "Swift.Decodable", "Swift.Encodable", "Swift.Hashable", "Swift.Equatable", "Swift.Sendable"]
        if entry.decl.kind == .enum {
            generated.formUnion(["String", "Swift.String", "Int", "Swift.Int", "CaseIterable", "Swift.CaseIterable", "RawRepresentable", "Swift.RawRepresentable"])
        }
        let through = Set(conformingProtocols(of: entry))
        var seen: Set<String> = []
        return decls.flatMap(\.inherited).filter { !generated.contains($0) && !through.contains($0) && seen.insert($0).inserted }
    }

    /// The declarations of `counterpart` whose code the generated copy does not carry over:
    /// the primary one always (the generated type replaces it), an extension when it goes
    /// too (it is in the file `generate --force` replaces) or extends another type than the
    /// generated one (the type moved, `ContentState.Step` to `DeliveryAttributes.Step`).
    func carriedDeclarations(of counterpart: GeneratedCounterpart, replacingFile: Bool) -> [SwiftTypeDecl] {
        let moved = counterpart.entry.dottedName != counterpart.swiftName
        let home = chosenLine ?? 0
        return [counterpart.entry.decl] + counterpart.entry.extensions.filter { moved || (replacingFile && sameFile($0.line, home)) }
    }

    /// Everything the generated copy would drop, by generated type. `replacingFile`: the
    /// attributes file itself is `outputs.swift` (its extensions are replaced with it).
    func appMembers(replacingFile: Bool) -> AppMembers {
        var result = AppMembers()
        var files: Set<Int> = []
        let generatedKeys = Set(generatedCounterparts.map(\.entry.dottedName)).union(specializations.values.map(\.base))
        for counterpart in generatedCounterparts {
            let decls = carriedDeclarations(of: counterpart, replacingFile: replacingFile)
            let conformances = droppedConformances(counterpart.entry, in: decls)
            var spans: [(span: SwiftSpan, what: String, line: Int, column: Int)] = []
            for decl in decls {
                spans += carriedMembers(of: decl, in: counterpart, generatedKeys: generatedKeys)
            }
            guard !spans.isEmpty || !conformances.isEmpty else { continue }
            var unique: [SwiftSpan] = []
            // Sorted by start then end, equal spans sit side by side: one look back drops them
            // (a search of the whole list was quadratic in a project's thousands of members).
            for item in spans.sorted(by: { ($0.span.start, $0.span.end) < ($1.span.start, $1.span.end) }) where unique.last != item.span {
                unique.append(item.span)
            }
            let declared = spans.compactMap { item -> String? in
                let words = item.what.split(separator: " ")
                guard words.count == 2, words[0] == "typealias" || SwiftTypeDecl.Kind(rawValue: String(words[0])) != nil else { return nil }
                return String(words[1])
            }
            result.extensions.append(AppMembers.Extension(typeName: counterpart.swiftName, conformances: conformances, members: unique, declaredNames: declared))
            let entry = counterpart.entry
            result.listed += conformances.map { ("conformance to \($0)", entry.decl.line, entry.decl.column) }
            result.listed += spans.map { ($0.what, $0.line, $0.column) }
            for decl in decls { files.insert(fileStarts.lastIndex { $0 <= decl.line } ?? 0) }
        }
        for (module, line) in index.imports where files.contains(fileStarts.lastIndex { $0 <= line } ?? 0) && !result.imports.contains(module) {
            result.imports.append(module)
        }
        result.listed.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        result.outerName = attributesName
        result.isPublic = generatedCounterparts.first?.entry.decl.isPublic ?? false
        let generatedNames = generatedCounterparts.dropFirst().map { String($0.swiftName.dropFirst(attributesName.count + 1)) }
        result.outerNames = generatedNames + (result.extensions.first { $0.typeName == attributesName }?.declaredNames ?? [])
        return result
    }

    /// The members of `decl` that the generated type does not declare, each with a reader's
    /// name for it. Stored properties are the contract (or cannot move: an extension holds no
    /// stored property); `init(from:)`, `encode(to:)`, `CodingKeys`, the memberwise
    /// initializer and the contract's own types are generated.
    private func carriedMembers(of decl: SwiftTypeDecl, in counterpart: GeneratedCounterpart, generatedKeys: Set<String>) -> [(span: SwiftSpan, what: String, line: Int, column: Int)] {
        var found: [(span: SwiftSpan, what: String, line: Int, column: Int)] = []
        let members = decl.members
        for property in members.properties where property.isStatic || property.isComputed {
            found.append((property.span, (property.isStatic ? "static " : "") + (property.isLet ? "let " : "var ") + property.name, property.line, property.column))
        }
        for function in members.functions where !function.isCodableRequirement {
            let signature = function.name + "(" + function.labels.map { $0 + ":" }.joined() + ")"
            if function.name == "init" {
                if let labels = counterpart.memberwiseLabels, labels == function.labels { continue }
                if counterpart.memberwiseLabels == nil && function.labels == ["rawValue"] { continue }
            }
            found.append((function.span, function.name == "init" ? signature : "func " + signature, function.line, function.column))
        }
        for alias in members.aliases where !(alias.name == "ContentState" && counterpart.entry.dottedName == attributesName) {
            found.append((alias.span, "typealias " + alias.name, alias.line, alias.column))
        }
        for nested in members.types where nested.kind != .extension && nested.name != "ContentState" && nested.name != "CodingKeys" {
            if generatedKeys.contains((counterpart.entry.path + [nested.name]).joined(separator: ".")) { continue }
            found.append((nested.span, nested.kind.rawValue + " " + nested.name, nested.line, nested.column))
        }
        for item in members.subscripts {
            found.append((item.span, "subscript", item.line, item.column))
        }
        return found
    }
}
