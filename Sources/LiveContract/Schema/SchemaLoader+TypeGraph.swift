/// Checks over the graph of struct types, each in linear time and without recursion, so a
/// hostile schema (20,000 chained types, a diamond of types that doubles at every level)
/// is refused at once instead of exhausting the stack, the clock or the disk.
///
/// An edge runs from a struct to every struct one of its fields holds (directly, optional or
/// as list elements). One iterative depth-first walk in file order finds every cycle through
/// a non-list field (a value type cannot hold itself), and in post-order gives each type its
/// nesting depth and expanded size (fields counted through every nested struct), memoized so
/// shared types are counted once per type, not once per path.
extension SchemaLoader {
    /// Deepest struct-in-struct nesting: the generated encoders, decoders and fixture writers
    /// walk values to this depth, so it also bounds their stack use.
    static let maxTypeNesting = 32
    /// Most fields one value of a type expands to (a sample or fixture writes each): a
    /// diamond `T_i -> 2 x T_(i+1)` reaches it after 17 levels instead of writing 300 MB.
    static let maxExpandedFields = 100_000

    mutating func checkTypeGraph(_ types: [NamedType]) {
        var fieldsByName: [String: [Field]] = [:]
        var locationByName: [String: SourceLocation] = [:]
        for type in types {
            if case .structure(let fields) = type.kind { fieldsByName[type.name] = fields }
            locationByName[type.name] = type.location
        }
        func children(_ name: String) -> [(name: String, list: Bool)] {
            (fieldsByName[name] ?? []).compactMap { field in
                switch field.type {
                case .structure(let next): return (next, false)
                case .array(.structure(let next)), .map(.structure(let next)), .map(.array(.structure(let next))): return (next, true)
                default: return nil
                }
            }
        }
        enum Mark { case onPath, done }
        var marks: [String: Mark] = [:]
        var depth: [String: Int] = [:]
        var size: [String: Int] = [:]
        var refused = Set<String>()
        for root in types where fieldsByName[root.name] != nil && marks[root.name] == nil {
            // The explicit stack: a type and the index of the next child to visit.
            var stack: [(name: String, next: Int, edges: [(name: String, list: Bool)])] = [(root.name, 0, children(root.name))]
            marks[root.name] = .onPath
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].edges.count {
                    let edge = stack[top].edges[stack[top].next]
                    stack[top].next += 1
                    switch marks[edge.name] {
                    case .onPath?:
                        // A list may hold its own type (it can be empty); a field cannot.
                        if !edge.list, refused.insert(edge.name).inserted {
                            let start = stack.lastIndex { $0.name == edge.name } ?? 0
                            let path = stack[start...].map(\.name) + [edge.name]
                            diagnostics.error("struct '\(edge.name)' contains itself (\(path.joined(separator: " -> "))); a value type cannot, use a list or split it",
                                              at: locationByName[edge.name], rule: "type-cycle")
                        }
                    case .done?:
                        break
                    case nil:
                        guard fieldsByName[edge.name] != nil else { continue }
                        marks[edge.name] = .onPath
                        stack.append((edge.name, 0, children(edge.name)))
                    }
                    continue
                }
                let name = stack.removeLast().name
                marks[name] = .done
                var nesting = 1, fields = 0
                for field in fieldsByName[name] ?? [] {
                    fields = min(fields + 1, Int.max / 4)
                    let inner: String?
                    switch field.type {
                    case .structure(let next), .array(.structure(let next)), .map(.structure(let next)), .map(.array(.structure(let next))): inner = next
                    default: inner = nil
                    }
                    if let inner, inner != name, marks[inner] == .done {
                        nesting = max(nesting, (depth[inner] ?? 0) + 1)
                        fields = min(fields + (size[inner] ?? 0), Int.max / 4)
                    }
                }
                depth[name] = nesting
                size[name] = fields
                if refused.contains(name) { continue }
                if nesting > Self.maxTypeNesting {
                    refused.insert(name)
                    diagnostics.error("struct '\(name)' nests structs \(nesting) levels deep; the limit is \(Self.maxTypeNesting): flatten the chain (a schema never needs that depth)",
                                      at: locationByName[name], rule: "type-too-large")
                } else if fields > Self.maxExpandedFields {
                    refused.insert(name)
                    diagnostics.error("struct '\(name)' expands to \(fields) fields (each nested struct counted in full); the limit is \(Self.maxExpandedFields): share less, or hold repeated parts in a list",
                                      at: locationByName[name], rule: "type-too-large")
                }
                // Types above a refused one would repeat the error; stop their counts here.
                if refused.contains(name) { depth[name] = 0; size[name] = 0 }
            }
        }
    }
}
