import Foundation
import XCTest
@testable import LiveContract

/// The cross-language proof for Kotlin: every bundled schema's generated Kotlin is compiled
/// (warnings are errors) together with Tests/Harness/kotlin, and the harness runs every JSON
/// fixture through `parseFcmData` / `toFcmData`. One compiler call and one JVM run for all
/// schemas, because kotlinc costs seconds per call.
final class KotlinHarnessTests: XCTestCase {
    /// kotlinc from PATH (Debian's `kotlin` package is 1.3.31: the oldest compiler we support).
    func testFixturesThroughGeneratedKotlin() throws {
        let kotlinc = try TestSupport.requireTool("kotlinc")
        let java = try TestSupport.requireTool("java")
        let json = try KotlinHarness.orgJSONJar()
        let harness = try KotlinHarness.prepare()
        removeOnSuccess(harness.folder)
        let jar = try harness.compile(kotlinc: kotlinc, orgJSON: json).jar
        try harness.runAndCheck(java: java, classpath: [jar, json])
    }

    /// The same proof on a current Kotlin 2.x compiler, when LIVECONTRACT_KOTLIN2_JARS names a
    /// folder holding its jars (docs/kotlin.md has the recipe). Optional: skipped when unset.
    func testFixturesThroughGeneratedKotlinOnKotlin2() throws {
        guard let folder = ProcessInfo.processInfo.environment["LIVECONTRACT_KOTLIN2_JARS"], !folder.isEmpty else {
            try TestSupport.optionalToolMissing("set LIVECONTRACT_KOTLIN2_JARS to a folder with a Kotlin 2.x compiler jar and kotlin-stdlib (scripts/setup-current-compilers)")
            return
        }
        let java = try TestSupport.requireTool("java")
        let json = try KotlinHarness.orgJSONJar()
        let jars = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".jar") }.sorted().map { "\(folder)/\($0)" }
        let stdlib = try XCTUnwrap(jars.first { $0.split(separator: "/").last!.hasPrefix("kotlin-stdlib-2") }, "no kotlin-stdlib-2.*.jar in \(folder)")
        let harness = try KotlinHarness.prepare()
        removeOnSuccess(harness.folder)
        let flags = ["-Werror", "-no-stdlib", "-no-reflect", "-cp", "\(stdlib):\(json)"]
        let entry = try HarnessBuildCache.build("kotlin2-harness", compiler: HarnessBuildCache.identity(jars: jars), recipe: flags,
                                                inputs: harness.sources.map(URL.init(fileURLWithPath:))) { folder in
            let compile = try TestSupport.run(java, ["-cp", jars.joined(separator: ":"), "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler"]
                                              + flags + ["-d", folder.appendingPathComponent("harness2.jar").path] + harness.sources)
            guard compile.status == 0 else { throw SwiftcFailure(message: "Kotlin 2 compiler failed:\n\(compile.stdout)\(compile.stderr)") }
        }
        let jar = entry.folder.appendingPathComponent("harness2.jar").path
        try harness.runAndCheck(java: java, classpath: [jar, stdlib, json])
    }

    /// Jars with the runtime are megabytes; keep the folder only when it helps debug a failure.
    func removeOnSuccess(_ folder: URL) {
        addTeardownBlock { [weak self] in
            if self?.testRun?.failureCount == 0 { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// Literals are pure ASCII and can never start a string template.
    func testStringLiteralsEscapeTemplatesAndNonASCII() {
        XCTAssertEqual(KotlinSyntax.stringLiteral("a\"b\\c$d${e}"), #""a\"b\\c\$d\${e}""#)
        XCTAssertEqual(KotlinSyntax.stringLiteral("é\n\u{1}\u{2028}🚀"), #""\u00E9\n\u0001\u2028\uD83D\uDE80""#)
    }

    /// Kotlin block comments nest, so `/*` must be broken as well as `*/`.
    func testDocCommentsCannotCloseOrOpenComments() {
        XCTAssertEqual(KotlinSyntax.docComment("a */ b /* c /*/"), [#"/** a *\/ b /\* c /\*\/ */"#])
        XCTAssertEqual(KotlinSyntax.docComment("one\n\ntwo\u{202E}"), ["/**", " * one", " *", " * two\\u{202E}", " */"])
    }

    /// Generated Kotlin code is ASCII, so no invisible or confusable character hides in it;
    /// doc comments keep readable non-ASCII text (é, 🚀) but never an invisible control.
    func testGeneratedKotlinIsASCII() throws {
        for name in TestSupport.schemaNames() {
            let folder = TestSupport.temporaryDirectory("kotlin-ascii")
            let loaded = try TestSupport.generate(schema: name, into: folder)
            for file in loaded.files where file.kind == .kotlin {
                for line in file.contents.split(separator: "\n") {
                    let text = line.drop { $0 == " " }
                    let isComment = text.hasPrefix("//") || text.hasPrefix("/**") || text.hasPrefix("*")
                    XCTAssertTrue(isComment || line.unicodeScalars.allSatisfy(\.isASCII), "\(name): \(file.path) has non-ASCII code: \(line)")
                    XCTAssertFalse(line.unicodeScalars.contains { CodeText.isInvisible($0) || $0 == "\u{2028}" || $0 == "\u{2029}" }, "\(name): \(file.path): \(line)")
                }
                XCTAssertTrue(file.contents.hasPrefix("// generated by livecontract from \(name).yaml; do not edit\n"))
            }
        }
    }
}

/// Generated sources, adapters and fixture folders for one harness run.
struct KotlinHarness {
    var folder: URL
    var sources: [String]
    var arguments: [String]
    var expectedCases: Int

    /// Android's org.json: LIVECONTRACT_ORG_JSON_JAR, else Debian's libandroid-json-java jar.
    static func orgJSONJar() throws -> String {
        let candidates = [ProcessInfo.processInfo.environment["LIVECONTRACT_ORG_JSON_JAR"], "/usr/share/java/com.android.json.jar"]
        if let found = candidates.compactMap({ $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("org.json jar missing; install libandroid-json-java or set LIVECONTRACT_ORG_JSON_JAR")
        }
        throw XCTSkip("org.json jar missing; install libandroid-json-java")
    }

    /// Generates every bundled schema into a fresh folder and writes Adapters.kt, which binds
    /// each schema's generated `<Name>Fcm` object to the harness interface.
    static func prepare() throws -> KotlinHarness {
        let folder = TestSupport.temporaryDirectory("kotlin-harness")
        let harnessFolder = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/kotlin")
        // The harness and, under expo/, the stand-in for the Expo API the kotlin-bridge files use.
        var sources = (FileManager.default.subpaths(atPath: harnessFolder.path) ?? [])
            .filter { $0.hasSuffix(".kt") }.sorted().map { harnessFolder.appendingPathComponent($0).path }
        var arguments: [String] = []
        var adapters: [(schema: String, body: String)] = []
        var expected = 0
        for name in TestSupport.schemaNames() + [edgeSchemaName, ExtraSchemas.boundsName, ExtraSchemas.typesName] {
            let schemaFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
            if name == edgeSchemaName {
                try edgeSchema.write(to: schemaFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            } else if name == ExtraSchemas.boundsName {
                try ExtraSchemas.bounds.write(to: schemaFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            } else if name == ExtraSchemas.typesName {
                try ExtraSchemas.types.write(to: schemaFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            }
            let contract = try TestSupport.generate(schema: name, into: schemaFolder).contract
            guard let kotlin = contract.outputs.kotlin, let fixtures = contract.outputs.fixtures else { continue }
            sources.append(schemaFolder.appendingPathComponent(kotlin.path).path)
            if let bridge = contract.outputs.kotlinBridge { sources.append(schemaFolder.appendingPathComponent(bridge.path).path) }
            let fixtureFolder = schemaFolder.appendingPathComponent(fixtures.path)
            arguments.append("\(name)=\(fixtureFolder.path)")
            adapters.append((name, adapter(for: contract)))
            expected += try caseCount(in: fixtureFolder)
        }
        let adapterFile = folder.appendingPathComponent("Adapters.kt")
        let table = adapters.enumerated().map { "    \(KotlinSyntax.stringLiteral($0.element.schema)) to Adapter\($0.offset)" }
        let text = "package livecontract.harness\n\n" + adapters.enumerated().map { "object Adapter\($0.offset) : \($0.element.body)" }.joined(separator: "\n\n")
            + "\n\nval adapters: Map<String, ContractAdapter> = mapOf(\n" + table.joined(separator: ",\n") + "\n)\n"
        try text.write(to: adapterFile, atomically: true, encoding: .utf8)
        sources.append(adapterFile.path)
        let repairs = folder.appendingPathComponent("repairs.tsv")
        try (["attributes\t" + #"{"title":"T","startedAt":1742061600000,"sessionId":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#] + bridgeRepairs.map { "\($0.0)\t\($0.1)\t\($0.2)" })
            .joined(separator: "\n").write(to: repairs, atomically: true, encoding: .utf8)
        arguments.append("repairs:kitchensink=\(repairs.path)")
        expected += bridgeRepairs.count
        return KotlinHarness(folder: folder, sources: sources, arguments: arguments, expectedCases: expected)
    }

    static let edgeSchemaName = "kotlinedge"

    /// SwiftHarnessTests' repair table for the kitchen-sink state record, with the expected
    /// members in the bridge shape (Unix ms): the Kotlin records must repair as the Swift ones.
    static let bridgeRepairs: [(String, String, String)] = {
        let base = #"{"label":"L","count":1,"ratio":0.5,"updatedAtMillis":1742063400000,"window":[1742061600000,1742065200000],"phase":"running","point":{"lat":1,"lon":2},"tags":[],"samples":[],"waypoints":[],"members":[],"tiny":1,"big":1,"gain":0,"levels":[]}"#
        func sink(_ changes: (String, String)...) -> String {
            changes.reduce(base) { text, change in text.replacingOccurrences(of: change.0, with: change.1) }
        }
        let window = "[1742061600000,1742065200000]"
        return [
            ("count above max", sink((#""count":1,"#, #""count":2000,"#)), #"{"count":1000}"#),
            ("count below min", sink((#""count":1,"#, #""count":-50,"#)), #"{"count":-5}"#),
            ("ratio above max", sink((#""ratio":0.5"#, #""ratio":1.5"#)), #"{"ratio":1}"#),
            ("struct member clamped", sink((#""lat":1"#, #""lat":100"#)), #"{"point":{"lat":90,"lon":2,"seenAt":1735689600000}}"#),
            ("defaults filled", sink(), ##"{"enabled":true,"level":3,"weight":0.5,"accentHex":"#FF8800","deadline":1893456000000,"fallbackPhase":"running"}"##),
            ("defaulted level clamped", sink((#""count":1,"#, #""count":1,"level":99,"#)), #"{"level":10}"#),
            ("unknown phase falls back", sink((#""phase":"running""#, #""phase":"exploded""#)), #"{"phase":"idle"}"#),
            ("unknown defaulted phase falls back", sink((#""count":1,"#, #""count":1,"fallbackPhase":"exploded","#)), #"{"fallbackPhase":"idle"}"#),
            ("swapped range put in order", sink((window, "[1742065200000,1742061600000]")), #"{"window":[1742061600000,1742065200000]}"#),
            ("one-item range", sink((window, "[1742061600000]")), #"{"window":[1742061600000,1742061600000]}"#),
            ("empty range", sink((window, "[]")), #"{"window":[0,0]}"#),
            ("fractional ms rounded", sink(("1742063400000", "1742063400250.4")), #"{"updatedAtMillis":1742063400250}"#),
            ("fractional int rounded half away from zero", sink((#""count":1,"#, #""count":2.5,"#)), #"{"count":3}"#),
            ("negative fractional int rounded half away from zero", sink((#""count":1,"#, #""count":-2.5,"#)), #"{"count":-3}"#),
            ("fractional int beyond max clamped", sink((#""count":1,"#, #""count":1e300,"#)), #"{"count":1000}"#),
            ("fractional sized int rounded then clamped", sink((#""tiny":1"#, #""tiny":99.5"#)), #"{"tiny":100}"#),
            ("unknown strict enum rejected by Expo", sink((#""count":1,"#, #""count":1,"mood":"angry","#)), "rejected"),
            ("missing required key rejected by Expo", sink((#""label":"L","#, "")), "rejected"),
            ("string for a number rejected by Expo", sink((#""count":1,"#, #""count":"1","#)), "rejected"),
        ]
    }()

    /// Shapes the bundled schemas lack: renamed envelope keys, empty attributes and struct, fields named like the
    /// generated code's locals and helpers, Int.MIN_VALUE, `$` in defaults, strict enums and
    /// lists of structs inside JSON text. Compiled and run with the others, so it costs nothing.
    static let edgeSchema = #"""
    livecontract: 1
    name: Edge
    doc: "Doc with */ and /* and ${x} and \u202E bidi"
    envelope: { activityId: id, event: kind, sentAt: ts }
    attributes: {}
    state:
      data: { type: int, min: -2147483648, max: 2147483647 }
      map: { type: "string?", default: "x$y\"" }
      it: { type: "Blank?" }
      reader: { type: "[dateRange]" }
      read: { type: "[Kind]" }
      attributes: { type: "Kind?" }
      edgeInner: { type: EdgeInner }
      nested: { type: "[Outer]" }
      when2: { type: "double?", min: -1.5, default: 2 }
      strict: { type: Strict, default: x }
    types:
      Kind: { enum: [a, bB], unknown: a }
      Strict: { enum: [x, y2] }
      Blank: { fields: {} }
      EdgeInner: { fields: { value: { type: "Strict?" }, fail: { type: string, default: fail }, map: { type: "[url]" } } }
      Outer:
        fields:
          inner: { type: EdgeInner }
          list: { type: "[Strict]" }
          d: { type: double, min: -1.5, max: 2, bridgeName: dee }
          n: { type: "int?", min: 0 }
          at: { type: dateRange }
    examples:
      one:
        state:
          data: -2147483648
          reader: [["2025-03-15T18:00:00Z", "2025-03-15T19:00:00Z"]]
          read: [a, bB]
          edgeInner: { map: ["https://a.example/x?y=$z"] }
          nested: [{ inner: { value: y2, map: [] }, list: [x, y2], d: -1.5, at: ["2025-03-15T18:00:00Z", "2025-03-15T18:00:00Z"] }]
    outputs:
      kotlin: { path: Edge.kt, package: edge.test }
      kotlin-bridge: { path: EdgeRecords.kt, package: edge.bridge }
      fixtures: fixtures
    """#

    /// The body of one adapter object: parse, convert to the bridge shape, write back.
    static func adapter(for contract: Contract) -> String {
        let fcm = "\(contract.outputs.kotlinPackage ?? "livecontract.generated").\(contract.name)Fcm"
        return """
        ContractAdapter {
            override fun parse(data: Map<String, String>): Parsed {
                val result = \(fcm).parseFcmData(data)
                val attributes = result.attributes
                val state = result.state
                val envelope = result.envelope
                return Parsed(
                    linkedMapOf("activityId" to result.activityId, "event" to result.event?.raw, "sentAtMs" to result.sentAtMs,
                                "staleAtMs" to result.staleAtMs, "dismissAtMs" to result.dismissAtMs),
                    if (attributes == null) null else \(fcm).toBridge(attributes),
                    if (state == null) null else \(fcm).toBridge(state),
                    result.issues.map { listOf(it.field, it.raw, it.reason, it.advice) },
                    if (attributes == null || state == null || envelope == null) null else \(fcm).toFcmData(attributes, state, envelope)
                )
            }

            override fun bridge(attributes: Map<*, *>, state: Map<*, *>): Pair<Map<String, Any?>, Map<String, Any?>>? {
                \(bridgeBody(contract, fcm: fcm))
            }

            override fun bridgeState(state: Map<*, *>): Map<String, Any?>? {
                \(bridgeStateBody(contract, fcm: fcm))
            }

            override fun ordering(): (Map<String, String>) -> Triple<String, Boolean, Long?> {
                val store = \(fcm)MemoryOrderStore()
                return { data ->
                    val result = \(fcm).parseFcmData(data)
                    val decision = \(fcm).order(result, store)
                    val id = result.activityId
                    Triple(decision.raw, decision.repost, if (id == null) null else store.lastApplied(id))
                }
            }
        }
        """
    }

    /// The kotlin-bridge check: the JS objects through the generated records into the data
    /// classes, through `Record.from` and back, then to the bridge shape with the contract
    /// file's toBridge.
    static func bridgeBody(_ contract: Contract, fcm: String) -> String {
        guard contract.outputs.kotlinBridge != nil else { return "return null" }
        let records = (contract.outputs.kotlinBridgePackage ?? "livecontract.generated") + "." + contract.name
        // Through `from(value)` and back once more: the record the app builds from a value it
        // holds must convert to the same value, so the bridge shape stays the fixture's.
        return "val a = BridgeRecords.fill(\(records)AttributesRecord(), attributes).toAttributes()\n"
            + "val s = BridgeRecords.fill(\(records)StateRecord(), state).toState()\n"
            + "return Pair(\(fcm).toBridge(\(records)AttributesRecord.from(a).toAttributes()), "
            + "\(fcm).toBridge(\(records)StateRecord.from(s).toState()))"
    }

    /// The differential test's Kotlin bridge: one JS state object through the generated state
    /// record and `toState()`, given back in the bridge shape (`toBridge`); null without the output.
    static func bridgeStateBody(_ contract: Contract, fcm: String) -> String {
        guard contract.outputs.kotlinBridge != nil else { return "return null" }
        let records = (contract.outputs.kotlinBridgePackage ?? "livecontract.generated") + "." + contract.name
        return "return \(fcm).toBridge(BridgeRecords.fill(\(records)StateRecord(), state).toState())"
    }

    /// Sample files count once each; fcm-malformed.json once per case, fcm-ordering.json once per step; decode-cases.json is
    /// for Swift's decoder and not run here.
    static func caseCount(in folder: URL) throws -> Int {
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            switch name {
            case "decode-cases.json": continue
            case "fcm-malformed.json", "fcm-ordering.json":
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                count += ((object?["cases"] ?? object?["steps"]) as? [Any])?.count ?? 0
            default: count += 1
            }
        }
        return count
    }

    /// JVM options for kotlinc 1.3.31, whose script caps the heap at 256 MB: on the harness's
    /// 700 KB of sources one compile took 144 CPU seconds; with a 1 GB heap, the serial
    /// collector and the C1 JIT it took 71 (measured together, not one by one). They change
    /// how fast the compiler runs, not what it makes.
    static let kotlincJVM = ["-J-Xmx1g", "-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1"]

    /// The harness jar from kotlinc (warnings are errors), compiled once per distinct set of
    /// sources (HarnessBuildCache): this test and the differential test run the same program.
    func compile(kotlinc: String, orgJSON: String) throws -> (jar: String, reused: Bool) {
        let flags = Self.kotlincJVM + ["-Werror", "-include-runtime", "-cp", orgJSON]
        let entry = try HarnessBuildCache.build("kotlin-harness", compiler: try HarnessBuildCache.identity(kotlinc, ["-version"]), recipe: flags,
                                                inputs: sources.map(URL.init(fileURLWithPath:))) { folder in
            let compile = try TestSupport.run(kotlinc, flags + ["-d", folder.appendingPathComponent("harness.jar").path] + sources)
            guard compile.status == 0 else { throw SwiftcFailure(message: "kotlinc failed:\n\(compile.stdout)\(compile.stderr)") }
        }
        print("kotlin harness: \(entry.reused ? "jar reused from .build/harness-cache" : "compiled")")
        return (entry.folder.appendingPathComponent("harness.jar").path, entry.reused)
    }

    /// Runs the harness jar and checks its closing line: no failures, every case counted.
    func runAndCheck(java: String, classpath: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try TestSupport.run(java, ["-cp", classpath.joined(separator: ":"), "livecontract.harness.HarnessKt"] + arguments)
        XCTAssertEqual(run.status, 0, "harness exited \(run.status):\n\(run.stderr)", file: file, line: line)
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        print(summary)
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        XCTAssertTrue(summary.hasPrefix("kotlin: ") && numbers.count == 2, "no summary line:\n\(run.stdout)\(run.stderr)", file: file, line: line)
        guard numbers.count == 2 else { return }
        XCTAssertEqual(numbers[1], 0, "Kotlin harness failures:\n\(run.stdout)", file: file, line: line)
        XCTAssertGreaterThan(numbers[0], 0, file: file, line: line)
        XCTAssertEqual(numbers[0] + numbers[1], expectedCases, "harness ran a different number of fixture cases", file: file, line: line)
    }
}
