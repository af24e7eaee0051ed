import Foundation

// Code an app and its widget write against HarborAttributes: every member the schema cannot
// hold is used once. It compiles against the hand-written struct and against the generated
// copy plus the extension file import writes.
enum HarborUsage {
    static func use() -> [String] {
        var state: HarborAttributes.Status = HarborAttributes.ContentState.placeholder
        state.delay(by: 7)
        let attributes = HarborAttributes(route: "Kiel - Oslo")
        let tab: HarborAttributes.Tab = .schedule
        let deck = HarborAttributes.Deck(level: 7, name: "Sun")
        let lower = HarborAttributes.Deck(level: 3, name: "Car")
        return [
            HarborAttributes.appGroup,
            HarborAttributes.preview.id,
            attributes.title(uppercased: true),
            attributes.id,
            String(state.isLate),
            state.phase.label,
            "\(state[minutes: 30].timeIntervalSince1970)",
            "\(tab)",
            deck.shortName,
            String(lower < deck),
            String(attributes.capacity),
        ]
    }
}
