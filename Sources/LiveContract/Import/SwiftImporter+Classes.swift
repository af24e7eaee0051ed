/// Classes where the contract has structs. Synthesized `Codable` of a class without a
/// superclass writes its stored properties exactly as a struct's, so such a class imports; the
/// generated code declares a struct (ActivityKit copies attributes and state by value anyway),
/// and a warning says what app code may notice. A subclass does not: synthesis does not cover
/// a superclass's properties, so the JSON would depend on code import does not read.
extension SwiftImporter {
    /// Superclasses whose instances are no plain Codable value.
    static let foundationBaseClasses: Set<String> = ["NSObject", "NSManagedObject"]

    /// Whether the class `entry` imports as a struct (warning at it); reports why not otherwise.
    mutating func acceptedClass(_ entry: SwiftTypeIndex.Entry, role: String) -> Bool {
        if let base = superclass(of: entry) {
            unsupported("'\(entry.name)' is a subclass of '\(base)'; synthesized Codable of a subclass does not encode what the superclass stores, and the schema has no inheritance, so declare \(role) as `struct \(entry.name)` with all its stored properties and import again",
                        at: location(of: entry))
            return false
        }
        diagnostics.warning("'\(entry.name)' is a class; the generated code declares \(role) as a struct: synthesized Codable writes a class's stored properties just as a struct's, so the JSON is the same, but app code that relies on reference semantics (a shared instance, `===`, subclasses) must change",
                            at: location(of: entry), rule: "import-changed")
        return true
    }

    /// The first inherited name when it is a class: one declared in the files import reads,
    /// or a Foundation base class.
    func superclass(of entry: SwiftTypeIndex.Entry) -> String? {
        guard let first = entry.decl.inherited.first else { return nil }
        if Self.foundationBaseClasses.contains(first) { return first }
        if case .type(let key)? = index.lookup(first.split(separator: ".").map(String.init), from: Array(entry.path.dropLast())),
           let declared = index[key], declared.decl.kind == .class {
            return first
        }
        return nil
    }
}
