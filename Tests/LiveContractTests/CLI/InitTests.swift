import Foundation
import XCTest
@testable import LiveContract

/// `livecontract init [NAME]`: the starter schema loads without warnings, generates into the
/// Expo module + widget target + Android layout, and passes `check` straight away.
final class InitTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("lc-init")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: String...) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }

    func testScaffoldGeneratesTheExpoLayoutAndChecksClean() throws {
        let created = try run("init", "DeliveryTracker")
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(created.stdout.hasPrefix("created livecontract.yaml\n"), created.stdout)
        let generated = try run("generate", "--strict")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertEqual(generated.stderr, "", "the scaffold has no warnings")
        for path in [
            "modules/delivery-tracker/ios/DeliveryTrackerAttributes.swift",
            "targets/widget/DeliveryTrackerAttributes.swift",
            "modules/delivery-tracker/ios/DeliveryTrackerRecords.swift",
            "modules/delivery-tracker/android/src/main/java/expo/modules/deliverytracker/DeliveryTrackerContract.kt",
            "modules/delivery-tracker/src/DeliveryTrackerContract.ts",
            "fixtures/delivery-tracker/started.json",
            "fixtures/delivery-tracker/almostDone.json",
        ] {
            XCTAssertTrue(exists(path), path)
        }
        let kotlin = try String(contentsOf: folder.appendingPathComponent("modules/delivery-tracker/android/src/main/java/expo/modules/deliverytracker/DeliveryTrackerContract.kt"), encoding: .utf8)
        XCTAssertTrue(kotlin.contains("\npackage expo.modules.deliverytracker\n"))
        XCTAssertEqual(try run("check").status, 0)
    }

    /// YAML 1.1 tools in pre-commit setups (PyYAML, yamllint) refused `{ type: string? }` in
    /// flow style; the scaffold is block style and quotes `"string?"`. PyYAML reads it to the
    /// same values, and the commented kotlin-bridge, python and go outputs generate once
    /// uncommented. `init` names `check --staged` for the plain git hook.
    func testScaffoldReadsInPyYAMLAndItsCommentedOutputsGenerate() throws {
        let python = try TestSupport.requireTool("python3")
        let created = try run("init", "DeliveryTracker")
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(created.stdout.contains("`exec livecontract check --staged --quiet`"), created.stdout)
        let schema = folder.appendingPathComponent("livecontract.yaml")
        let text = try String(contentsOf: schema, encoding: .utf8)
        XCTAssertFalse(text.contains("{ "), "no flow mappings: \(text)")
        let script = "import json, sys, yaml\nprint(json.dumps(yaml.safe_load(open(sys.argv[1])), sort_keys=True))"
        let loaded = try TestSupport.run(python, ["-c", script, schema.path])
        if loaded.stderr.contains("No module named 'yaml'") { throw XCTSkip("PyYAML is not installed (pip install pyyaml)") }
        XCTAssertEqual(loaded.status, 0, "PyYAML refuses the scaffold: \(loaded.stderr)")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(loaded.stdout.utf8)) as? [String: Any])
        let state = try XCTUnwrap(document["state"] as? [String: [String: Any]])
        XCTAssertEqual(state["detail"]?["type"] as? String, "string?")
        XCTAssertEqual(state["progress"]?["max"] as? Int, 1)
        XCTAssertEqual(((document["examples"] as? [String: Any])?["started"] as? [String: [String: Any]])?["state"]?["eta"] as? String, "2025-03-15T19:12:00Z")

        // The commented outputs: uncommented, every one generates and checks clean.
        let commented = ["kotlin-bridge:", "path: modules/", "package: expo.", "python: server/", "go:", "path: server/go/", "package: deliverytracker"]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("  # ") || line.hasPrefix("  #   ") else { return String(line) }
            let body = line.drop { $0 == " " || $0 == "#" }
            guard commented.contains(where: { body.hasPrefix($0) }) else { return String(line) }
            return line.hasPrefix("  #   ") ? "    " + body : "  " + body
        }
        try lines.joined(separator: "\n").write(to: schema, atomically: true, encoding: .utf8)
        let generated = try run("generate", "--strict")
        XCTAssertEqual(generated.status, 0, generated.stderr)
        for path in ["modules/delivery-tracker/android/src/main/java/expo/modules/deliverytracker/DeliveryTrackerRecords.kt",
                     "server/delivery_tracker_contract.py", "server/go/delivery_tracker_contract.go"] {
            XCTAssertTrue(exists(path), "\(path) after uncommenting: \(generated.stdout)")
        }
        XCTAssertEqual(try run("check").status, 0)
    }

    func testScaffoldedSwiftCompiles() throws {
        let swiftc = try TestSupport.requireTool("swiftc")
        XCTAssertEqual(try run("init").status, 0)
        XCTAssertEqual(try run("generate", "--quiet").status, 0)
        let file = folder.appendingPathComponent("targets/widget/LiveActivityAttributes.swift")
        let typecheck = try TestSupport.run(swiftc, ["-typecheck", file.path])
        XCTAssertEqual(typecheck.status, 0, typecheck.stderr)
        XCTAssertTrue(exists("modules/live-activity/android/src/main/java/expo/modules/liveactivity/LiveActivityContract.kt"))
    }

    func testInitRefusesToOverwriteAndBadNames() throws {
        XCTAssertEqual(try run("init", "Ride").status, 0)
        let again = try run("init", "Ride")
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("'livecontract.yaml' already exists; pass --force"), again.stderr)
        XCTAssertEqual(try run("init", "--force", "Match").status, 0)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("livecontract.yaml"), encoding: .utf8).contains("\nname: Match "))

        let other = try run("init", "--output", "contracts/ride.yaml", "Ride")
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertTrue(other.stdout.contains("livecontract generate contracts/ride.yaml"), other.stdout)
        XCTAssertEqual(try run("check", "contracts/ride.yaml").status, 1, "outputs not generated yet: missing files")

        for bad in ["delivery", "my-app", "Ride Share"] {
            let refused = try run("init", bad)
            XCTAssertEqual(refused.status, 64, bad)
            XCTAssertTrue(refused.stderr.contains("is not a contract name"), refused.stderr)
        }
    }

    func testEveryNameTheLoaderAcceptsGivesALoadableScaffold() {
        for name in ["A", "Delivery", "Ride2", "My_App", "ABTest"] {
            XCTAssertNil(SchemaScaffold.problem(with: name), name)
        }
        XCTAssertEqual(SchemaScaffold.kebab("ABTest"), "abtest")
        XCTAssertEqual(SchemaScaffold.kebab("My_App"), "my-app")
        XCTAssertEqual(SchemaScaffold.kebab("DeliveryTracker2Go"), "delivery-tracker2-go")
    }
}
