import Foundation
import XCTest
@testable import LiveContract

/// The programs of the differential test, each compiled once for every schema: the Swift
/// harness (records + Codable types), the Kotlin harness (`parseFcmData`), a Node program
/// over the generated TypeScript, and the Python and Go programs of DifferentialServerRunners.
/// Each reads one file of inputs and prints one JSON line per input; `run` collects the lines
/// by schema and input index.
struct DifferentialRunners {
    var swift: SwiftHarnessBuild
    var kotlinClasspath: [String]
    var java: String
    var node: String
    var typescriptMain: URL
    var server: DifferentialServerRunners
    var work: URL
    /// Every contract with its inputs' key, the torture schema included.
    var contracts: [String: Contract]
    /// Which programs were compiled and which reused (HarnessBuildCache), for the timing line.
    var reuseSummary: String

    /// Compiles the programs and runs each over the inputs as soon as it and what it reads
    /// are ready: the inputs are generated (from the contracts) while the compilers run,
    /// Swift and Kotlin start when their own program and the inputs exist, Node, Python and
    /// Go when their program and Swift's output exist, and each output is parsed as it arrives. On a
    /// 2-core machine kotlinc is the longest step; everything else fits beside it.
    static func build(inputs makeInputs: ([String: Contract]) throws -> String) throws -> (DifferentialRunners, Results) {
        let swiftc = try TestSupport.requireTool("swiftc"), kotlinc = try TestSupport.requireTool("kotlinc")
        let java = try TestSupport.requireTool("java"), tsc = try TestSupport.requireTool("tsc"), node = try TestSupport.requireTool("node")
        let orgJSON = try KotlinHarness.orgJSONJar()
        let work = TestSupport.temporaryDirectory("lc-differential")
        let extra = ExtraSchemas.all
        let typescript = try writeTypeScript(into: work.appendingPathComponent("ts"))
        let inputFile = work.appendingPathComponent("all-inputs.tsv"), swiftFile = work.appendingPathComponent("all-swift.jsonl")
        let start = Date()
        @Sendable func since() -> String { String(format: "%.1f", Date().timeIntervalSince(start)) }
        nonisolated(unsafe) var inputsWritten = false
        nonisolated(unsafe) var swift: Result<(SwiftHarnessBuild, TestSupport.RunResult), Error>?
        nonisolated(unsafe) var kotlin: Result<((jar: String, reused: Bool), TestSupport.RunResult), Error>?
        nonisolated(unsafe) var typescriptRun: Result<((URL, Bool), TestSupport.RunResult), Error>?
        nonisolated(unsafe) var serverRun: Result<(DifferentialServerRunners, TestSupport.RunResult, TestSupport.RunResult), Error>?
        nonisolated(unsafe) var parsed: [Result<[String: [DiffValue]], Error>?] = [nil, nil, nil, nil, nil]
        nonisolated(unsafe) var log: [String] = []
        let lock = NSLock()
        @Sendable func note(_ line: String) { lock.lock(); log.append(line); lock.unlock() }
        let group = DispatchGroup(), inputsReady = DispatchGroup(), swiftReady = DispatchGroup()
        inputsReady.enter()
        swiftReady.enter()
        /// Waits for the inputs file; throws when making it failed (the main thread's error is the one reported).
        @Sendable func awaitInputs() throws {
            inputsReady.wait()
            guard inputsWritten else { throw SwiftcFailure(message: "no inputs were written") }
        }
        DispatchQueue.global().async(group: group) {
            swift = Result {
                let build = try SwiftHarnessBuild.make(swiftc: swiftc, extraSchemas: extra)
                note("swift \(build.reused ? "reused" : "compiled") by \(since()) s")
                try awaitInputs()
                let ran = try TestSupport.run(build.binary.path, ["--differential", inputFile.path])
                try ran.stdout.write(to: swiftFile, atomically: true, encoding: .utf8)
                note("swift ran by \(since()) s")
                return (build, ran)
            }
            swiftReady.leave()
            parsed[0] = Result { try Self.lines(try swift!.get().1, "swift") }
        }
        DispatchQueue.global().async(group: group) {
            kotlin = Result {
                let harness = try KotlinHarness.prepare()
                defer { try? FileManager.default.removeItem(at: harness.folder) }
                let jar = try harness.compile(kotlinc: kotlinc, orgJSON: orgJSON)
                note("kotlin \(jar.reused ? "reused" : "compiled") by \(since()) s")
                try awaitInputs()
                let ran = try TestSupport.run(java, Self.javaFlags + ["-cp", [jar.jar, orgJSON].joined(separator: ":"),
                                                                     "livecontract.harness.HarnessKt", "--differential", inputFile.path])
                note("kotlin ran by \(since()) s")
                return (jar, ran)
            }
            parsed[1] = Result { try Self.lines(try kotlin!.get().1, "kotlin") }
        }
        DispatchQueue.global().async(group: group) {
            typescriptRun = Result {
                let main = try compileTypeScript(tsc: tsc, typescript.root, typescript.sources)
                note("typescript \(main.1 ? "reused" : "compiled") by \(since()) s")
                swiftReady.wait()
                _ = try swift!.get()
                let ran = try TestSupport.run(node, [main.0.path, inputFile.path, swiftFile.path])
                note("typescript ran by \(since()) s")
                return (main, ran)
            }
            parsed[2] = Result { try Self.lines(try typescriptRun!.get().1, "typescript") }
        }
        DispatchQueue.global().async(group: group) {
            serverRun = Result {
                let server = try DifferentialServerRunners.prepare(root: typescript.root, contracts: typescript.contracts, work: work)
                note("go \(server.goReused ? "reused" : "compiled") by \(since()) s")
                swiftReady.wait()
                _ = try swift!.get()
                let ran = try server.run(inputFile: inputFile, swiftFile: swiftFile)
                note("python and go ran by \(since()) s")
                return (server, ran.python, ran.go)
            }
            parsed[3] = Result { try Self.lines(try serverRun!.get().1, "python") }
            parsed[4] = Result { try Self.lines(try serverRun!.get().2, "go") }
        }
        let made = Result {
            defer { inputsReady.leave() }
            try makeInputs(typescript.contracts).write(to: inputFile, atomically: true, encoding: .utf8)
            inputsWritten = true
            note("inputs written by \(since()) s")
        }
        group.wait()
        try made.get()
        for line in log { say("differential: \(line)") }
        let (swiftBuild, _) = try swift!.get(), (kotlinBuild, _) = try kotlin!.get(), (main, _) = try typescriptRun!.get()
        let (server, _, _) = try serverRun!.get()
        let reuse = [("swift", swiftBuild.reused), ("kotlin", kotlinBuild.reused), ("typescript", main.1), ("go", server.goReused)]
        let runners = DifferentialRunners(swift: swiftBuild, kotlinClasspath: [kotlinBuild.jar, orgJSON], java: java, node: node,
                                          typescriptMain: main.0, server: server, work: work, contracts: typescript.contracts,
                                          reuseSummary: reuse.map { "\($0.0) \($0.1 ? "reused from .build/harness-cache" : "compiled")" }.joined(separator: ", "))
        return (runners, Results(swift: try parsed[0]!.get(), kotlin: try parsed[1]!.get(), typescript: try parsed[2]!.get(),
                                 python: try parsed[3]!.get(), go: try parsed[4]!.get()))
    }

