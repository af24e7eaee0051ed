extension SchemaLoader {
    /// The message for `min`/`max` on a field they cannot bound. On a list or map of numbers
    /// the schema could mean each item; the generated code has no per-item clamp (the bridge,
    /// FCM parsers and `validate` clamp fields), so it is refused, with the form that does
    /// bound each item: a struct with one bounded field (docs/wire.md, "Bounds").
    static func boundsMisplaced(_ key: String, field name: String, _ type: FieldType) -> String {
        let kinds = "int, int8 ... int64, uint ... uint64, float, double"
        let items: FieldType? = {
            switch type {
            case .array(let element), .map(let element): return element
            default: return nil
            }
        }()
        guard let item = items, item.isNumber else {
            return "\(key) applies to number fields (\(kinds)); '\(name)' is \(type.schemaSpelling)"
        }
        let wrapped = type.isMap ? "[string: Bounded]" : "[Bounded]"
        return "\(key) applies to number fields (\(kinds)), not to the items of a list or map; '\(name)' is "
            + "\(type.schemaSpelling): to bound each item, make it a struct with one bounded field "
            + "(types: { Bounded: { fields: { value: { type: \(item.schemaSpelling), \(key): N } } } }) and use type \"\(wrapped)\""
    }
}
