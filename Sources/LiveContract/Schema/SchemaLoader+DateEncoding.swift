/// `encoding:` on a date field (see `DateEncoding`).
extension SchemaLoader {
    /// The encoding written for field `name` of `type`. Only a plain date (optional or not)
    /// takes one: a date inside a list, a map or a range would need one hand-written coder
    /// per container in Swift, which no contract seen so far uses.
    mutating func dateEncoding(_ entry: (key: YAMLNode, value: YAMLNode), field name: String, type: FieldType) -> DateEncoding {
        let node = entry.value
        guard let text = node.scalar, node.scalarStyle == .plain, let encoding = DateEncoding(rawValue: text) else {
            var message = "`encoding` of '\(name)' must be one of \(DateEncoding.spellings.joined(separator: ", ")), found \(node.kindDescription)"
            if let guess = Suggest.closest(to: node.scalar ?? "", in: DateEncoding.spellings) { message += "; did you mean '\(guess)'?" }
            error(message, node, rule: "schema-value")
            return .reference
        }
        guard type == .date else {
            var message = "encoding applies to date fields (date or date?); '\(name)' is \(type.schemaSpelling)"
            switch type {
            case .dateRange: message += ": a dateRange keeps Swift's form, [lower, upper] in seconds since 2001; use two date fields to encode the bounds otherwise"
            case .array, .map: message += ": its dates keep Swift's form, seconds since 2001; put the date in a struct from `types` with its own encoding and hold that instead"
            default: message += "; remove `encoding`"
            }
            error(message, entry.key, rule: "schema-shape")
            return .reference
        }
        return encoding
    }
}
