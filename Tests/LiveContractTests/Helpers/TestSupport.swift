import Foundation
import XCTest
@testable import LiveContract

/// Shared helpers: where the repo is, how to generate a schema's outputs into a temporary
/// folder, and how to run an outside program (swiftc, kotlinc, tsc, node, the built binary).
enum TestSupport {
    /// The repository root, found from this file's path so tests run from any folder.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every bundled schema: schema/*.yaml, sorted.
    static func schemaNames() -> [String] {
        let folder = repoRoot.appendingPathComponent("schema")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// A fresh empty folder under the system temporary folder.
    /// Template name -> the context it renders for `contract`, as the generator builds them.
    static func templateContexts(_ contract: Contract) -> [String: TemplateObject] {
        let header = GeneratedHeader.lines(for: contract)
        return [
            "swift.mustache": SwiftContext(contract: contract).build(header: header),
            "swift-bridge.mustache": SwiftBridgeContext(contract: contract).build(header: header),
            "kotlin.mustache": KotlinContext(contract: contract).build(header: header),
            "kotlin-bridge.mustache": KotlinBridgeContext(contract: contract).build(header: header),
            "typescript.mustache": TypeScriptContext(contract: contract).build(header: header),
            "python.mustache": PythonContext(contract: contract).build(header: header),
            "go.mustache": GoContext(contract: contract, package: "livecontract").build(header: header),
        ]
    }

    static func temporaryDirectory(_ label: String = "lc") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies `schema/<name>.yaml` into `folder` and writes all its outputs there through the
    /// library (no binary needed). Returns the loaded schema; output paths are under `folder`.
    @discardableResult
    static func generate(schema name: String, into folder: URL) throws -> LoadedSchema {
        let source = repoRoot.appendingPathComponent("schema/\(name).yaml")
        let target = folder.appendingPathComponent("\(name).yaml")
        if !FileManager.default.fileExists(atPath: target.path) {
            try FileManager.default.copyItem(at: source, to: target)
        }
        let fileSystem = FileSystem()
        let loaded: LoadedSchema
        switch Workspace.load(schemaPath: target.path, templates: try TemplateSet.builtIn(), fileSystem: fileSystem) {
        case .success(let value): loaded = value
        case .failure(let error):
            throw NSError(domain: "livecontract", code: 2, userInfo: [NSLocalizedDescriptionKey: error.diagnostics.items.map(\.description).joined(separator: "\n")])
        }
        let plan = OutputPlan.make(files: loaded.files, contract: loaded.contract, schemaPath: target.path, force: false, fileSystem: fileSystem)
        guard !plan.diagnostics.hasErrors else {
            throw NSError(domain: "livecontract", code: 2, userInfo: [NSLocalizedDescriptionKey: plan.diagnostics.items.map(\.description).joined(separator: "\n")])
        }
        _ = try plan.write(fileSystem: fileSystem)
        return loaded
    }

    struct RunResult {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments`; stdout and stderr are read fully.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String]? = nil, input: String? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        // Foundation's waitUntilExit polls every 50 ms, so each run paid about 48 ms of idle
        // time after the child had exited (a /bin/true run took 49 ms); the termination
        // handler fires as soon as the child is reaped.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inPipe.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        exited.wait()
        return RunResult(status: process.terminationStatus,
                         stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The full path of a program on PATH, or nil.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A program the test needs. In CI (CI=true) a missing program fails the test, so a broken
    /// install step cannot turn the cross-language proof into a silent skip; locally it skips.
    static func requireTool(_ tool: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try skipInQuickRun(tool)
        if let found = which(tool) { return found }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("\(tool) is not installed; .ci/run must install it", file: file, line: line)
            throw XCTSkip("\(tool) missing")
        }
        throw XCTSkip("\(tool) is not installed; install it to run this test")
    }

    /// The programs of other languages' toolchains. `scripts/test --quick` (which sets
    /// LIVECONTRACT_QUICK=1) is the edit-build-test loop: it leaves out every test that needs
    /// one of them, and the whole suite (`scripts/test`, CI) runs them all.
    static let otherToolchains: Set<String> = ["kotlinc", "kotlin", "java", "javac", "tsc", "node", "deno",
                                               "go", "gofmt", "python3", "mypy", "pre-commit", "npm", "npx"]

    /// True in `scripts/test --quick`.
    static var quick: Bool { ProcessInfo.processInfo.environment["LIVECONTRACT_QUICK"] == "1" }

    /// Skips the test in a quick run when it needs `tool` from another language's toolchain.
    static func skipInQuickRun(_ tool: String) throws {
        if quick, otherToolchains.contains(tool) {
            throw XCTSkip("scripts/test --quick leaves out tests that need \(tool); scripts/test runs them")
        }
    }

    /// A current compiler (Kotlin 2.x, TypeScript 6) is missing: a failure when
    /// LIVECONTRACT_REQUIRE_CURRENT_COMPILERS=1 (scripts/test sets it in CI, after fetching
    /// them), a skip otherwise.
    static func optionalToolMissing(_ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if ProcessInfo.processInfo.environment["LIVECONTRACT_REQUIRE_CURRENT_COMPILERS"] == "1" {
            XCTFail(message, file: file, line: line)
            return
        }
        throw XCTSkip(message)
    }

    /// The built `livecontract` binary in the build folder that holds the test bundle
    /// (`swift build --build-tests` and `swift test` build it alongside).
    static var binary: URL {
        let candidates = [
            Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(),
        ]
        for folder in candidates {
            let url = folder.appendingPathComponent("livecontract")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return candidates[0].appendingPathComponent("livecontract")
    }

    private final class Marker {}
}
