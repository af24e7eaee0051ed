import Foundation
import XCTest
@testable import LiveContract

/// `init(from:)` that passes the decoded keys to another initializer imports when that
/// initializer only stores its parameters (ImportShapesTests' RelayAttributes proves the
/// compiled round trip); what else real files do in those bodies (clamping in the called
/// initializer, converting a decoded value inline, a fallback computed from other properties)
/// is refused at its statement with what the JSON is and the way out.
final class ImportDelegationTests: XCTestCase {
    func messages(_ source: String) -> (schema: String?, messages: [String]) {
        let result = SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
        let messages = result.diagnostics.sorted.filter { $0.severity == .error }
            .map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
        return (result.schema, messages)
    }

    /// The delegated form reads like per-property statements: `?? literal` is a default.
    func testDelegationToAStoringInitializerImportsWithDefaults() throws {
        let result = messages("""
        struct CountAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var running: Int
                var label: String
                init(running: Int, label text: String = "") {
                    self.running = running
                    self.label = text
                }
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.init(running: try container.decode(Int.self, forKey: .running),
                              label: try container.decodeIfPresent(String.self, forKey: .label) ?? "idle")
                }
            }
        }
        """)
        let schema = try XCTUnwrap(result.schema, "\(result.messages)")
        XCTAssertTrue(schema.contains("state:\n  running: { type: int }\n  label:   { type: string, default: \"idle\" }\n"), schema)
    }

    /// The called initializer clamps: the stored value is not the JSON's.
    func testACalledInitializerThatComputesIsRefusedAtItsStatement() {
        let result = messages("""
        struct CountAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var running: Int
                init(running: Int) {
                    self.running = max(0, running)
                }
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.init(running: try container.decode(Int.self, forKey: .running))
                }
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, ["5:13 [import-unsupported] 'ContentState' decodes its keys in init(from:) and passes them to init(running:), which does more than store each parameter (`self.running = max(0, running)`), so what the type holds is computed from the JSON, which a schema field cannot say: store the decoded values as they are (convert where app code reads them), or keep this type by hand"])
    }

    /// No initializer with the call's labels in the files (and the memberwise one is gone,
    /// since the type's body declares init(from:)).
    func testACallToAnUnknownInitializerSaysWhatToPass() {
        let result = messages("""
        struct CountAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var running: Int
                var waiting: Int
                init(from decoder: Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.init(running: try container.decode(Int.self, forKey: .running), waiting: try container.decode(Int.self, forKey: .waiting))
                }
            }
        }
        """)
        XCTAssertEqual(result.messages, ["7:13 [import-unsupported] 'ContentState' calls init(running:waiting:) in init(from:), and no initializer of it with those labels is declared in the files import reads (nor is it the memberwise one); pass the file that declares it, or decode each key into its property directly"])
    }

    /// A decoded value converted in the same statement (Unix seconds made a Date) while the
    /// synthesized encode(to:) writes the Date in Swift's own form: the two coders disagree,
    /// which no schema date (one `encoding:`) can express.
    func testAnInlineConversionNamesTheKeyAndItsJSON() {
        let result = messages("""
        struct ClockAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var on: Bool }
            let startedAt: Date
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                startedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .startedAt))
            }
        }
        """)
        XCTAssertEqual(result.messages, ["6:9 [import-unsupported] 'startedAt' is read by init(from:) as Unix seconds but written by the synthesized encode(to:) as seconds since 2001-01-01 (Swift's default Date form); a schema date has one APNs form (`encoding:`) for both directions: make both coders use the same form, or keep this type by hand"])
        // A conversion that is none of the date encodings keeps naming the key and its JSON.
        let shifted = messages("""
        struct ClockAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var on: Bool }
            let startedAt: Date
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                startedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .startedAt) + 60)
            }
        }
        """)
        XCTAssertEqual(shifted.messages, ["6:9 [import-unsupported] 'ClockAttributes' writes its own init(from:), and this statement has no schema form: it decodes the key 'startedAt' as Double and stores what `Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .startedAt) + 60)` computes from it, so the JSON of 'startedAt' is Double's while the property has another type, and a schema field's JSON is always its own Swift type's Codable form: declare 'startedAt' as Double (the JSON stays the same) and convert where app code reads it, or keep this type by hand"])
    }

    /// A key read into a local whose fallback is computed from another property, and one
    /// whose fallback is a literal (which only needs the one-statement form).
    func testFallbacksThroughALocalSayWhatTheyAre() {
        func body(_ fallback: String) -> String {
            """
            struct QueryAttributes: ActivityAttributes {
                enum Outcome: String, Codable, Hashable { case running, completed }
                struct ContentState: Codable, Hashable {
                    var endedAt: Date?
                    var outcome: Outcome
                    init(from decoder: Decoder) throws {
                        let container = try decoder.container(keyedBy: CodingKeys.self)
                        endedAt = try container.decodeIfPresent(Date.self, forKey: .endedAt)
                        let stored = try container.decodeIfPresent(Outcome.self, forKey: .outcome)
                        outcome = stored ?? \(fallback)
                    }
                }
            }
            """
        }
        XCTAssertEqual(messages(body("(endedAt == nil ? .running : .completed)")).messages, [
            "9:13 [import-unsupported] 'ContentState' writes its own init(from:), and this statement has no schema form: it reads the key 'outcome' as Outcome into 'stored' and stores 'outcome' as `stored ?? (endedAt == nil ? .running : .completed)`, a fallback computed each time the key is missing, while a schema default is one fixed literal: write a literal fallback (`?? <value>`), declare 'outcome' optional and compute the fallback where app code reads it, or keep this type by hand",
        ])
        XCTAssertEqual(messages(body(".running")).messages, [
            "9:13 [import-unsupported] 'ContentState' writes its own init(from:), and this statement has no schema form: it reads the key 'outcome' into 'stored' and then stores 'outcome' as `stored ?? .running`; import reads a default only in one statement: write `outcome = try container.decodeIfPresent(Outcome.self, forKey: .outcome) ?? .running` (the same decoding) and import again",
        ])
    }
}
