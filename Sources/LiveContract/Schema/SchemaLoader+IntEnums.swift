/// `raw: int` enums (Swift `enum X: Int`): the raw type key and integer raw values.
/// Swift's synthesized Codable writes such a case as a JSON number, so the type is part of
/// the wire, and a raw value of the other kind is refused rather than guessed.
extension SchemaLoader {
    /// Raw values travel through the JS bridge, TypeScript and Kotlin `Int`, so they stay
    /// within Int32; Swift's `Int` holds every one of them.
    static let intRawRange = Int(Int32.min)...Int(Int32.max)

    /// The `raw:` key of an enum type: `string` (the default) or `int`.
    mutating func enumRawType(_ node: YAMLNode?, typeName: String) -> EnumRawType {
        guard let node else { return .string }
        guard let text = node.scalar, node.scalarStyle == .plain, let kind = EnumRawType(rawValue: text) else {
            var message = "`raw` of '\(typeName)' must be `int` or `string`, found \(node.kindDescription)"
            if let guess = Suggest.closest(to: node.scalar ?? "", in: ["int", "string"]) { message += "; did you mean '\(guess)'?" }
            error(message, node, rule: "enum-raw-type")
            return .string
        }
        return kind
    }

    /// The integer raw value of case `name`: the one written (`{ low: 1 }`), or Swift's
    /// implicit one, `next` (0 for the first case, then the previous raw value + 1).
    mutating func intRawValue(_ rawNode: YAMLNode?, item: YAMLNode, case name: String, typeName: String, next: Int) -> Int? {
        guard let rawNode else {
            guard Self.intRawRange.contains(next) else {
                error("case '\(name)' of '\(typeName)' would take the implicit raw value \(next), outside the 32-bit range the bridge, TypeScript and Kotlin carry; give it an explicit value", item, rule: "enum-raw-type")
                return nil
            }
            return next
        }
        guard let text = rawNode.scalar, !rawNode.isNull else {
            error("the raw value of case '\(name)' of '\(typeName)' must be an integer, found \(rawNode.kindDescription)", rawNode, rule: "enum-raw-type")
            return nil
        }
        guard rawNode.scalarStyle == .plain, let value = Self.decimalInteger(text) else {
            error("the raw value '\(text)' of case '\(name)' of '\(typeName)' is text, but '\(typeName)' has `raw: int`; write a decimal integer such as { \(name): 1 }, or drop `raw: int` for a String-raw enum", rawNode, rule: "enum-raw-type")
            return nil
        }
        guard Self.intRawRange.contains(value) else {
            error("the raw value \(text) of case '\(name)' of '\(typeName)' is outside the 32-bit range (\(Int32.min)...\(Int32.max)) the bridge, TypeScript and Kotlin carry", rawNode, rule: "enum-raw-type")
            return nil
        }
        return value
    }

    /// Refuses a plain YAML number as the raw value of a String-raw enum: Swift would need
    /// `enum X: Int` for it to travel as a number, and a quoted "5" says text is meant.
    mutating func refuseNumberInStringEnum(_ rawNode: YAMLNode, case name: String, typeName: String) -> Bool {
        guard rawNode.scalarStyle == .plain, let text = rawNode.scalar, Self.decimalInteger(text) != nil else { return true }
        error("the raw value \(text) of case '\(name)' of '\(typeName)' is a number, but '\(typeName)' is a String-raw enum; add `raw: int` for Swift `enum \(typeName): Int` (the wire carries a number), or quote it (\"\(text)\") for the text", rawNode, rule: "enum-raw-type")
        return false
    }

    /// `-?[0-9]+` as an Int; other spellings (`+1`, `0x10`, `1e3`, `1_000`) are refused.
    static func decimalInteger(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}
