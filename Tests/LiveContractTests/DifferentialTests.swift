import Foundation
import XCTest
@testable import LiveContract

/// The differential proof: thousands of seeded, edge-biased inputs per schema (bridge
/// objects, content states, FCM data maps; see DifferentialInputs) go through every
/// language's generated code, one process per language for all schemas, and each language
/// pair must agree value by value, refusals and issues included (DifferentialComparison).
/// A mismatch prints the seed and a reproducer shrunk to the fewest keys, written as JSON.
final class DifferentialTests: XCTestCase {
    static let casesPerSchema = 2000

    func testEveryLanguageAgreesOnGeneratedInputs() throws {
        let start = Date()
        let seed = SeededRandom.runSeed(environment: ProcessInfo.processInfo.environment)
        print("differential: seed \(seed) (set LIVECONTRACT_DIFF_SEED=\(seed) to repeat this run)")
        let runners = try DifferentialRunners.build()
        defer { try? FileManager.default.removeItem(at: runners.work) }
        print("differential: compiled in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        var rng = SeededRandom(seed: seed)
        var cases: [String: [DifferentialInputs.Case]] = [:]
        for name in runners.contracts.keys.sorted() {
            var inputs = DifferentialInputs(contract: runners.contracts[name]!, rng: SeededRandom(seed: rng.next()))
            cases[name] = (0..<Self.casesPerSchema).map { _ in inputs.next() }
        }
        let results = try runners.run(Self.inputFile(cases, runners.contracts), label: "all")
        var failures: [String] = []
        for name in cases.keys.sorted() {
            let contract = runners.contracts[name]!
            for pair in DifferentialPair.allCases {
                guard let mismatches = Self.mismatches(pair, contract: contract, cases: cases[name]!, results: results, schema: name) else { continue }
                print("differential: \(name): \(pair.rawValue): \(cases[name]!.count) cases, \(mismatches.count) mismatches")
                for (index, detail) in mismatches.prefix(3) {
                    let reproducer = try shrink(pair, schema: name, contract: contract, input: cases[name]![index], runners: runners)
                    failures.append("\(name) \(pair.rawValue) input \(index) (seed \(seed)): \(detail)\n  reproducer: \(reproducer)")
                }
            }
        }
        print("differential: done in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        XCTAssertTrue(failures.isEmpty, "\(failures.count) disagreements (seed \(seed)):\n" + failures.joined(separator: "\n"))
    }

    /// `{"seed", "schemas": {NAME: [{"bridge", "repaired"?, "content", "fcm"}]}}`: the content
    /// state goes as text, so the decoders see its number spellings byte for byte.
    static func inputFile(_ cases: [String: [DifferentialInputs.Case]], _ contracts: [String: Contract]) -> JSONValue {
        .object([JSONMember("schemas", .object(cases.keys.sorted().map { name in
            let model = BridgeRepairModel(contract: contracts[name]!)
            return JSONMember(name, .array(cases[name]!.map { item in
                var members = [JSONMember("bridge", item.bridge)]
                let repaired = model.state(item.bridge)
                if repaired != item.bridge { members.append(JSONMember("repaired", repaired)) }
                members.append(JSONMember("content", .string(DiffJSON.text(item.content))))
                members.append(JSONMember("fcm", .object(item.fcm)))
                return .object(members)
            }))
        }))])
    }

    /// Index and difference of every input on which the pair disagrees; nil when the schema
    /// lacks one of the pair's languages.
    static func mismatches(_ pair: DifferentialPair, contract: Contract, cases: [DifferentialInputs.Case],
                           results: DifferentialRunners.Results, schema: String) -> [(Int, String)]? {
        let swift = results.swift[schema], kotlin = results.kotlin[schema], typescript = results.typescript[schema]
        switch pair {
        case .bridge, .back: guard swift != nil, typescript != nil else { return nil }
        case .fcm: guard kotlin != nil, typescript != nil else { return nil }
        case .content: guard swift != nil else { return nil }
        }
        let comparison = DifferentialComparison(contract: contract)
        return cases.indices.compactMap { index in
            comparison.compare(pair, swift: swift?[safe: index], kotlin: kotlin?[safe: index], typescript: typescript?[safe: index],
                               content: DiffJSON.text(cases[index].content)).map { (index, $0) }
        }
    }

    /// Drops top-level keys of the input the pair reads, one at a time, while the pair still
    /// disagrees; writes the smallest input as JSON and returns where it is and its text.
    func shrink(_ pair: DifferentialPair, schema: String, contract: Contract, input: DifferentialInputs.Case,
                runners: DifferentialRunners) throws -> String {
        var current = input
        var round = 0
        while true {
            let candidates = Self.dropOne(pair, current)
            guard !candidates.isEmpty else { break }
            round += 1
            let results = try runners.run(Self.inputFile([schema: candidates], [schema: contract]), label: "shrink\(round)")
            let failing = Self.mismatches(pair, contract: contract, cases: candidates, results: results, schema: schema) ?? []
            guard let first = failing.first else { break }
            current = candidates[first.0]
        }
        let shown: JSONValue
        switch pair {
        case .bridge: shown = .object([JSONMember("bridgeState", current.bridge)])
        case .fcm: shown = .object([JSONMember("fcmData", .object(current.fcm))])
        case .content, .back: shown = .object([JSONMember("contentState", .string(DiffJSON.text(current.content)))])
        }
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["LIVECONTRACT_DIFF_OUT"] ?? FileManager.default.temporaryDirectory.appendingPathComponent("livecontract-differential").path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(schema)-\(pair.rawValue.split(separator: " ")[0])-\(abs(JSONWriter.compact(shown).hashValue % 100_000)).json")
        let text = JSONWriter.compact(.object([JSONMember("schema", .string(schema)), JSONMember("pair", .string(pair.rawValue))] + (shown.objectMembers ?? [])))
        try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        return "\(file.path)\n    \(text)"
    }

    /// Every copy of `input` with one key of the pair's input left out.
    static func dropOne(_ pair: DifferentialPair, _ input: DifferentialInputs.Case) -> [DifferentialInputs.Case] {
        switch pair {
        case .bridge:
            guard case .object(let members) = input.bridge else { return [] }
            return members.indices.map { index in
                var copy = input
                copy.bridge = .object(members.enumerated().filter { $0.offset != index }.map(\.element))
                return copy
            }
        case .fcm:
            return input.fcm.indices.map { index in
                var copy = input
                copy.fcm.remove(at: index)
                return copy
            }
        case .content, .back:
            guard case .object(let members) = input.content else { return [] }
            return members.indices.map { index in
                var copy = input
                copy.content = .object(members.enumerated().filter { $0.offset != index }.map(\.element))
                return copy
            }
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension JSONValue {
    var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
