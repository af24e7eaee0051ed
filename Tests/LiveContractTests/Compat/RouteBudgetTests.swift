import Foundation
import XCTest
@testable import LiveContract

/// The size budget (docs/wire.md, "Size budget") proven against real payloads: the worst-case
/// sample is handed to the generated TypeScript, which builds every route with its own
/// builders; the bytes it produces (or reports when it refuses) must equal the budget. Then the
/// warnings through the binary: `check` and `generate` warn, `--strict` fails.
final class RouteBudgetTests: XCTestCase {
    /// Over every limit on purpose: a 5000-byte string, and every other kind of value.
    static let overSchema = """
        livecontract: 1
        name: Notes
        attributes:
          noteId: { type: string, maxLength: 16 }
          opened: { type: date }
        state:
          notes:  { type: string, maxLength: 5000 }
          tags:   { type: "[string]", maxItems: 3, maxLength: 10 }
          score:  { type: double, min: 0, max: 10 }
          count:  { type: int, min: -100, max: 100 }
          kind:   { type: Kind }
          spot:   { type: Spot? }
          window: { type: dateRange }
          link:   { type: url, maxLength: 20 }
          done:   { type: bool, default: false }
        types:
          Kind: { enum: [a, longerCase] }
          Spot: { fields: { x: { type: double }, label: { type: string, maxLength: 5 }, seen: { type: "[date]", maxItems: 2 } } }
        outputs:
          typescript: notes/NotesContract.ts

        """