    /// JVM options for the Kotlin runner: a short run, so the quick C1 JIT and one collector
    /// thread cost less CPU than the default tiered JIT with its parallel collector.
    static let javaFlags = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]

    /// Every schema's TypeScript, the runner and a `main.ts` binding them, ready for `tsc`.
    static func writeTypeScript(into root: URL) throws -> (root: URL, sources: [String], contracts: [String: Contract]) {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // One folder per schema: an output another schema wrote is never overwritten.
        func own(_ name: String) throws -> URL {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        for extra in ExtraSchemas.all {
            let yaml = extra.yaml.trimmingCharacters(in: .newlines) + "\n" + DifferentialServerRunners.serverOutputs(extra.name)
            try yaml.write(to: own(extra.name).appendingPathComponent("\(extra.name).yaml"), atomically: true, encoding: .utf8)
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
        return (root, sources + ["differential.ts", "main.ts"], contracts)
    }

    /// The TypeScript of `writeTypeScript` compiled by `tsc` (HarnessBuildCache): `main.js` and whether it was reused.
    static func compileTypeScript(tsc: String, _ root: URL, _ sources: [String]) throws -> (URL, Bool) {
        let inputs = sources.map { root.appendingPathComponent($0) }
        let recipe = TypeScriptHarnessTests.tscFlags + ["--rootDir", "."] + sources
        let entry = try HarnessBuildCache.build("ts-differential", compiler: try HarnessBuildCache.identity(tsc), recipe: recipe, inputs: inputs) { folder in
            let compiled = try TestSupport.run(tsc, TypeScriptHarnessTests.tscFlags + ["--outDir", folder.appendingPathComponent("out").path, "--rootDir", "."]
                                               + sources, in: root)
            guard compiled.status == 0 else { throw SwiftcFailure(message: "tsc failed:\n\(compiled.stdout)\(compiled.stderr)") }
        }
        return (entry.folder.appendingPathComponent("out/main.js"), entry.reused)
    }

    /// What each language printed, by schema, one parsed line per input.
    struct Results {
        var swift: [String: [DiffValue]] = [:]
        var kotlin: [String: [DiffValue]] = [:]
        var typescript: [String: [DiffValue]] = [:]
        var python: [String: [DiffValue]] = [:]
        var go: [String: [DiffValue]] = [:]
    }

    /// Writes `inputs` (DifferentialTests.inputLines) to one file and runs the programs over it: Swift and Kotlin side by
    /// side, then Node, Python and Go, which read Swift's re-encoded content states.
    func run(_ inputs: String, label: String) throws -> Results {
        let inputFile = work.appendingPathComponent("\(label)-inputs.tsv")
        try inputs.write(to: inputFile, atomically: true, encoding: .utf8)
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
                try TestSupport.run(java, Self.javaFlags + ["-cp", kotlinClasspath.joined(separator: ":"), "livecontract.harness.HarnessKt", "--differential", inputFile.path])
            }
            kotlinSeconds = Date().timeIntervalSince(start)
        }
        group.wait()
        let swiftOutput = try swiftRun!.get()
        let swiftFile = work.appendingPathComponent("\(label)-swift.jsonl")
        try swiftOutput.stdout.write(to: swiftFile, atomically: true, encoding: .utf8)
        let nodeStart = Date()
        nonisolated(unsafe) var serverRun: Result<(python: TestSupport.RunResult, go: TestSupport.RunResult), Error>?
        let serverGroup = DispatchGroup()
        DispatchQueue.global().async(group: serverGroup) { serverRun = Result { try server.run(inputFile: inputFile, swiftFile: swiftFile) } }
        let node = try TestSupport.run(self.node, [typescriptMain.path, inputFile.path, swiftFile.path])
        let nodeSeconds = Date().timeIntervalSince(nodeStart)
        serverGroup.wait()
        let servers = try serverRun!.get()
        let seconds = [("swift", swiftSeconds), ("kotlin", kotlinSeconds), ("typescript", nodeSeconds), ("python and go", Date().timeIntervalSince(nodeStart))]
        say("differential: \(label): ran " + seconds.map { "\($0.0) \(String(format: "%.1f", $0.1)) s" }.joined(separator: ", "))
        // The outputs are parsed side by side: tens of thousands of lines each.
        let outputs = [(swiftOutput, "swift"), (try kotlinRun!.get(), "kotlin"), (node, "typescript"), (servers.python, "python"), (servers.go, "go")]
        nonisolated(unsafe) var parsed: [Result<[String: [DiffValue]], Error>?] = [nil, nil, nil, nil, nil]
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
        results.python = try parsed[3]!.get()
        results.go = try parsed[4]!.get()
        return results
    }

    /// Parses `{"schema", "index", ...}` lines, which must come in input order; a program
    /// that died is an error naming the last input it finished, so a crash points at the
    /// input after it.
    static func lines(_ result: TestSupport.RunResult, _ language: String) throws -> [String: [DiffValue]] {
        var bySchema: [String: [DiffValue]] = [:]
        var last = "none"
        let cpu = CPUClock.thread()
        defer { say(String(format: "differential: %@ output parsed in %.1f CPU s", language, CPUClock.thread() - cpu)) }
        do {
            try DiffValueParser.lines(result.stdout) { value in
                guard let schema = value["schema"]?.string else { return }
                let position = bySchema[schema]?.count ?? 0
                guard value["index"] == .number(Double(position)) else {
                    throw SwiftcFailure(message: "the \(language) runner gave \(schema) input \(value["index"] ?? .null) where \(position) was due")
                }
                bySchema[schema, default: []].append(value)
                last = "\(schema)#\(position)"
            }
        } catch where result.status == 0 {
            throw error
        } catch {}
        guard result.status == 0 else {
            throw SwiftcFailure(message: "the \(language) runner exited \(result.status) after input \(last):\n\(result.stderr.suffix(3000))")
        }
        return bySchema
    }
}
