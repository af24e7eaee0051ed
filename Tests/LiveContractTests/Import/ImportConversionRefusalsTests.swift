import Foundation
import XCTest
@testable import LiveContract

/// Contracts whose JSON is not their properties' own Codable form (a Date sent as Unix
/// seconds, an Int-raw enum, Data): the schema has no field whose Swift type differs from
/// its JSON, so import refuses them, at the statement or declaration that causes it, saying
/// what the JSON is and how to declare the property so the schema can hold the same JSON.
final class ImportConversionRefusalsTests: XCTestCase {
    func located(_ source: String) -> (schema: String?, messages: [String]) {
        let result = SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
        let messages = result.diagnostics.sorted.filter { $0.severity == .error }
            .map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) [\($0.rule)] \($0.message)" }
        return (result.schema, messages)
    }

    /// A public vote contract decodes `scheduledTime` as Unix seconds into a local and makes
    /// a Date of it, and encodes `timeIntervalSince1970`: both coders agree on Unix seconds,
    /// which the schema says with `encoding: unixSeconds` (DateEncodingTests round-trips it).
    func testKeyDecodedIntoALocalAsUnixSecondsImportsAsTheEncoding() throws {
        let result = located(Self.vote(decoded: "timestamp", encoded: "scheduledTime.timeIntervalSince1970"))
        XCTAssertEqual(result.messages, [])
        XCTAssertTrue(try XCTUnwrap(result.schema).contains("scheduledTime: { type: date, encoding: unixSeconds }"), result.schema ?? "")
    }

    /// Any other conversion through a local, or written computed, is named with the key, the
    /// JSON type and the declaration that keeps the same JSON.
    func testKeyDecodedIntoALocalAndConvertedIsRefusedWithTheJSONType() {
        let result = located(Self.vote(decoded: "timestamp + 60", encoded: "scheduledTime.timeIntervalSince1970 - 60"))
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, [
            "9:9 [import-unsupported] 'VoteAttributes' writes its own init(from:), and this statement has no schema form: it reads the key 'scheduledTime' as Double into a local and sets the property from a value computed from it, so the JSON of 'scheduledTime' is Double's while the property has another type, and a schema field's JSON is always its own Swift type's Codable form: declare 'scheduledTime' as Double (the JSON stays the same) and convert where app code reads it, or keep this type by hand",
            "15:9 [import-unsupported] 'VoteAttributes' writes its own encode(to:), and this statement has no schema form: it writes scheduledTime.timeIntervalSince1970-60 under the key 'scheduledTime', a value computed from 'scheduledTime' rather than the property itself, so the JSON is not the property's own Codable form, which is what a schema field's JSON always is: declare 'scheduledTime' with the type of what is written (the JSON stays the same) and convert where app code reads it, or keep this type by hand",
        ])
    }

    /// A key read into a local of the property's own type and stored only through other code
    /// (here an initializer that normalises it): the message does not claim the types differ,
    /// it says to store the key in one statement and normalise in app code.
    func testKeyDecodedIntoALocalOfThePropertysTypeSaysToStoreItDirectly() {
        let result = located("""
        struct FareAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var open: Bool }
            let zone: String
            enum CodingKeys: String, CodingKey { case zone }
            init(zone: String) { self.zone = zone.uppercased() }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                let raw = try container.decodeIfPresent(String.self, forKey: .zone) ?? Zone.central.code
                self.init(zone: raw)
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, [
            "8:9 [import-unsupported] 'FareAttributes' writes its own init(from:), and this statement has no schema form: it reads the key 'zone' as String into the local 'raw', and 'zone' is set from it only through other code (a computed fallback, a conversion, or an initializer that computes), so what the type holds is not simply the JSON; the JSON and the property are both String, so store the key in one statement (`zone = try container.decode(String.self, forKey: .zone)`, or `decodeIfPresent(...) ?? literal` for a default) and move any normalising into app code, or keep this type by hand",
        ])
    }

    /// A decoded value passed through a normalising call into a property of the same type:
    /// the message says the JSON and the property agree and asks to store the value decoded.
    func testDecodedValueNormalisedIntoThePropertysOwnTypeSaysToStoreItAsDecoded() {
        let result = located("""
        struct StallAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var open: Bool }
            var website: URL?
            enum CodingKeys: String, CodingKey { case website }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                website = LinkPolicy.clean(try container.decodeIfPresent(URL.self, forKey: .website))
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, [
            "7:9 [import-unsupported] 'StallAttributes' writes its own init(from:), and this statement has no schema form: it decodes the key 'website' as URL and stores what `LinkPolicy.clean(try container.decodeIfPresent(URL.self, forKey: .website))` computes from it rather than the value decoded, so what the type holds is not simply the JSON; the JSON and the property are both URL, so store the key as decoded (`website = try container.decodeIfPresent(URL.self, forKey: .website)`) and move the normalising into app code, or keep this type by hand",
        ])
    }

    static func vote(decoded: String, encoded: String) -> String {
        """
        struct VoteAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var open: Bool }
            let title: String
            let scheduledTime: Date
            enum CodingKeys: String, CodingKey { case title, scheduledTime }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.title = try container.decode(String.self, forKey: .title)
                let timestamp = try container.decode(Double.self, forKey: .scheduledTime)
                self.scheduledTime = Date(timeIntervalSince1970: \(decoded))
            }
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(title, forKey: .title)
                try container.encode(\(encoded), forKey: .scheduledTime)
            }
        }
        """
    }

    /// Any other statement keeps the general message, which shows the one readable form.
    func testOtherStatementsKeepTheGeneralMessage() {
        let result = located("""
        struct PingAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var open: Bool }
            let title: String
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                title = (try? container.decode(String.self, forKey: .title)) ?? ""
            }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages.count, 1, "\(result.messages)")
        XCTAssertTrue(result.messages[0].hasPrefix("6:17 [import-unsupported] 'PingAttributes' writes its own init(from:), and this statement is not of the one form import reads ("), result.messages[0])
    }

    /// An Int-raw enum imports as `raw: int` (its JSON is a number); another integer raw
    /// type is refused at the enum, and the message names `Int` as the form that imports.
    func testIntRawEnumImportsAndOtherIntegerRawTypesSayWhatImports() {
        let result = located("""
        struct FocusAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var block: BlockType }
        }
        enum BlockType: Int, Codable, CaseIterable {
            case focus
            case `break`
        }
        """)
        XCTAssertTrue(result.schema?.contains("raw: int") ?? false, "\(result.schema ?? "no schema") \(result.messages)")
        XCTAssertFalse(result.messages.contains { $0.contains("import-unsupported") }, "\(result.messages)")

        let narrow = located("""
        struct FocusAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var block: BlockType }
        }
        enum BlockType: UInt8, Codable {
            case focus
        }
        """)
        XCTAssertNil(narrow.schema)
        XCTAssertEqual(narrow.messages.count, 1, "\(narrow.messages)")
        XCTAssertTrue(narrow.messages.first?.hasPrefix("4:6 [import-unsupported] enum 'BlockType'") ?? false, "\(narrow.messages)")
        XCTAssertTrue(narrow.messages.first?.contains("Int") ?? false, "\(narrow.messages)")
    }

    /// `Data` encodes as base64 text with JSONEncoder's default strategy.
    func testDataSaysItsJSONIsABase64String() {
        let result = located("""
        struct WalkAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable {}
            let encodedTest: Data
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages, ["3:9 [import-unsupported] 'Data' has no schema form; its Codable JSON (JSONEncoder's default) is a base64 string, so declare it String (the same JSON) and convert with Data(base64Encoded:) where app code reads it"])
    }

    /// A field type that takes init(from:) and encode(to:) from an extension of a protocol it
    /// conforms to writes what that code writes (here a bare string), not its stored
    /// properties: refused at the type, with a note at the protocol's code. The same type
    /// whose own body implements both keeps them (they win over the protocol's).
    func testCodingFromAProtocolExtensionIsRefused() {
        let source = """
        protocol TextValue: Codable {
            var text: String { get }
            init(text: String)
        }
        extension TextValue {
            init(from decoder: Decoder) throws { self.init(text: try decoder.singleValueContainer().decode(String.self)) }
            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(text)
            }
        }
        struct Plate: TextValue, Hashable { let text: String }
        struct ParkingAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var minutesLeft: Int }
            var plate: Plate
        }
        """
        let result = SwiftImport.run(source: source, path: "A.swift", swiftOutput: "A.swift")
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.severity.rawValue) \($0.message)" }, [
            "6:5 note the init(from:) that 'Plate' takes from 'TextValue'",
            "12:8 error 'Plate' conforms to 'TextValue', whose extension implements init(from:), so its JSON is what that code writes, not its stored properties; the schema cannot express custom coding: give 'Plate' the fields its JSON has (a single value is that value's type in the schema) or keep this type by hand",
        ])
        // Unknown protocols are named for the project look-up, even when the import succeeds.
        let unseen = SwiftImport.run(source: "struct PlateAttributes: ActivityAttributes {\n    struct ContentState: Codable, Hashable { var plate: Plate }\n}\nstruct Plate: Hashable, TextValue { var text: String }\n", path: "A.swift", swiftOutput: "A.swift")
        XCTAssertNotNil(unseen.schema)
        XCTAssertEqual(unseen.undeclaredTypes, ["TextValue"])
    }

    /// A single-value coder (an any-JSON wrapper) is refused for its code and its `Any`
    /// property, not for lacking a CodingKeys enum it never needed.
    func testSingleValueCoderIsNotBlamedForMissingCodingKeys() {
        let result = located("""
        struct AnyValue: Codable, Hashable {
            let value: Any
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = try container.decode(String.self)
            }
            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value as? String ?? "")
            }
        }
        struct BagAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var items: [String: AnyValue] }
        }
        """)
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.messages.map { String($0.prefix(60)) }, [
            "2:9 [import-unsupported] 'Any' has no schema form: a value o",
            "4:37 [import-unsupported] 'AnyValue' writes its own init(fro",
            "8:33 [import-unsupported] 'AnyValue' writes its own encode(t",
        ])
    }
}
