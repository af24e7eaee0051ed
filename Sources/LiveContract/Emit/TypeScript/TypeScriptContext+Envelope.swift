/// The template context of the FCM envelope in the TypeScript file: its keys and the advice
/// each envelope issue carries, as TypeScript literals, from the same `FcmEnvelopeKeys` the
/// Kotlin file and the fixtures use.
extension TypeScriptContext {
    var envelopeContext: TemplateValue {
        let keys = contract.envelope
        func literal(_ text: String) -> TemplateValue { .text(TypeScriptSyntax.stringLiteral(text)) }
        return .object([
            "activityIdKey": literal(keys.activityId),
            "eventKey": literal(keys.event),
            "sentAtKey": literal(keys.sentAt),
            "staleAtKey": literal(keys.staleAt),
            "dismissAtKey": literal(keys.dismissAt),
            "activityIdAdvice": literal(keys.advice(key: keys.activityId, reason: "missing")),
            "eventAdvice": literal(keys.advice(key: keys.event, reason: "missing")),
            "sentAtInvalidAdvice": literal(keys.advice(key: keys.sentAt, reason: "invalid")),
            "sentAtSecondsAdvice": literal(keys.advice(key: keys.sentAt, reason: "seconds")),
            "staleAtInvalidAdvice": literal(keys.advice(key: keys.staleAt, reason: "invalid")),
            "staleAtSecondsAdvice": literal(keys.advice(key: keys.staleAt, reason: "seconds")),
            "dismissAtInvalidAdvice": literal(keys.advice(key: keys.dismissAt, reason: "invalid")),
            "dismissAtSecondsAdvice": literal(keys.advice(key: keys.dismissAt, reason: "seconds")),
        ])
    }
}
