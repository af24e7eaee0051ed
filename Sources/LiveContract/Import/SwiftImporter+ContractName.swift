/// The contract name for an attributes type whose name cannot be one: Xcode's widget
/// template names the struct after the extension target (`sunset_widgetAttributes`,
/// `live_activity_testAttributes`), and Flutter and React Native guides keep such targets
/// lower-case. The schema's `name` starts upper-case (Kotlin and TypeScript type names come
/// from it); the Swift name, which ActivityKit matches, stays in `attributesType:`.
extension SwiftImporter {
    /// `sunset_widget` -> `SunsetWidget`, `myTimer` -> `MyTimer`; nil when `prefix` already
    /// starts upper-case (nothing to derive) or no letter-led name comes out of it.
    static func contractName(fromSwift prefix: String) -> String? {
        guard let first = prefix.unicodeScalars.first, !("A"..."Z").contains(first) else { return nil }
        let words = prefix.split(separator: "_").map { word in word.prefix(1).uppercased() + word.dropFirst() }
        let name = words.joined()
        guard Naming.isIdentifier(name), let head = name.unicodeScalars.first, ("A"..."Z").contains(head) else { return nil }
        return name
    }

    /// Whether the generated Kotlin/TypeScript name of the schema type `typeName` (prefixed with
    /// the contract name unless it starts with it, and its `Apns`/`Record` forms) is one the
    /// contract itself generates (`<Name>State`, `<Name>Attributes`, ...): the loader's rule.
    static func clashes(_ typeName: String, contractName: String) -> Bool {
        SchemaLoader.generatedNames(ofType: typeName, contractName: contractName).contains {
            SchemaLoader.isGeneratedForContract($0, contractName: contractName)
        }
    }

    /// `name` when no type clashes with what the contract generates, else the first of
    /// `<name>Activity`, `<name>LiveActivity`, `<name>Contract` with which none does; nil when
    /// every one clashes (the loader then names the type).
    static func contractNameAvoidingClashes(_ name: String, typeNames: [String]) -> String? {
        [name, name + "Activity", name + "LiveActivity", name + "Contract"].first { candidate in
            !typeNames.contains { clashes($0, contractName: candidate) }
        }
    }
}
