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
        let jar = harness.folder.appendingPathComponent("harness.jar").path
        let compile = try TestSupport.run(kotlinc, ["-Werror", "-include-runtime", "-cp", json, "-d", jar] + harness.sources)
        XCTAssertEqual(compile.status, 0, "kotlinc failed:\n\(compile.stdout)\(compile.stderr)")
        guard compile.status == 0 else { return }
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
        let jar = harness.folder.appendingPathComponent("harness2.jar").path
        let compile = try TestSupport.run(java, ["-cp", jars.joined(separator: ":"), "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                                                 "-Werror", "-no-stdlib", "-no-reflect", "-cp", "\(stdlib):\(json)", "-d", jar] + harness.sources)
        XCTAssertEqual(compile.status, 0, "Kotlin 2 compiler failed:\n\(compile.stdout)\(compile.stderr)")
        guard compile.status == 0 else { return }
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
        var sources = try FileManager.default.contentsOfDirectory(atPath: harnessFolder.path)
            .filter { $0.hasSuffix(".kt") }.sorted().map { harnessFolder.appendingPathComponent($0).path }
        var arguments: [String] = []
        var adapters: [(schema: String, body: String)] = []
        var expected = 0
        for name in TestSupport.schemaNames() + [edgeSchemaName, ExtraSchemas.boundsName] {
            let schemaFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
            if name == edgeSchemaName {
                try edgeSchema.write(to: schemaFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            } else if name == ExtraSchemas.boundsName {
                try ExtraSchemas.bounds.write(to: schemaFolder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
            }
            let contract = try TestSupport.generate(schema: name, into: schemaFolder).contract
            guard let kotlin = contract.outputs.kotlin, let fixtures = contract.outputs.fixtures else { continue }
            sources.append(schemaFolder.appendingPathComponent(kotlin.path).path)
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
        return KotlinHarness(folder: folder, sources: sources, arguments: arguments, expectedCases: expected)
    }

    static let edgeSchemaName = "kotlinedge"

    /// Shapes the bundled schemas lack: empty attributes and struct, fields named like the
    /// generated code's locals and helpers, Int.MIN_VALUE, `$` in defaults, strict enums and
    /// lists of structs inside JSON text. Compiled and run with the others, so it costs nothing.
    static let edgeSchema = #"""
    livecontract: 1
    name: Edge
    doc: "Doc with */ and /* and ${x} and \u202E bidi"
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
                return Parsed(
                    if (attributes == null) null else \(fcm).toBridge(attributes),
                    if (state == null) null else \(fcm).toBridge(state),
                    result.issues.map { listOf(it.field, it.raw, it.reason) },
                    if (attributes == null || state == null) null else \(fcm).toFcmData(attributes, state)
                )
            }
        }
        """
    }

    /// Sample files count once each; fcm-malformed.json once per case; decode-cases.json is
    /// for Swift's decoder and not run here.
    static func caseCount(in folder: URL) throws -> Int {
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            switch name {
            case "decode-cases.json": continue
            case "fcm-malformed.json":
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                count += (object?["cases"] as? [Any])?.count ?? 0
            default: count += 1
            }
        }
        return count
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
