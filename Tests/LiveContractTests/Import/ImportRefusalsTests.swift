import Foundation
import XCTest
@testable import LiveContract

/// Shapes seen in public ActivityAttributes files that import must refuse, because the
/// schema cannot hold what the Swift means or the Swift does not compile as written: each
/// refusal is an error at the line and column that causes it, says why, and says what to do.
final class ImportRefusalsTests: XCTestCase {
    func located(_ source: String) -> (schema: String?, messages: [String]) {
        let result = SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
        let messages = result.diagnostics.sorted.filter { $0.severity != .note }
            .map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) [\($0.rule)] \($0.message)" }
        return (result.schema, messages)
    }

    /// `typealias ContentState = X` with X in another file names X and the way out, instead of
    /// saying that the attributes have no ContentState.
    func testContentStateAliasOfATypeNotReadNamesThatType() {
        let result = located("""
        struct LunchAttributes: ActivityAttributes {
            typealias ContentState = LunchSession
            var table: Int
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, ["2:5 error [import-unsupported] ContentState is an alias of 'LunchSession', which is not declared in the files import reads, so its Codable shape is unknown; pass the file that declares it too (`livecontract import A.swift Models.swift`, or a folder that holds both)"])
    }

    /// `typealias ContentState = Void` does not compile against ActivityKit; the message says
    /// why and which empty struct has the JSON an unchanging activity needs.
    func testVoidContentStateSaysWhyAndWhatToDeclare() {
        for target in ["Void", "()"] {
            let result = located("struct MoodAttributes: ActivityAttributes {\n    public typealias ContentState = \(target)\n}\n")
            XCTAssertNil(result.schema)
            XCTAssertEqual(result.messages, ["2:12 error [import-unsupported] ContentState is '\(target)', which is not Codable, and ActivityKit requires ContentState: Codable & Hashable; for a Live Activity without changing content declare an empty `struct ContentState: Codable, Hashable {}` (its JSON is {}) and import again"])
        }
    }

    /// A fallback computed at decode time (`?? Date()`) has no value a schema `default:` can
    /// hold; the refusal says so at the statement and offers the two forms that import.
    func testComputedFallbackIsRefusedAtItsStatementWithTheWayOut() {
        let result = located("""
        struct PingAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var seen: Date
                var count: Int
                var host: String
                var label: String
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    seen = try c.decodeIfPresent(Date.self, forKey: .seen) ?? Date()
                    host = try c.decode(String.self, forKey: .host)
                    count = try c.decodeIfPresent(Int.self, forKey: .count) ?? 0
                    label = try c.decodeIfPresent(String.self, forKey: .label) ?? host
                }
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, ["9:13 error [import-unsupported] the fallback Date() of 'seen' is not a literal the schema can hold as `default:` (a string, number, Bool, enum case, URL, Date, or a list or dictionary of those) (it is computed each time a payload lacks the key, so it has no fixed value); write a fixed fallback (`?? 0`, `?? Date(timeIntervalSince1970: 0)`, `?? .someCase`), or make 'seen' optional and read it with decodeIfPresent and no fallback",
                                         "12:13 error [import-unsupported] the fallback host of 'label' is not a literal the schema can hold as `default:` (a string, number, Bool, enum case, URL, Date, or a list or dictionary of those) (it is the value of another property, which a schema default cannot refer to); write a fixed fallback (`?? 0`, `?? Date(timeIntervalSince1970: 0)`, `?? .someCase`), or make 'label' optional and read it with decodeIfPresent and no fallback"])
    }

    /// Swift synthesizes CodingKeys only while one Codable requirement is synthesized: with
    /// one hand-written the property names are the keys (KilnAttributes in the shapes); with
    /// both hand-written and no CodingKeys in sight, import asks for the file that has them.
    func testBothCodableHalvesWithoutCodingKeysAskForTheirFile() throws {
        let one = located("""
        struct FerryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var berth: Int
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    berth = try c.decodeIfPresent(Int.self, forKey: .berth) ?? 4
                }
            }
        }
        """)
        XCTAssertTrue(try XCTUnwrap(one.schema, "\(one.messages)").contains("berth: { type: int, default: 4 }"), one.schema ?? "")
        XCTAssertEqual(one.messages, [])
        let both = located("""
        struct FerryAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var berth: Int
                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    berth = try c.decode(Int.self, forKey: .berth)
                }
                func encode(to encoder: any Encoder) throws {
                    var c = encoder.container(keyedBy: CodingKeys.self)
                    try c.encode(berth, forKey: .berth)
                }
            }
        }
        """)
        XCTAssertNil(both.schema)
        XCTAssertEqual(both.messages, ["8:9 error [import-unsupported] 'ContentState' writes both init(from:) and encode(to:) but no CodingKeys enum is declared in the files import reads, and Swift synthesizes CodingKeys only while one of the two is synthesized; pass the file that declares its CodingKeys too"])
    }

    /// CGFloat imports as double (the same JSON) with a warning at the property that the
    /// generated type is Double.
    func testCGFloatImportsAsDoubleWithAWarning() throws {
        let result = located("struct InkAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var width: CGFloat }\n}\n")
        XCTAssertTrue(try XCTUnwrap(result.schema, "\(result.messages)").contains("width: { type: double }"), result.schema ?? "")
        XCTAssertEqual(result.messages, ["2:50 warning [import-changed] CGFloat encodes as its Double value, so the schema says double (same JSON) and the generated code declares 'Double'; Swift converts it to CGFloat implicitly where app code passes it on, but code that spells CGFloat for this property's type must follow"])
    }

    /// An enum without a raw type that is not even Codable (a status enum for the UI, used in
    /// the ContentState): the message says so and gives the declaration that imports; once
    /// Codable, its synthesized `{"case":{}}` form is refused with the JSON named.
    func testNonCodableEnumSaysItIsNotCodable() {
        let status = """
        struct SyncAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { let status: SyncStatus }
        }
        enum SyncStatus%@ {
            case updating, done
        }
        """
        let plain = located(status.replacingOccurrences(of: "%@", with: ": CustomStringConvertible"))
        XCTAssertNil(plain.schema)
        XCTAssertEqual(plain.messages, ["4:6 error [import-unsupported] enum 'SyncStatus' is not Codable in the files import reads (neither it nor an extension of it conforms), so a Codable struct cannot hold it and the Swift does not compile as given; declare `enum SyncStatus: String, Codable` (its JSON is then the case name), or pass the file whose extension makes it Codable"])
        let codable = located(status.replacingOccurrences(of: "%@", with: ": Codable, Hashable"))
        XCTAssertNil(codable.schema)
        XCTAssertEqual(codable.messages, [#"4:6 error [import-unsupported] enum 'SyncStatus' has no String raw type, so Codable writes each case as an object ({"case":{}}); add ': String' if the JSON should be the case name"#])
    }

    /// Apple-framework types (and any-value wrappers) named in a ContentState get why they
    /// have no schema form and what to send instead, rather than "pass the file that declares
    /// it"; a type of that name declared in the files is read as usual.
    func testPlatformTypesSayWhatToSendInstead() throws {
        let result = located("""
        struct PinAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {
                var size: CGSize
                var tint: Color
                var extra: [String: AnyCodable]
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, [
            "3:13 error [import-unsupported] 'CGSize' has no schema form: its Codable form is the JSON array [width, height]; send width and height as double fields (or a struct of the two)",
            "4:13 error [import-unsupported] 'Color' has no schema form: SwiftUI's Color is not Codable; send a hex string or its components as double fields, and build the Color in the widget",
            "5:13 error [import-unsupported] 'AnyCodable' has no schema form: it is not declared in the files import reads, and a value of any JSON type (which such a wrapper holds) has no schema type anyway; declare the fields it carries in a struct (or use a [String: String] map)",
        ])
        let own = located("""
        struct PinAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var tint: Color }
            struct Color: Codable, Hashable { var hex: String }
        }
        """)
        XCTAssertTrue(try XCTUnwrap(own.schema, "\(own.messages)").contains("  Color:\n    fields:\n      hex: { type: string }"), own.schema ?? "")
    }
}
