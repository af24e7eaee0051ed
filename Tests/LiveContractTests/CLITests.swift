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
        try "livecontract: 1\nname: Delivery\nstate:\n  class: { type: string }\noutputs:\n  swift: [out/A.swift]\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try run("generate", "bad.yaml")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("bad.yaml:4:3: error: 'class' is a Swift keyword"), result.stderr)
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
}
