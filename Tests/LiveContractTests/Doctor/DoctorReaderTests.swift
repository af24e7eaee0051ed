import XCTest
@testable import LiveContract

/// The small readers under doctor: the old-style property list of project.pbxproj, XML plists,
/// the project model in both membership models, globs and Swift declarations.
final class DoctorReaderTests: XCTestCase {
    func parse(_ text: String) throws -> PBXNode { try PBXReader.parse(Array(text.utf8)) }

    func failure(_ text: String) -> PBXParseError? {
        do { _ = try parse(text); return nil } catch { return error as? PBXParseError }
    }

    func testReadsEveryValueForm() throws {
        let root = try parse("// !$*UTF8*$!\n{\n\ta = b/c.swift; /* comment */\n\t\"q k\" = \"x \\\"y\\\" \\n \\U00e9\";\n\tlist = (1, \"two\", );\n\td = <0fA3 10>;\n\tnested = { k = v; };\n}\n")
        XCTAssertEqual(root["a"]?.string, "b/c.swift")
        XCTAssertEqual(root["a"]?.line, 3)
        XCTAssertEqual(root["a"]?.column, 6)
        XCTAssertEqual(root["q k"]?.string, "x \"y\" \n é")
        XCTAssertEqual(root["list"]?.strings, ["1", "two"])
        if case .data(let bytes)? = root["d"]?.kind { XCTAssertEqual(bytes, [0x0F, 0xA3, 0x10]) } else { XCTFail("data") }
        XCTAssertEqual(root["nested"]?["k"]?.string, "v")
        XCTAssertEqual(root["nested"]?["k"]?.line, 7)
    }

    func testRefusesMalformedInputWithPositions() {
        let missingSemicolon = failure("{\n  a = b\n  c = d;\n}")
        XCTAssertEqual(missingSemicolon?.line, 3)
        XCTAssertEqual(missingSemicolon?.column, 3)
        XCTAssertEqual(missingSemicolon?.message, "expected ';' after the value of 'a'")
        XCTAssertEqual(failure("{ a = \"open; }")?.message, "a quoted string is not closed")
        XCTAssertEqual(failure("{ a = <0g>; }")?.column, 9)
        XCTAssertEqual(failure("{ a = (1 2); }")?.message, "expected ',' or ')' in an array")
        XCTAssertEqual(failure("{ a = b; } extra")?.message, "unexpected text after the end of the property list")
        XCTAssertEqual(failure("{ a = @; }")?.message, "unexpected character '@' where a value should be")
        XCTAssertEqual(failure("{ a = { b = c; };")?.message, "a dictionary is not closed with '}'")
        XCTAssertNotNil(failure(String(repeating: "{a=", count: 70)))
    }

