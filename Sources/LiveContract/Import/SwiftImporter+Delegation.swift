/// `init(from:)` that decodes every key as an argument of another initializer
/// (`self.init(running: try container.decode(Int.self, forKey: .running), ...)`). That reads
/// like per-property statements only when the initializer called stores each parameter as it
/// is: the memberwise one, or a hand-written one whose body is only `self.x = x`. One that
/// computes (`self.count = max(0, count)`) stores something other than the JSON, which a schema
/// field cannot say, so it is refused at its statement.
extension SwiftImporter {
    /// The decoded keys by property name, or nil (with the refusal reported) when the call
    /// reaches an initializer that does more than store its parameters, or none at all.
    mutating func delegatedDecoding(_ decoded: [String: SwiftCodableBody.Decoded], call: SwiftCodableBody.DelegatedCall,
                                    in entry: SwiftTypeIndex.Entry) -> [String: SwiftCodableBody.Decoded]? {
        let at = location(call.line, call.column)
        let called = "init(" + call.labels.map { $0 + ":" }.joined() + ")"
        if let target = entry.functions.first(where: { $0.name == "init" && !$0.isCodableRequirement && $0.labels == call.labels }) {
            guard let stored = storedParameters(target, of: entry.name) else { return nil }
            for (label, parameter) in zip(target.labels, target.parameters) where stored[parameter] != label {
                let what = stored[parameter].map { "stores it as '\($0)'" } ?? "does not store it as '\(label)'"
                unsupported("'\(entry.name)' decodes the key '\(label)' in init(from:) and passes it to \(called), which \(what), so the key and the property it fills differ, which a schema field cannot say: decode each key into its own property and import again",
                            at: location(target.line, target.column))
                return nil
            }
            return decoded
        }
        // Swift writes the memberwise initializer only while the type's own body declares no
        // initializer (an init(from:) there counts), with the stored properties as labels.
        let memberwise = entry.decl.members.properties
            .filter { !$0.isStatic && !$0.isComputed && !($0.isLet && !$0.initializer.isEmpty) }.map(\.name)
        guard entry.decl.kind == .struct, !entry.decl.members.functions.contains(where: { $0.name == "init" }), memberwise == call.labels else {
            undeclared.insert(entry.path.first ?? entry.name)
            unsupported("'\(entry.name)' calls \(called) in init(from:), and no initializer of it with those labels is declared in the files import reads (nor is it the memberwise one); pass the file that declares it, or decode each key into its property directly",
                        at: at)
            return nil
        }
        return decoded
    }

    /// For an initializer whose body is only `self.property = parameter` statements, the
    /// property each parameter is stored in; nil (reported at the first other statement) else.
    mutating func storedParameters(_ function: SwiftFunction, of typeName: String) -> [String: String]? {
        let body = function.body.filter { $0.kind != .doc }
        var stored: [String: String] = [:]
        var index = 0
        while index < body.count {
            if body[index].is(";") { index += 1; continue }
            let start = body[index]
            var cursor = index
            if body[cursor].is("self"), cursor + 1 < body.count, body[cursor + 1].is(".") { cursor += 2 }
            if cursor + 2 < body.count, body[cursor].kind == .word, body[cursor + 1].is("="), body[cursor + 2].kind == .word,
               function.parameters.contains(body[cursor + 2].text), stored[body[cursor + 2].text] == nil,
               cursor + 3 == body.count || body[cursor + 3].is(";") || body[cursor + 3].line != body[cursor + 2].line {
                stored[body[cursor + 2].text] = body[cursor].text
                index = cursor + 3
                continue
            }
            let statement = SwiftCodableBody.spelled(body[index...].prefix { $0.line == start.line })
            unsupported("'\(typeName)' decodes its keys in init(from:) and passes them to init(\(function.labels.map { $0 + ":" }.joined())), which does more than store each parameter (`\(statement)`), so what the type holds is computed from the JSON, which a schema field cannot say: store the decoded values as they are (convert where app code reads them), or keep this type by hand",
                        at: location(start.line, start.column))
            return nil
        }
        return stored
    }
}
