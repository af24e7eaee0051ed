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
        if let ascii = asciiConstantCase(name) { return ascii }
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

    /// `constantCase` on bytes, for the usual all-ASCII name (nil otherwise): case-mapping
    /// each scalar as a String costs more than the rest of the conversion.
    private static func asciiConstantCase(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
            }
            return String(unsafeUninitializedCapacity: 2 * bytes.count) { out in
                var count = 0
                for (offset, byte) in bytes.enumerated() {
                    let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                    if offset > 0, isUpper, previous != UInt8(ascii: "_"),
                       !(previous >= UInt8(ascii: "A") && previous <= UInt8(ascii: "Z")) {
                        out[count] = UInt8(ascii: "_")
                        count += 1
                    }
                    out[count] = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
                    count += 1
                    previous = byte
                }
                return count
            }
        }
    }

    /// The Kotlin `<Name>FcmKeys` constant of each attributes and state field. Both halves
    /// share that one object, so an attributes field whose constant a state field also has
    /// (a name in both halves, or `fooBar` beside `foo_bar`) becomes `ATTRIBUTES_<X>`; the
    /// loader refuses what still collides.
    public static func kotlinKeyConstants(attributes: [String], state: [String]) -> (attributes: [String], state: [String]) {
        let stateConstants = state.map(constantCase)
        let taken = Set(stateConstants)
        let attributeConstants = attributes.map { name -> String in
            let constant = constantCase(name)
            return taken.contains(constant) ? "ATTRIBUTES_" + constant : constant
        }
        return (attributeConstants, stateConstants)
    }

    /// `pickedUp` -> `PickedUp`.
    public static func upperFirst(_ name: String) -> String {
        if let changed = asciiChangingFirst(name, upper: true) { return changed }
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `PickedUp` -> `pickedUp`.
    public static func lowerFirst(_ name: String) -> String {
        if let changed = asciiChangingFirst(name, upper: false) { return changed }
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// `name` with its first byte case-mapped, when that byte is the whole first Character:
    /// ASCII, and not followed by a non-ASCII scalar that could combine with it (nil
    /// otherwise, and for an empty name). Two ASCII scalars form one Character only as
    /// CR LF, which has no case to change.
    private static func asciiChangingFirst(_ name: String, upper: Bool) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard let first = bytes.first, first < 0x80 else { return nil }
            if bytes.count > 1, bytes[1] >= 0x80 { return nil }
            var changed = first
            if upper, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { changed = first - 32 }
            if !upper, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") { changed = first + 32 }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                _ = out.initialize(from: bytes)
                out[0] = changed
                return bytes.count
            }
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
