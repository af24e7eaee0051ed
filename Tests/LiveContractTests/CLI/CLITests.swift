import Foundation
import XCTest
@testable import LiveContract

/// Runs the built binary the way a developer, a pre-commit hook and CI do, and checks stdout,
/// stderr, exit codes and the files on disk.
final class CLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory("cli")
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"),
                                         to: folder.appendingPathComponent("delivery.yaml"))
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    var moduleCopy: URL { folder.appendingPathComponent("delivery/modules/droptrack-live/ios/DeliveryAttributes.swift") }
    var widgetCopy: URL { folder.appendingPathComponent("delivery/targets/widgets/DeliveryAttributes.swift") }

    func testGenerateThenCheckPasses() throws {
        let generated = try run("generate", "delivery.yaml")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(generated.stdout.contains("created delivery/targets/widgets/DeliveryAttributes.swift"), generated.stdout)
        XCTAssertEqual(try String(contentsOf: moduleCopy, encoding: .utf8), try String(contentsOf: widgetCopy, encoding: .utf8))
        let checked = try run("check", "delivery.yaml")
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertTrue(checked.stdout.contains("files in sync"), checked.stdout)
    }

    func testSecondGenerateTouchesNothing() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let before = try FileManager.default.attributesOfItem(atPath: widgetCopy.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let again = try run("generate", "delivery.yaml")
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("0 written"), again.stdout)
        let after = try FileManager.default.attributesOfItem(atPath: widgetCopy.path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)
    }

    func testHandEditedSwiftCopyIsDriftWithDiff() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let original = try String(contentsOf: widgetCopy, encoding: .utf8)
        try original.replacingOccurrences(of: "courierName", with: "riderName").write(to: widgetCopy, atomically: true, encoding: .utf8)
        let checked = try run("check", "delivery.yaml")
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("delivery/targets/widgets/DeliveryAttributes.swift"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains("hand-edited"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains("-        public var riderName: String"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains("+        public var courierName: String"), checked.stderr)
        XCTAssertFalse(checked.stderr.contains("modules/droptrack-live/ios/DeliveryAttributes.swift:"), "the untouched copy is not reported")
    }

    func testDeletedCopyIsReportedMissing() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        try FileManager.default.removeItem(at: moduleCopy)
        let checked = try run("check", "delivery.yaml")
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.stderr.contains("delivery/modules/droptrack-live/ios/DeliveryAttributes.swift: missing"), checked.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: moduleCopy.path), "check writes nothing")
    }

    func testSchemaChangeMakesOutputsStale() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let schema = folder.appendingPathComponent("delivery.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        try text.replacingOccurrences(of: "  courierName:", with: "  riderName:").write(to: schema, atomically: true, encoding: .utf8)
        let checked = try run("check", "delivery.yaml")
        XCTAssertEqual(checked.status, 2, "examples still name courierName, so the schema is invalid: \(checked.stderr)")
        let fixed = text.replacingOccurrences(of: "  courierName:", with: "  riderName:").replacingOccurrences(of: "courierName: ", with: "riderName: ")
        try fixed.write(to: schema, atomically: true, encoding: .utf8)
        let stale = try run("check", "delivery.yaml")
        XCTAssertEqual(stale.status, 1, stale.stderr)
        XCTAssertTrue(stale.stderr.contains("stale"), stale.stderr)
    }

    func testBrokenYAMLExitsTwoWithPosition() throws {
        try "livecontract: 1\nname: Delivery\nstate:\n  status: { type: string\n".write(to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        let result = try run("generate", "broken.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.range(of: #"broken\.yaml:\d+:\d+: error: "#, options: .regularExpression) != nil, result.stderr)
        XCTAssertTrue(result.stderr.contains("[yaml-syntax]"), result.stderr)
    }

    func testInvalidSchemaWritesNothing() throws {
        try "livecontract: 1\nname: Delivery\nstate:\n  hashValue: { type: int }\noutputs:\n  swift: [out/A.swift]\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try run("generate", "bad.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("bad.yaml:4:3: error: 'hashValue' cannot be a field name: in Swift"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    func testRefusesToOverwriteForeignFile() throws {
        try FileManager.default.createDirectory(at: widgetCopy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "struct Mine {}\n".write(to: widgetCopy, atomically: true, encoding: .utf8)
        let result = try run("generate", "delivery.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("not generated by livecontract"), result.stderr)
        XCTAssertEqual(try String(contentsOf: widgetCopy, encoding: .utf8), "struct Mine {}\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: moduleCopy.path), "nothing is written when one output is refused")
        let forced = try run("generate", "--force", "delivery.yaml")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try String(contentsOf: widgetCopy, encoding: .utf8).hasPrefix("// generated by livecontract"))
    }

    func testUsageErrorsExit64() throws {
        let unknownFlag = try run("generate", "--forse", "delivery.yaml")
        XCTAssertEqual(unknownFlag.status, 64)
        XCTAssertTrue(unknownFlag.stderr.contains("did you mean '--force'?"), unknownFlag.stderr)
        XCTAssertEqual(try run("frobnicate").status, 64)
        XCTAssertEqual(try run().status, 64)
    }

    func testHelpAndVersion() throws {
        let help = try run("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: livecontract"))
        let version = try run("--version")
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("livecontract "))
        XCTAssertEqual(try run("check", "--help").status, 0)
    }

    func testMissingSchemaIsInvalidInput() throws {
        let result = try run("check", "nope.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no schema at 'nope.yaml'"), result.stderr)
    }

    // MARK: - check formats, compat and validate (issue 5)

    func testCheckExplainsSwiftDriftInTextGitHubAndJSON() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let original = try String(contentsOf: widgetCopy, encoding: .utf8)
        try original.replacingOccurrences(of: "courierName", with: "riderName").write(to: widgetCopy, atomically: true, encoding: .utf8)
        let text = try run("check", "delivery.yaml")
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stderr.contains("  contract: line 31: ContentState has 'riderName: String', the schema has 'courierName: String': a widget built from this copy fails to decode every update push (keyNotFound 'riderName')"), text.stderr)
        XCTAssertTrue(text.stderr.contains("[drift-hand-edited]"), text.stderr)
        let github = try run("check", "--format", "github", "delivery.yaml")
        XCTAssertEqual(github.status, 1)
        // The summary and the fix open the log, then the annotation.
        XCTAssertTrue(github.stdout.hasPrefix("livecontract: 1 of 33 generated files out of sync (1 hand-edited)\nfix: the schema is the source of truth: move the change into delivery.yaml, then run `livecontract generate delivery.yaml`\n::error file=delivery/targets/widgets/DeliveryAttributes.swift,line=31,title=livecontract drift-hand-edited::"), github.stdout)
        XCTAssertTrue(github.stdout.contains("::group::livecontract diff delivery/targets/widgets/DeliveryAttributes.swift\n"), github.stdout)
        let json = try run("check", "--format=json", "delivery.yaml")
        XCTAssertEqual(json.status, 1)
        let root = try JSONParser().parse(Array(json.stdout.utf8)).root
        XCTAssertEqual(root["ok"]?.kind, .bool(false))
        XCTAssertEqual(root["outOfSync"]?.kind, .number("1"))
    }

    func testCheckLineEndingsOnlyPassesUnlessStrict() throws {
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        let original = try String(contentsOf: widgetCopy, encoding: .utf8)
        try original.replacingOccurrences(of: "\n", with: "\r\n").write(to: widgetCopy, atomically: true, encoding: .utf8)
        let relaxed = try run("check", "delivery.yaml")
        XCTAssertEqual(relaxed.status, 0, relaxed.stderr)
        XCTAssertTrue(relaxed.stderr.contains("line-endings: differs only in line endings (CRLF instead of LF); the contract is in sync [drift-line-endings]"), relaxed.stderr)
        XCTAssertTrue(relaxed.stdout.contains("(1 with line-ending differences only)"), relaxed.stdout)
        XCTAssertEqual(try run("check", "--strict", "delivery.yaml").status, 1)
    }

    func testCheckSeveralSchemasInOneRun() throws {
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/ride.yaml"), to: folder.appendingPathComponent("ride.yaml"))
        XCTAssertEqual(try run("generate", "delivery.yaml", "ride.yaml").status, 0)
        XCTAssertEqual(try run("check", "delivery.yaml", "ride.yaml").status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ride/widgets/RideAttributes.swift"))
        let checked = try run("check", "--format", "json", "delivery.yaml", "ride.yaml")
        XCTAssertEqual(checked.status, 1)
        guard case .array(let schemas)? = try JSONParser().parse(Array(checked.stdout.utf8)).root["schemas"]?.kind else { return XCTFail(checked.stdout) }
        XCTAssertEqual(schemas.map { $0["schema"]?.kind }, [.string("delivery.yaml"), .string("ride.yaml")])
    }

    func testCheckColourOnlyOnATerminalAndNeverWithNoColor() throws {
        let script = try TestSupport.requireTool("script")
        XCTAssertEqual(try run("generate", "delivery.yaml").status, 0)
        try "// edited\n".write(to: widgetCopy, atomically: true, encoding: .utf8)
        // script(1) gives the binary a terminal; `env` pins the variables whatever the test runner has.
        let command = "cd '\(folder.path)' && env -u NO_COLOR TERM=xterm '\(TestSupport.binary.path)' check delivery.yaml"
        let tty = try TestSupport.run(script, ["-qec", command, "/dev/null"])
        let noColor = try TestSupport.run(script, ["-qec", command.replacingOccurrences(of: "env -u NO_COLOR", with: "env NO_COLOR=1"), "/dev/null"])
        let piped = try run("check", "delivery.yaml")
        XCTAssertTrue(tty.stdout.contains("\u{1B}["), "a terminal gets colour: \(tty.stdout)")
        XCTAssertFalse(noColor.stdout.contains("\u{1B}["), noColor.stdout)
        XCTAssertFalse(piped.stderr.contains("\u{1B}["), piped.stderr)
    }

    func testCheckFormatErrors() throws {
        XCTAssertEqual(try run("check", "--format", "xml", "delivery.yaml").status, 64)
        try "livecontract: 1\nname: Delivery\nstate:\n  hashValue: { type: int }\noutputs:\n  swift: [out/A.swift]\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let json = try run("check", "--format", "json", "bad.yaml")
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stdout.contains("\"rule\": \"reserved-name\""), json.stdout)
        let github = try run("check", "--format", "github", "bad.yaml")
        XCTAssertTrue(github.stdout.hasPrefix("::error file=bad.yaml,line=4,col=3,title=livecontract reserved-name::"), github.stdout)
    }

    func testCompatAgainstAFileAndAGitRevision() throws {
        let schema = folder.appendingPathComponent("delivery.yaml")
        let original = try String(contentsOf: schema, encoding: .utf8)
        try original.write(to: folder.appendingPathComponent("old.yaml"), atomically: true, encoding: .utf8)
        let unchanged = try run("compat", "delivery.yaml", "--against", "old.yaml")
        XCTAssertEqual(unchanged.status, 0, unchanged.stderr)
        XCTAssertEqual(unchanged.stdout, "livecontract: no breaking changes in delivery.yaml against old.yaml\n")
        try original.replacingOccurrences(of: "courierName", with: "riderName").write(to: schema, atomically: true, encoding: .utf8)
        let renamed = try run("compat", "delivery.yaml", "--against", "old.yaml")
        XCTAssertEqual(renamed.status, 1)
        XCTAssertTrue(renamed.stderr.contains("delivery.yaml:15:3: error: state field 'courierName' was renamed to 'riderName' [compat-field-renamed]"), renamed.stderr)
        XCTAssertTrue(renamed.stderr.contains("  breaks old widget + new server: "), renamed.stderr)

        let git = try TestSupport.requireTool("git")
        try original.write(to: schema, atomically: true, encoding: .utf8)
        for arguments in [["init", "-q"], ["add", "delivery.yaml"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1"]] {
            XCTAssertEqual(try TestSupport.run(git, arguments, in: folder).status, 0)
        }
        try original.replacingOccurrences(of: "courierName", with: "riderName").write(to: schema, atomically: true, encoding: .utf8)
        let annotated = try run("compat", "delivery.yaml", "--against", "git:HEAD", "--format", "github")
        XCTAssertEqual(annotated.status, 1)
        XCTAssertTrue(annotated.stdout.hasPrefix("::error file=delivery.yaml,line=15,col=3,title=livecontract compat-field-renamed::"), annotated.stdout)
        let badRef = try run("compat", "delivery.yaml", "--against", "git:no-such-ref")
        XCTAssertEqual(badRef.status, 2)
        XCTAssertTrue(badRef.stderr.contains("git show no-such-ref:./delivery.yaml"), badRef.stderr)
        XCTAssertEqual(try run("compat", "delivery.yaml").status, 64, "--against is required")
    }

    func testValidateGuidePayloadFromFileAndStandardInput() throws {
        let payload = """
        {"aps": {"timestamp": 1742064420, "event": "update",
          "content-state": {"status": "Picked up", "progress": 0.55, "eta": 1742065920, "stopsRemaining": 3, "courierName": "Dana K."}}}
        """
        try payload.write(to: folder.appendingPathComponent("push.json"), atomically: true, encoding: .utf8)
        let result = try run("validate", "--schema", "delivery.yaml", "push.json")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("push.json:2:69: error: aps.content-state.eta: 1742065920 is Unix seconds"), result.stderr)
        XCTAssertTrue(result.stderr.contains("send 763758720"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("push.json: an APNs update body for DeliveryAttributes: 1 error\n"), "a failing summary goes to stderr with the problems")
        let piped = try TestSupport.run(TestSupport.binary.path, ["validate", "--schema", "delivery.yaml", "--format", "github", "-"], in: folder,
                                        environment: ["NO_COLOR": "1"], input: payload)
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.stdout.hasPrefix("::error file=<stdin>,line=2,col=69,title=livecontract payload-date-unix-seconds::"), piped.stdout)
        let fixed = payload.replacingOccurrences(of: "1742065920", with: "763758720")
        try fixed.write(to: folder.appendingPathComponent("push.json"), atomically: true, encoding: .utf8)
        let clean = try run("validate", "--schema", "delivery.yaml", "push.json")
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "push.json: an APNs update body for DeliveryAttributes: decodes as the schema says\n")
    }

    /// A broadcast request file (docs/validate.md, "Request files") through the binary: each
    /// header problem at its line:column, the body checked like any APNs body, exit 1.
    func testValidateBroadcastRequestFile() throws {
        let request = """
        {"path": "/4/broadcasts/apps/com.example.app",
          "headers": {"apns-push-type": "liveactivity", "apns-priority": "7"},
          "body": {"aps": {"timestamp": 1742064420, "event": "update",
            "content-state": {"status": "Picked up", "progress": 0.55, "eta": 763758720, "stopsRemaining": 3, "courierName": "Dana K."}}}}
        """
        try request.write(to: folder.appendingPathComponent("broadcast.json"), atomically: true, encoding: .utf8)
        let result = try run("validate", "--schema", "delivery.yaml", "broadcast.json")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("broadcast.json:2:14: error: headers: a broadcast needs `apns-channel-id`"), result.stderr)
        XCTAssertTrue(result.stderr.contains("broadcast.json:2:66: error: headers.apns-priority: a broadcast takes apns-priority 1, 5, 10, not 7"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("broadcast.json: an APNs broadcast update body for DeliveryAttributes: 2 errors\n"), result.stderr)
        let fixed = request.replacingOccurrences(of: #""apns-priority": "7""#, with: #""apns-channel-id": "Zml4dHVyZS1jaGFubmVs", "apns-priority": "1""#)
        try fixed.write(to: folder.appendingPathComponent("broadcast.json"), atomically: true, encoding: .utf8)
        let clean = try run("validate", "--schema", "delivery.yaml", "broadcast.json")
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "broadcast.json: an APNs broadcast update body for DeliveryAttributes: decodes as the schema says\n")
    }

    func testValidateInputAndUsageErrors() throws {
        try "{\"aps\": {,}}".write(to: folder.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try run("validate", "--schema", "delivery.yaml", "broken.json")
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("broken.json:1:10: error: expected an object key, found ','"), broken.stderr)
        XCTAssertEqual(try run("validate", "--schema", "delivery.yaml").status, 64)
        XCTAssertEqual(try run("validate", "--schema", "delivery.yaml", "--kind", "sms", "broken.json").status, 64)
        XCTAssertEqual(try run("validate", "--schema", "nope.yaml", "broken.json").status, 2)
    }
}
