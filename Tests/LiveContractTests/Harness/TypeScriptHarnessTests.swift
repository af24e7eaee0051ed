import Foundation
import XCTest
@testable import LiveContract

/// The TypeScript output proven two ways. At run time: every bundled schema is generated,
/// compiled with `tsc --strict` (plus the stricter options real projects enable) and run in
/// Node through Tests/Harness/typescript/harness.ts against the fixtures. At compile time:
/// passing the bridge shape where the APNs shape belongs must be a type error. TypeScript 6
/// (the checker inside `deno`) repeats the compile checks when it is installed.
final class TypeScriptHarnessTests: XCTestCase {
    static let harness = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/typescript")

    /// The generated file must compile under every one of these, not only under `strict`.
    static let compilerOptions = [
        "strict", "exactOptionalPropertyTypes", "noUncheckedIndexedAccess", "noUnusedLocals", "noUnusedParameters",
        "noImplicitReturns", "noPropertyAccessFromIndexSignature", "noFallthroughCasesInSwitch", "noImplicitOverride",
    ]
    static let tscFlags = compilerOptions.map { "--" + $0 } + ["--target", "es2019", "--lib", "es2019", "--module", "commonjs", "--pretty", "false"]

    /// Bridge and APNs shapes with the same fields, so only the brand can tell them apart.
    static let plainSchema = """
        livecontract: 1
        name: Plain
        attributes:
          title: { type: string }
        state:
          label: { type: string }
          count: { type: int }
        outputs:
          typescript: plain/PlainContract.ts

        """

    /// One generated contract: where its module and fixtures are, relative to the root.
    struct Generated {
        var schema: String
        var contract: Contract
        var module: String
        var fixtures: String?
    }

    /// Every schema/*.yaml plus the plain contract, generated into `root`.
    func generateAll(into root: URL) throws -> [Generated] {
        try Self.plainSchema.write(to: root.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        return try (TestSupport.schemaNames() + ["plain"]).map { schema in
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            let output = try XCTUnwrap(contract.outputs.typescript?.path, "\(schema).yaml has no typescript output")
            return Generated(schema: schema, contract: contract, module: String(output.dropLast(3)), fixtures: contract.outputs.fixtures?.path)
        }
    }

    func testFixturesRoundTripThroughGeneratedTypeScript() throws {
        let tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let root = TestSupport.temporaryDirectory("lc-ts")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        try FileManager.default.copyItem(at: Self.harness.appendingPathComponent("harness.ts"), to: root.appendingPathComponent("harness.ts"))
        try mainSource(contracts, root: root).write(to: root.appendingPathComponent("main.ts"), atomically: true, encoding: .utf8)
        let usage = try fill("usage.ts.in", contracts, into: root, prefix: "usage", moduleSuffix: "")
        let sources = contracts.map { $0.module + ".ts" } + usage + ["harness.ts", "main.ts"]
        let compiled = try TestSupport.run(tsc, Self.tscFlags + ["--outDir", "out", "--rootDir", "."] + sources, in: root)
        XCTAssertEqual(compiled.status, 0, "tsc --strict failed:\n\(compiled.stdout)\(compiled.stderr)")
        guard compiled.status == 0 else { return }
        let result = try TestSupport.run(node, ["out/main.js"], in: root)
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        print(summary)
        let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertTrue(summary.hasPrefix("typescript: ") && counts.count == 2, "no summary line:\n\(result.stdout)\(result.stderr)")
        guard counts.count == 2 else { return }
        XCTAssertGreaterThan(counts[0], 0, "the harness checked nothing")
        XCTAssertEqual(counts[1], 0, "TypeScript disagrees with the fixtures:\n\(result.stdout)\(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testBridgeShapeDoesNotCompileAsAnApnsBody() throws {
        let tsc = try TestSupport.requireTool("tsc")
        let root = TestSupport.temporaryDirectory("lc-ts-negative")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        let files = try fill("negative.ts.in", contracts, into: root, prefix: "negative", moduleSuffix: "")
        let result = try TestSupport.run(tsc, Self.tscFlags + ["--noEmit"] + files, in: root)
        XCTAssertNotEqual(result.status, 0, "the bridge shape compiled as an APNs body")
        try assertErrorsOnMarkedLines(result.stdout + result.stderr, files: files)
    }

    /// TypeScript 6 via `deno check` (PyPI `deno` bundles it); skipped when deno is absent.
    func testTypeScript6ChecksTheOutput() throws {
        guard let deno = TestSupport.which("deno") else {
            try TestSupport.optionalToolMissing("deno is not installed (scripts/setup-current-compilers)")
            return
        }
        let root = TestSupport.temporaryDirectory("lc-ts-deno")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        let options = Self.compilerOptions.map { "\"\($0)\": true" }.joined(separator: ", ")
        try "{ \"compilerOptions\": { \(options), \"lib\": [\"es2019\"] } }\n"
            .write(to: root.appendingPathComponent("deno.json"), atomically: true, encoding: .utf8)
        let environment = ["NO_COLOR": "1", "DENO_NO_UPDATE_CHECK": "1"]
        let usage = try fill("usage.ts.in", contracts, into: root, prefix: "usage", moduleSuffix: ".ts")
        let good = try TestSupport.run(deno, ["check", "--config", "deno.json"] + contracts.map { $0.module + ".ts" } + usage,
                                       in: root, environment: environment)
        XCTAssertEqual(good.status, 0, "TypeScript 6 rejects the output:\n\(good.stdout)\(good.stderr)")
        let negative = try fill("negative.ts.in", contracts, into: root, prefix: "negative", moduleSuffix: ".ts")
        let bad = try TestSupport.run(deno, ["check", "--config", "deno.json"] + negative, in: root, environment: environment)
        XCTAssertNotEqual(bad.status, 0, "TypeScript 6 let the bridge shape through as an APNs body")
        try assertErrorsOnMarkedLines(bad.stdout + bad.stderr, files: negative)
    }

    /// Writes `<prefix>-<schema>.ts` from a harness template for each contract; returns the names.
    func fill(_ template: String, _ contracts: [Generated], into root: URL, prefix: String, moduleSuffix: String) throws -> [String] {
        let text = try String(contentsOf: Self.harness.appendingPathComponent(template), encoding: .utf8)
        return try contracts.map { generated in
            let name = "\(prefix)-\(generated.schema).ts"
            let filled = text.replacingOccurrences(of: "__MODULE__", with: "./" + generated.module + moduleSuffix)
                .replacingOccurrences(of: "__NAME__", with: generated.contract.name)
            try filled.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
            return name
        }
    }

    /// The compiler must report errors in each file on exactly the `expect-error` lines: a
    /// missing error means the brand let a bridge object through, an extra one a broken test.
    func assertErrorsOnMarkedLines(_ output: String, files: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let template = try String(contentsOf: Self.harness.appendingPathComponent("negative.ts.in"), encoding: .utf8)
        let marked = Set(template.components(separatedBy: "\n").enumerated().filter { $0.element.contains("// expect-error") }.map { $0.offset + 1 })
        XCTAssertFalse(marked.isEmpty, file: file, line: line)
        for name in files {
            let pattern = try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: name) + "[(:](\\d+)[,:]\\d+")
            let range = NSRange(output.startIndex..., in: output)
            let reported = Set(pattern.matches(in: output, range: range).compactMap { match in
                Range(match.range(at: 1), in: output).flatMap { Int(output[$0]) }
            })
            XCTAssertEqual(reported, marked, "\(name): type errors on lines \(reported.sorted()), expected \(marked.sorted())\n\(output)", file: file, line: line)
        }
    }