    func testXMLPlistEntriesWithPositions() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<plist version=\"1.0\">\n<dict>\n  <!-- <key>NSSupportsLiveActivities</key><true/> -->\n  <key>aps-environment</key>\n  <string>development &amp; more</string>\n  <key>NSSupportsLiveActivities</key>\n  <true/>\n  <key>NSExtension</key>\n  <dict><key>inner</key><false/></dict>\n</dict>\n</plist>\n"
        let entries = try XMLPlistReader.topEntries(Array(text.utf8))
        XCTAssertEqual(entries.map(\.key), ["aps-environment", "NSSupportsLiveActivities", "NSExtension"])
        XCTAssertEqual(entries[0].value, .string("development & more"))
        XCTAssertEqual(entries[1].value, .bool(true))
        XCTAssertEqual(entries[1].line, 8)
        XCTAssertEqual(entries[1].column, 3)
        XCTAssertEqual(entries[2].value, .other)
        XCTAssertThrowsError(try XMLPlistReader.topEntries(Array("<plist><dict><key>a</key><string>b</dict></plist>".utf8)))
        XCTAssertThrowsError(try XMLPlistReader.topEntries(Array("bplist00....".utf8)))
    }

    func testProjectModelInBothMembershipModels() throws {
        let text = DoctorTree.pbxproj([
            .init(name: "App", productType: DoctorTree.app, sources: ["App/Main.swift"], folders: ["Shared"],
                  exceptions: [(folder: "Shared", file: "Widget Only.swift")], settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.acme.$(TARGET_NAME:rfc1034identifier)", "INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist"]),
            .init(name: "My Widget", productType: DoctorTree.appExtension, folders: ["Widget"], exceptions: [(folder: "Shared", file: "Widget Only.swift")]),
        ])
        let project = try XcodeProject.make(try parse(text), path: "ios/App.xcodeproj/project.pbxproj")
        XCTAssertEqual(project.sourceRoot, "ios")
        let app = try XCTUnwrap(project.targets.first { $0.name == "App" })
        let widget = try XCTUnwrap(project.targets.first { $0.name == "My Widget" })
        XCTAssertTrue(app.isApp)
        XCTAssertTrue(app.compiles("ios/App/Main.swift"))
        XCTAssertTrue(app.compiles("ios/Shared/Model.swift"))
        XCTAssertFalse(app.compiles("ios/Shared/Widget Only.swift"))
        XCTAssertTrue(widget.compiles("ios/Shared/Widget Only.swift"))
        XCTAssertFalse(widget.compiles("ios/Shared/Model.swift"))
        XCTAssertTrue(widget.compiles("ios/Widget/Sub/View.swift"))
        XCTAssertEqual(app.resolved("PRODUCT_BUNDLE_IDENTIFIER", sourceRoot: project.sourceRoot).first?.value, "com.acme.App")
        XCTAssertEqual(app.resolved("INFOPLIST_FILE", sourceRoot: project.sourceRoot).first?.value, "ios/App/Info.plist")
        XCTAssertEqual(app.configurations.first?.settings["IPHONEOS_DEPLOYMENT_TARGET"]?.value, "18.0", "the project's setting is inherited")
    }

    func testGlobsAndDeclarations() {
        XCTAssertTrue(Glob.matches("**/*.{h,m,swift}", "A.swift"))
        XCTAssertTrue(Glob.matches("**/*.{h,m,swift}", "a/b/A.swift"))
        XCTAssertFalse(Glob.matches("Sources/**/*.swift", "A.swift"))
        XCTAssertTrue(Glob.matches("Sources/*.swift", "Sources/A.swift"))
        XCTAssertFalse(Glob.matches("Sources/*.swift", "Sources/x/A.swift"))
        XCTAssertEqual(PodspecText.sourceFiles(in: "s.source_files = [\n  'ios/**/*.swift',\n  \"shared/*.h\"\n]"), ["ios/**/*.swift", "shared/*.h"])
        XCTAssertEqual(PodspecText.sourceFiles(in: "s.source_files = \"**/*.{h,m,swift}\""), ["**/*.{h,m,swift}"])
        let swift = "/* struct A\n   struct A */\nstruct A {}\n  public final class A: B {}\nlet x = \"struct A\" // struct A\nstruct AB {}\n"
        XCTAssertEqual(SwiftDeclarations.find("A", in: swift).map { "\($0.line):\($0.column)" }, ["3:1", "4:16"])
        let nested = "class Plugin {\n  struct A: ActivityAttributes {}\n}\nextension B { enum A {} }\n#if os(iOS)\nstruct A {}\n#endif\n"
        XCTAssertEqual(SwiftDeclarations.find("A", in: nested).map { "\($0.line):\($0.column)" }, ["6:1"])
        XCTAssertEqual(AndroidLayout.packageOfFolder("app/src/main/java/com/acme/X.kt"), "com.acme")
        XCTAssertEqual(AndroidLayout.packageOfFolder("app/src/debug/kotlin/X.kt"), "")
        XCTAssertNil(AndroidLayout.packageOfFolder("modules/x/android/X.kt"))
        XCTAssertEqual(AppleTargetsConfig.type(in: "module.exports = { \"type\": 'widget', subtype: \"x\" }"), "widget")
    }

    func testBundleIdIsLoadedCheckedAndNotInTheFingerprint() throws {
        let plain = DoctorTree.schema(swift: ["W/A.swift"], bundleId: nil)
        let withID = DoctorTree.schema(swift: ["W/A.swift"], bundleId: "com.acme.delivery")
        let (a, _) = try SchemaLoader.load(Array(plain.utf8), path: "s.yaml")
        let (b, _) = try SchemaLoader.load(Array(withID.utf8), path: "s.yaml")
        XCTAssertNil(a.bundleId)
        XCTAssertEqual(b.bundleId, "com.acme.delivery")
        XCTAssertEqual(b.bundleIdLocation?.line, 3)
        XCTAssertEqual(a.fingerprint, b.fingerprint)
        for bad in ["com..acme", "com.acme app", ".com", "com/acme"] {
            XCTAssertThrowsError(try SchemaLoader.load(Array(DoctorTree.schema(swift: ["W/A.swift"], bundleId: "\"\(bad)\"").utf8), path: "s.yaml"), bad) { error in
                XCTAssertTrue((error as? DiagnosticsError)?.diagnostics.items.contains { $0.message.contains("is not a bundle id") } ?? false, "\(error)")
            }
        }
    }
}
