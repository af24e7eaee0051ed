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
}
