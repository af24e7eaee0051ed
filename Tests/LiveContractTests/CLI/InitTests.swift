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
