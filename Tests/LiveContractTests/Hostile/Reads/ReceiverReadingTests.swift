import Foundation
import XCTest
@testable import LiveContract

/// The generated servers and parsers read FCM JSON text and links as the widget and each
/// other do (docs/wire.md, "url" and "Reading FCM data"): one nesting limit (64 arrays and
/// objects) in Python, TypeScript and Go `parseFcmData` and in `validate`, and every builder
/// refuses a link Swift's `URL(string:)` refuses. Through generated code, compiled and run;
/// Kotlin's parser is held to TypeScript's by the differential test, whose inputs nest 61 to
/// 67 levels for a struct holding a map of itself.
final class ReceiverReadingTests: XCTestCase {
    var folder: URL!

    static let schema = """
        livecontract: 1
        name: Nest
        attributes:
          id: { type: string }
        state:
          tree: { type: "Tree?" }
          link: { type: "url?" }
        types:
          Tree: { fields: { label: { type: "string?" }, kids: { type: "[string: Tree]", default: {} } } }
        outputs:
          python: nest_contract.py
          typescript: Nest.ts
          go: { path: go/nest/nest.go, package: nest }

        """

    /// The links the widget's decoder refuses (the issue's four and one per step of the rule),
    /// and links it reads that look broken (it percent-encodes them).
    static let refused = [" https://example.com/a", "12:30", "1http://a", "2025-03-15T19:00:00Z", "a b:c", "http://a:8x/",
                          "http://[::1]x/", "https://a b/", "http://%zz/", "http://[::1 ]/", "https://é.com/", ""]
    static let read = ["https://example.com/a b", "%", ":x", "tel://a b/", "http://a b@host/", "http://[::1%eth0]/",
                       "addressbook://a:xyz/", "mailto:x y@z", "https://example.com/é#a#b"]

    /// FCM JSON text for `tree` nesting `containers` objects (a Tree holding a Tree).
    static func tree(_ containers: Int) -> String {
        var text = containers % 2 == 0 ? #"{"kids":{}}"# : "{}"
        var count = containers % 2 == 0 ? 2 : 1
        while count < containers {
            text = #"{"kids":{"k":"# + text + "}}"
            count += 2
        }
        return text
    }

    /// Depths around the limit, and whether a parser must read them.
    static let depths: [(Int, Bool)] = [(63, true), (64, true), (65, false), (66, false), (2000, false)]

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("receiver-reading")
        try Self.schema.write(to: folder.appendingPathComponent("nest.yaml"), atomically: true, encoding: .utf8)
        let generated = try TestSupport.run(TestSupport.binary.path, ["generate", "nest.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The expected output lines: `tree <depth> <read|invalid>` per depth, `link <json> <ok|refused>` per link.
    static var expected: [String] {
        depths.map { "tree \($0.0) \($0.1 ? "read" : "invalid")" } + refused.map { "link \(JSONWriter.compact(.string($0))) refused" }
            + read.map { "link \(JSONWriter.compact(.string($0))) ok" }
    }

    static var inputs: String {
        JSONWriter.compact(.object([
            JSONMember("depths", .array(depths.map { .int(Int64($0.0)) })),
            JSONMember("trees", .array(depths.map { .string(tree($0.0)) })),
            JSONMember("links", .array((refused + read).map { .string($0) })),
        ]))
    }

    func testPythonReadsNestingAndLinksAsEveryCopy() throws {
        let python = try TestSupport.requireTool("python3")
        let script = """
            import json, sys
            sys.path.insert(0, '.')
            import nest_contract as c
            inputs = json.loads(sys.stdin.read())
            base = {'activityId': 'a', 'event': 'update', 'sentAtMs': '1742064420000', 'id': 'x'}
            for depth, text in zip(inputs['depths'], inputs['trees']):
                parsed = c.parse_fcm_data(dict(base, tree=text))
                invalid = any(i.field == 'tree' and i.reason == 'invalid' for i in parsed.issues)
                read = parsed.state is not None and parsed.state.tree is not None
                print('tree', depth, 'read' if read and not invalid else 'invalid')
            for link in inputs['links']:
                try:
                    c.NestContentState.from_json({'link': link})
                    verdict = 'ok'
                except (TypeError, ValueError):
                    verdict = 'refused'
                print('link', json.dumps(link, ensure_ascii=False, separators=(',', ':')), verdict)
            """
        try script.write(to: folder.appendingPathComponent("check.py"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(python, ["check.py"], in: folder, input: Self.inputs)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), Self.expected)
    }

    func testTypeScriptReadsNestingAndLinksAsEveryCopy() throws {
        let tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let script = """
            import { parseFcmData, toContentState } from './Nest';
            declare const require: (name: string) => { readFileSync(fd: number, encoding: string): string };
            declare const console: { log(...items: unknown[]): void };
            const inputs = JSON.parse(require('fs').readFileSync(0, 'utf8')) as { depths: number[]; trees: string[]; links: string[] };
            const base: Record<string, string> = { activityId: 'a', event: 'update', sentAtMs: '1742064420000', id: 'x' };
            inputs.depths.forEach((depth, index) => {
              const parsed = parseFcmData({ ...base, tree: inputs.trees[index] ?? '' });
              const invalid = parsed.issues.some((issue) => issue.field === 'tree' && issue.reason === 'invalid');
              const read = parsed.state !== null && parsed.state.tree !== undefined;
              console.log('tree', depth, read && !invalid ? 'read' : 'invalid');
            });
            for (const link of inputs.links) {
              let verdict = 'ok';
              try {
                toContentState({ link });
              } catch (error) {
                verdict = 'refused';
              }
              console.log('link', JSON.stringify(link), verdict);
            }
            """
        try script.write(to: folder.appendingPathComponent("check.ts"), atomically: true, encoding: .utf8)
        let compiled = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--outDir", "out", "check.ts", "Nest.ts"], in: folder)
        XCTAssertEqual(compiled.status, 0, compiled.stdout + compiled.stderr)
        let result = try TestSupport.run(node, ["out/check.js"], in: folder, input: Self.inputs)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), Self.expected)
    }

