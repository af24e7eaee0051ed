import Foundation
import XCTest
@testable import LiveContract

/// The server languages of the differential test: a Python program over every generated
/// module (Tests/Harness/python/differential.py) and a Go program over every generated
/// package (Tests/Harness/go/differential.go plus a `main.go` of adapters written here).
/// Both read the same inputs file as the other runners and the Swift runner's output, and
/// print lines in the TypeScript runner's layout.
struct DifferentialServerRunners {
    var python: String
    /// The JSON list of modules the Python program loads.
    var pythonModules: URL
    var goProgram: URL
    /// Whether the Go program came from HarnessBuildCache.
    var goReused: Bool

    /// The outputs the extra schemas of ExtraSchemas add for the differential test only.
    static func serverOutputs(_ name: String) -> String {
        "  python: \(name)_contract.py\n  go: { path: \(name).go, package: \(GoHarnessTests.command(name)) }\n"
    }

    /// Writes the module list and builds the Go program over the contracts generated into
    /// `root/<schema>/` (DifferentialRunners.writeTypeScript), every one with python and go outputs.
    static func prepare(root: URL, contracts: [String: Contract], work: URL) throws -> DifferentialServerRunners {
        let python = try TestSupport.requireTool("python3")
        let go = try GoToolchains.find()[0]
        var modules: [JSONValue] = []
        var packages: [GoPackage] = []
        for name in contracts.keys.sorted() {
            let contract = contracts[name]!
            if let module = contract.outputs["python"]?.paths.first?.path {
                modules.append(.object([JSONMember("name", .string(name)), JSONMember("contract", .string(contract.name)),
                                        JSONMember("module", .string(root.appendingPathComponent("\(name)/\(module)").path))]))
            }
            if let file = contract.outputs["go"]?.path?.path {
                let fixtures = try XCTUnwrap(contract.outputs.fixtures?.path, "\(name) has a go output and no fixtures")
                packages.append(GoPackage(schema: name, package: GoHarnessTests.command(name), file: root.appendingPathComponent("\(name)/\(file)"),
                                          attributes: try sampleAttributes(root.appendingPathComponent("\(name)/\(fixtures)"))))
            }
        }
        let list = work.appendingPathComponent("python-modules.json")
        try JSONWriter.compact(.array(modules)).write(to: list, atomically: true, encoding: .utf8)
        let (program, reused) = try buildGo(go, packages: packages, module: work.appendingPathComponent("go"))
        return DifferentialServerRunners(python: python, pythonModules: list, goProgram: program, goReused: reused)
    }

    /// One generated Go file and what its adapter needs.
    struct GoPackage {
        var schema: String
        var package: String
        var file: URL
        /// Bridge attributes of a sample fixture, the valid half beside each bridge state.
        var attributes: String
    }