    /// Each bundled example plus the over-limit schema: the generated TypeScript's real sizes.
    func testGeneratedTypeScriptBuildsExactlyTheBudget() throws {
        let tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let root = TestSupport.temporaryDirectory("lc-budget")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.overSchema.write(to: root.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        var expected: [String: RouteBudget] = [:]
        var sources: [String] = []
        for schema in ["delivery", "ride", "kitchensink", "notes"] {
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            let module = try XCTUnwrap(contract.outputs.typescript?.path)
            let budget = RouteBudget(contract)
            XCTAssertEqual(budget.unbounded, [], "\(schema) has unbounded fields")
            expected[schema] = budget
            let name = "budget-\(schema).ts"
            try script(contract, budget: budget, module: String(module.dropLast(3))).write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
            sources += [module, name]
            print("budget \(schema): " + budget.summary.joined(separator: ", "))
        }
        let compiled = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--outDir", "out", "--rootDir", "."] + sources, in: root)
        XCTAssertEqual(compiled.status, 0, compiled.stdout + compiled.stderr)
        guard compiled.status == 0 else { return }
        for schema in ["delivery", "ride", "kitchensink", "notes"] {
            let result = try TestSupport.run(node, ["out/budget-\(schema).js"], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            let measured = try JSONParser().parse(Array(result.stdout.utf8)).root
            let budget = try XCTUnwrap(expected[schema])
            for entry in budget.entries {
                guard case .number(let text)? = measured[entry.route.rawValue]?.kind else { return XCTFail("\(schema): no \(entry.route.rawValue) in \(result.stdout)") }
                XCTAssertEqual(Int(text), entry.bytes, "\(schema) \(entry.route.rawValue): TypeScript built \(text) bytes, the budget says \(entry.bytes)")
            }
        }
        let notes = try XCTUnwrap(expected["notes"])
        XCTAssertTrue(notes.entries.allSatisfy { $0.bytes > $0.route.limit }, "the over-limit schema is over on every route")
        XCTAssertEqual(notes.entry(.apnsUpdate).parts.first?.name, "notes")
        for schema in ["delivery", "ride", "kitchensink"] {
            let budget = try XCTUnwrap(expected[schema])
            XCTAssertTrue(budget.entries.allSatisfy { $0.bytes <= $0.route.limit }, "\(schema): \(budget.summary)")
        }
    }

    /// Builds the worst-case sample with the module's own builders and prints each route's
    /// bytes; a builder that refuses reports the size in its message, which is what is printed.
    func script(_ contract: Contract, budget: RouteBudget, module: String) -> String {
        let shapes = WireShapes(contract: contract)
        var attributes = JSONText(pretty: false), state = JSONText(pretty: false)
        shapes.writeBridge(budget.attributes, fields: contract.attributes, into: &attributes)
        shapes.writeBridge(budget.state, fields: contract.state, into: &state)
        // Ten-digit seconds, as wide as the budget's, inside the builders' range (before 2100),
        // the stale date after the timestamp as the builders require.
        let ms = "4102444798000", staleMs = "4102444799000"
        return """
            import * as m from './\(module)';
            declare const require: (id: string) => any;
            declare const console: { log(...items: unknown[]): void };
            const { Buffer } = require('buffer');
            const attributes: any = \(attributes.string);
            const state: any = \(state.string);
            function size(build: () => unknown): number {
              try {
                return Buffer.byteLength(JSON.stringify(build()));
              } catch (error) {
                const found = /is (\\d+) bytes/.exec(String(error));
                return found === null ? -1 : Number(found[1]);
              }
            }
            const contentState = m.toContentState(state);
            const apnsAttributes = m.toApnsAttributes(attributes);
            const options = { timestampMs: \(ms), staleDateMs: \(staleMs), relevanceScore: \(JSNumber.format(RouteBudget.widestNumber)) };
            console.log(JSON.stringify({
              'apns-update': size(() => m.apnsPayload('update', contentState, options)),
              // The budget leaves the alert out (its text is the sender's): an empty one is subtracted.
              'apns-start': size(() => m.apnsStartPayload(contentState, { timestampMs: \(ms), alert: { title: '', body: '' } }, apnsAttributes, { pushToken: true }))
                - Buffer.byteLength(',"alert":{"title":"","body":""}'),
              'broadcast-update': size(() => m.broadcastPayload('update', contentState, options)),
              'fcm-data': size(() => m.toFcmData(attributes, state, { activityId: 'x'.repeat(\(RouteBudget.widestActivityId)), event: 'update', sentAtMs: 9999999999999, staleAtMs: 9999999999999 })),
            }));

            """
    }

    func testCheckAndGenerateWarnAndStrictFails() throws {
        let folder = TestSupport.temporaryDirectory("lc-budget-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.overSchema.write(to: folder.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        func run(_ arguments: String...) throws -> TestSupport.RunResult {
            try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
        }
        let generated = try run("generate", "notes.yaml")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes/NotesContract.ts").path))
        XCTAssertTrue(generated.stderr.contains("notes.yaml:7:3: warning: the worst-case APNs update body [apns-update] is "), generated.stderr)
        XCTAssertTrue(generated.stderr.contains("the largest fields are 'notes' 30011"), generated.stderr)
        XCTAssertTrue(generated.stderr.contains("[payload-budget-over]"))
        XCTAssertEqual(generated.stderr.components(separatedBy: "[payload-budget-over]").count - 1, 4, "one warning per route")
        let checked = try run("check", "notes.yaml")
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("[payload-budget-over]"), checked.stderr)
        XCTAssertEqual(try run("check", "--strict", "notes.yaml").status, 2, "--strict fails on the budget (schema warnings exit 2)")

        let unbounded = Self.overSchema.replacingOccurrences(of: "{ type: string, maxLength: 5000 }", with: "{ type: string }")
            .replacingOccurrences(of: "maxItems: 3, ", with: "")
        try unbounded.write(to: folder.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let loose = try run("check", "notes.yaml")
        XCTAssertTrue(loose.stderr.contains("notes.yaml:7:3: warning: the payload size cannot be proven within the APNs and FCM limits: 'notes' (a string without maxLength), 'tags' (a list without maxItems) can grow without bound; add maxLength: N (UTF-8 bytes) to each string and maxItems: N to each list [payload-budget-unbounded]"), loose.stderr)
        XCTAssertFalse(loose.stderr.contains("payload-budget-over"), "bounded fields alone fit: \(loose.stderr)")
        XCTAssertEqual(try run("check", "--strict", "notes.yaml").status, 2)
    }

    func testMaxItemsIsCheckedAndOnlyOnLists() throws {
        func load(_ state: String) -> [Diagnostic] {
            let text = "livecontract: 1\nname: T\nattributes:\n  a: { type: string, maxLength: 4 }\nstate:\n\(state)\noutputs:\n  typescript: t.ts\n"
            do { return try SchemaLoader.load(Array(text.utf8), path: "t.yaml").1.items } catch { return error.diagnostics.items }
        }
        XCTAssertEqual(load("  n: { type: int, maxItems: 3 }").map(\.rule), ["schema-shape"])
        XCTAssertEqual(load("  n: { type: \"[int]\", maxItems: -1 }").map(\.rule), ["schema-value"])
        XCTAssertEqual(load("  n: { type: \"[int]\", maxItems: 0 }").map(\.rule), [])
        XCTAssertEqual(load("  n: { type: \"[int]\", maxItems: 1, default: [1, 2] }").map(\.rule), ["value-too-long"])
        XCTAssertEqual(load("  n: { type: \"[string]\", maxItems: 2, maxLength: 2, default: [ab, abc] }").map(\.rule), ["value-too-long"])
    }
}
