import Foundation
import XCTest
@testable import LiveContract

/// `check` as its readers see it: what a drifted Swift copy means on the wire, line-ending
/// drift told apart from real drift, and the text, JSON and GitHub renderings.
final class CheckReportTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("check")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func check(_ schema: LoadedSchema) -> [CheckFinding] {
        Checker.check(files: schema.files, contract: schema.contract, schemaPath: schema.path, fileSystem: FileSystem())
    }

    /// Rewrites an output file under `folder` through `edit`.
    func edit(_ relative: String, _ edit: (String) -> String) throws {
        let url = folder.appendingPathComponent(relative)
        try edit(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
    }

    static let widget = "delivery/targets/widgets/DeliveryAttributes.swift"

    func testInSyncHasNoFindings() throws {
        XCTAssertEqual(check(try TestSupport.generate(schema: "delivery", into: folder)), [])
    }

    func testRenamedFieldInWidgetCopySaysTheWidgetFailsToDecode() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        try edit(Self.widget) { $0.replacingOccurrences(of: "courierName", with: "riderName") }
        let findings = check(schema)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.kind, .edited)
        XCTAssertEqual(finding.rule, "drift-hand-edited")
        XCTAssertEqual(finding.firstChangedLine, 31)
        XCTAssertEqual(finding.meanings, [DriftMeaning(line: 31, text: "ContentState has 'riderName: String', the schema has 'courierName: String': a widget built from this copy fails to decode every update push (keyNotFound 'riderName'); what this copy encodes (an activity the app starts) fails to decode in a schema-built widget (keyNotFound 'courierName')", breaks: true)])
    }

    func testTypeEnumStructAndExtraFieldDrift() throws {
        let schema = try TestSupport.generate(schema: "ride", into: folder)
        try edit("ride/widgets/RideAttributes.swift") {
            $0.replacingOccurrences(of: "public var eta: ClosedRange<Date>", with: "public var eta: Double")
                .replacingOccurrences(of: "        case cancelled\n", with: "")
                .replacingOccurrences(of: "public var plate: String", with: "public var plate: String?")
                .replacingOccurrences(of: "public var dropoff: String\n", with: "public var dropoff: String\n    public var tip: Double\n")
        }
        let meanings = try XCTUnwrap(check(schema).first).meanings.map(\.text)
        XCTAssertEqual(meanings.count, 4, meanings.joined(separator: "\n"))
        XCTAssertTrue(meanings[0].hasPrefix("RideAttributes has 'tip: Double', which the schema does not: a widget built from this copy fails to decode the attributes of every activity (keyNotFound 'tip')"), meanings[0])
        XCTAssertTrue(meanings[1].contains("ContentState has 'eta: Double', the schema has 'eta: ClosedRange<Date>': a widget built from this copy fails to decode every update push (typeMismatch: Double cannot decode a two-number array)"), meanings[1])
        XCTAssertEqual(meanings[2], "enum RideStatus lacks the schema's case 'cancelled': a widget built from this copy decodes it as .requested, its unknown fallback")
        XCTAssertTrue(meanings[3].hasPrefix("struct Vehicle has 'plate: String?', the schema has 'plate: String': what this copy encodes"), meanings[3])
    }

    func testEnumCaseMissingWithoutFallbackFailsToDecode() throws {
        let schema = try TestSupport.generate(schema: "ride", into: folder)
        try edit("ride/widgets/RideAttributes.swift") {
            $0.replacingOccurrences(of: "        case cancelled\n", with: "")
                .replacingOccurrences(of: "self = RideStatus(rawValue: raw) ?? .requested", with: "self = RideStatus(rawValue: raw)!")
        }
        let meanings = try XCTUnwrap(check(schema).first).meanings
        XCTAssertEqual(meanings.map(\.text), [
            "enum RideStatus lacks the schema's case 'cancelled': a widget built from this copy fails to decode any payload that carries it (dataCorrupted)",
            "enum RideStatus has no unknown fallback (the schema's is .requested): cases added later break this copy",
        ])
        XCTAssertEqual(meanings.map(\.breaks), [true, false])
    }

    func testCosmeticEditAndCustomCodingKeysKeepTheWireShape() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        try edit(Self.widget) {
            $0.replacingOccurrences(of: "    public var orderId: String\n", with: "    // the order\n    public var orderId: String\n")
                .replacingOccurrences(of: "public var courierName: String", with: "public var rider: String")
                .replacingOccurrences(of: "case status, progress, eta, stopsRemaining, courierName, riderReassigned",
                                      with: "case status, progress, eta, stopsRemaining, riderReassigned\n            case rider = \"courierName\"")
        }
        let finding = try XCTUnwrap(check(schema).first)
        XCTAssertEqual(finding.meanings.map(\.breaks), [false])
        XCTAssertTrue(finding.meanings[0].text.hasPrefix("same wire shape as the schema"), finding.meanings[0].text)
    }

    func testStaleCopyIsExplainedAgainstTheNewSchema() throws {
        try TestSupport.generate(schema: "delivery", into: folder)
        let schemaURL = folder.appendingPathComponent("delivery.yaml")
        let renamed = try String(contentsOf: schemaURL, encoding: .utf8).replacingOccurrences(of: "courierName", with: "riderName")
        try renamed.write(to: schemaURL, atomically: true, encoding: .utf8)
        guard case .success(let schema) = Workspace.load(schemaPath: schemaURL.path, templates: try TemplateSet.builtIn(), fileSystem: FileSystem()) else {
            return XCTFail("the renamed schema loads")
        }
        let swift = check(schema).filter { $0.displayPath.hasSuffix(".swift") && $0.displayPath.contains("Attributes") }
        XCTAssertEqual(swift.map(\.kind), [.stale, .stale])
        XCTAssertTrue(swift[0].meanings.first?.text.hasPrefix("ContentState has 'courierName: String', the schema has 'riderName: String'") ?? false)
    }

    func testLineEndingsOnlyIsAWarningAndCRLFIsIgnoredInRealDiffs() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        try edit(Self.widget) { $0.replacingOccurrences(of: "\n", with: "\r\n") }
        let onlyCRLF = check(schema)
        XCTAssertEqual(onlyCRLF.map(\.kind), [.lineEndings])
        XCTAssertEqual(onlyCRLF[0].severity, .warning)
        XCTAssertFalse(CheckReport(schemas: [CheckedSchema(path: "d", fileCount: 1, diagnostics: [], findings: onlyCRLF)], strict: false).failed)
        XCTAssertTrue(CheckReport(schemas: [CheckedSchema(path: "d", fileCount: 1, diagnostics: [], findings: onlyCRLF)], strict: true).failed)
        try edit(Self.widget) { $0.replacingOccurrences(of: "courierName", with: "riderName") }
        let both = try XCTUnwrap(check(schema).first)
        XCTAssertEqual(both.kind, .edited)
        XCTAssertTrue(both.alsoLineEndings)
        XCTAssertFalse(both.diff.contains("\r"), "the diff shows the real change only")
        XCTAssertEqual(both.diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count, 5)
    }

    func testMissingAndForeignFiles() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(Self.widget))
        try "struct Mine {}\n".write(to: folder.appendingPathComponent("delivery/modules/droptrack-live/ios/DeliveryAttributes.swift"), atomically: true, encoding: .utf8)
        let findings = check(schema)
        XCTAssertEqual(findings.map(\.kind), [.notOurs, .missing])
        XCTAssertEqual(findings[1].location?.line, 47, "a missing file is located where the schema names it")
        XCTAssertEqual(findings[0].diff, "", "a file we did not generate is never shown")
        XCTAssertEqual(findings[0].meanings.map(\.text), [], "nor analysed into messages that quote it")
    }

    /// `check` reads each output through the one read path: a symlink, a folder or a FIFO
    /// where an output belongs is reported as not ours, without content, and a FIFO must not
    /// block the run; a file's size is capped even when /proc reports 0.
    func testOutputsAreReadOnlyAsRegularFiles() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        let fileSystem = FileSystem()
        let widget = folder.appendingPathComponent(Self.widget).path
        let original = try fileSystem.readOutput(Self.widget, below: folder.path).get()
        XCTAssertEqual(original, schema.files.first { $0.path.hasSuffix("widgets/DeliveryAttributes.swift") }?.bytes)
        let empty = folder.appendingPathComponent("empty").path
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        XCTAssertEqual(try fileSystem.readFile(empty, limit: 10, followLink: false).get(), [])
        XCTAssertEqual(fileSystem.readOutput("nothing-here", below: folder.path).failureReason, "no such file")
        XCTAssertEqual(fileSystem.readFile(folder.path, limit: 10, followLink: true).failureReason, "not a regular file")
        XCTAssertEqual(fileSystem.readFile("/dev/zero", limit: 10, followLink: true).failureReason, "not a regular file")
        // A kernel file (/proc reports size 0 and makes its text up: the environment, memory
        // maps) is never a schema, payload or output, so it is refused before a byte is read.
        XCTAssertEqual(fileSystem.readFile("/proc/self/status", limit: 1 << 20, followLink: true).failureReason, "not a regular file")
        XCTAssertEqual(fileSystem.readFile("/proc/self/environ", limit: 1 << 20, followLink: true).failureReason, "not a regular file")
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 200_000)
        let largePath = folder.appendingPathComponent("large").path
        XCTAssertTrue(FileManager.default.createFile(atPath: largePath, contents: Data(large)))
        XCTAssertEqual(try fileSystem.readFile(largePath, limit: 200_000, followLink: false).get(), large)
        XCTAssertEqual(fileSystem.readFile(largePath, limit: 199_999, followLink: false).failureReason, "larger than the 199999 bytes limit")

        try FileManager.default.removeItem(atPath: widget)
        try FileManager.default.createSymbolicLink(atPath: widget, withDestinationPath: empty)
        XCTAssertEqual(fileSystem.readOutput(Self.widget, below: folder.path).failureReason, "'\(widget)' is a symlink, which is not followed")
        XCTAssertEqual(check(schema).map(\.kind), [.notOurs])
        XCTAssertEqual(check(schema).first?.diff, "")

        try FileManager.default.removeItem(atPath: widget)
        XCTAssertEqual(mkfifo(widget, 0o644), 0)
        XCTAssertEqual(fileSystem.readOutput(Self.widget, below: folder.path).failureReason, "not a regular file", "a FIFO is refused without waiting for a writer")
        XCTAssertEqual(check(schema).map(\.kind), [.notOurs])
    }

    func testGitHubEscaping() {
        XCTAssertEqual(GitHubAnnotation.escapeData("50% done\r\nnext"), "50%25 done%0D%0Anext")
        XCTAssertEqual(GitHubAnnotation.escapeProperty("a:b,c%"), "a%3Ab%2Cc%25")
        XCTAssertEqual(GitHubAnnotation.command(.warning, file: "x,y.swift", line: 3, column: nil, title: "t", message: "m"),
                       "::warning file=x%2Cy.swift,line=3,title=t::m")
    }

    func testRenderings() throws {
        let schema = try TestSupport.generate(schema: "delivery", into: folder)
        try edit(Self.widget) { $0.replacingOccurrences(of: "courierName", with: "riderName") }
        let display = FileSystem.join(FileSystem.directory(of: schema.path), Self.widget)
        let report = CheckReport(schemas: [CheckedSchema(path: schema.path, fileCount: schema.files.count, diagnostics: [], findings: check(schema))], strict: false)
        XCTAssertEqual(report.summary, "livecontract: 1 of \(schema.files.count) generated files out of sync (1 hand-edited)")

        let text = report.render(.text)
        let fix = "fix: the schema is the source of truth: move the change into \(schema.path), then run `livecontract generate \(schema.path)`"
        XCTAssertTrue(text.hasPrefix(report.summary + "\n" + fix + "\n\(display): hand-edited: changed after it was generated: its contract fingerprint matches the schema's"), text)
        XCTAssertTrue(text.contains("\n  contract: line 31: ContentState has 'riderName: String'"), text)
        XCTAssertTrue(text.contains("\n-        public var riderName: String\n+        public var courierName: String\n"), text)
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(report.render(.text, colour: true).contains("\u{1B}[32m+        public var courierName: String\u{1B}[0m"))

        var lines = report.render(.github).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.prefix(2), [Substring(report.summary), Substring(fix)])
        XCTAssertEqual(lines.dropLast().suffix(2), [Substring(report.summary), Substring(fix)])
        lines.removeFirst(2)
        XCTAssertTrue(lines[0].hasPrefix("::error file=\(display),line=31,title=livecontract drift-hand-edited::\(display) changed after it was generated"), String(lines[0]))
        XCTAssertTrue(lines[0].contains("%0AContentState has 'riderName: String'"))
        XCTAssertEqual(lines[1], "::group::livecontract diff \(display)")
        XCTAssertTrue(lines.contains("::endgroup::"))

        let json = try JSONParser().parse(Array(report.render(.json).utf8)).root
        XCTAssertEqual(json["ok"]?.kind, .bool(false))
        XCTAssertEqual(json["outOfSync"]?.kind, .number("1"))
        guard case .array(let schemas)? = json["schemas"]?.kind, case .array(let findings)? = schemas.first?["findings"]?.kind else { return XCTFail() }
        XCTAssertEqual(findings.first?["rule"]?.kind, .string("drift-hand-edited"))
        XCTAssertEqual(findings.first?["line"]?.kind, .number("31"))
        guard case .array(let contract)? = findings.first?["contract"]?.kind else { return XCTFail() }
        XCTAssertEqual(contract.first?["breaks"]?.kind, .bool(true))
    }

    /// The Swift reader understands everything livecontract generates: every bundled schema's
    /// Swift output reads back as exactly the schema's wire shape.
    func testEveryGeneratedSwiftOutputReadsBackAsItsSchema() throws {
        for name in TestSupport.schemaNames() {
            let bytes = try Array(Data(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml")))
            let (contract, _) = try SchemaLoader.load(bytes, path: "\(name).yaml")
            guard let output = contract.outputs.swift.first else { continue }
            let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema").appendingPathComponent(output.path), encoding: .utf8)
            let copy = try XCTUnwrap(SwiftCopyReader().shape(of: text, path: output.path), name)
            let meanings = SwiftCopyMeaning(copy: copy, schema: ContractShape(contract: contract)).meanings()
            XCTAssertEqual(meanings.map(\.breaks), [false], "\(name): " + meanings.map(\.text).joined(separator: "\n"))
        }
    }
}
