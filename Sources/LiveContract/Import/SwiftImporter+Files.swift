/// Several files read as one: which file a declaration is in, and a type declared in two of
/// them (an Expo or React Native layout keeps the attributes once per target).
extension SwiftImporter {
    /// Whether two lines of the joined text lie in the same file.
    func sameFile(_ first: Int, _ second: Int) -> Bool {
        let a = fileStarts.lastIndex { $0 <= first }, b = fileStarts.lastIndex { $0 <= second }
        return a == b
    }

    /// A second copy of the attributes type among the files (an app's and its widget's): the
    /// last one is read; the warning names what differs between the copies, if anything.
    mutating func warnAboutCopies(of attributes: SwiftTypeIndex.Entry) {
        let read = Self.storedShape(attributes.decl)
        for copy in index.copies[attributes.dottedName] ?? [] {
            let other = Self.storedShape(copy)
            let differing = read.symmetricDifference(other).map { $0.split(separator: ":")[0] }
            let drift = differing.isEmpty ? "" : "; the copies differ (\(Set(differing).sorted().joined(separator: ", "))), so check which one the app and the widget really use"
            diagnostics.warning("'\(attributes.dottedName)' is declared here too (a second copy, as an app and its widget extension often keep); import read the copy declared last among the files given\(drift); add this file to `outputs.swift` too, so generate writes both copies and check keeps them identical",
                                at: location(copy.line, copy.column), rule: "import-changed")
        }
    }

    /// `path.name: Type` of every stored property of `decl` and its nested types.
    static func storedShape(_ decl: SwiftTypeDecl, prefix: String = "") -> Set<String> {
        var shape: Set<String> = []
        for property in decl.members.properties where !property.isStatic && !property.isComputed {
            shape.insert(prefix + property.name + ": " + (property.type?.spelling ?? SwiftLiterals.spelled(property.initializer)))
        }
        for nested in decl.members.types where nested.kind != .extension {
            shape.formUnion(storedShape(nested, prefix: prefix + nested.name + "."))
        }
        return shape
    }
}
