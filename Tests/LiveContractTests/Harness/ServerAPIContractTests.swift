import Foundation
import XCTest
@testable import LiveContract

/// The server API that issue 17 fixes for tests outside the project, driven the way such a
/// test would: it knows a generated Python module or Go package only by its file and the
/// contract name, calls only the fixed names (Tests/Harness/outside says which) and takes
/// every input from the fixture folder. Every bundled schema, the extra schemas of the other
/// harnesses and Tests/Harness/outside/pygo.yaml (Python and Go keywords and built-ins as
/// fields, members, cases and types) run in one Python process and one Go program per
/// toolchain: fixtures both ways, every APNs body, FCM data both ways, every malformed FCM
/// map, the decode cases, and garbage thrown at the parsers (no raise, no panic).
final class ServerAPIContractTests: XCTestCase {
    static let harness = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/outside")

    struct Generated {
        var schema: String
        var contract: Contract
        var python: URL
        var goFile: URL
        var fixtures: URL
    }

    /// Every schema with its Python and Go outputs, each extra one in its own folder.
    func generateAll(into root: URL) throws -> [Generated] {
        var sources = TestSupport.schemaNames().map { (name: $0, folder: root, yaml: String?.none) }
        for extra in ExtraSchemas.all {
            let yaml = extra.yaml.trimmingCharacters(in: .newlines)
                + "\n  python: \(extra.name)_contract.py\n  go: { path: go/\(extra.name).go, package: lc\(extra.name) }\n"
            sources.append((extra.name, root.appendingPathComponent(extra.name), yaml))
        }
        let torture = try String(contentsOf: Self.harness.appendingPathComponent("pygo.yaml"), encoding: .utf8)
        sources.append(("pygo", root.appendingPathComponent("pygo"), torture))
        return try sources.map { name, folder, yaml in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if let yaml { try yaml.write(to: folder.appendingPathComponent(name + ".yaml"), atomically: true, encoding: .utf8) }
            let contract = try TestSupport.generate(schema: name, into: folder).contract
            let python = try XCTUnwrap(contract.outputs["python"]?.paths.first?.path, "\(name) has no python output")
            let go = try XCTUnwrap(contract.outputs["go"]?.paths.first?.path, "\(name) has no go output")
            let fixtures = try XCTUnwrap(contract.outputs.fixtures?.path, "\(name) has no fixtures")
            return Generated(schema: name, contract: contract, python: folder.appendingPathComponent(python),
                             goFile: folder.appendingPathComponent(go), fixtures: folder.appendingPathComponent(fixtures))
        }
    }

