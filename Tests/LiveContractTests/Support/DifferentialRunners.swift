import Foundation
import XCTest
@testable import LiveContract

/// The three programs of the differential test, each compiled once for every schema: the
/// Swift harness (records + Codable types), the Kotlin harness (`parseFcmData`) and a Node
/// program over the generated TypeScript. Each reads one JSON file of inputs and prints one
/// JSON line per input; `run` collects the lines by schema and input index.
struct DifferentialRunners {
    var swift: SwiftHarnessBuild
    var kotlinClasspath: [String]
    var java: String
    var node: String
    var typescriptMain: URL
    var work: URL
    /// Every contract with its inputs' key, the torture schema included.
    var contracts: [String: Contract]
    /// Which programs were compiled and which reused (HarnessBuildCache), for the timing line.
    var reuseSummary: String

    /// Compiles the three programs at once (they are independent; compile time is most of the cost).
    static func build() throws -> DifferentialRunners {
        let swiftc = try TestSupport.requireTool("swiftc"), kotlinc = try TestSupport.requireTool("kotlinc")
        let java = try TestSupport.requireTool("java"), tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let orgJSON = try KotlinHarness.orgJSONJar()
        let work = TestSupport.temporaryDirectory("lc-differential")
        let extra = ExtraSchemas.all
        nonisolated(unsafe) var swift: Result<SwiftHarnessBuild, Error>?
        nonisolated(unsafe) var kotlin: Result<(jar: String, reused: Bool), Error>?
        nonisolated(unsafe) var typescript: Result<(URL, [String: Contract], Bool), Error>?
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { swift = Result { try SwiftHarnessBuild.make(swiftc: swiftc, extraSchemas: extra) } }
        DispatchQueue.global().async(group: group) {
            kotlin = Result {
                let harness = try KotlinHarness.prepare()
                defer { try? FileManager.default.removeItem(at: harness.folder) }
                return try harness.compile(kotlinc: kotlinc, orgJSON: orgJSON)
            }
        }
        DispatchQueue.global().async(group: group) { typescript = Result { try buildTypeScript(tsc: tsc, into: work.appendingPathComponent("ts")) } }
        group.wait()
        let (main, contracts, tsReused) = try typescript!.get()
        let swiftBuild = try swift!.get(), kotlinBuild = try kotlin!.get()
        let reuse = [("swift", swiftBuild.reused), ("kotlin", kotlinBuild.reused), ("typescript", tsReused)]
        return DifferentialRunners(swift: swiftBuild, kotlinClasspath: [kotlinBuild.jar, orgJSON], java: java, node: node,
                                   typescriptMain: main, work: work, contracts: contracts,
                                   reuseSummary: reuse.map { "\($0.0) \($0.1 ? "reused from .build/harness-cache" : "compiled")" }.joined(separator: ", "))
    }

    /// Every schema's TypeScript, the runner and a `main.ts` binding them, compiled by `tsc`.
    static func buildTypeScript(tsc: String, into root: URL) throws -> (URL, [String: Contract], Bool) {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // One folder per schema: an output another schema wrote is never overwritten.
        func own(_ name: String) throws -> URL {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        for extra in ExtraSchemas.all {
            try extra.yaml.write(to: own(extra.name).appendingPathComponent("\(extra.name).yaml"), atomically: true, encoding: .utf8)
        }
        var contracts: [String: Contract] = [:], imports: [String] = [], entries: [String] = [], sources: [String] = []
        for (index, name) in (TestSupport.schemaNames() + ExtraSchemas.all.map(\.name)).enumerated() {
            let contract = try TestSupport.generate(schema: name, into: own(name)).contract
            contracts[name] = contract
            guard let module = contract.outputs.typescript.map({ name + "/" + String($0.path.dropLast(3)) }) else { continue }
            sources.append(module + ".ts")
            imports.append("import * as m\(index) from './\(module)';")
            entries.append("  \(JSONWriter.compact(.string(name))): m\(index),")
        }
        try FileManager.default.copyItem(at: TypeScriptHarnessTests.harness.appendingPathComponent("differential.ts"),
                                         to: root.appendingPathComponent("differential.ts"))
        let main = (["import { runDifferential } from './differential';"] + imports + ["", "runDifferential({"] + entries + ["});", ""])
        try main.joined(separator: "\n").write(to: root.appendingPathComponent("main.ts"), atomically: true, encoding: .utf8)
        let inputs = (sources + ["differential.ts", "main.ts"]).map { root.appendingPathComponent($0) }
        let recipe = TypeScriptHarnessTests.tscFlags + ["--rootDir", "."] + sources + ["differential.ts", "main.ts"]
        let entry = try HarnessBuildCache.build("ts-differential", compiler: try HarnessBuildCache.identity(tsc), recipe: recipe, inputs: inputs) { folder in
            let compiled = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--outDir", folder.appendingPathComponent("out").path, "--rootDir", "."]
                                               + sources + ["differential.ts", "main.ts"], in: root)
            guard compiled.status == 0 else { throw SwiftcFailure(message: "tsc failed:\n\(compiled.stdout)\(compiled.stderr)") }
        }
        return (entry.folder.appendingPathComponent("out/main.js"), contracts, entry.reused)
    }

