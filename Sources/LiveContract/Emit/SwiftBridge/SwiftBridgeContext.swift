/// Builds the template context for the SwiftBridge output. (Placeholder until the emitter lands.)
struct SwiftBridgeContext {
    let contract: Contract

    func build(header: [String]) -> [String: TemplateValue] {
        ["headerLines": .list(header.map { .text($0) })]
    }
}