    /// The JSON of the first sample fixture's bridge attributes.
    static func sampleAttributes(_ fixtures: URL) throws -> String {
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() where name.hasSuffix(".json") {
            let value = try JSONSerialization.jsonObject(with: try Data(contentsOf: fixtures.appendingPathComponent(name)), options: [.fragmentsAllowed])
            if let attributes = ((value as? [String: Any])?["bridge"] as? [String: Any])?["attributes"] {
                return String(decoding: try JSONSerialization.data(withJSONObject: attributes, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        throw SwiftcFailure(message: "no sample fixture with bridge attributes in \(fixtures.path)")
    }

    /// A Go string literal of `text`, every byte escaped (no Go escape rule to get wrong).
    static func goBytes(_ text: String) -> String { "\"" + text.utf8.map { String(format: "\\x%02x", $0) }.joined() + "\"" }

    /// One module: `contracts/<package>/contract.go` per contract, the runner, and a `main.go`
    /// mapping each schema to its package's entry points; built once per change of any of them.
    /// The bridge adapter refuses what `json.Unmarshal` or `ToFCMData` (beside valid attributes)
    /// refuses: docs/go.md, `ToContentState` itself refuses nothing.
    static func buildGo(_ go: GoToolchains.Toolchain, packages: [GoPackage], module: URL) throws -> (URL, Bool) {
        let files = FileManager.default
        try files.createDirectory(at: module, withIntermediateDirectories: true)
        var inputs: [URL] = []
        func write(_ text: String, _ path: String) throws {
            let url = module.appendingPathComponent(path)
            try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            inputs.append(url)
        }
        try write("module lcdiff\n\ngo 1.19\n", "go.mod")
        try write(try String(contentsOf: GoHarnessTests.harness.appendingPathComponent("differential.go"), encoding: .utf8), "differential.go")
        var main = ["// The adapters of the differential runner, one per contract package.", "package main", "", "import (", "\t\"encoding/json\"", ""]
        // Imported under the folder's name: the generated file's own package name may repeat.
        main += packages.map { "\t\($0.package) \"lcdiff/contracts/\($0.package)\"" } + [")", "", "var adapters = map[string]adapter{"]
        for item in packages {
            let (schema, package) = (item.schema, item.package)
            try write(try String(contentsOf: item.file, encoding: .utf8), "contracts/\(package)/contract.go")
            main += [
                "\t\(JSONWriter.compact(.string(schema))): {",
                "\t\tfcm: func(data map[string]string) interface{} { return \(package).ParseFCMData(data) },",
                "\t\tcontent: func(text []byte) (interface{}, error) {",
                "\t\t\tvar v \(package).ContentState",
                "\t\t\tif err := json.Unmarshal(text, &v); err != nil {", "\t\t\t\treturn nil, err", "\t\t\t}",
                "\t\t\treturn v, nil",
                "\t\t},",
                "\t\tback: func(text []byte) (interface{}, error) {",
                "\t\t\tvar v \(package).ContentState",
                "\t\t\tif err := json.Unmarshal(text, &v); err != nil {", "\t\t\t\treturn nil, err", "\t\t\t}",
                "\t\t\treturn \(package).FromContentState(v), nil",
                "\t\t},",
                "\t\tbridge: func(text []byte) (interface{}, error) {",
                "\t\t\tvar v \(package).State",
                "\t\t\tif err := json.Unmarshal(text, &v); err != nil {", "\t\t\t\treturn nil, err", "\t\t\t}",
                "\t\t\tvar a \(package).Attributes",
                "\t\t\tif err := json.Unmarshal([]byte(\(goBytes(item.attributes))), &a); err != nil {", "\t\t\t\tpanic(err)", "\t\t\t}",
                "\t\t\tenvelope := \(package).FCMEnvelope{ActivityID: \"a\", Event: \(package).FCMEventUpdate, SentAtMs: 1742064420000}",
                "\t\t\tif _, err := \(package).ToFCMData(a, v, envelope); err != nil {", "\t\t\t\treturn nil, err", "\t\t\t}",
                "\t\t\treturn \(package).ToContentState(v), nil",
                "\t\t},",
                "\t},",
            ]
        }
        try write((main + ["}", ""]).joined(separator: "\n"), "main.go")
        let environment = GoToolchains.environment(root: module)
        let entry = try HarnessBuildCache.build("go-differential", compiler: [go.path, go.version], recipe: ["build", "-o", "runner", "."], inputs: inputs) { folder in
            let built = try TestSupport.run(go.path, ["build", "-o", folder.appendingPathComponent("runner").path, "."], in: module, environment: environment)
            guard built.status == 0 else { throw SwiftcFailure(message: "go build failed:\n\(built.stdout)\(built.stderr)") }
        }
        return (entry.folder.appendingPathComponent("runner"), entry.reused)
    }

    /// Runs both programs over `inputFile` with the Swift runner's output `swiftFile`.
    func run(inputFile: URL, swiftFile: URL) throws -> (python: TestSupport.RunResult, go: TestSupport.RunResult) {
        nonisolated(unsafe) var pythonRun: Result<TestSupport.RunResult, Error>?
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            pythonRun = Result {
                try TestSupport.run(python, [PythonHarnessTests.harness.appendingPathComponent("differential.py").path,
                                             pythonModules.path, inputFile.path, swiftFile.path])
            }
        }
        let goRun = try TestSupport.run(goProgram.path, [inputFile.path, swiftFile.path])
        group.wait()
        return (try pythonRun!.get(), goRun)
    }
}