    /// What each language printed, by schema, one parsed line per input.
    struct Results {
        var swift: [String: [DiffValue]] = [:]
        var kotlin: [String: [DiffValue]] = [:]
        var typescript: [String: [DiffValue]] = [:]
    }

    /// Writes `inputs` to one file and runs the programs over it: Swift and Kotlin side by
    /// side, then Node, which reads Swift's re-encoded content states.
    func run(_ inputs: JSONValue, label: String) throws -> Results {
        let inputFile = work.appendingPathComponent("\(label)-inputs.json")
        try JSONWriter.compact(inputs).write(to: inputFile, atomically: true, encoding: .utf8)
        nonisolated(unsafe) var swiftRun: Result<TestSupport.RunResult, Error>?
        nonisolated(unsafe) var kotlinRun: Result<TestSupport.RunResult, Error>?
        let group = DispatchGroup()
        nonisolated(unsafe) var swiftSeconds = 0.0, kotlinSeconds = 0.0
        DispatchQueue.global().async(group: group) {
            let start = Date()
            swiftRun = Result { try TestSupport.run(swift.binary.path, ["--differential", inputFile.path]) }
            swiftSeconds = Date().timeIntervalSince(start)
        }
        DispatchQueue.global().async(group: group) {
            let start = Date()
            kotlinRun = Result {
                try TestSupport.run(java, ["-cp", kotlinClasspath.joined(separator: ":"), "livecontract.harness.HarnessKt", "--differential", inputFile.path])
            }
            kotlinSeconds = Date().timeIntervalSince(start)
        }
        group.wait()
        let swiftOutput = try swiftRun!.get()
        let swiftFile = work.appendingPathComponent("\(label)-swift.jsonl")
        try swiftOutput.stdout.write(to: swiftFile, atomically: true, encoding: .utf8)
        let nodeStart = Date()
        let node = try TestSupport.run(self.node, [typescriptMain.path, inputFile.path, swiftFile.path])
        let seconds = [("swift", swiftSeconds), ("kotlin", kotlinSeconds), ("typescript", Date().timeIntervalSince(nodeStart))]
        say("differential: \(label): ran " + seconds.map { "\($0.0) \(String(format: "%.1f", $0.1)) s" }.joined(separator: ", "))
        // The three outputs are parsed side by side: tens of thousands of lines each.
        let outputs = [(swiftOutput, "swift"), (try kotlinRun!.get(), "kotlin"), (node, "typescript")]
        nonisolated(unsafe) var parsed: [Result<[String: [DiffValue]], Error>?] = [nil, nil, nil]
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: outputs.count) { index in
            let result = Result { try Self.lines(outputs[index].0, outputs[index].1) }
            lock.lock()
            parsed[index] = result
            lock.unlock()
        }
        var results = Results()
        results.swift = try parsed[0]!.get()
        results.kotlin = try parsed[1]!.get()
        results.typescript = try parsed[2]!.get()
        return results
    }

    /// Parses `{"schema", "index", ...}` lines; a program that died is an error naming the
    /// last input it finished, so a crash points at the input after it.
    static func lines(_ result: TestSupport.RunResult, _ language: String) throws -> [String: [DiffValue]] {
        var bySchema: [String: [DiffValue]] = [:]
        var last = "none"
        for line in result.stdout.split(separator: "\n") where !line.isEmpty {
            let value = try DiffValue(parsing: String(line))
            guard let schema = value["schema"]?.string else { continue }
            bySchema[schema, default: []].append(value)
            last = "\(schema)#\(bySchema[schema]!.count - 1)"
        }
        guard result.status == 0 else {
            throw SwiftcFailure(message: "the \(language) runner exited \(result.status) after input \(last):\n\(result.stderr.suffix(3000))")
        }
        return bySchema
    }
}
