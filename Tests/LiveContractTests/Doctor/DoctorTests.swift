import Foundation
import XCTest
@testable import LiveContract

/// `livecontract doctor` through the built binary, on project trees laid out like real ones:
/// each correct tree gives no error, and each planted mistake gives its rule at its file and line.
final class DoctorTests: XCTestCase {
    var trees: [DoctorTree] = []

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
    }

    override func tearDown() {
        for tree in trees { try? FileManager.default.removeItem(at: tree.root) }
    }

    func keep(_ tree: DoctorTree) -> DoctorTree { trees.append(tree); return tree }

    /// The `file:line:col: severity: ... [rule]` lines of a text run.
    func findings(_ result: TestSupport.RunResult) -> [String] {
        (result.stderr + result.stdout).split(separator: "\n").map(String.init).filter { $0.hasSuffix("]") && $0.contains(": ") }
    }

    func assertFinding(_ result: TestSupport.RunResult, _ location: String, _ severity: String, _ rule: String, file: StaticString = #filePath, line: UInt = #line) {
        let wanted = findings(result).filter { $0.hasPrefix(location + ":") && $0.contains(" \(severity): ") && $0.hasSuffix("[\(rule)]") }
        XCTAssertEqual(wanted.count, 1, "expected one \(severity) [\(rule)] at \(location):\n" + result.stderr + result.stdout, file: file, line: line)
    }

    func assertClean(_ result: TestSupport.RunResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout, file: file, line: line)
        XCTAssertFalse(findings(result).contains { $0.contains(": error: ") || $0.contains(": warning: ") }, result.stderr + result.stdout, file: file, line: line)
    }

    // MARK: - Xcode 15: build phases

    func testXcode15CorrectProjectIsClean() throws {
        let tree = keep(try DoctorTree.xcode15())
        let result = try tree.doctor()
        assertClean(result)
        XCTAssertTrue(result.stdout.contains("no problems found"), result.stdout)
    }

    func testXcode15CopyInNoBuildPhase() throws {
        let tree = keep(try DoctorTree.xcode15())
        // The schema now writes the copy into Generated/, which no target compiles.
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Generated/App/DeliveryAttributes.swift", "Generated/Widget/DeliveryAttributes.swift"]))
        try tree.write("Generated/App/DeliveryAttributes.swift", DoctorTree.generatedCopy)
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "livecontract.yaml:\(try tree.line(of: "Generated/App", in: "livecontract.yaml")):7", "error", "doctor-copy-not-compiled")
        // The widget's copy is not written yet: still compiled by no target.
        assertFinding(result, "livecontract.yaml:\(try tree.line(of: "Generated/Widget", in: "livecontract.yaml")):7", "error", "doctor-copy-not-compiled")
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "/* DeliveryWidget */ = {", in: pbxproj))", "error", "doctor-widget-copy-missing")
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "/* Delivery */ = {", in: pbxproj))", "error", "doctor-app-copy-missing")
    }

    func testXcode15OldStructStillCompiledInTheWidget() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("Widget/OldAttributes.swift", "import ActivityKit\n\n// the hand-written one\nstruct DeliveryAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var eta: Date }\n}\n")
        try tree.write("Delivery.xcodeproj/project.pbxproj", DoctorTree.pbxproj([
            .init(name: "Delivery", productType: DoctorTree.app, sources: ["App/AppMain.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.appSettings(), dependsOn: ["DeliveryWidget"]),
            .init(name: "DeliveryWidget", productType: DoctorTree.appExtension, sources: ["Widget/WidgetBundle.swift", "Widget/OldAttributes.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.widgetSettings()),
        ]))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "Widget/OldAttributes.swift:4:1", "error", "doctor-duplicate-declaration")
        XCTAssertEqual(findings(result).filter { $0.contains("[doctor-duplicate-declaration]") }.count, 1, result.stderr)
    }

    func testAnotherAppOfAMonorepoIsNotJudged() throws {
        let tree = keep(try DoctorTree.xcode15())
        // A second app with its own Live Activity widget and no NSSupportsLiveActivities: not
        // the app this schema's copies are in, so not reported.
        try tree.write("Other/Widget/OtherWidget.swift", DoctorTree.widgetBundle.replacingOccurrences(of: "DeliveryAttributes", with: "OtherAttributes"))
        try tree.write("Other/App/Main.swift", "struct Main {}\n")
        try tree.write("Other/Other.xcodeproj/project.pbxproj", DoctorTree.pbxproj([
            .init(name: "Other", productType: DoctorTree.app, sources: ["App/Main.swift"], dependsOn: ["OtherWidget"]),
            .init(name: "OtherWidget", productType: DoctorTree.appExtension, sources: ["Widget/OtherWidget.swift"], settings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"]),
        ]))
        let result = try tree.doctor()
        assertClean(result)
        XCTAssertFalse(result.stderr.contains("Other/"), result.stderr)
        // When no app compiles a copy, every app is judged (the copy may be meant for either).
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Nowhere/DeliveryAttributes.swift"]))
        let unscoped = try tree.doctor()
        XCTAssertTrue(unscoped.stderr.contains("'OtherWidget' compiles none"), unscoped.stderr)
    }

    func testACommentedOrQuotedDeclarationIsNotADuplicate() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("Widget/Notes.swift", "// struct DeliveryAttributes: ActivityAttributes {}\n/* struct DeliveryAttributes */\nlet text = \"struct DeliveryAttributes\"\nstruct DeliveryAttributesView {}\nenum Legacy {\n    struct DeliveryAttributes {}\n}\n")
        try tree.write("Delivery.xcodeproj/project.pbxproj", DoctorTree.pbxproj([
            .init(name: "Delivery", productType: DoctorTree.app, sources: ["App/AppMain.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.appSettings(), dependsOn: ["DeliveryWidget"]),
            .init(name: "DeliveryWidget", productType: DoctorTree.appExtension, sources: ["Widget/WidgetBundle.swift", "Widget/Notes.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.widgetSettings()),
        ]))
        assertClean(try tree.doctor())
    }

    func testLiveActivitiesKeyOnlyInTheWidget() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("App/Info.plist", DoctorTree.plist([("CFBundleName", "<string>Delivery</string>")]))
        try tree.write("Widget/Info.plist", DoctorTree.plist([("NSSupportsLiveActivities", "<true/>"),
                                                               ("NSExtension", "<dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>")]))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 0, "a warning: \(result.stderr)")
        assertFinding(result, "App/Info.plist:1:1", "warning", "doctor-live-activities-plist")
        XCTAssertTrue(result.stderr.contains("Widget/Info.plist:5"), result.stderr)
        XCTAssertEqual(try tree.doctor("--strict").status, 1, "--strict fails on the warning")
    }

    func testLiveActivitiesKeyFalseInTheApp() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("App/Info.plist", DoctorTree.plist([("NSSupportsLiveActivities", "<false/>")]))
        let result = try tree.doctor()
        assertFinding(result, "App/Info.plist:\(try tree.line(of: "NSSupportsLiveActivities", in: "App/Info.plist")):2", "error", "doctor-live-activities-plist")
    }

    func testNoApsEnvironment() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("App/App.entitlements", DoctorTree.plist([("com.apple.security.application-groups", "<array/>")]))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "App/App.entitlements:1:1", "error", "doctor-aps-environment")
        // Without a server output nothing is pushed, so the entitlement is not needed.
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Shared/DeliveryAttributes.swift"], server: false))
        assertClean(try tree.doctor())
    }

    func testWidgetBelowIOS161() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("Delivery.xcodeproj/project.pbxproj", DoctorTree.pbxproj([
            .init(name: "Delivery", productType: DoctorTree.app, sources: ["App/AppMain.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.appSettings(), dependsOn: ["DeliveryWidget"]),
            .init(name: "DeliveryWidget", productType: DoctorTree.appExtension, sources: ["Widget/WidgetBundle.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.widgetSettings(deployment: "16.0")),
        ]))
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "IPHONEOS_DEPLOYMENT_TARGET = \"16.0\"", in: pbxproj))", "error", "doctor-deployment-target")
    }

    func testRouteAvailabilityNote() throws {
        let tree = keep(try DoctorTree.xcode15())
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        func project(app deployment: String) throws {
            var settings = DoctorTree.appSettings()
            settings["IPHONEOS_DEPLOYMENT_TARGET"] = deployment
            try tree.write(pbxproj, DoctorTree.pbxproj([
                .init(name: "Delivery", productType: DoctorTree.app, sources: ["App/AppMain.swift", "Shared/DeliveryAttributes.swift"], settings: settings, dependsOn: ["DeliveryWidget"]),
                .init(name: "DeliveryWidget", productType: DoctorTree.appExtension, sources: ["Widget/WidgetBundle.swift", "Shared/DeliveryAttributes.swift"], settings: DoctorTree.widgetSettings()),
            ]))
        }
        try project(app: "16.2")
        let low = try tree.doctor()
        assertClean(low)
        assertFinding(low, "\(pbxproj):\(try tree.line(of: "IPHONEOS_DEPLOYMENT_TARGET = \"16.2\"", in: pbxproj))", "note", "doctor-route-availability")
        XCTAssertTrue(low.stderr.contains("push-to-start tokens need iOS 17.2"), low.stderr)
        try project(app: "18.0")
        XCTAssertFalse(try tree.doctor().stderr.contains("doctor-route-availability"))
        // Without a server output no push is sent: no note.
        try project(app: "16.2")
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Shared/DeliveryAttributes.swift"], server: false))
        XCTAssertFalse(try tree.doctor().stderr.contains("doctor-route-availability"))
    }

    func testBundleIdMismatch() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Shared/DeliveryAttributes.swift"], bundleId: "com.example.app"))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "livecontract.yaml:3:11", "error", "doctor-bundle-id")
        XCTAssertTrue(result.stderr.contains("'com.acme.delivery'"), result.stderr)
    }

    // MARK: - Xcode 16: synchronized folders

    func testXcode16CorrectProjectIsClean() throws {
        assertClean(try keep(try DoctorTree.xcode16()).doctor())
    }

    func testXcode16ExceptionTakesTheCopyOutOfTheWidget() throws {
        let tree = keep(try DoctorTree.xcode16(widgetExceptions: [("Widget", "Generated/DeliveryAttributes.swift")]))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "/* DeliveryWidget */ = {", in: pbxproj))", "error", "doctor-widget-copy-missing")
        XCTAssertFalse(result.stderr.contains("doctor-copy-not-compiled"), "the app still compiles it:\n" + result.stderr)
    }

    func testXcode16AppWithoutTheException() throws {
        let tree = keep(try DoctorTree.xcode16(appExceptions: []))
        let result = try tree.doctor()
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        // One Swift output names no app copy (a plugin may hold the app's type): a note.
        assertClean(result)
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "/* Delivery */ = {", in: pbxproj))", "note", "doctor-app-copy-missing")
    }

    func testXcode16GeneratedInfoPlistWithoutTheKey() throws {
        let tree = keep(try DoctorTree.xcode16())
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        try tree.write(pbxproj, try tree.read(pbxproj).replacingOccurrences(of: "INFOPLIST_KEY_NSSupportsLiveActivities = \"YES\"", with: "INFOPLIST_KEY_NSSupportsLiveActivities = \"NO\""))
        let result = try tree.doctor()
        assertFinding(result, "\(pbxproj):\(try tree.line(of: "INFOPLIST_KEY_NSSupportsLiveActivities", in: pbxproj))", "error", "doctor-live-activities-plist")
    }

    // MARK: - Expo

    func testExpoCorrectAppIsClean() throws {
        assertClean(try keep(try DoctorTree.expo()).doctor())
    }

    func testExpoMistakes() throws {
        let tree = keep(try DoctorTree.expo())
        try tree.write("app.json", try tree.read("app.json").replacingOccurrences(of: "\"NSSupportsLiveActivities\": true", with: "\"UIBackgroundModes\": []")
            .replacingOccurrences(of: "[\"expo-notifications\", { \"mode\": \"production\" }]", with: "\"expo-router\""))
        try tree.write("targets/widget/expo-target.config.js", try tree.read("targets/widget/expo-target.config.js").replacingOccurrences(of: "\"16.2\"", with: "\"15.0\""))
        // The module's copy moves out of the podspec's globs (a .txt is not compiled).
        try tree.write("modules/delivery-live/ios/DeliveryLive.podspec", try tree.read("modules/delivery-live/ios/DeliveryLive.podspec").replacingOccurrences(of: "\"**/*.{h,m,swift}\"", with: "\"Sources/**/*.swift\""))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "app.json:\(try tree.line(of: "infoPlist", in: "app.json"))", "error", "doctor-live-activities-plist")
        assertFinding(result, "app.json:\(try tree.line(of: "\"ios\"", in: "app.json"))", "error", "doctor-aps-environment")
        assertFinding(result, "targets/widget/expo-target.config.js:\(try tree.line(of: "deploymentTarget", in: "targets/widget/expo-target.config.js"))", "error", "doctor-deployment-target")
        assertFinding(result, "livecontract.yaml:\(try tree.line(of: "modules/delivery-live", in: "livecontract.yaml"))", "error", "doctor-copy-not-compiled")
    }

    func testExpoAppConfigMakesNotesNotErrors() throws {
        let tree = keep(try DoctorTree.expo())
        try tree.write("app.json", try tree.read("app.json").replacingOccurrences(of: "\"NSSupportsLiveActivities\": true", with: "\"UIBackgroundModes\": []"))
        try tree.write("app.config.ts", "export default ({ config }) => ({ ...config, ios: { ...config.ios, infoPlist: { NSSupportsLiveActivities: true } } });\n")
        let result = try tree.doctor()
        assertClean(result)
        assertFinding(result, "app.json:\(try tree.line(of: "infoPlist", in: "app.json"))", "note", "doctor-live-activities-plist")
    }

    func testExpoUnknownConfigPluginMakesNotes() throws {
        let tree = keep(try DoctorTree.expo())
        try tree.write("app.json", try tree.read("app.json").replacingOccurrences(of: "\"NSSupportsLiveActivities\": true", with: "\"UIBackgroundModes\": []")
            .replacingOccurrences(of: "\"@bacons/apple-targets\",", with: "\"@bacons/apple-targets\", \"./plugins/with-live-activities\","))
        let result = try tree.doctor()
        assertClean(result)
        assertFinding(result, "app.json:\(try tree.line(of: "infoPlist", in: "app.json"))", "note", "doctor-live-activities-plist")
        XCTAssertTrue(result.stderr.contains("the config plugin './plugins/with-live-activities' may set it"), result.stderr)
    }

    func testSwiftPackageTargetPaths() throws {
        let tree = keep(try DoctorTree.xcode15())
        // The package's one target lives in Shared/ (path:), so the copy there and an old
        // declaration beside it are one target; Other/ is not part of the package.
        try tree.write("Package.swift", "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\", path: \"Shared\")])\n")
        try tree.write("Shared/Old.swift", "struct DeliveryAttributes {}\n")
        try tree.write("Other/Old.swift", "struct DeliveryAttributes {}\n")
        let result = try tree.doctor()
        assertFinding(result, "Shared/Old.swift:1:1", "error", "doctor-duplicate-declaration")
        XCTAssertFalse(result.stderr.contains("Other/Old.swift"), result.stderr)
    }

    func testExpoWidgetWithoutACopy() throws {
        let tree = keep(try DoctorTree.expo())
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["modules/delivery-live/ios/DeliveryAttributes.swift"]))
        try tree.remove("targets/widget/DeliveryAttributes.swift")
        let result = try tree.doctor()
        assertFinding(result, "targets/widget/expo-target.config.js:1:1", "error", "doctor-widget-copy-missing")
    }

    // MARK: - Android

    func testAndroidCorrectAppIsClean() throws {
        assertClean(try keep(try DoctorTree.android()).doctor())
    }

    func testAndroidMistakes() throws {
        let tree = keep(try DoctorTree.android())
        let manifest = "app/src/main/AndroidManifest.xml"
        // The service is commented out, and both permissions are gone.
        try tree.write(manifest, DoctorTree.manifest
            .replacingOccurrences(of: "<service", with: "<!-- <service").replacingOccurrences(of: "</service>", with: "</service> -->")
            .replacingOccurrences(of: "    <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\" />\n", with: "")
            .replacingOccurrences(of: "    <uses-permission android:name=\"android.permission.POST_PROMOTED_NOTIFICATIONS\" />\n", with: ""))
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: [], bundleId: nil, kotlin: (path: "app/src/main/java/com/acme/delivery/live/DeliveryContract.kt", package: "com.acme.live")))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 1, result.stderr)
        assertFinding(result, "\(manifest):\(try tree.line(of: "<application", in: manifest)):5", "error", "doctor-fcm-service")
        XCTAssertEqual(findings(result).filter { $0.hasPrefix("\(manifest):2:1:") && $0.hasSuffix("[doctor-notification-permission]") }.count, 2, result.stderr)
        assertFinding(result, "livecontract.yaml:\(try tree.line(of: "kotlin:", in: "livecontract.yaml"))", "warning", "doctor-kotlin-package")
    }

    func testFirebaseMessagingDependencyBringsThePermission() throws {
        let tree = keep(try DoctorTree.android())
        let manifest = "app/src/main/AndroidManifest.xml"
        try tree.write(manifest, DoctorTree.manifest.replacingOccurrences(of: "    <uses-permission android:name=\"android.permission.POST_NOTIFICATIONS\" />\n", with: ""))
        XCTAssertEqual(try tree.doctor().status, 1)
        try tree.write("app/build.gradle.kts", "dependencies {\n    implementation(platform(\"com.google.firebase:firebase-bom:34.0.0\"))\n    implementation(\"com.google.firebase:firebase-messaging\")\n}\n")
        let result = try tree.doctor()
        assertClean(result)
        assertFinding(result, "\(manifest):2:1", "note", "doctor-notification-permission")
    }

    func testWarningsFailOnlyWithStrict() throws {
        let tree = keep(try DoctorTree.android())
        try tree.write("app/src/main/AndroidManifest.xml", DoctorTree.manifest.replacingOccurrences(of: "    <uses-permission android:name=\"android.permission.POST_PROMOTED_NOTIFICATIONS\" />\n", with: ""))
        let plain = try tree.doctor()
        XCTAssertEqual(plain.status, 0, plain.stderr)
        assertFinding(plain, "app/src/main/AndroidManifest.xml:2:1", "warning", "doctor-notification-permission")
        XCTAssertEqual(try tree.doctor("--strict").status, 1)
    }

    // MARK: - Formats, exit codes, explain

    func testFormats() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Shared/DeliveryAttributes.swift"], bundleId: "com.example.app"))
        let json = try tree.doctor("--format", "json")
        XCTAssertEqual(json.status, 1)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(document?["command"] as? String, "doctor")
        XCTAssertEqual(document?["ok"] as? Bool, false)
        let diagnostics = ((document?["schemas"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]]) ?? []
        XCTAssertEqual(diagnostics.first?["rule"] as? String, "doctor-bundle-id", json.stdout)
        XCTAssertEqual(diagnostics.first?["line"] as? Int, 3)
        let github = try tree.doctor("--format", "github")
        XCTAssertTrue(github.stdout.contains("::error file=livecontract.yaml,line=3,col=11,title=livecontract doctor-bundle-id::"), github.stdout)
        let sarif = try tree.doctor("--format", "sarif")
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(log?["version"] as? String, "2.1.0")
        XCTAssertTrue(sarif.stdout.contains("doctor-bundle-id"))
        XCTAssertEqual(try tree.doctor("--format", "yaml").status, 64)
    }

    func testInvalidSchemaAndMalformedProjectExitTwo() throws {
        let tree = keep(try DoctorTree.xcode15())
        try tree.write("bad.yaml", "livecontract: 1\nname: [\n")
        XCTAssertEqual(try tree.doctor("bad.yaml").status, 2)
        let pbxproj = "Delivery.xcodeproj/project.pbxproj"
        try tree.write(pbxproj, try tree.read(pbxproj).replacingOccurrences(of: "isa = PBXProject;", with: "isa = PBXProject"))
        let result = try tree.doctor()
        XCTAssertEqual(result.status, 2, result.stderr)
        let line = try tree.line(of: "isa = PBXProject", in: pbxproj)
        XCTAssertTrue(result.stderr.contains("\(pbxproj):\(line + 1):"), result.stderr)
        XCTAssertTrue(result.stderr.contains("expected ';' after the value of 'isa'"), result.stderr)
    }

    func testNoProjectIsANote() throws {
        let tree = keep(DoctorTree("doctor-none"))
        try tree.write("livecontract.yaml", DoctorTree.schema(swift: ["Widget/DeliveryAttributes.swift"]))
        let result = try tree.doctor()
        assertClean(result)
        assertFinding(result, "livecontract.yaml:\(try tree.line(of: "Widget/", in: "livecontract.yaml")):7", "note", "doctor-unknown-layout")
    }

    func testExplainKnowsEveryDoctorRule() throws {
        for rule in RuleCatalog.doctor.map(\.id) {
            let result = try TestSupport.run(TestSupport.binary.path, ["explain", rule])
            XCTAssertEqual(result.status, 0, rule)
            XCTAssertTrue(result.stdout.contains(rule), result.stdout)
        }
    }
}