    func testGoReadsNestingAndLinksAsEveryCopy() throws {
        let go = try TestSupport.requireTool("go")
        let module = folder.appendingPathComponent("go")
        try "module nest\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        let program = """
            package main

            import (
            \t"encoding/json"
            \t"fmt"
            \t"os"

            \t"nest/nest"
            )

            func main() {
            \tvar inputs struct {
            \t\tDepths []int
            \t\tTrees  []string
            \t\tLinks  []string
            \t}
            \tif err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {
            \t\tpanic(err)
            \t}
            \tfor index, depth := range inputs.Depths {
            \t\tdata := map[string]string{"activityId": "a", "event": "update", "sentAtMs": "1742064420000", "id": "x", "tree": inputs.Trees[index]}
            \t\tparsed := nest.ParseFCMData(data)
            \t\tinvalid := false
            \t\tfor _, issue := range parsed.Issues {
            \t\t\tif issue.Field == "tree" && issue.Reason == "invalid" {
            \t\t\t\tinvalid = true
            \t\t\t}
            \t\t}
            \t\tverdict := "invalid"
            \t\tif parsed.State != nil && parsed.State.Tree != nil && !invalid {
            \t\t\tverdict = "read"
            \t\t}
            \t\tfmt.Println("tree", depth, verdict)
            \t}
            \tfor _, link := range inputs.Links {
            \t\ttext, _ := json.Marshal(map[string]string{"link": link})
            \t\tvar state nest.ContentState
            \t\tverdict := "ok"
            \t\tif json.Unmarshal(text, &state) != nil {
            \t\t\tverdict = "refused"
            \t\t}
            \t\tquoted, _ := json.Marshal(link)
            \t\tfmt.Println("link", string(quoted), verdict)
            \t}
            }

            """
        try program.write(to: module.appendingPathComponent("main.go"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(go, ["run", "."], in: module, environment: GoToolchains.environment(root: module).merging(ProcessInfo.processInfo.environment) { own, _ in own }, input: Self.inputs)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Go's json.Marshal escapes <, > and & and writes non-ASCII as is; compare decoded.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map(Self.normalized), Self.expected.map(Self.normalized))
    }

    /// A `link <json> <verdict>` line with its JSON string decoded, so escapes do not matter.
    static func normalized(_ line: String) -> String {
        guard line.hasPrefix("link "), let space = line.lastIndex(of: " ") else { return line }
        let json = String(line[line.index(line.startIndex, offsetBy: 5)..<space])
        let text = (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)) as? String ?? json
        return "link \(text.debugDescription)\(line[space...])"
    }

    /// `validate --kind data` judges the same depths as the parsers: 64 levels read, 65 not.
    func testValidateJudgesNestingAsTheParsers() throws {
        for (depth, readable) in Self.depths {
            let data = JSONWriter.compact(.object([
                JSONMember("activityId", .string("a")), JSONMember("event", .string("update")), JSONMember("sentAtMs", .string("1742064420000")),
                JSONMember("id", .string("x")), JSONMember("tree", .string(Self.tree(depth))),
            ]))
            try Data(data.utf8).write(to: folder.appendingPathComponent("data.json"))
            let result = try TestSupport.run(TestSupport.binary.path, ["validate", "--schema", "nest.yaml", "--kind", "data", "data.json"], in: folder, environment: ["NO_COLOR": "1"])
            XCTAssertEqual(result.stderr.contains("[fcm-data-unreadable]"), !readable, "depth \(depth): \(result.stderr)")
        }
    }
}
