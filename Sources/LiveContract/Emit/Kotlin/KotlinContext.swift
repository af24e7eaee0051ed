/// Builds the template context for the Kotlin output. (Placeholder until the emitter lands.)
struct KotlinContext {
    let contract: Contract

    func build(header: [String]) -> [String: TemplateValue] {
        ["headerLines": .list(header.map { .text($0) })]
    }
}
