/// Every output livecontract can write, in the order `generate` renders them and docs list
/// them. Adding a language is one line here plus its `Emit/<Language>/` folder.
public enum Emitters {
    public static let all: [Emitter] = [
        .swift,
        .swiftBridge,
        .kotlin,
        .kotlinBridge,
        .typescript,
        .python,
        .go,
        .fixtures,
        .jsonSchema,
    ]

    /// The `outputs:` keys, in order.
    public static var keys: [String] { all.map(\.key) }
}
