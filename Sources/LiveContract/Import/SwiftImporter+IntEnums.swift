/// `enum X: Int` in imported Swift: synthesized Codable writes each case as its raw integer,
/// which the schema spells `raw: int` (docs/import.md).
extension SwiftImporter {
    /// Whether `rawType` (the first inherited name) is Swift's `Int`.
    static func isIntRaw(_ rawType: String?) -> Bool { rawType == "Int" || rawType == "Swift.Int" }

    /// The cases of an Int-raw enum with Swift's numbering: an explicit `= n` where written,
    /// else the previous raw value + 1 (0 for the first case). `rawValue` is set only where
    /// the value differs from that implicit one, so the schema reads like the Swift.
    /// Values outside Int32 (what the bridge, TypeScript and Kotlin carry) are refused.
    mutating func intRawCases(_ entry: SwiftTypeIndex.Entry) -> [ImportedCase] {
        var imported: [ImportedCase] = []
        var next = 0
        for enumCase in entry.decl.members.cases where !enumCase.hasAssociatedValues {
            var value = next
            if !enumCase.rawValue.isEmpty {
                guard let written = SwiftLiterals.integer(enumCase.rawValue) else {
                    let text = enumCase.rawValue.map(\.text).joined()
                    unsupported("case '\(enumCase.name)' of '\(entry.name)' has the raw value \(text), which is not a plain decimal integer literal; write it as a number such as 1 or -2",
                                at: location(enumCase.line, enumCase.column))
                    continue
                }
                value = written
            }
            guard SchemaLoader.intRawRange.contains(value) else {
                unsupported("case '\(enumCase.name)' of '\(entry.name)' has the raw value \(value), outside the 32-bit range (\(Int32.min)...\(Int32.max)) the bridge, TypeScript and Kotlin carry; choose a smaller raw value (the JSON is that number)",
                            at: location(enumCase.line, enumCase.column))
                continue
            }
            imported.append(ImportedCase(name: enumCase.name, rawValue: value == next ? nil : String(value)))
            next = value + 1
        }
        return imported
    }
}
