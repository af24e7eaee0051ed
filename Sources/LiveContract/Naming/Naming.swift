/// Case conversions shared by the emitters. Schema names are ASCII identifiers, so these work
/// on ASCII only and never depend on the locale.
public enum Naming {
    /// `[A-Za-z][A-Za-z0-9_]*`: legal in Swift, Kotlin and TypeScript alike.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// `pickedUp` -> `PICKED_UP`, `step2Done` -> `STEP2_DONE`: Kotlin enum constants and key constants.
    public static func constantCase(_ name: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if let previous, ("A"..."Z").contains(scalar), previous != "_", !("A"..."Z").contains(previous) {
                result += "_"
            }
            result += String(scalar).uppercased()
            previous = scalar
        }
        return result
    }

    /// `pickedUp` -> `PickedUp`.
    public static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `PickedUp` -> `pickedUp`.
    public static func lowerFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
