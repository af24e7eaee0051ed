import Foundation
import XCTest
@testable import LiveContract

/// Map keys are the schema's data, so every key must reach every language as a plain member.
/// In a JavaScript object literal a key spelled `__proto__` (quoted or not) sets the prototype
/// instead: the generated TypeScript, compiled and run, must keep it as a member of a default.
final class HostileMapKeyTests: XCTestCase {
    func testProtoKeyOfAMapDefaultStaysAMemberInTypeScript() throws {
        let tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let folder = TestSupport.temporaryDirectory("hostile-map-key")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = """
        livecontract: 1
        name: Proto
        state:
          names: { type: "[string: string]", maxItems: 3, maxLength: 12, default: { "__proto__": p, constructor: c, a: x } }
          spots: { type: "[string: Spot]", maxItems: 1, maxLength: 12, default: { "__proto__": { lat: 1 } } }
        types:
          Spot: { fields: { lat: { type: double } } }
        outputs:
          typescript: Proto.ts

        """
        try schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let generate = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let compile = try TestSupport.run(tsc, ["--strict", "--target", "es2020", "--module", "commonjs", "--outDir", "js", "Proto.ts"], in: folder)
        XCTAssertEqual(compile.status, 0, compile.stdout + compile.stderr)
        let script = """
        const c = require('./js/Proto.js');
        const s = c.toContentState({});
        const own = (o) => Object.keys(o).join(',') + (Object.getPrototypeOf(o) === Object.prototype ? '' : ' (prototype replaced)');
        console.log(own(s.names) + ' | ' + own(s.spots) + ' | ' + JSON.stringify(s.spots['__proto__']));
        """
        let run = try TestSupport.run(node, ["-e", script], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "__proto__,a,constructor | __proto__ | {\"lat\":1}")
    }
}
