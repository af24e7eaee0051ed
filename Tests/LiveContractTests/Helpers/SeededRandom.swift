/// A small seeded generator (the SplitMix64 algorithm): the same seed gives the same inputs on every
/// platform, so a failing differential run is reproduced by its printed seed alone.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<count (count > 0).
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A double in [low, high).
    mutating func between(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }

    /// The seed of a run: LIVECONTRACT_DIFF_SEED (decimal or 0x hex) when set, else fresh.
    static func runSeed(environment: [String: String]) -> UInt64 {
        if let text = environment["LIVECONTRACT_DIFF_SEED"], !text.isEmpty {
            if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
            if let value = UInt64(text) { return value }
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}
