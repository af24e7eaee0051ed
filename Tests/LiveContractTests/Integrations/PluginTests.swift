import Foundation
import XCTest
@testable import LiveContract

/// The SwiftPM command plugin, used the way an app's Swift package uses it: a throw-away
/// package depends on this repository by path, and `swift package livecontract generate|check`
/// builds the tool from source (debug, about 15-60 s on two cores) and runs it in that package.
final class PluginTests: XCTestCase {
    var package: URL!
    var swift = ""

    override func setUpWithError() throws {
        swift = try TestSupport.requireTool("swift")
        package = TestSupport.temporaryDirectory("lc-plugin")
        let sources = package.appendingPathComponent("Sources/DeliveryContract")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "DeliveryApp",
            products: [.library(name: "DeliveryContract", targets: ["DeliveryContract"])],
            dependencies: [.package(path: "\(TestSupport.repoRoot.path)")],
            targets: [.target(name: "DeliveryContract")]
        )

        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "/// The target's own code; the contract file next to it is generated.\npublic enum DeliveryContract {}\n"
            .write(to: sources.appendingPathComponent("DeliveryContract.swift"), atomically: true, encoding: .utf8)
        try """
        livecontract: 1
        name: Delivery
        access: public
        attributes:
          orderId: { type: string, maxLength: 32 }
        state:
          status: { type: string, maxLength: 64 }
          eta: { type: date, bridgeName: etaEpochMillis }
        outputs:
          swift: [Sources/DeliveryContract/DeliveryAttributes.swift]
          typescript: web/DeliveryContract.ts

        """.write(to: package.appendingPathComponent("livecontract.yaml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        if let package { try? FileManager.default.removeItem(at: package) }
    }

    func swiftPackage(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(swift, ["package", "--scratch-path", package.appendingPathComponent(".build").path] + arguments,
                            in: package, environment: ["NO_COLOR": "1"])
    }

    func testGenerateAndCheckThroughTheCommandPlugin() throws {
        let allow = "--allow-writing-to-package-directory"
        let generated = try swiftPackage([allow, "livecontract", "generate"])
        XCTAssertEqual(generated.status, 0, generated.stdout + generated.stderr)
        let output = generated.stdout + generated.stderr
        XCTAssertTrue(output.contains("created Sources/DeliveryContract/DeliveryAttributes.swift"), output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: package.appendingPathComponent("web/DeliveryContract.ts").path))

        let built = try TestSupport.run(swift, ["build", "--scratch-path", package.appendingPathComponent(".build").path], in: package)
        XCTAssertEqual(built.status, 0, "the generated Swift compiles in the user's package: \(built.stdout)\(built.stderr)")

        let checked = try swiftPackage([allow, "livecontract", "check", "livecontract.yaml"])
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        XCTAssertTrue((checked.stdout + checked.stderr).contains("livecontract: 2 files in sync"))

        let file = package.appendingPathComponent("Sources/DeliveryContract/DeliveryAttributes.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "var status: String", with: "var headline: String").write(to: file, atomically: true, encoding: .utf8)
        let drifted = try swiftPackage([allow, "livecontract"])
        XCTAssertEqual(drifted.status, 1, "check (the default) fails on drift")
        XCTAssertTrue((drifted.stdout + drifted.stderr).contains("exit code 1"), drifted.stdout + drifted.stderr)
        let report = drifted.stdout + drifted.stderr
        XCTAssertTrue(report.contains("Sources/DeliveryContract/DeliveryAttributes.swift: hand-edited"), report)

        // The tool's output passes through unchanged and its status is reported: SwiftPM makes
        // `swift package` itself exit 1 for any plugin failure, and names the plugin's status.
        let invalid = try swiftPackage([allow, "livecontract", "check", "nope.yaml"])
        XCTAssertEqual(invalid.status, 1, invalid.stdout + invalid.stderr)
        XCTAssertTrue((invalid.stdout + invalid.stderr).contains("nope.yaml:1:1: error: no schema at 'nope.yaml'"), invalid.stdout + invalid.stderr)
        XCTAssertTrue((invalid.stdout + invalid.stderr).contains("exit code 2"), invalid.stdout + invalid.stderr)
        let usage = try swiftPackage([allow, "livecontract", "help", "chek"])
        XCTAssertTrue((usage.stdout + usage.stderr).contains("did you mean 'check'?"), usage.stdout + usage.stderr)
        XCTAssertTrue((usage.stdout + usage.stderr).contains("exit code 64"), usage.stdout + usage.stderr)

        let denied = try swiftPackage(["livecontract", "generate"])
        XCTAssertNotEqual(denied.status, 0)
        XCTAssertTrue((denied.stdout + denied.stderr).contains("--allow-writing-to-package-directory"), denied.stdout + denied.stderr)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("headline"), "nothing ran without the permission")
    }
}
