import Foundation
import XCTest
@testable import LiveContract

/// Replays, through the fuzzer's own oracle (`SelfCheck`), every input the fuzzer (fuzz/)
/// ever caught breaking a promise (Tests/FuzzRegressions) and its whole seed corpus
/// (fuzz/corpus: the bundled schemas and the hostile-schema table), so a fixed bug stays fixed
/// without libFuzzer. Refresh the seeds with `LIVECONTRACT_UPDATE_GOLDENS=1 swift test --filter FuzzRegressionTests`.
final class FuzzRegressionTests: XCTestCase {
    static let regressions = TestSupport.repoRoot.appendingPathComponent("Tests/FuzzRegressions")
    static let corpus = TestSupport.repoRoot.appendingPathComponent("fuzz/corpus")
    /// libFuzzer's `-max_len` in fuzz/run: longer seeds would only be cut.
    static let maxSeedLength = 16_384

    func testEveryFuzzFindingKeepsEveryPromise() throws {
        let outcomes = try replay(Self.regressions)
        XCTAssertGreaterThanOrEqual(outcomes.count, 2, "Tests/FuzzRegressions holds what the fuzzer found")
    }

    func testEverySeedKeepsEveryPromise() throws {
        let outcomes = try replay(Self.corpus)
        let accepted = outcomes.values.filter { if case .accepted = $0 { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(accepted.count, TestSupport.schemaNames().count, "every bundled schema is accepted")
        XCTAssertGreaterThan(outcomes.count, 100)
    }

    /// The seed corpus is the bundled schemas plus every table case short enough to seed.
    func testSeedCorpusIsUpToDate() throws {
        var seeds: [String: [UInt8]] = [:]
        for name in TestSupport.schemaNames() {
            seeds["schema-\(name).yaml"] = Array(try Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml")))
        }
        for testCase in HostileSchemas.all where testCase.source.bytes.count <= Self.maxSeedLength {
            let slug = testCase.name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            seeds["hostile-\(slug).yaml"] = testCase.source.bytes
        }
        if ProcessInfo.processInfo.environment["LIVECONTRACT_UPDATE_GOLDENS"] == "1" {
            try? FileManager.default.removeItem(at: Self.corpus)
            try FileManager.default.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
            for (name, bytes) in seeds { try Data(bytes).write(to: Self.corpus.appendingPathComponent(name)) }
            return
        }
        let present = Set((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)) ?? [])
        XCTAssertEqual(present, Set(seeds.keys), "fuzz/corpus is out of date; run with LIVECONTRACT_UPDATE_GOLDENS=1")
        for (name, bytes) in seeds where present.contains(name) {
            XCTAssertEqual(Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name))), bytes, name)
        }
    }

    /// Runs every file in `folder` through `SelfCheck`; a broken promise fails the test.
    func replay(_ folder: URL) throws -> [String: SelfCheck.Outcome] {
        let scratch = TestSupport.temporaryDirectory("fuzz-replay")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let check = try SelfCheck(scratch: scratch.appendingPathComponent("run").path)
        var outcomes: [String: SelfCheck.Outcome] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                outcomes[name] = try check.run(bytes)
            } catch {
                XCTFail("\(folder.lastPathComponent)/\(name): \(error)")
            }
        }
        return outcomes
    }
}
