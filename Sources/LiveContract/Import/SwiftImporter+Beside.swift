/// Code that shares the attributes file but is not the contract: Xcode's Live Activity
/// template declares the attributes in the widget's own file, beside the widget, its previews
/// and helpers. The generated file holds only the contract, so replacing that file would
/// delete them; import then names a new file for the generated copy (see `SwiftImport`).
extension SwiftImporter {
    /// Top-level declarations in the attributes type's file that the generated file will not
    /// hold: other types, extensions that add more than the contract, functions, globals and
    /// macros such as `#Preview`. Each is described as a reader would name it.
    func handWrittenBeside(in file: SwiftMembers) -> [(what: String, line: Int, column: Int)] {
        guard let home = chosenLine else { return [] }
        var found: [(what: String, line: Int, column: Int)] = []
        let generated = Set(schemaNames.keys.map { specializations[$0]?.base ?? $0 })
        let contractMembers: Set<String> = ["ContentState", "CodingKeys"]
        for decl in file.types where sameFile(decl.line, home) && decl.line != home {
            if decl.kind == .extension {
                let extended = decl.name.split(separator: ".").map(String.init)
                let ofContract = extended.first == attributesName || generated.contains(decl.name)
                let addsCode = !decl.members.functions.isEmpty || !decl.members.properties.isEmpty || !decl.members.aliases.isEmpty
                    || decl.members.types.contains { !contractMembers.contains($0.name) && !generated.contains(decl.name + "." + $0.name) }
                if ofContract && !addsCode { continue }
                found.append(("an extension of \(decl.name)", decl.line, decl.column))
                continue
            }
            if generated.contains(decl.name) || generated.contains(where: { $0.hasPrefix(decl.name + ".") }) { continue }
            found.append(("\(decl.kind.rawValue) \(decl.name)", decl.line, decl.column))
        }
        for function in file.functions where sameFile(function.line, home) {
            found.append(("func \(function.name)", function.line, function.column))
        }
        for property in file.properties where sameFile(property.line, home) {
            found.append(("\(property.isLet ? "let" : "var") \(property.name)", property.line, property.column))
        }
        for alias in file.aliases where sameFile(alias.line, home) {
            found.append(("typealias \(alias.name)", alias.line, alias.column))
        }
        for macro in file.macros where sameFile(macro.line, home) {
            found.append(((macro.name.hasPrefix("#") ? "" : "#") + macro.name, macro.line, macro.column))
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