    func testFixedPythonAPIFromOutside() throws {
        let python = try TestSupport.requireTool("python3"), mypy = try TestSupport.requireTool("mypy")
        let started = Date()
        let root = TestSupport.temporaryDirectory("lc-outside-py")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        let manifest = root.appendingPathComponent("manifest.json")
        try JSONWriter.pretty(.array(contracts.map { generated in
            .object([
                JSONMember("schema", .string(generated.schema)), JSONMember("contract", .string(generated.contract.name)),
                JSONMember("module", .string(generated.python.path)), JSONMember("fixtures", .string(generated.fixtures.path)),
            ])
        })).write(to: manifest, atomically: true, encoding: .utf8)
        let script = Self.harness.appendingPathComponent("outside.py").path
        for interpreter in [python] + (PythonHarnessTests.python39.map { [$0] } ?? []) {
            let result = try TestSupport.run(interpreter, [script, manifest.path], in: root)
            let summary = try XCTUnwrap(result.stdout.split(separator: "\n").last { $0.hasPrefix("outside-python: ") },
                                        result.stdout.suffix(4000) + result.stderr)
            print("\(summary) (\(URL(fileURLWithPath: interpreter).lastPathComponent), \(contracts.count) schemas)")
            let counts = summary.split(separator: " ").compactMap { Int($0) }
            XCTAssertEqual(counts.count, 2, String(summary))
            XCTAssertGreaterThan(counts.first ?? 0, 1000 * contracts.count / 2, "the driver checked too little")
            XCTAssertEqual(counts.last, 0, "the fixed Python API disagrees with the fixtures:\n\(result.stdout.prefix(8000))")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        // The torture module under mypy --strict with the typed caller of the Python harness
        // (the other modules are PythonHarnessTests' to check).
        let check = root.appendingPathComponent("mypy-check")
        try FileManager.default.createDirectory(at: check, withIntermediateDirectories: true)
        let torture = try XCTUnwrap(contracts.last)
        try FileManager.default.copyItem(at: torture.python, to: check.appendingPathComponent("pygo_contract.py"))
        let usage = try String(contentsOf: PythonHarnessTests.harness.appendingPathComponent("usage.py.in"), encoding: .utf8)
            .replacingOccurrences(of: "__MODULE__", with: "pygo_contract").replacingOccurrences(of: "__NAME__", with: torture.contract.name)
        try usage.write(to: check.appendingPathComponent("usage_pygo.py"), atomically: true, encoding: .utf8)
        let checked = try TestSupport.run(mypy, ["--strict", "--no-incremental", "--cache-dir", "/dev/null", "pygo_contract.py", "usage_pygo.py"], in: check)
        XCTAssertEqual(checked.status, 0, "mypy --strict rejects the torture module:\n\(checked.stdout)\(checked.stderr)")
        print("outside python: \(Int(Date().timeIntervalSince(started))) s")
    }

    func testFixedGoAPIFromOutside() throws {
        let toolchains = try GoToolchains.find()
        let started = Date()
        let root = TestSupport.temporaryDirectory("lc-outside-go")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        let module = root.appendingPathComponent("gomodule")
        try writeModule(contracts, module: module)
        for go in toolchains {
            let environment = GoToolchains.environment(root: root)
            let vet = try TestSupport.run(go.path, ["vet", "./drive/...", "./compare", "./contracts/lcpygo", "."], in: module, environment: environment)
            XCTAssertEqual(vet.status, 0, "go vet (\(go.version)):\n\(vet.stdout)\(vet.stderr)")
            let program = "outside-" + go.version
            let build = try TestSupport.run(go.path, ["build", "-o", program, "."], in: module, environment: environment)
            XCTAssertEqual(build.status, 0, "go build (\(go.version)):\n\(build.stdout)\(build.stderr)")
            guard build.status == 0 else { continue }
            let result = try TestSupport.run(module.appendingPathComponent(program).path, contracts.map(\.fixtures.path), in: module)
            let summary = try XCTUnwrap(result.stdout.split(separator: "\n").last { $0.hasPrefix("outside-go: ") },
                                        result.stdout.suffix(4000) + result.stderr)
            print("\(summary) (\(go.version), \(contracts.count) schemas)")
            let counts = summary.split(separator: " ").compactMap { Int($0) }
            XCTAssertEqual(counts.count, 2, String(summary))
            XCTAssertGreaterThan(counts.first ?? 0, 1000 * contracts.count / 2, "the driver checked too little")
            XCTAssertEqual(counts.last, 0, "the fixed Go API (\(go.version)) disagrees with the fixtures:\n\(result.stdout.prefix(8000))")
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        print("outside go: \(Int(Date().timeIntervalSince(started))) s")
    }

    /// `contracts/lc<schema>/` holds each generated file, `drive/lc<schema>/` its driver from
    /// outside.go.in, `compare/` the shared checks, and `main.go` runs every driver in turn.
    func writeModule(_ contracts: [Generated], module: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: module.appendingPathComponent("compare"), withIntermediateDirectories: true)
        try "module lcoutside\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try files.copyItem(at: Self.harness.appendingPathComponent("compare.go"), to: module.appendingPathComponent("compare/compare.go"))
        let driver = try String(contentsOf: Self.harness.appendingPathComponent("outside.go.in"), encoding: .utf8)
        let names = contracts.map { "lc" + $0.schema.filter { $0.isLetter || $0.isNumber } }
        for (generated, name) in zip(contracts, names) {
            for folder in ["contracts/\(name)", "drive/\(name)"] {
                try files.createDirectory(at: module.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try files.copyItem(at: generated.goFile, to: module.appendingPathComponent("contracts/\(name)/contract.go"))
            try driver.replacingOccurrences(of: "__PACKAGE__", with: name)
                .replacingOccurrences(of: "__IMPORT__", with: "lcoutside/contracts/\(name)")
                .write(to: module.appendingPathComponent("drive/\(name)/drive.go"), atomically: true, encoding: .utf8)
        }
        var main = ["// The outside-in Go driver: each contract's checks over its fixture folder (one argument each).",
                    "package main", "", "import (", "\t\"fmt\"", "\t\"os\"", "", "\t\"lcoutside/compare\""]
        main += names.map { "\t\"lcoutside/drive/\($0)\"" } + [")", "", "func main() {", "\tpassed, failed := 0, 0",
                                                              "\tfor i, run := range []func(string) *compare.Counter{"]
        main += names.map { "\t\t\($0).Run," } + ["\t} {", "\t\tc := run(os.Args[i+1])",
                                                  "\t\tfmt.Printf(\"schema %s: %d passed, %d failed\\n\", c.Name, c.Passed, c.Failed)",
                                                  "\t\tpassed, failed = passed+c.Passed, failed+c.Failed", "\t}",
                                                  "\tfmt.Printf(\"outside-go: %d passed, %d failed\\n\", passed, failed)",
                                                  "\tif failed > 0 {", "\t\tos.Exit(1)", "\t}", "}", ""]
        try main.joined(separator: "\n").write(to: module.appendingPathComponent("main.go"), atomically: true, encoding: .utf8)
    }
}
