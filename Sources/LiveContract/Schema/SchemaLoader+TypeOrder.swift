/// The order in which `types` bodies load. A field's `default` or `example` is read as a value
/// of its type at the moment the field loads, so the enum cases and struct fields that type
/// names must be loaded already: in file order, `Win: { fields: { ph: { type: Ph, default: a } } }`
/// before `Ph: { enum: [a, b] }` was refused ("'a' is not a case of Ph (cases: )"), and a
/// struct default of a struct declared later was dropped without a word.
extension SchemaLoader {
    /// Indices into `entries` (the declared types, in file order) with every type a defaulted
    /// or exampled field mentions before the type holding that field. One iterative
    /// depth-first walk in file order, so it is linear and never recurses; a cycle of
    /// defaults (A's default needs B, B's needs A) keeps file order inside the cycle.
    func typeBodyOrder(_ entries: [(key: YAMLNode, value: YAMLNode)]) -> [Int] {
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            if let name = entry.key.scalar, index[name] == nil { index[name] = position }
        }
        let needs = entries.map { Self.typesNamedByValues(in: $0.value).compactMap { index[$0] } }
        var order: [Int] = [], state = [UInt8](repeating: 0, count: entries.count)  // 0 new, 1 open, 2 done
        for root in entries.indices where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < needs[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = needs[top.node][top.next]
                    if state[child] == 0 { state[child] = 1; stack.append((child, 0)) }
                } else {
                    stack.removeLast()
                    state[top.node] = 2
                    order.append(top.node)
                }
            }
        }
        return order
    }

    /// The identifiers in the `type:` of each field of a struct body that has a `default` or
    /// an `example` (`"[string: Spot]?"` names `string` and `Spot`; unknown names are
    /// ignored by the caller).
    static func typesNamedByValues(in body: YAMLNode) -> [String] {
        guard let fields = body.mappingEntries?.first(where: { $0.key.scalar == "fields" })?.value.mappingEntries else { return [] }
        var names: [String] = []
        for field in fields {
            guard let keys = field.value.mappingEntries,
                  keys.contains(where: { $0.key.scalar == "default" || $0.key.scalar == "example" }),
                  let type = keys.first(where: { $0.key.scalar == "type" })?.value.scalar else { continue }
            names += type.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }).map(String.init)
        }
        return names
    }
}
