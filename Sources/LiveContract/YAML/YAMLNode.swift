/// A parsed YAML node that remembers where it came from, so every schema error can point at
/// the exact line and column the user wrote.
public struct YAMLNode: Sendable {
    /// How a scalar was written: plain scalars are the only ones YAML resolves to booleans,
    /// numbers or null, so typed slots must know whether the user quoted the value.
    public enum ScalarStyle: Sendable, Equatable { case plain, quoted, block }

    public indirect enum Kind: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        /// Keys stay in file order: field order in the file is the order in every output.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    public var kind: Kind
    public var location: SourceLocation
    /// True for flow style (`{ ... }`, `[ ... ]`); kept for messages only.
    public var isFlow: Bool = false

    public init(kind: Kind, location: SourceLocation, isFlow: Bool = false) {
        self.kind = kind
        self.location = location
        self.isFlow = isFlow
    }

    /// The scalar text, or nil for collections.
    public var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = kind { return style }
        return nil
    }

    public var mappingEntries: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// A plain scalar that YAML means as "nothing": empty, `~` or `null`.
    public var isNull: Bool {
        if case .scalar(let text, .plain) = kind {
            return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
        }
        return false
    }

    /// What the user wrote, named for messages ("a mapping", "the text 'abc'").
    public var kindDescription: String {
        switch kind {
        case .scalar(let text, _):
            return isNull ? "null" : "'\(text.count > 40 ? String(text.prefix(40)) + "..." : text)'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
