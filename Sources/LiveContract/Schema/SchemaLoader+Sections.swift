/// The `examples` and `outputs` sections.
extension SchemaLoader {
    mutating func examples(_ node: YAMLNode, contract: Contract) -> [Example] {
        guard let list = node.mappingEntries else {
            error("examples must be a mapping of example names, found \(node.kindDescription)", node, rule: "schema-shape")
            return []
        }
        var result: [Example] = []
        for entry in list {
            guard let name = entry.key.scalar else { continue }
            guard Naming.isIdentifier(name) else {
                error("example name '\(name)' must be letters and digits (it names fixture files)", entry.key, rule: "invalid-name")
                continue
            }
            let body = entries(of: entry.value, allowed: ["attributes", "state", "doc"], what: "example '\(name)'")
            let attributes = record(body["attributes"]?.value ?? YAMLNode(kind: .scalar("", .plain), location: entry.key.location),
                                    fields: contract.attributes, context: "\(name).attributes", what: "the attributes", owner: "attributes")
            guard let stateNode = body["state"]?.value else {
                error("example '\(name)' needs `state:`", entry.key, rule: "missing-key")
                continue
            }
            let state = record(stateNode, fields: contract.state, context: "\(name).state", what: "the state", owner: "state")
            if let attributes, let state {
                result.append(Example(name: name, attributes: attributes, state: state, location: entry.key.location))
            }
        }
        return result
    }

    static var outputKeys: [String] { Emitters.keys }

    /// Each key of `outputs:` read as its emitter spells it (`Emitter.shape`).
    mutating func outputs(_ node: YAMLNode, contract: Contract) -> Outputs {
        var outputs = Outputs()
        let errorsBefore = diagnostics.errorTotal
        let body = entries(of: node, allowed: Self.outputKeys, what: "outputs")
        for emitter in Emitters.all {
            guard let entry = body[emitter.key] else { continue }
            outputs.specs[emitter.key] = outputSpec(entry.value, for: emitter)
        }
        for emitter in Emitters.all {
            if let requires = emitter.requires, let entry = body[emitter.key], outputs[emitter.key] != nil, outputs[requires.key] == nil {
                error(requires.message, entry.value, rule: "missing-key")
            }
        }
        let all = outputs.all
        let folders = Emitters.all.compactMap { emitter -> (key: String, path: OutputPath)? in
            guard case .folder = emitter.shape, let path = outputs[emitter.key]?.path else { return nil }
            return (emitter.key, path)
        }
        checkOutputCollisions(all, folders: folders)
        checkFixtureNameCase(contract.examples, fixtures: outputs.fixtures)
        if outputs.kotlin != nil { checkKotlinClassFileCase(contract.types, contractName: contract.name) }
        // Only when nothing above said why: an output refused for its path is one mistake,
        // and one error.
        if all.isEmpty && diagnostics.errorTotal == errorsBefore {
            error("outputs names no file; add at least `swift: [path]`", node, rule: "missing-key")
        }
        return outputs
    }

    /// One output: a path, a list of paths (`.files`) or `{ path, package }`, each path
    /// with the ending the emitter needs.
    mutating func outputSpec(_ node: YAMLNode, for emitter: Emitter) -> OutputSpec {
        var spec = outputSpecPaths(node, for: emitter)
        if let ending = emitter.pathExtension {
            spec.paths = spec.paths.filter { checkExtension($0, ending, for: emitter) }
        }
        return spec
    }

