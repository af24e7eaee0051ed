import Foundation
import XCTest

/// Fixtures must tell the types apart: when every double in them is whole, a copy that reads
/// a `Double` as an `Int` decodes every fixture and the drift goes unseen. The
/// `edge-fractions` fixture gives every double and float (in lists, maps and structs too) a
/// value that is not whole and fits its bounds, and every optional a value.
final class FixturesTellDoubleFromIntTests: XCTestCase {
    /// Whole numbers in the only example, doubles at every depth, bounds on one of them.
    static let schema = """
    livecontract: 1
    name: Gauge
    attributes:
      site: { type: string }
    state:
      reading: { type: double, min: 0, max: 1 }
      ratio:   { type: float, min: 2 }
      history: { type: "[double]" }
      peaks:   { type: "[string: double]" }
      probe:   { type: Probe }
      spare:   { type: double? }
    types:
      Probe:
        fields:
          depth:  { type: double }
          offset: { type: float? }
    examples:
      calm:
        attributes: { site: Dock }
        state: { reading: 1, ratio: 2, history: [1, 2], peaks: { a: 3 }, probe: { depth: 4 } }
    outputs:
      swift: Gauge.swift
      fixtures: fixtures

    """

    /// Decodes each fixture's `contentState` with the generated ContentState; one line per fixture.
    static let driver = """
    import Foundation

    @main
    enum Driver {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst().sorted() {
                let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
                guard let state = fixture["contentState"] else { continue }
                let body = try JSONSerialization.data(withJSONObject: state)
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                do {
                    _ = try JSONDecoder().decode(GaugeAttributes.ContentState.self, from: body)
                    print("ok " + name)
                } catch {
                    print("fails " + name)
                }
            }
        }
    }

    """

    func testACopyThatReadsADoubleAsIntFailsOnTheFixtures() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        let root = TestSupport.temporaryDirectory("lc-fractions")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.schema.write(to: root.appendingPathComponent("livecontract.yaml"), atomically: true, encoding: .utf8)
        let generated = try TestSupport.run(TestSupport.binary.path, ["generate"], in: root, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)

        let fixtures = root.appendingPathComponent("fixtures")
        let fractions = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("edge-fractions.json"))) as! [String: Any]
        let state = try XCTUnwrap(fractions["contentState"] as? [String: Any])
        XCTAssertEqual(state["reading"] as? Double, 0.5, "inside min 0, max 1")
        XCTAssertEqual(state["ratio"] as? Double, 2.5, "above min 2, exact as a Float")
        XCTAssertEqual(state["history"] as? [Double], [1.5])
        XCTAssertEqual(state["peaks"] as? [String: Double], ["k": 1.5])
        XCTAssertEqual(state["probe"] as? [String: Double], ["depth": 1.5, "offset": 1.5], "an optional inside a struct is present")
        XCTAssertEqual(state["spare"] as? Double, 1.5, "an optional is present here")
        // The example leaves the optionals out, so it is the fixture where they are absent
        // (edge-absent would repeat it and is not written).
        let absent = try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("calm.json"))) as! [String: Any]
        let calm = try XCTUnwrap(absent["contentState"] as? [String: Any])
        XCTAssertNil(calm["spare"], "and absent in the example")
        XCTAssertNil((calm["probe"] as? [String: Any])?["offset"], "inside the struct too")

        let paths = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".json") }.map { fixtures.appendingPathComponent($0).path }
        let driver = root.appendingPathComponent("Driver.swift")
        try Self.driver.write(to: driver, atomically: true, encoding: .utf8)
        let copy = try String(contentsOf: root.appendingPathComponent("Gauge.swift"), encoding: .utf8)
        func run(_ swift: String, _ label: String) throws -> [String] {
            let file = root.appendingPathComponent(label + ".swift")
            try swift.write(to: file, atomically: true, encoding: .utf8)
            let binary = root.appendingPathComponent(label)
            let compiled = try TestSupport.run(swiftc, ["-parse-as-library", "-o", binary.path, file.path, driver.path])
            XCTAssertEqual(compiled.status, 0, compiled.stderr)
            let ran = try TestSupport.run(binary.path, paths)
            XCTAssertEqual(ran.status, 0, ran.stderr)
            return ran.stdout.split(separator: "\n").map(String.init)
        }
        let faithful = try run(copy, "faithful")
        XCTAssertFalse(faithful.isEmpty)
        XCTAssertEqual(faithful.filter { $0.hasPrefix("fails") }, [], "the generated copy decodes every fixture")

        // A copy drifted the way real ones do: the struct's depth read as an Int.
        let drifted = copy.replacingOccurrences(of: "var depth: Double", with: "var depth: Int")
            .replacingOccurrences(of: "depth: Double", with: "depth: Int")
            .replacingOccurrences(of: "decode(Double.self, forKey: .depth)", with: "decode(Int.self, forKey: .depth)")
        XCTAssertNotEqual(drifted, copy)
        let failures = try run(drifted, "drifted").filter { $0.hasPrefix("fails") }
        XCTAssertEqual(failures, ["fails edge-fractions"], "only a fixture whose double is not whole tells Double from Int")
    }
}
