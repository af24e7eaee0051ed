import Foundation
import XCTest
@testable import LiveContract

/// Type graphs a red team built to stop the tool: a 20,000-type chain (was a segfault), a
/// 20,000-type cycle, a diamond doubling at every level (was minutes and 300 MB of
/// fixtures) and 5,000 unknown type names next to 5,000 declared ones (a quadratic "did you
/// mean"). Through the built binary: exit 2 with a positioned error, quickly, nothing written.
final class HostileTypeGraphTests: XCTestCase {
    func run(_ name: String, _ yaml: String) throws -> (TestSupport.RunResult, TimeInterval, [String]) {
        let folder = TestSupport.temporaryDirectory("type-graph")
        defer { try? FileManager.default.removeItem(at: folder) }
        try yaml.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let start = Date()
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        let elapsed = Date().timeIntervalSince(start)
        return (result, elapsed, try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    let head = "livecontract: 1\nname: G\nattributes:\n  id: string\n"
    let outputs = "outputs:\n  swift: [A.swift]\n  kotlin: { path: A.kt, package: a.b }\n  typescript: A.ts\n  swift-bridge: B.swift\n  fixtures: fx\n"

    func testHostileTypeGraphsAreRefusedFastWithoutCrashing() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let chain = (0..<20_000).map { "  C\($0): { fields: { a: C\($0 + 1) } }\n" }.joined() + "  C20000: { fields: { x: int } }\n"
        let cycle = (0..<20_000).map { "  C\($0): { fields: { a: C\(($0 + 1) % 20_000) } }\n" }.joined()
        let diamond = (0..<24).map { "  T\($0): { fields: { a: T\($0 + 1), b: T\($0 + 1) } }\n" }.joined() + "  T24: { fields: { x: int } }\n"
        let typos = (0..<5_000).map { "  D\($0): { fields: { a: U\($0) } }\n" }.joined()
        let cases: [(String, String, String, String)] = [
            ("chain", chain, "state:\n  t: C0\n", "[type-too-large]"),
            ("cycle", cycle, "state:\n  t: C0\n", "[type-cycle]"),
            ("diamond", diamond, "state:\n  t: T0\n", "s.yaml:14:3: error: struct 'T8' expands to 196606 fields"),
            // Every one is found; 20 are shown, the rest counted (CappedDiagnostics).
            ("typos", typos, "state:\n  t: D0\n", "note: 4980 more unknown-type errors like the 20 above"),
        ]
        for (name, types, state, expected) in cases {
            let (result, elapsed, files) = try run(name, head + "types:\n" + types + state + outputs)
            XCTAssertEqual(result.status, 2, "\(name): \(result.stderr.prefix(500))")
            XCTAssertTrue(result.stderr.contains(expected), "\(name): \(result.stderr.suffix(500))")
            XCTAssertLessThan(elapsed, 30, "\(name) took \(elapsed) s (debug build)")
            XCTAssertEqual(files, ["s.yaml"], "\(name): nothing written")
        }
    }

    /// Many fields, each wrong on its own or each with its own type: counting the errors so
    /// far before and after every field (20,000 bad fields took minutes) and looking a type
    /// up by scanning all of them (8,000 enum fields took over a minute) were quadratic.
    func testManyFieldsAndTypesStayLinear() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let bad = (0..<20_000).map { "  f\($0): { type: nope\($0) }\n" }.joined()
        let (refused, refusedTime, refusedFiles) = try run("bad fields", head + "state:\n" + bad + outputs)
        XCTAssertEqual(refused.status, 2, String(refused.stderr.prefix(500)))
        XCTAssertTrue(refused.stderr.contains("s.yaml:26:16: note: 19980 more unknown-type errors like the 20 above"), String(refused.stderr.suffix(500)))
        XCTAssertLessThan(refusedTime, 30, "20,000 bad fields took \(refusedTime) s (debug build)")
        XCTAssertEqual(refusedFiles, ["s.yaml"], "nothing written")

        let fields = (0..<8_000).map { "  f\($0): { type: E\($0) }\n" }.joined()
        let types = (0..<8_000).map { "  E\($0): { enum: [a, b] }\n" }.joined()
        let (accepted, acceptedTime, _) = try run("many types", head + "state:\n" + fields + "types:\n" + types + "outputs:\n  swift: [A.swift]\n")
        XCTAssertEqual(accepted.status, 0, String(accepted.stderr.prefix(500)))
        XCTAssertLessThan(acceptedTime, 30, "8,000 enum fields took \(acceptedTime) s (debug build)")
    }
}
