import Foundation
import XCTest
@testable import LiveContract

/// `doctor` on repositories built to make it read outside the repository, print a secret, or
/// spend unbounded time and memory.
final class HostileDoctorTests: XCTestCase {
    var trees: [URL] = []

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
    }

    override func tearDown() {
        for tree in trees { try? FileManager.default.removeItem(at: tree) }
    }

    func testSymlinkedInfoPlistOutOfTheRepositoryIsNotRead() throws {
        let tree = try DoctorTree.xcode15("doctor-hostile-link")
        let outside = TestSupport.temporaryDirectory("doctor-outside")
        trees += [tree.root, outside]
        let secret = "ghp_SECRETTOKEN0123456789abcdef"
        try DoctorTree.plist([("NSSupportsLiveActivities", "<true/>"), ("Token", "<string>\(secret)</string>")])
            .write(to: outside.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try tree.remove("App/Info.plist")
        try FileManager.default.createSymbolicLink(atPath: tree.root.appendingPathComponent("App/Info.plist").path,
                                                   withDestinationPath: outside.appendingPathComponent("Info.plist").path)
        // A folder linked out of the repository is not walked either.
        try FileManager.default.createSymbolicLink(atPath: tree.root.appendingPathComponent("Linked").path, withDestinationPath: outside.path)
        for format in ["text", "json", "github", "sarif"] {
            let result = try tree.doctor("--format", format)
            XCTAssertFalse((result.stdout + result.stderr).contains(secret), format)
            XCTAssertTrue((result.stdout + result.stderr).contains("symlink"), result.stdout + result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains("Linked/"), result.stdout)
        }
    }

    func testSecretLookingSettingsAreNotPrinted() throws {
        let tree = try DoctorTree.xcode15("doctor-hostile-secret")
        trees.append(tree.root)
        let secret = "sk_live_51HxSECRETVALUE"
        var settings = DoctorTree.appSettings(bundle: "com.acme.other")
        settings["STRIPE_KEY"] = secret
        try tree.write("Delivery.xcodeproj/project.pbxproj", DoctorTree.pbxproj([
            .init(name: "Delivery", productType: DoctorTree.app, sources: ["App/AppMain.swift", "Shared/DeliveryAttributes.swift"], settings: settings, dependsOn: ["DeliveryWidget"]),
            .init(name: "DeliveryWidget", productType: DoctorTree.appExtension, sources: ["Widget/WidgetBundle.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.widgetSettings()),
        ]))
        let result = try tree.doctor("--format", "json")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("doctor-bundle-id"), result.stdout)
        XCTAssertFalse(result.stdout.contains(secret))
    }

    func testHugeProjectFileIsRefusedByItsSize() throws {
        let tree = try DoctorTree.xcode15("doctor-hostile-huge")
        trees.append(tree.root)
        let pbxproj = tree.root.appendingPathComponent("Delivery.xcodeproj/project.pbxproj")
        let handle = try FileHandle(forWritingTo: pbxproj)
        handle.seekToEndOfFile()
        let block = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0..<33 { handle.write(block) }
        try handle.close()
        let started = Date()
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("larger than the 32 MiB limit"), result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testDeepNestingIsRefusedWithItsPosition() throws {
        let tree = try DoctorTree.xcode15("doctor-hostile-deep")
        trees.append(tree.root)
        try tree.write("Delivery.xcodeproj/project.pbxproj", "{ a = " + String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000) + "; }\n")
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Delivery.xcodeproj/project.pbxproj:1:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nested deeper than 64 levels"), result.stderr)
    }

    func testControlCharactersInNamesAreEscaped() throws {
        let tree = try DoctorTree.xcode15("doctor-hostile-names")
        trees.append(tree.root)
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        try tree.write(pbxproj, try tree.read(pbxproj).replacingOccurrences(of: "name = \"Delivery\";", with: "name = \"Deli\\n::error::forged\";"))
        try tree.write("App/Info.plist", DoctorTree.plist([("CFBundleName", "<string>Delivery</string>")]))
        let result = try tree.doctor("--format", "github")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertFalse(result.stdout.split(separator: "\n").contains { $0.hasPrefix("::error::forged") }, result.stdout)
    }
}
