import Foundation
import XCTest
@testable import LiveContract

/// One root cause, one error: each schema below is the bundled delivery schema with a single
/// mistake, run through the built binary, and must give exactly one error, at the mistake's
/// line, with advice that fits it.
final class OneMistakeOneErrorTests: XCTestCase {
    struct Mistake {
        var name: String
        var replace: String
        var with: String
        var line: Int
        var says: [String]
        var mustNotSay: [String] = []
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "typo'd section", replace: "\nattributes:", with: "\natributes:", line: 7,
                says: ["unknown key 'atributes'", "did you mean 'attributes'?", "8 more errors follow from this one"]),
        Mistake(name: "typo'd state section", replace: "\nstate:", with: "\nstat:", line: 10,
                says: ["unknown key 'stat'", "did you mean 'state'?", "more errors follow from this one"]),
        Mistake(name: "wrong type name", replace: "type: date, bridgeName", with: "type: datetime, bridgeName", line: 13,
                says: ["unknown type 'datetime'", "8 more errors follow from this one"]),
        Mistake(name: "YAML 1.1 boolean default", replace: "type: bool, default: false", with: "type: bool, default: yes", line: 16,
                says: ["'yes' is a YAML 1.1 boolean", "write true or false", "5 more errors follow from this one"]),
        Mistake(name: "quoted text default on an int", replace: "stopsRemaining:  { type: int, min: 0,", with: "stopsRemaining:  { type: int, default: \"none\", min: 0,", line: 14,
                says: ["found the text 'none'"], mustNotSay: ["remove the quotes"]),
        Mistake(name: "quoted number default on an int", replace: "stopsRemaining:  { type: int, min: 0,", with: "stopsRemaining:  { type: int, default: \"3\", min: 0,", line: 14,
                says: ["remove the quotes around '3'"]),
        Mistake(name: "misspelled type key", replace: "eta:             { type: date,", with: "eta:             { tpye: date,", line: 13,
                says: ["unknown key 'tpye'", "did you mean 'type'?", "more errors follow from this one"]),
        Mistake(name: "tab", replace: "\n  orderId:", with: "\n\torderId:", line: 8,
                says: ["a tab at 8:1; YAML indents with spaces"]),
        Mistake(name: "under-indentation", replace: "\n  courierName:", with: "\n courierName:", line: 15,
                says: ["line 15 is indented 1 space", "indent it 2 spaces like line 14"]),
        Mistake(name: "unclosed bracket", replace: "  swift:\n    - delivery/modules/droptrack-live/ios/DeliveryAttributes.swift\n    - delivery/targets/widgets/DeliveryAttributes.swift\n",
                with: "  swift: [delivery/modules/droptrack-live/ios/DeliveryAttributes.swift, delivery/targets/widgets/DeliveryAttributes.swift\n", line: 45,
                says: ["the '[' at line 45, column 10 is not closed on its line", "add ']'"]),
        Mistake(name: "unclosed quote", replace: "doc: \"Headline, e.g. Picked up\" }", with: "doc: \"Headline, e.g. Picked up }", line: 11,
                says: ["the \" opened at line 11, column 56 is never closed"]),
    ]

    func testEachSingleMistakeGivesExactlyOneError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else {
            throw XCTSkip("no binary")
        }
        let folder = TestSupport.temporaryDirectory("one-error")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"), encoding: .utf8)
        for mistake in Self.mistakes {
            XCTAssertTrue(original.contains(mistake.replace), "\(mistake.name): the schema no longer has the text to change")
            try original.replacingOccurrences(of: mistake.replace, with: mistake.with)
                .write(to: folder.appendingPathComponent("delivery.yaml"), atomically: true, encoding: .utf8)
            for format in ["text", "json"] {
                let result = try TestSupport.run(TestSupport.binary.path, ["check", "--format", format, "delivery.yaml"], in: folder, environment: ["NO_COLOR": "1"])
                XCTAssertEqual(result.status, 2, "\(mistake.name): \(result.stderr)")
                if format == "json" {
                    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                    let schemas = document?["schemas"] as? [[String: Any]]
                    let diagnostics = schemas?.first?["diagnostics"] as? [[String: Any]] ?? []
                    XCTAssertEqual(diagnostics.filter { $0["severity"] as? String == "error" }.count, 1, "\(mistake.name): \(result.stdout)")
                    continue
                }
                let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
                XCTAssertEqual(errors.count, 1, "\(mistake.name):\n\(result.stderr)")
                guard let error = errors.first else { continue }
                XCTAssertTrue(error.hasPrefix("delivery.yaml:\(mistake.line):"), "\(mistake.name): \(error)")
                for text in mistake.says { XCTAssertTrue(error.contains(text), "\(mistake.name): wanted '\(text)' in \(error)") }
                for text in mistake.mustNotSay { XCTAssertFalse(error.contains(text), "\(mistake.name): \(error)") }
            }
        }
    }
}
