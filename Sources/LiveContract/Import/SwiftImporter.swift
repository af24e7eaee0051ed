/// Turns the declarations of a hand-written `ActivityAttributes` file into an
/// `ImportedContract`: which struct is the contract, its `ContentState`, and every enum and
/// struct they use. What the schema cannot express is an error at the Swift position; where
/// the schema reads the Swift differently without changing the JSON, a note says so.
struct SwiftImporter {
    let path: String
    let index: SwiftTypeIndex
    /// The `#if` chains of the file, to warn when one inside an imported type was guessed.
    let conditionals: [SwiftConditionals.Block]
    var diagnostics = Diagnostics()
    /// Schema type name -> index key of the declaration, filled as fields refer to types.
    var typeKeys: [String: String] = [:]
    /// The other way round: index key -> schema type name (a type's own name unless taken).
    var schemaNames: [String: String] = [:]
    /// Generic structs used with arguments (`Pair<Int>`), by their pending key: the index key
    /// of the declaration and what each parameter stands for, with the scope it is read in.
    var specializations: [String: (base: String, arguments: [String: (type: SwiftTypeRef, scope: [String])])] = [:]
    /// The generic parameters of the specialization being converted.
    var substitutions: [String: (type: SwiftTypeRef, scope: [String])] = [:]
    /// Index keys still to convert.
    var pending: [String] = []
    /// How many typealiases deep the current type lookup is, to stop on a cycle.
    var aliasDepth = 0
    /// `#if` lines already warned about (a nested type's lines lie inside its parent's too).
    var warnedConditionals: Set<Int> = []
    /// The line of the joined text where each file read starts (see `SwiftSourceSet`).
    var fileStarts: [Int] = [1]
    /// The line of the attributes type import picked, once picked.
    var chosenLine: Int?
    /// Outermost names of types (or protocols) the contract needs and no file read declares:
    /// what a look through the rest of the project could supply.
    var undeclared: Set<String> = []
    /// Its Swift name, which the generated code nests every imported type in.
    var attributesName = ""
    /// The types the generated copy declares, with the declarations they come from.
    var generatedCounterparts: [GeneratedCounterpart] = []
    /// The attributes file itself becomes `outputs.swift`, so its extensions go with it.
    var replacingFile = true

    static let protocolName = "ActivityAttributes"

    init(path: String, file: SwiftMembers, conditionals: [SwiftConditionals.Block]) {
        self.path = path
        self.index = SwiftTypeIndex(file: file)
        self.conditionals = conditionals
    }

    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    func location(of entry: SwiftTypeIndex.Entry) -> SourceLocation {
        location(entry.decl.line, entry.decl.column)
    }

    mutating func unsupported(_ message: String, at location: SourceLocation) {
        diagnostics.error(message, at: location, rule: "import-unsupported")
    }

