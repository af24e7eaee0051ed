/// What each rule id means, with an example and the fix: the text behind
/// `livecontract explain RULE` and the rule list in the docs.
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

public enum RuleCatalog {
    /// Every rule, sorted by id. A test checks that every rule id the sources emit is here.
    public static let entries: [RuleInfo] = [
        RuleInfo(id: "reserved-name",
                 summary: "a name is a keyword or a built-in member in Swift, Kotlin or TypeScript, or a type name the generated code already uses",
                 example: "state:\n  class: string",
                 fix: "rename the field or type; the message names the language it clashes with"),
    ]

    public static func entry(for id: String) -> RuleInfo? {
        entries.first { $0.id == id }
    }
}
