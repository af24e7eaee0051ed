/// Builds the template context for the TypeScript output. (Placeholder until the emitter lands.)
struct TypeScriptContext {
    let contract: Contract

    func build(header: [String]) -> [String: TemplateValue] {
        ["headerLines": .list(header.map { .text($0) })]
    }
}