    mutating func outputSpecPaths(_ node: YAMLNode, for emitter: Emitter) -> OutputSpec {
        switch emitter.shape {
        case .folder:
            return OutputSpec(paths: outputPath(node, what: emitter.what).map { [$0] } ?? [])
        case .files:
            return OutputSpec(paths: outputPaths(node, for: emitter))
        case .package(let rule):
            guard node.scalar == nil else {
                error("\(emitter.key) output needs a package: `\(emitter.key): { path: ..., package: \(rule.example) }`", node, rule: "missing-key")
                return OutputSpec()
            }
            if node.sequenceItems != nil {
                // A list of mappings would give each copy its own package: other bytes, and in
                // Kotlin or Go other types, so not copies of one contract.
                error("\(emitter.key) takes one mapping; list several paths under `path:` with one package: `\(emitter.key): { path: [a, b], package: \(rule.example) }` (the same bytes at each path; a copy in another package is another type, so give it a schema of its own)",
                      node, rule: "output-path")
                return OutputSpec()
            }
            let spec = entries(of: node, allowed: ["path", "package"], what: emitter.what)
            var result = OutputSpec(paths: spec["path"].map { outputPaths($0.value, for: emitter) } ?? [])
            if let package = spec["package"], let name = text(package.value, what: "package") {
                if rule.isValid(name) {
                    result.package = name
                } else {
                    error("'\(name)' is not a \(rule.language) package name (\(rule.requirement))", package.value, rule: "invalid-name")
                }
            } else if !result.paths.isEmpty {
                error("\(emitter.what) needs `package:`", node, rule: "missing-key")
            }
            return result
        }
    }

    /// `path` or `[path, ...]`: every path gets the same bytes.
    mutating func outputPaths(_ node: YAMLNode, for emitter: Emitter) -> [OutputPath] {
        if let items = node.sequenceItems {
            // An empty list names no file, as for `swift: []`; with no other output the
            // schema gets the one "outputs names no file" error.
            return items.compactMap { outputPath($0, what: "a \(emitter.key) output") }
        }
        return outputPath(node, what: emitter.what).map { [$0] } ?? []
    }

    /// A path must end in `ending` (`.py`, `.go`) after a name: a file the language's tools
    /// would skip or could not import is no output. Suggests the path with the ending.
    mutating func checkExtension(_ path: OutputPath, _ ending: String, for emitter: Emitter) -> Bool {
        let name = path.path.split(separator: "/").last.map(String.init) ?? path.path
        if name.hasSuffix(ending) && name.count > ending.count { return true }
        let stem = name.hasSuffix(ending) ? "" : (name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name)
        let suggestion = (stem.isEmpty ? "contract" : stem) + ending
        diagnostics.error("\(emitter.what) '\(path.path)' must end in \(ending); name the file like '\(suggestion)'",
                          at: path.location, rule: "output-extension")
        return false
    }

    /// A relative path inside the schema's folder tree: no absolute paths, no `..`, no empty parts.
    mutating func outputPath(_ node: YAMLNode, what: String) -> OutputPath? {
        guard let path = text(node, what: what) else { return nil }
        // Checked on the UTF-8 bytes: every character that matters here is ASCII.
        let bytes = Array(path.utf8)
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "~") || (bytes.contains(UInt8(ascii: ":")) && Array(path).dropFirst().first == ":") {
            error("\(what) '\(path)' is absolute; write it relative to the schema's folder", node, rule: "output-path")
            return nil
        }
        if parts.contains(where: { $0.elementsEqual("..".utf8) }) {
            error("\(what) '\(path)' leaves the schema's folder; outputs stay inside it (move the schema up instead)", node, rule: "output-path")
            return nil
        }
        if path.isEmpty || parts.contains(where: { $0.isEmpty || $0.elementsEqual(".".utf8) }) || bytes.contains(UInt8(ascii: "\\")) {
            error("\(what) '\(path)' is not a clean relative path (no empty parts, '.', or backslashes)", node, rule: "output-path")
            return nil
        }
        if let bad = Self.firstControlOrFormat(path) {
            error("\(what) has a control or format character (U+\(Self.hex4(bad))) in its path; paths are visible text", node, rule: "output-path")
            return nil
        }
        if let git = OutputPlan.gitFolder(in: path) {
            error("\(what) '\(path)' lies inside '\(git)'; livecontract never writes into a git folder (a hook there would run code)", node, rule: "output-path")
            return nil
        }
        if let problem = PortablePath.problem(path) {
            error("\(what) '\(path)': \(problem)", node, rule: "output-path")
            return nil
        }
        return OutputPath(path: path, location: node.location)
    }

    /// The first scalar of `text` that is a control (C0, DEL, C1 with NEL), a format character
    /// (bidi overrides and isolates, zero-width marks, the BOM) or a line or paragraph
    /// separator: each can hide or reorder what a reviewer sees of a path.
    static func firstControlOrFormat(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return true
            default: return false
            }
        }
    }

    /// `0085`, `202E`: a scalar as the Unicode charts write it.
    static func hex4(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
