import Foundation
import XCTest
@testable import LiveContract

/// The generated TypeScript `ApnsClient` and `FcmClient` run in Node against the fake APNs
/// (HTTP/2 over TLS), OAuth and FCM servers (Helpers/PushFake.swift): every bundled schema is
/// generated, compiled with tsc --strict with Tests/Harness/push/typescript/driver.ts, and the
/// driver sends every fixture's APNs requests and FCM messages, renews both tokens when the
/// fake expires them, and checks the result of each error the fake can answer. At compile
/// time, a bridge-shaped state handed to a send method must be a type error.
final class TypeScriptPushClientTests: XCTestCase {
    static let driverFolder = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/push/typescript")

    struct Generated {
        var schema: String
        var name: String
        var module: String
        var fixtures: String?
    }

    func generateAll(into root: URL) throws -> [Generated] {
        try TestSupport.schemaNames().map { schema in
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            let output = try XCTUnwrap(contract.outputs.typescript?.path, "\(schema).yaml has no typescript output")
            return Generated(schema: schema, name: contract.name, module: String(output.dropLast(3)), fixtures: contract.outputs.fixtures?.path)
        }
    }

    func testClientsSendEveryFixtureAndReportEachAnswer() throws {
        let tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let root = TestSupport.temporaryDirectory("lc-ts-push")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root).filter { $0.fixtures != nil }
        XCTAssertGreaterThan(contracts.count, 5, "too few bundled schemas with fixtures")
        try FileManager.default.copyItem(at: Self.driverFolder.appendingPathComponent("driver.ts"), to: root.appendingPathComponent("driver.ts"))
        var lines = ["import { run } from './driver';"]
        var entries: [String] = []
        for (index, generated) in contracts.enumerated() {
            lines.append("import * as contract\(index) from './\(generated.module)';")
            let fixtures = root.appendingPathComponent(generated.fixtures!).path
            entries.append("  { name: \(JSONWriter.compact(.string(generated.schema))), module: contract\(index), fixtures: \(JSONWriter.compact(.string(fixtures))) },")
        }
        lines += ["", "run(["] + entries + ["]);", ""]
        try lines.joined(separator: "\n").write(to: root.appendingPathComponent("main.ts"), atomically: true, encoding: .utf8)
        let sources = contracts.map { $0.module + ".ts" } + ["driver.ts", "main.ts"]
        let compiled = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--outDir", "out", "--rootDir", "."] + sources, in: root)
        XCTAssertEqual(compiled.status, 0, "tsc --strict failed:\n\(compiled.stdout)\(compiled.stderr)")
        guard compiled.status == 0 else { return }

        let fake = try PushFake.start(fixtures: contracts.map { root.appendingPathComponent($0.fixtures!) })
        defer { fake.stop() }
        XCTAssertGreaterThan(fake.fixtureRequests, 100, "the fake loaded too few expected requests")
        XCTAssertGreaterThan(fake.fixtureMessages, 40, "the fake loaded too few expected FCM messages")
        let result = try TestSupport.run(node, ["out/main.js"], in: root, environment: fake.environment)
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        print(summary)
        let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertTrue(summary.hasPrefix("typescript send: ") && counts.count == 2, "no summary line:\n\(result.stdout)\(result.stderr)")
        guard counts.count == 2 else { return }
        // Per schema with fixtures: at least 15 checks per fixture file and about 45 scenario checks.
        XCTAssertGreaterThan(counts[0], contracts.count * 60, "the driver checked too little:\n\(result.stdout)")
        XCTAssertEqual(counts[1], 0, "the push clients failed:\n\(result.stdout)\(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Handing a send method the bridge shape (Unix ms, bridge names) instead of the APNs shape,
    /// or a priority the route does not take, must not compile: tsc 4.8 and, when installed,
    /// TypeScript 6 (deno) must report errors on exactly the lines marked expect-error.
    func testBridgeShapedStateCannotBeSent() throws {
        let tsc = try TestSupport.requireTool("tsc")
        let root = TestSupport.temporaryDirectory("lc-ts-push-negative")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        let template = try String(contentsOf: Self.driverFolder.appendingPathComponent("negative.ts.in"), encoding: .utf8)
        let marked = Set(template.components(separatedBy: "\n").enumerated().filter { $0.element.contains("// expect-error") }.map { $0.offset + 1 })
        XCTAssertGreaterThan(marked.count, 4)
        func fill(_ suffix: String) throws -> [String] {
            try contracts.map { generated in
                let name = "push-negative-\(generated.schema).ts"
                try template.replacingOccurrences(of: "__MODULE__", with: "./" + generated.module + suffix)
                    .replacingOccurrences(of: "__NAME__", with: generated.name)
                    .write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
                return name
            }
        }
        let files = try fill("")
        let result = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--noEmit"] + files, in: root)
        XCTAssertNotEqual(result.status, 0, "a bridge-shaped state compiled as a send argument")
        try assertErrors(result.stdout + result.stderr, onLines: marked, files: files)

        guard let deno = TestSupport.which("deno") else {
            try TestSupport.optionalToolMissing("deno is not installed (scripts/setup-current-compilers)")
            return
        }
        let options = TypeScriptHarnessTests.compilerOptions.map { "\"\($0)\": true" }.joined(separator: ", ")
        try "{ \"compilerOptions\": { \(options), \"lib\": [\"es2019\"] } }\n"
            .write(to: root.appendingPathComponent("deno.json"), atomically: true, encoding: .utf8)
        let denoFiles = try fill(".ts")
        let bad = try TestSupport.run(deno, ["check", "--config", "deno.json"] + denoFiles, in: root,
                                      environment: ["NO_COLOR": "1", "DENO_NO_UPDATE_CHECK": "1"])
        XCTAssertNotEqual(bad.status, 0, "TypeScript 6 let a bridge-shaped state through a send method")
        try assertErrors(bad.stdout + bad.stderr, onLines: marked, files: denoFiles)
    }

    func assertErrors(_ output: String, onLines marked: Set<Int>, files: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for name in files {
            let pattern = try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: name) + "[(:](\\d+)[,:]\\d+")
            let range = NSRange(output.startIndex..., in: output)
            let reported = Set(pattern.matches(in: output, range: range).compactMap { match in
                Range(match.range(at: 1), in: output).flatMap { Int(output[$0]) }
            })
            XCTAssertEqual(reported, marked, "\(name): type errors on lines \(reported.sorted()), expected \(marked.sorted())\n\(output)", file: file, line: line)
        }
    }
}
