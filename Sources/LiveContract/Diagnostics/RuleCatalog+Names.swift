/// Names reach three languages and two wire formats, so each must be legal, unreserved and unique
/// in all of them.
extension RuleCatalog {
    static let names: [RuleInfo] = [
        RuleInfo(id: "fcm-reserved-key",
                 summary: "a field or bridge name that FCM reserves for data keys (from, message_type, collapse_key, notification, priority, ttl, google*, gcm*); the send fails",
                 example: "state:\n  from: string",
                 fix: "rename the field, or keep the name and set another `bridgeName:`"),
        RuleInfo(id: "invalid-name",
                 summary: "a name is not an ASCII identifier of the right case: fields and enum cases start lower-case, types upper-case, then letters, digits and _ only (no é, no dash, no bidi or line-separator character); also example names and Kotlin packages",
                 example: "state:\n  eta-ms: date",
                 fix: "rename it, e.g. etaMs"),
        RuleInfo(id: "name-collision",
                 summary: "two names become one in generated code: fields equal after CONSTANT_CASE (fooBar, foo_bar), two equal bridge names, or a type whose Kotlin/TypeScript name (`<Contract><Type>`, `...Apns`, `...Record`) is already taken",
                 example: "state:\n  fooBar: int\n  foo_bar: int",
                 fix: "rename one of them; the message names both"),
        RuleInfo(id: "reserved-name",
                 summary: "a name is a keyword or a built-in member in Swift, Kotlin or TypeScript, or a type name the generated code already uses",
                 example: "state:\n  class: string",
                 fix: "rename the field or type; the message names the language it clashes with"),
    ]
}
