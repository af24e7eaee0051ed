/// Generated file names that differ only in letter case: one file on the case-insensitive
/// file systems of macOS and Windows, so one would silently replace the other.
extension SchemaLoader {
    /// Examples name fixture files (`pickedUp` -> `pickedUp.json`): `pickedUp` and `pickedup`
    /// would be one file, so the second is refused at its position.
    mutating func checkFixtureNameCase(_ examples: [Example], fixtures: OutputPath?) {
        guard let fixtures else { return }
        var seen: [String: Example] = [:]
        for example in examples {
            if let problem = PortablePath.problem("\(example.name).json") {
                diagnostics.error("example '\(example.name)' names the fixture file '\(fixtures.path)/\(example.name).json': \(problem)",
                                  at: example.location, rule: "output-path")
                continue
            }
            let key = example.name.lowercased()
            if let first = seen[key] {
                diagnostics.error("example '\(example.name)' and '\(first.name)' (line \(first.location.line)) name the fixture files '\(fixtures.path)/\(example.name).json' and '\(first.name).json', one file on macOS and Windows; rename one of them",
                                  at: example.location, rule: "output-collision")
                continue
            }
            seen[key] = example
        }
    }

    /// Every Kotlin top-level class becomes `<Name>.class` when the parser is compiled: two
    /// names equal but for case (`DeliveryStep`, `DeliverySTEP`) overwrite each other on a
    /// case-insensitive disk, and the app then loads the wrong class.
    mutating func checkKotlinClassFileCase(_ types: [NamedType], contractName: String) {
        var seen: [String: String] = [:]
        for suffix in NameRules.generatedTypeSuffixes {
            let name = contractName + suffix
            seen[name.lowercased()] = "the generated \(name)"
        }
        for type in types {
            let prefixed = type.name.hasPrefix(contractName) ? type.name : contractName + type.name
            let key = prefixed.lowercased()
            if let owner = seen[key], owner != "type '\(type.name)'", !owner.hasSuffix(" \(prefixed)") {
                diagnostics.error("type '\(type.name)' generates the Kotlin class \(prefixed), which differs only in case from \(owner); their .class files collide on macOS and Windows, rename one of them",
                                  at: type.location, rule: "name-collision")
                continue
            }
            seen[key] = "type '\(type.name)'"
        }
    }
}
