/// What each rule id means, with an example and the fix: the text behind
/// `livecontract explain RULE` and docs/rules.md.
public struct RuleInfo: Sendable, Equatable {
    public var id: String
    /// One sentence: what is wrong.
    public var summary: String
    /// A short input that triggers the rule.
    public var example: String
    /// How to fix it.
    public var fix: String

    public init(id: String, summary: String, example: String, fix: String) {
        self.id = id
        self.summary = summary
        self.example = example
        self.fix = fix
    }
}

/// The rules of one area (YAML, names, compat, ...), as docs/rules.md groups them.
public struct RuleFamily: Sendable {
    public var title: String
    public var rules: [RuleInfo]
}

/// Every rule id any command reports. Each area keeps its rules, sorted by id, in its own
/// file (`RuleCatalog+<Area>.swift`): add a new rule there. RuleCatalogTests checks that
/// every id the sources emit has an entry, that each area stays sorted, and that
/// docs/rules.md is generated from this catalog.
public enum RuleCatalog {
    /// The areas in the order docs/rules.md lists them.
    public static let families: [RuleFamily] = [
        RuleFamily(title: "YAML", rules: yaml),
        RuleFamily(title: "Schema structure and values", rules: schema),
        RuleFamily(title: "Names", rules: names),
        RuleFamily(title: "Outputs, writes and drift", rules: outputs),
        RuleFamily(title: "compat", rules: compat),
        RuleFamily(title: "validate", rules: validate),
        RuleFamily(title: "Routes and size budget", rules: routes + budget),
        RuleFamily(title: "import", rules: importing),
        RuleFamily(title: "doctor", rules: doctor),
    ]

    /// Every rule, sorted by id.
    public static let entries: [RuleInfo] = families.flatMap(\.rules).sorted { $0.id < $1.id }

    public static func entry(for id: String) -> RuleInfo? {
        entries.first { $0.id == id }
    }
}
