import Foundation
import XCTest
@testable import LiveContract

/// `templates dump|which`, `--templates DIR` and the schema's `templates:` key, run through the
/// built binary; and the documented context of every template, checked against the real one.
final class TemplatesCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("lc-templates")
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/sports.yaml"),
                                         to: folder.appendingPathComponent("sports.yaml"))
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func file(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testDumpWritesTheBuiltInTemplatesAndRefusesToClobberEdits() throws {
        let dumped = try run("templates", "dump", "mine")
        XCTAssertEqual(dumped.status, 0, dumped.stderr)
        for name in TemplateSet.names {
            XCTAssertEqual(Array(try file("mine/" + name).utf8), TemplateSet.builtInSource(name), name)
        }
        XCTAssertEqual(try run("templates", "dump", "mine").status, 0, "an unchanged dump may be repeated")
        try write("edited\n", to: "mine/kotlin.mustache")
        let refused = try run("templates", "dump", "mine")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("'mine/kotlin.mustache' already exists; pass --force"), refused.stderr)
        XCTAssertEqual(try file("mine/kotlin.mustache"), "edited\n")
        XCTAssertEqual(try run("templates", "dump", "--force", "mine", "kotlin").status, 0)
        XCTAssertNotEqual(try file("mine/kotlin.mustache"), "edited\n")

        let one = try run("templates", "dump", "only", "swift")
        XCTAssertEqual(one.stdout.split(separator: "\n").first, "wrote only/swift.mustache")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("only").path), ["swift.mustache"])
        let typo = try run("templates", "dump", "only", "kotln")
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("did you mean 'kotlin.mustache'?"), typo.stderr)
    }

    /// The proof: a user template changes the output, `check` holds generated files
    /// to the same templates, and `which` names the file in use.
    func testUserTemplateChangesTheOutputAndWhichSaysSo() throws {
        XCTAssertEqual(try run("templates", "dump", "custom", "swift").status, 0)
        let original = try file("custom/swift.mustache")
        try write(original.replacingOccurrences(of: "import Foundation\n", with: "import Foundation\n// House style: reviewed by the iOS team ({{attributesType}}).\n"),
                  to: "custom/swift.mustache")
        let generated = try run("generate", "--templates", "custom", "sports.yaml")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(try file("sports/MatchAttributes.swift").contains("// House style: reviewed by the iOS team (MatchAttributes).\n"))
        XCTAssertEqual(try run("check", "--templates", "custom", "sports.yaml").status, 0)
        let drift = try run("check", "sports.yaml")
        XCTAssertEqual(drift.status, 1, "without the templates the built-in output differs")
        XCTAssertTrue(drift.stderr.contains("-// House style"), drift.stderr)

        let which = try run("templates", "which", "--templates", "custom", "sports.yaml")
        XCTAssertEqual(which.status, 0, which.stderr)
        XCTAssertEqual(which.stdout, """
        sports.yaml:
          swift          custom/swift.mustache
          swift-bridge   built-in swift-bridge.mustache
                         includes built-in swift-bridge-runtime.mustache
          kotlin         built-in kotlin.mustache
                         includes built-in kotlin-read-runtime.mustache
                         includes built-in kotlin-runtime.mustache
          typescript     built-in typescript.mustache
                         includes built-in typescript-client.mustache
                         includes built-in typescript-runtime.mustache
          python         built-in python.mustache
                         includes built-in python-runtime.mustache
          go             built-in go.mustache
                         includes built-in go-runtime.mustache
                         includes built-in go-client.mustache
          fixtures       no template: JSON written by livecontract itself
          json-schema    no template: JSON written by livecontract itself

        """)
    }

    /// `templates:` in the schema works like `--templates`, and the command line wins.
    func testSchemaTemplatesKeyAndPrecedence() throws {
        let schema = try file("sports.yaml")
        try write(schema + "templates: house\n", to: "sports.yaml")
        let missing = try run("generate", "sports.yaml")
        XCTAssertEqual(missing.status, 2)
        let line = schema.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertTrue(missing.stderr.hasPrefix("sports.yaml:\(line):12: error: templates folder 'house' does not exist"), missing.stderr)

        XCTAssertEqual(try run("templates", "dump", "house", "typescript").status, 0)
        try write(try file("house/typescript.mustache") + "// house template\n", to: "house/typescript.mustache")
        XCTAssertEqual(try run("templates", "dump", "cli", "typescript").status, 0)
        try write(try file("cli/typescript.mustache") + "// command-line template\n", to: "cli/typescript.mustache")

        XCTAssertEqual(try run("generate", "sports.yaml").status, 0)
        XCTAssertTrue(try file("sports/MatchContract.ts").hasSuffix("// house template\n"))
        XCTAssertTrue(try run("templates", "which", "sports.yaml").stdout.contains("  typescript     house/typescript.mustache\n"))
        XCTAssertEqual(try run("generate", "--templates", "cli", "sports.yaml").status, 0)
        XCTAssertTrue(try file("sports/MatchContract.ts").hasSuffix("// command-line template\n"))
        XCTAssertTrue(try run("templates", "which", "--templates", "cli", "sports.yaml").stdout.contains("  typescript     cli/typescript.mustache\n"))
    }

    /// Broken user templates fail with the file, line and column of the bad tag; nothing is written.
    func testBrokenTemplatesGivePositionedErrors() throws {
        try write("struct {{attributesType}} {\n{{#state.fields}}\n    var {{name}}: {{type}}\n}\n", to: "broken/swift.mustache")
        let unclosed = try run("generate", "--templates", "broken", "sports.yaml")
        XCTAssertEqual(unclosed.status, 2)
        XCTAssertTrue(unclosed.stderr.contains("broken/swift.mustache:2:1: error: unclosed section 'state.fields'"), unclosed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sports").path), "nothing is written")

        try write("struct {{attributesType}} {\n    let t = \"{{titel}}\"\n}\n", to: "typo/swift.mustache")
        let typo = try run("check", "--templates", "typo", "sports.yaml")
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("typo/swift.mustache:2:14: error: unknown name 'titel'"), typo.stderr)

        try write("x", to: "stray/swfit.mustache")
        let stray = try run("generate", "--templates", "stray", "sports.yaml")
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderr.contains("'swfit.mustache' matches no output; did you mean 'swift.mustache'?"), stray.stderr)
    }

    /// A partial is a template like the others for `dump`, `--templates` and `which`: dumped
    /// with them, overridden by a file of its name for every template that includes it, and
    /// listed under each output whose template includes it, with the file in use.
    func testPartialsAreDumpedOverriddenAndListed() throws {
        let one = try run("templates", "dump", "custom", "kotlin-runtime")
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("custom").path), ["kotlin-runtime.mustache"])
        XCTAssertEqual(Array(try file("custom/kotlin-runtime.mustache").utf8), TemplateSet.builtInSource("kotlin-runtime.mustache"))
        let runtime = try file("custom/kotlin-runtime.mustache")
        try write(runtime.replacingOccurrences(of: "{{#helpers.number}}\n", with: "{{#helpers.number}}\n    // house runtime for {{name}}\n"), to: "custom/kotlin-runtime.mustache")

        XCTAssertEqual(try run("generate", "sports.yaml").status, 0)
        let builtIn = try file("sports/MatchContract.kt")
        let generated = try run("generate", "--templates", "custom", "sports.yaml")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let kotlin = try file("sports/MatchContract.kt")
        XCTAssertTrue(kotlin.contains("private object MatchWire {\n    // house runtime for Match\n    /**\n"), kotlin)
        XCTAssertEqual(kotlin.replacingOccurrences(of: "    // house runtime for Match\n", with: ""), builtIn, "only the partial's text changed")
        XCTAssertEqual(try run("check", "--templates", "custom", "sports.yaml").status, 0)
        let drift = try run("check", "sports.yaml")
        XCTAssertEqual(drift.status, 1)
        XCTAssertTrue(drift.stderr.contains("matches what the templates in 'custom' render"), drift.stderr)

        let which = try run("templates", "which", "--templates", "custom", "sports.yaml")
        XCTAssertTrue(which.stdout.contains("""
          kotlin         built-in kotlin.mustache
                         includes built-in kotlin-read-runtime.mustache
                         includes custom/kotlin-runtime.mustache
          typescript     built-in typescript.mustache

        """), which.stdout)

        let all = try run("templates", "dump", "all")
        XCTAssertEqual(all.status, 0, all.stderr)
        for partial in TemplateSet.partialNames {
            XCTAssertTrue(all.stdout.contains("wrote all/\(partial)\n"), partial)
        }
        XCTAssertEqual(Set(TemplateSet.partialNames), ["kotlin-runtime.mustache", "kotlin-read-runtime.mustache", "typescript-runtime.mustache",
                                                       "typescript-client.mustache",
                                                       "swift-bridge-runtime.mustache", "kotlin-bridge-runtime.mustache",
                                                       "python-runtime.mustache", "go-runtime.mustache", "go-client.mustache"])
    }

    /// A user template that includes a partial the set does not have fails at the tag, with
    /// nothing written; so does a file that overrides nothing.
    func testUnknownPartialInAUserTemplateIsRefusedAtItsTag() throws {
        try write("// {{name}}\n{{#headerLines}}\n{{/headerLines}}\n  {{> house-runtime}}\n", to: "house/typescript.mustache")
        let refused = try run("generate", "--templates", "house", "sports.yaml")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("house/typescript.mustache:4:3: error: unknown partial 'house-runtime': there is no template 'house-runtime.mustache'"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sports").path), "nothing is written")
        try write("x\n", to: "house/house-runtime.mustache")
        let stray = try run("generate", "--templates", "house", "sports.yaml")
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderr.contains("'house-runtime.mustache' matches no output"), stray.stderr)
    }

    func testWhichWithoutASchemaListsEveryTemplate() throws {
        let which = try run("templates", "which")
        XCTAssertEqual(which.status, 0, which.stderr)
        XCTAssertEqual(which.stdout.split(separator: "\n").first, "  swift          built-in swift.mustache")
        XCTAssertEqual(try run("templates", "list").status, 64)
    }

    /// docs/templates.md lists every value each template receives, and nothing else: the
    /// union of the contexts built for all bundled schemas is compared with the doc's tables.
    func testDocumentedContextsMatchTheRealOnes() throws {
        var actual: [String: Set<String>] = [:]
        for name in TestSupport.schemaNames() {
            let work = TestSupport.temporaryDirectory("lc-context")
            defer { try? FileManager.default.removeItem(at: work) }
            let contract = try TestSupport.generate(schema: name, into: work).contract
            let contexts = TestSupport.templateContexts(contract)
            for (template, context) in contexts {
                actual[template, default: []].formUnion(Self.paths(.object(context), prefix: ""))
            }
        }
        let documented = try Self.documentedPaths()
        for template in TemplateSet.names {
            let real = actual[template] ?? [], doc = documented[template] ?? []
            XCTAssertEqual(real.subtracting(doc).sorted(), [], "\(template): add these to docs/templates.md")
            XCTAssertEqual(doc.subtracting(real).sorted(), [], "\(template): docs/templates.md lists values the template never receives")
        }
    }

    /// `a`, `a.b` for object members, `a[].b` for members of list items.
    static func paths(_ value: TemplateValue, prefix: String) -> Set<String> {
        switch value {
        case .text, .flag:
            return [prefix]
        case .list(let items):
            var result: Set<String> = [prefix]
            for case .object(let members) in items {
                for (key, member) in members { result.formUnion(paths(member, prefix: prefix + "[]." + key)) }
            }
            return result
        case .object(let members):
            var result: Set<String> = prefix.isEmpty ? [] : [prefix]
            for (key, member) in members { result.formUnion(paths(member, prefix: prefix.isEmpty ? key : prefix + "." + key)) }
            return result
        }
    }

    /// Template name -> the backticked paths in the first column of its "Context of" table.
    static func documentedPaths() throws -> [String: Set<String>] {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") {
                current = line.hasPrefix("## Context of `") ? String(line.dropFirst("## Context of `".count).prefix { $0 != "`" }) : nil
                continue
            }
            guard let current, line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            let names = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            result[current, default: []].formUnion(names)
        }
        return result
    }
}
