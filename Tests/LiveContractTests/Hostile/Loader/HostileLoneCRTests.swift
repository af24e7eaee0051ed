import Foundation
import XCTest

/// A lone CR ends a line for the Swift compiler (a `//` comment stops there), but the Swift
/// readers of `check` and `import` ended lines at LF only. A hand edit of `// note<CR>var
/// tip: Double` added a property the compiler sees while `check` said the copy *lacked*
/// 'eta', and a file saved with CR line ends imported as "no struct found". Through the
/// built binary.
final class HostileLoneCRTests: XCTestCase {
    static let schema = "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  swift: [RideAttributes.swift]\n"

    func run(_ arguments: [String], in folder: URL) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"])
    }

    func testCheckReadsAPropertyHiddenAfterACommentAndALoneCR() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("lone-cr")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.schema.write(to: folder.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["generate", "ride.yaml"], in: folder).status, 0)
        let copy = folder.appendingPathComponent("RideAttributes.swift")
        let text = try String(contentsOf: copy, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "        var eta: Int\n", with: "        // note\r        var tip: Double\r        var eta: Int\n")
        XCTAssertNotEqual(edited, text)
        try edited.write(to: copy, atomically: true, encoding: .utf8)

        let result = try run(["check", "--no-cache", "ride.yaml"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("ContentState has 'tip: Double', which the schema does not"), result.stderr)
        XCTAssertFalse(result.stderr.contains("lacks the schema's 'eta"), result.stderr)
    }

    func testImportReadsAFileWithCRLineEnds() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("lone-cr-import")
        defer { try? FileManager.default.removeItem(at: folder) }
        let swift = "import ActivityKit\r// the card\rstruct RideAttributes: ActivityAttributes {\r    struct ContentState: Codable, Hashable {\r"
            + "        var eta: Int // minutes\r        var label: String\r    }\r    var rideId: String\r}\r"
        try swift.write(to: folder.appendingPathComponent("Ride.swift"), atomically: true, encoding: .utf8)
        let result = try run(["import", "Ride.swift"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("state:\n  eta:   { type: int }\n  label: { type: string }\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("attributes:\n  rideId: { type: string }\n"), result.stdout)
    }

    /// A bidi override or NUL inside a name was read as a symbol that split the name, and
    /// the error spoke of a missing type "from ;". Now it names the character at its place.
    func testAControlOrFormatCharacterInCodeIsNamedWhereItIs() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("swift-format-char")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (scalar, code) in [("\u{202E}", "U+202E"), ("\u{0}", "U+0000"), ("\u{200B}", "U+200B")] {
            let swift = "\u{FEFF}struct RideAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable {\n        var e\(scalar)ta: Int\n    }\n}\n"
            try swift.write(to: folder.appendingPathComponent("Ride.swift"), atomically: true, encoding: .utf8)
            let result = try run(["import", "Ride.swift"], in: folder)
            XCTAssertEqual(result.status, 2, "\(code): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("Ride.swift:3:14: error: cannot read this Swift: \(code), a control or format character, outside a string or comment [import-syntax]"),
                          "\(code): \(result.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["Ride.swift"], "nothing written")
        }
    }
}