    mutating func note(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.note, message, at: location, rule: "import-changed"))
    }

    /// The whole import: nil when anything could not be expressed.
    mutating func contract(typeName: String?, swiftOutput: String, sourceName: String) -> ImportedContract? {
        guard let attributes = attributesEntry(typeName: typeName) else { return nil }
        chosenLine = attributes.decl.line
        attributesName = attributes.name
        let origin = location(of: attributes)
        var name = attributes.name
        var attributesType: String?
        if name.hasSuffix("Attributes") && name.count > "Attributes".count {
            name.removeLast("Attributes".count)
        } else {
            // ActivityKit matches the type by name, so it keeps its own (`attributesType:`);
            // the other languages derive their type names from `name`, here the same.
            attributesType = attributes.name
        }
        if let derived = Self.contractName(fromSwift: name) {
            // Xcode names the widget's struct after its target (`sunset_widgetAttributes`);
            // the contract name must start upper-case, the Swift name stays as it is.
            attributesType = attributes.name
            note("'\(attributes.name)' does not start with an upper-case letter, which the other languages' type names need, so the contract is named '\(derived)' and the schema keeps the Swift name with `attributesType: \(attributes.name)` (ActivityKit matches the app's and the widget's type, and APNs its attributes-type, by that name); Kotlin and TypeScript name their types \(derived)Attributes and \(derived)State",
                 at: origin)
            name = derived
        } else if attributesType != nil {
            note("'\(attributes.name)' does not end in 'Attributes', so the schema keeps its Swift name with `attributesType: \(attributes.name)` (ActivityKit matches the app's and the widget's type, and APNs its attributes-type, by that name); Kotlin and TypeScript name their types \(attributes.name)Attributes and \(attributes.name)State",
                 at: origin)
        }
        if attributes.decl.isGeneric { unsupported("a generic attributes type has no schema form", at: origin) }
        var state: [ImportedField] = []
        let stateEntry = contentState(of: attributes)
        if let stateEntry {
            state = checkedFields(of: stateEntry)
        }
        var attributeFields = checkedFields(of: attributes)
        warnAboutCopies(of: attributes)
        var types = convertPending()
        for unused in diagnostics.hasErrors ? [] : unusedTypes(of: [attributes] + (stateEntry.map { [$0] } ?? [])) {
            // No field uses it, so it does not change the JSON; it is kept (the generated code
            // declares it too, so app code naming it still compiles) only when it converts.
            let saved = self
            let errors = diagnostics.errors.count
            _ = declaredType([unused.name], arguments: [], scope: Array(unused.path.dropLast()), spelling: unused.name, at: location(of: unused))
            let converted = convertPending()
            if diagnostics.errors.count > errors {
                self = saved
                note("'\(unused.dottedName)' is used by no field and has no schema form, so the schema leaves it out (the JSON is the same); import keeps it, as written, with the app's other members beside the generated copy",
                     at: location(of: unused))
            } else {
                types += converted
            }
        }
        types.sort { a, b in
            let x = index[specializations[a.key]?.base ?? a.key]!.decl, y = index[specializations[b.key]?.base ?? b.key]!.decl
            return (x.line, x.column) < (y.line, y.column)
        }
        guard !diagnostics.hasErrors else { return nil }
        if let free = Self.contractNameAvoidingClashes(name, typeNames: types.map(\.type.name)), free != name {
            // `GameState` beside `GameAttributes`: the Kotlin and TypeScript state type would be
            // GameState too. Another contract name frees it; Swift keeps its type names.
            note("the type '\(types.first { Self.clashes($0.type.name, contractName: name) }?.type.name ?? "")' has the name the generated Kotlin and TypeScript would give a type of the contract '\(name)' (\(name)State, \(name)Attributes, ...), so the contract is named '\(free)' and the schema keeps the Swift name with `attributesType: \(attributes.name)`; Kotlin and TypeScript name their types \(free)Attributes and \(free)State",
                 at: origin)
            name = free
            attributesType = attributes.name
        }
        // A name in both halves is fine on APNs (two objects) but one FCM data map holds both:
        // the attributes copy travels under `attributes<Name>` there (Swift keeps its name).
        // The FCM key is the apnsName unless bridgeName is set (the loader's default), so the
        // checks below look at `fcmKey`; without apnsName it is the Swift name.
        let stateNames = Set(state.map(\.fcmKey))
        var taken = Set((attributeFields + state).map(\.name)).union((attributeFields + state).map(\.fcmKey))
        // A Swift name FCM reserves (`from`, `google*`, ...) travels under `<name>Value` there.
        // So does a name the FCM envelope uses (`activityId`, `event`, ...: issue 18), which
        // real attributes often have.
        let envelope = Set(FcmEnvelopeKeys().all)
        func fcmReserved(_ name: String) -> Bool {
            NameRules.fcmReservedKeys.contains(name) || name.hasPrefix("google") || name.hasPrefix("gcm") || envelope.contains(name)
        }
        for index in state.indices where fcmReserved(state[index].fcmKey) && !taken.contains(state[index].fcmKey + "Value") {
            state[index].bridgeName = state[index].fcmKey + "Value"
            taken.insert(state[index].fcmKey)
        }
        for index in attributeFields.indices where fcmReserved(attributeFields[index].fcmKey) && !taken.contains(attributeFields[index].fcmKey + "Value") {
            attributeFields[index].bridgeName = attributeFields[index].fcmKey + "Value"
            taken.insert(attributeFields[index].fcmKey)
        }
        for field in state + attributeFields where envelope.contains(field.apnsName ?? field.name) && field.bridgeName != nil {
            diagnostics.append(Diagnostic(.note, "'\(field.apnsName ?? field.name)' is a key of the FCM envelope, so on FCM the field travels as '\(field.bridgeName!)' (bridgeName; APNs keeps '\(field.apnsName ?? field.name)')",
                                          at: field.origin, rule: "import-changed"))
        }
        for index in attributeFields.indices where stateNames.contains(attributeFields[index].fcmKey) {
            let name = attributeFields[index].fcmKey
            let bridge = "attributes" + name.prefix(1).uppercased() + name.dropFirst()
            guard !taken.contains(bridge) else { continue }
            attributeFields[index].bridgeName = bridge
            diagnostics.append(Diagnostic(.note, "'\(name)' is in the attributes and the state; both travel in one FCM data map, so the attributes copy gets bridgeName '\(bridge)' (APNs keeps '\(attributeFields[index].apnsName ?? attributeFields[index].name)')",
                                          at: attributeFields[index].origin, rule: "import-changed"))
        }
        generatedCounterparts = [GeneratedCounterpart(entry: attributes, swiftName: attributes.name, memberwiseLabels: attributeFields.map(\.name))]
            + (stateEntry.map { [GeneratedCounterpart(entry: $0, swiftName: attributes.name + ".ContentState", memberwiseLabels: state.map(\.name))] } ?? [])
            + types.compactMap { key, type in
                guard specializations[key] == nil, let entry = index[key] else { return nil }
                guard case .structure(let fields) = type.kind else { return GeneratedCounterpart(entry: entry, swiftName: attributes.name + "." + type.name, memberwiseLabels: nil) }
                return GeneratedCounterpart(entry: entry, swiftName: attributes.name + "." + type.name, memberwiseLabels: fields.map(\.name))
            }
        return ImportedContract(name: name, attributesType: attributesType, doc: attributes.decl.doc, isPublic: attributes.decl.isPublic,
                                attributes: attributeFields, state: state, types: types.map(\.type),
                                swiftOutput: swiftOutput, sourceName: sourceName, origin: origin)
    }

    /// Converts the queued types (and whatever they queue in turn).
    mutating func convertPending() -> [(key: String, type: ImportedType)] {
        var types: [(key: String, type: ImportedType)] = []
        while let key = pending.first {
            pending.removeFirst()
            let specialization = specializations[key]
            substitutions = specialization?.arguments ?? [:]
            defer { substitutions = [:] }
            guard let entry = index[specialization?.base ?? key], let type = namedType(entry, name: schemaNames[key] ?? entry.name) else { continue }
            types.append((key, type))
        }
        return types
    }

    /// Codable enums and structs nested in the attributes struct or its ContentState (or in
    /// their extensions) that no field uses.
    func unusedTypes(of entries: [SwiftTypeIndex.Entry]) -> [SwiftTypeIndex.Entry] {
        let used = Set(typeKeys.values).union(entries.map(\.dottedName)).union(specializations.values.map(\.base))
        let codable: Set<String> = ["Codable", "Decodable", "Encodable", "Swift.Codable"]
        return entries.flatMap { entry in
            (entry.decl.members.types + entry.extensions.flatMap(\.members.types)).compactMap { decl -> SwiftTypeIndex.Entry? in
                guard decl.kind == .enum || decl.kind == .struct, decl.name != "CodingKeys", decl.name != "ContentState",
                      decl.inherited.contains(where: codable.contains) else { return nil }
                let key = (entry.path + [decl.name]).joined(separator: ".")
                guard !used.contains(key) else { return nil }
                return index[key]
            }
        }
    }

    /// `ContentState`: a nested struct, or a typealias to a struct declared in this file.
    mutating func contentState(of attributes: SwiftTypeIndex.Entry) -> SwiftTypeIndex.Entry? {
        var resolution = index.lookup(["ContentState"], from: attributes.path)
        var hops = 0
        while case .alias(let target, let scope, let alias)? = resolution, hops < 8 {
            hops += 1
            let at = location(alias.line, alias.column)
            if target.spelling == "Void" || target.spelling == "()" || target.spelling == "Swift.Void" {
                unsupported("ContentState is '\(target.spelling)', which is not Codable, and ActivityKit requires ContentState: Codable & Hashable; for a Live Activity without changing content declare an empty `struct ContentState: Codable, Hashable {}` (its JSON is {}) and import again",
                            at: at)
                return nil
            }
            guard case .named(let components, let arguments) = target, arguments.isEmpty else {
                unsupported("ContentState is '\(target.spelling)'; import reads a struct declared in this file", at: at)
                return nil
            }
            resolution = index.lookup(components, from: scope)
            if resolution == nil {
                if let outer = components.first { undeclared.insert(outer) }
                unsupported("ContentState is an alias of '\(target.spelling)', which is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swift Models.swift`, or a folder that holds both)",
                            at: at)
                return nil
            }
            if case .type(let key)? = resolution, let entry = index[key] {
                note("ContentState is an alias of '\(entry.dottedName)'; the generated code declares the struct as \(attributes.name).ContentState, so code that names '\(entry.name)' must use that name",
                     at: location(alias.line, alias.column))
            }
        }
        guard case .type(let key)? = resolution, let entry = index[key] else {
            unsupported("'\(attributes.name)' has no ContentState struct in this file; declare `struct ContentState: Codable, Hashable` inside it (or in an extension of it)",
                        at: location(of: attributes))
            return nil
        }
        if entry.decl.kind == .class {
            return acceptedClass(entry, role: "ContentState") ? entry : nil
        }
        guard entry.decl.kind == .struct else {
            unsupported("ContentState is a\(entry.decl.kind == .enum || entry.decl.kind == .actor ? "n" : "") \(entry.decl.kind.rawValue); ActivityKit's ContentState is a value type and livecontract generates a struct, so declare it as `struct ContentState: Codable, Hashable` (same JSON) and import again",
                        at: location(of: entry))
            return nil
        }
        return entry
    }

    /// The stored fields of a struct after checking its hand-written Codable code, warning
    /// about any `#if` inside it whose branch import had to pick.
    mutating func checkedFields(of entry: SwiftTypeIndex.Entry) -> [ImportedField] {
        let decoding = checkCodableConformance(entry)
        for block in conditionals where block.line > entry.decl.line && block.line <= entry.decl.endLine && (block.guessed || block.skippedCode) {
            guard warnedConditionals.insert(block.line).inserted else { continue }
            let read = block.taken.map { $0 == "else" ? "the #else branch" : "the branch `#if \($0)`" } ?? "no branch"
            let why = block.guessed ? "a condition it cannot decide (a build flag, the simulator, ...) is taken as true" : "conditions are judged as an iOS app build with ActivityKit sees them, and modules other than Apple's as absent"
            diagnostics.warning("'\(entry.name)' has an #if inside; import read \(read) (\(why)), so check the schema against the branch your app builds",
                                at: location(block.line, block.column), rule: "import-changed")
        }
        if entry.decl.isGeneric && substitutions.isEmpty { unsupported("generic struct '\(entry.name)' has no schema form", at: location(of: entry)) }
        return fields(of: entry, decoding: decoding)
    }
}