    /// `main.ts`: imports every contract with fixtures and hands them to the harness, with
    /// what the harness cannot read from fixtures (string, bounded and defaulted fields).
    func mainSource(_ contracts: [Generated], root: URL) -> String {
        var imports = ["import { run } from './harness';"]
        var entries: [String] = []
        for (index, generated) in contracts.enumerated() {
            guard let fixtures = generated.fixtures else { continue }
            imports.append("import * as contract\(index) from './\(generated.module)';")
            let contract = generated.contract
            let bounded: [JSONValue] = contract.state.compactMap { field in
                guard field.type == .int || field.type == .double, field.minimum != nil || field.maximum != nil else { return nil }
                return .object([
                    // `name` is the key in the APNs shape: the apnsName, else the Swift name.
                    JSONMember("wire", .string(field.wireName)), JSONMember("name", .string(field.apnsName)),
                    JSONMember("min", field.minimum?.number.map { .double($0) } ?? .null),
                    JSONMember("max", field.maximum?.number.map { .double($0) } ?? .null),
                    JSONMember("isInt", .bool(field.type == .int)),
                ])
            }
            func names(_ fields: [Field]) -> JSONValue { .array(fields.map { .string($0.wireName) }) }
            let facts = JSONValue.object([
                JSONMember("name", .string(generated.schema)),
                JSONMember("fixtures", .string(root.appendingPathComponent(fixtures).path)),
                JSONMember("stringFields", names(contract.state.filter { $0.type == .string })),
                JSONMember("bounded", .array(bounded)),
                JSONMember("defaultedAttributes", names(contract.attributes.filter { $0.defaultValue != nil })),
                JSONMember("defaultedState", names(contract.state.filter { $0.defaultValue != nil })),
            ])
            entries.append("  { module: contract\(index), ...\(JSONWriter.compact(facts)) },")
        }
        return (imports + ["", "run(["] + entries + ["]);", ""]).joined(separator: "\n")
    }
}
