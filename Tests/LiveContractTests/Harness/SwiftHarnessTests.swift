import Foundation
import XCTest
@testable import LiveContract

/// The Swift half of the cross-language proof. Every bundled schema is generated, then its
/// Codable types and Expo records are compiled with `swiftc` (outside SwiftPM) against a small
/// stand-in for ExpoModulesCore, together with Tests/Harness/swift. The program checks every
/// fixture the way a widget and the Expo bridge would meet it; see FixtureHarness.swift.
final class SwiftHarnessTests: XCTestCase {
    /// The compiled harness, shared by the tests below: compiling costs seconds, running it none.
    nonisolated(unsafe) private static var build: Result<SwiftHarnessBuild, Error>?

    override class func tearDown() {
        if case .success(let built)? = build { try? FileManager.default.removeItem(at: built.work) }
        build = nil
        super.tearDown()
    }

    func harness() throws -> SwiftHarnessBuild {
        let swiftc = try TestSupport.requireTool("swiftc")
        if Self.build == nil {
            let start = Date()
            // The differential test's schemas too, so both tests run one compiled program.
            Self.build = Result { try SwiftHarnessBuild.make(swiftc: swiftc, extraSchemas: ExtraSchemas.all) }
            var reused = false
            if case .success(let built)? = Self.build { reused = built.reused }
            let how = reused ? "generated (program reused from .build/harness-cache)" : "generated and compiled"
            print("swift harness: \(how) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        }
        return try Self.build!.get()
    }

    func testEveryFixtureDecodesAndConvertsThroughTheRecords() throws {
        let build = try harness()
        let result = try TestSupport.run(build.binary.path, build.fixtureArguments)
        let summary = try SwiftHarnessBuild.summary(result)
        print("swift harness fixtures: \(summary.passed) passed, \(summary.failed) failed")
        XCTAssertEqual(summary.failed, 0, result.stdout)
        // 4 schemas x at least 3 fixture files x 11 checks, plus the decode cases.
        XCTAssertGreaterThan(summary.passed, 100, result.stdout)
    }

    /// `toContentState()` clamps, fills defaults and repairs; Expo itself refuses a missing
    /// required key and an unknown value of an enum without `unknown:`.
    func testStateRecordRepairsWhatJavaScriptGetsWrong() throws {
        let build = try harness()
        let base = #"{"label":"L","count":1,"ratio":0.5,"updatedAtMillis":1742063400000,"window":[1742061600000,1742065200000],"phase":"running","point":{"lat":1,"lon":2},"tags":[],"samples":[],"waypoints":[],"members":[],"tiny":1,"big":1,"gain":0,"levels":[]}"#
        /// The base kitchen-sink state with some text replaced, e.g. `("\"count\":1,", "\"count\":2000,")`.
        func sink(_ changes: (String, String)...) -> String {
            changes.reduce(base) { text, change in text.replacingOccurrences(of: change.0, with: change.1) }
        }
        let window = "[1742061600000,1742065200000]"
        let cases: [(String, String, String)] = [
            ("count above max", sink((#""count":1,"#, #""count":2000,"#)), #"{"count":1000}"#),
            ("count below min", sink((#""count":1,"#, #""count":-50,"#)), #"{"count":-5}"#),
            ("ratio above max", sink((#""ratio":0.5"#, #""ratio":1.5"#)), #"{"ratio":1}"#),
            ("struct member clamped", sink((#""lat":1"#, #""lat":100"#)), #"{"point":{"lat":90,"lon":2,"seenAt":757382400}}"#),
            ("defaults filled", sink(), ##"{"enabled":true,"level":3,"weight":0.5,"accent":"#FF8800","deadline":915148800,"fallbackPhase":"running"}"##),
            ("defaulted level clamped", sink((#""count":1,"#, #""count":1,"level":99,"#)), #"{"level":10}"#),
            ("unknown phase falls back", sink((#""phase":"running""#, #""phase":"exploded""#)), #"{"phase":"idle"}"#),
            ("unknown defaulted phase falls back", sink((#""count":1,"#, #""count":1,"fallbackPhase":"exploded","#)), #"{"fallbackPhase":"idle"}"#),
            ("swapped range put in order", sink((window, "[1742065200000,1742061600000]")), #"{"window":[763754400,763758000]}"#),
            ("one-item range", sink((window, "[1742061600000]")), #"{"window":[763754400,763754400]}"#),
            ("empty range", sink((window, "[]")), #"{"window":[-978307200,-978307200]}"#),
            ("fractional ms rounded", sink(("1742063400000", "1742063400250.4")), #"{"updatedAt":763756200.25}"#),
            ("fractional int rounded half away from zero", sink((#""count":1,"#, #""count":2.5,"#)), #"{"count":3}"#),
            ("negative fractional int rounded half away from zero", sink((#""count":1,"#, #""count":-2.5,"#)), #"{"count":-3}"#),
            ("fractional int beyond max clamped", sink((#""count":1,"#, #""count":1e300,"#)), #"{"count":1000}"#),
            ("fractional sized int rounded then clamped", sink((#""tiny":1"#, #""tiny":99.5"#)), #"{"tiny":100}"#),
            ("unknown strict enum rejected by Expo", sink((#""count":1,"#, #""count":1,"mood":"angry","#)), "rejected"),
            ("missing required key rejected by Expo", sink((#""label":"L","#, "")), "rejected"),
            ("string for a number rejected by Expo", sink((#""count":1,"#, #""count":"1","#)), "rejected"),
            ("lower-case uuid upper-cased", sink((#""members":[]"#, #""members":["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"]"#)), #"{"members":["A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"]}"#),
            ("unreadable uuid in a list is the zero UUID", sink((#""members":[]"#, #""members":["nope"]"#)), #"{"members":["00000000-0000-0000-0000-000000000000"]}"#),
            ("int8 clamped to max", sink((#""tiny":1"#, #""tiny":1000"#)), #"{"tiny":100}"#),
            ("int64 clamped to JavaScript's safe integers", sink((#""big":1"#, #""big":10000000000000000"#)), #"{"big":9007199254740991}"#),
            ("uint16 clamped to its range", sink((#""count":1,"#, #""count":1,"port":70000,"#)), #"{"port":65535}"#),
            ("uint8 list items clamped to the range", sink((#""count":1,"#, #""count":1,"readings":[-5,300],"#)), #"{"readings":[0,255]}"#),
            ("float clamped to its max, written as Swift writes the Float", sink((#""gain":0"#, #""gain":0.5"#)), #"{"gain":0.1}"#),
            ("float beyond Float's range clamped to the largest Float", sink((#""levels":[]"#, #""levels":[1e300,-1e300]"#)), #"{"levels":[3.4028235e38,-3.4028235e38]}"#),
            ("unreadable defaulted uuid takes the default", sink((#""count":1,"#, #""count":1,"trace":"E621E1F8","#)), #"{"traceId":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#),
        ]
        let input = cases.map { "\($0.0)\t\($0.1)\t\($0.2)" }.joined(separator: "\n") + "\n"
        let result = try TestSupport.run(build.binary.path, ["--repairs", "kitchensink"], input: input)
        let summary = try SwiftHarnessBuild.summary(result)
        XCTAssertEqual(summary.failed, 0, result.stdout)
        XCTAssertEqual(summary.passed, cases.count, result.stdout)
    }
}

extension SwiftHarnessTests {
    /// A field with only `min` (delivery's `stopsRemaining`, `progress` has both) is clamped
    /// too: the clamp once compared against the value itself for the missing bound, so
    /// `stopsRemaining: -1` stayed -1 in Swift while TypeScript and Kotlin made it 0.
    func testOneSidedBoundsClampInTheRecords() throws {
        let build = try harness()
        let base = #"{"status":"S","progress":0.5,"etaEpochMillis":1742065920000,"stopsRemaining":2,"courierName":"C"}"#
        let cases: [(String, String, String)] = [
            ("only min, below", base.replacingOccurrences(of: #""stopsRemaining":2"#, with: #""stopsRemaining":-1"#), #"{"stopsRemaining":0}"#),
            ("only min, far below", base.replacingOccurrences(of: #""stopsRemaining":2"#, with: #""stopsRemaining":-2147483648"#), #"{"stopsRemaining":0}"#),
            ("only min, above stays", base.replacingOccurrences(of: #""stopsRemaining":2"#, with: #""stopsRemaining":99"#), #"{"stopsRemaining":99}"#),
            ("double below min", base.replacingOccurrences(of: #""progress":0.5"#, with: #""progress":-0.25"#), #"{"progress":0}"#),
        ]
        let input = cases.map { "\($0.0)\t\($0.1)\t\($0.2)" }.joined(separator: "\n") + "\n"
        let result = try TestSupport.run(build.binary.path, ["--repairs", "delivery"], input: input)
        let summary = try SwiftHarnessBuild.summary(result)
        XCTAssertEqual(summary.failed, 0, result.stdout)
        XCTAssertEqual(summary.passed, cases.count, result.stdout)
    }
}

/// The harness program for every bundled schema: generated into one temporary folder and
/// compiled once, all schemas together (their types are namespaced by contract name).
struct SwiftHarnessBuild {
    /// The temporary folder holding the generated schemas and the program; removed after the tests.
    var work: URL
    var binary: URL
    /// `NAME FOLDER` pairs: each schema's key in `contractChecks()` and its fixtures folder.
    var fixtureArguments: [String]
    /// True when HarnessBuildCache had the program already (same sources, same compiler).
    var reused = false

    static let harnessFolder = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/swift")

    /// `extraSchemas` (name, YAML text) are generated beside the bundled ones, e.g. the
    /// differential test's torture schema.
    static func make(swiftc: String, extraSchemas: [(name: String, yaml: String)] = []) throws -> SwiftHarnessBuild {
        let work = TestSupport.temporaryDirectory("lc-swift-harness")
        var sources: [String] = [], arguments: [String] = [], registrations: [String] = []
        for name in TestSupport.schemaNames() + extraSchemas.map(\.name) {
            let folder = work.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if let extra = extraSchemas.first(where: { $0.name == name }) {
                try extra.yaml.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            }
            let contract = try TestSupport.generate(schema: name, into: folder).contract
            guard let swift = contract.outputs.swift.first, let bridge = contract.outputs.swiftBridge,
                  let fixtures = contract.outputs.fixtures else {
                throw SwiftcFailure(message: "schema \(name) needs swift, swift-bridge and fixtures outputs for the Swift proof")
            }
            sources += [swift.path, bridge.path].map { folder.appendingPathComponent($0).path }
            arguments += [name, folder.appendingPathComponent(fixtures.path).path]
            registrations.append(registration(key: name, contract: contract))
        }
        let contracts = work.appendingPathComponent("Contracts.swift")
        try contractsSource(registrations).write(to: contracts, atomically: true, encoding: .utf8)
        let standIn = ["ExpoStandIn.swift", "ExpoStandInRecord.swift"].map { harnessFolder.appendingPathComponent($0) }
        let harness = ["JSONValue.swift", "FixtureHarness.swift", "Differential.swift"].map { harnessFolder.appendingPathComponent($0) }
        let programSources = sources.map(URL.init(fileURLWithPath:)) + harness + [contracts]
        // One compiled program per distinct set of sources (HarnessBuildCache), shared by this
        // test and the differential test.
        let entry = try HarnessBuildCache.build("swift-harness", compiler: try HarnessBuildCache.identity(swiftc),
                                                recipe: Swiftc.flags + ["stand-in", "\(standIn.count)", "program", "\(programSources.count)"],
                                                inputs: standIn + programSources) { folder in
            try Swiftc(path: swiftc).run(["-parse-as-library", "-emit-library", "-static", "-emit-module", "-module-name", "ExpoModulesCore",
                                          "-o", folder.appendingPathComponent("libExpoModulesCore.a").path] + standIn.map(\.path), in: folder)
            try Swiftc(path: swiftc).run(["-I", folder.path, "-L", folder.path, "-lExpoModulesCore", "-o", folder.appendingPathComponent("swift-harness").path]
                                         + programSources.map(\.path), in: folder)
        }
        let binary = entry.folder.appendingPathComponent("swift-harness")
        return SwiftHarnessBuild(work: work, binary: binary, fixtureArguments: arguments, reused: entry.reused)
    }

    /// One entry of `contractChecks()`: the generated type names for schema `key`.
    static func registration(key: String, contract: Contract) -> String {
        let attributes = contract.attributesTypeName + "Record", state = contract.name + "StateRecord"
        return """
                \(SwiftSyntax.stringLiteral(key)): ContractChecks(
                    toAttributes: { (record: \(attributes)) in record.toAttributes() }, fromAttributes: { \(attributes)($0) },
                    toState: { (record: \(state)) in record.toContentState() }, fromState: { \(state)($0) }),
            """
    }

    static func contractsSource(_ registrations: [String]) -> String {
        "import ExpoModulesCore\n\nfunc contractChecks() -> [String: ContractChecks] {\n    [\n"
            + registrations.joined(separator: "\n") + "\n    ]\n}\n"
    }

    /// The closing `swift: N passed, M failed` line; a program that never printed it crashed.
    static func summary(_ result: TestSupport.RunResult) throws -> (passed: Int, failed: Int) {
        let pattern = #"swift: ([0-9]+) passed, ([0-9]+) failed"#
        guard let line = result.stdout.split(separator: "\n").last(where: { $0.range(of: pattern, options: .regularExpression) != nil }) else {
            throw SwiftcFailure(message: "no summary line (status \(result.status))\n\(result.stdout)\n\(result.stderr)")
        }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[0], numbers[1])
    }
}

/// `swiftc` run outside SwiftPM: unoptimised (the programs run for milliseconds, so compile
/// time is all that matters), in the Swift 6 language mode with warnings as errors, so the
/// generated code stays warning-free under strict concurrency checking.
struct Swiftc {
    let path: String
    static let flags = ["-Onone", "-swift-version", "6", "-warnings-as-errors"]

    func run(_ arguments: [String], in folder: URL) throws {
        let result = try TestSupport.run(path, Self.flags + arguments, in: folder)
        guard result.status == 0 else {
            throw SwiftcFailure(message: "swiftc failed (status \(result.status)):\n\(result.stderr)\(result.stdout)")
        }
    }
}

/// A harness that could not be built, with the compiler's own message.
struct SwiftcFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
