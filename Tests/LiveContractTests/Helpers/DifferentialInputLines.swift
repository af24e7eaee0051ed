import Foundation
@testable import LiveContract

/// The differential test's inputs as its runners read them, and `validate`'s verdicts on
/// them (worked out beside the runners: they need only the inputs).
extension DifferentialTests {
    /// Every schema's inputs, drawn from one seed per schema (taken from `seed` in name
    /// order, so a seed gives the same inputs however the work is spread), made and written
    /// side by side, and the lines of all of them in name order.
    /// `regressions` (DifferentialRegressions) go first, before the seeded inputs of their schema.
    static func inputs(seed: UInt64, _ contracts: [String: Contract], regressions: [String: [DifferentialInputs.Case]] = [:])
        -> (cases: [String: [DifferentialInputs.Case]], texts: [String: [String]], lines: String) {
        let names = contracts.keys.sorted()
        var rng = SeededRandom(seed: seed)
        let seeds = names.map { _ in rng.next() }
        nonisolated(unsafe) var made = [(cases: [DifferentialInputs.Case], texts: [String], lines: String, cpu: Double)](repeating: ([], [], "", 0), count: names.count)
        let lock = NSLock()
        onThreads(names.count) { position in
            let cpu = CPUClock.thread()
            var inputs = DifferentialInputs(contract: contracts[names[position]]!, rng: SeededRandom(seed: seeds[position]))
            let cases = (regressions[names[position]] ?? []) + (0..<casesPerSchema).map { _ in inputs.next() }
            let texts = contentTexts(cases)
            let lines = inputLines(names[position], cases, texts, contracts[names[position]]!)
            lock.lock()
            made[position] = (cases, texts, lines, CPUClock.thread() - cpu)
            lock.unlock()
        }
        say(String(format: "differential: inputs made and written in %.1f CPU s", made.map(\.cpu).reduce(0, +)))
        return (Dictionary(uniqueKeysWithValues: zip(names, made.map(\.cases))), Dictionary(uniqueKeysWithValues: zip(names, made.map(\.texts))),
                made.map(\.lines).joined())
    }

    /// Each content state's JSON text, made once: the inputs file and `validate` both read it.
    static func contentTexts(_ cases: [DifferentialInputs.Case]) -> [String] {
        cases.map { DiffJSON.text($0.content) }
    }

    /// One line per input, columns separated by tabs: `SCHEMA INDEX BRIDGE CONTENT FCM
    /// REPAIRED`, each a compact JSON text (which never holds a raw tab or line break), the
    /// content state as its own text so the decoders see its number spellings byte for byte,
    /// REPAIRED empty when no repair of docs/swift-bridge.md applies. Each runner parses only
    /// its columns (Swift: bridge, content as bytes; Kotlin: FCM; Node: bridge, FCM, repaired).
    static func inputLines(_ name: String, _ cases: [DifferentialInputs.Case], _ texts: [String], _ contract: Contract) -> String {
        var text = ""
        let model = BridgeRepairModel(contract: contract)
        for (index, item) in cases.enumerated() {
            let repaired = model.state(item.bridge)
            text += name + "\t" + String(index) + "\t" + JSONWriter.compact(item.bridge) + "\t" + texts[index] + "\t"
                + JSONWriter.compact(.object(item.fcm)) + "\t" + (repaired == item.bridge ? "" : JSONWriter.compact(repaired)) + "\n"
        }
        return text
    }

    /// Each FCM data map as the JSON text `validate --kind data` reads.
    static func fcmTexts(_ cases: [String: [DifferentialInputs.Case]]) -> [String: [String]] {
        cases.mapValues { $0.map { JSONWriter.compact(.object($0.fcm)) } }
    }

    /// `validate`'s verdict on every content state and every FCM data map, schemas side by
    /// side, and the CPU seconds spent.
    static func verdicts(_ texts: [String: [String]], fcm: [String: [String]], _ contracts: [String: Contract])
        -> (verdicts: [String: [DifferentialComparison.ContentVerdict]], cpu: Double) {
        let names = texts.keys.sorted()
        nonisolated(unsafe) var found = [([DifferentialComparison.ContentVerdict], Double)](repeating: ([], 0), count: names.count)
        let lock = NSLock()
        onThreads(names.count) { position in
            let cpu = CPUClock.thread()
            let comparison = DifferentialComparison(contract: contracts[names[position]]!)
            let data = fcm[names[position]] ?? []
            let list = texts[names[position]]!.enumerated().map { index, text in
                var verdict = comparison.verdict(text)
                verdict.fcm = data[safe: index].map(comparison.fcmVerdict)
                return verdict
            }
            lock.lock()
            found[position] = (list, CPUClock.thread() - cpu)
            lock.unlock()
        }
        return (Dictionary(uniqueKeysWithValues: zip(names, found.map(\.0))), found.map(\.1).reduce(0, +))
    }
}
