/// The template context of the FCM envelope, shared by every language that reads or writes
/// FCM data maps: the five keys and the advice each envelope issue carries, as literals of
/// the language. One function, so every language's copy names the same keys and tells the
/// app the same thing as the fixtures.
extension FcmEnvelopeKeys {
    /// `envelope.*` in a template: `literal` spells a string in the target language (e.g.
    /// `KotlinSyntax.stringLiteral`), since a template only lays values out.
    func templateContext(literal spell: (String) -> String) -> TemplateValue {
        func literal(_ text: String) -> TemplateValue { .text(spell(text)) }
        return .object([
            "activityIdKey": literal(activityId),
            "eventKey": literal(event),
            "sentAtKey": literal(sentAt),
            "staleAtKey": literal(staleAt),
            "dismissAtKey": literal(dismissAt),
            "activityIdAdvice": literal(advice(key: activityId, reason: "missing")),
            "eventAdvice": literal(advice(key: event, reason: "missing")),
            "sentAtInvalidAdvice": literal(advice(key: sentAt, reason: "invalid")),
            "sentAtSecondsAdvice": literal(advice(key: sentAt, reason: "seconds")),
            "staleAtInvalidAdvice": literal(advice(key: staleAt, reason: "invalid")),
            "staleAtSecondsAdvice": literal(advice(key: staleAt, reason: "seconds")),
            "dismissAtInvalidAdvice": literal(advice(key: dismissAt, reason: "invalid")),
            "dismissAtSecondsAdvice": literal(advice(key: dismissAt, reason: "seconds")),
        ])
    }
}
