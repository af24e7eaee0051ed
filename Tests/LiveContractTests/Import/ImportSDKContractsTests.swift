import Foundation
import XCTest
@testable import LiveContract

/// A push SDK's example file (a public one is laid out so) declares three contracts: two
/// conform through the SDK's protocol, which refines ActivityAttributes, and one directly.
/// Import must not quietly take the direct one: with the SDK's file it lists all three and
/// asks for --type, without it it says at each other struct why it was passed over.
final class ImportSDKContractsTests: XCTestCase {
    static let sdk = """
    import ActivityKit
    public protocol PingLiveActivityAttributes: ActivityAttributes where ContentState: PingLiveActivityContentState {
        var ping: PingAttributeData { get set }
    }
    public struct PingAttributeData: Codable { public var activityId: String }
    public protocol PingLiveActivityContentState: Codable, Hashable {
        var ping: PingContentStateData? { get set }
    }
    public struct PingContentStateData: Codable, Hashable { public var notificationId: String }
    """

    static let app = """
    import ActivityKit
    struct FirstAttributes: PingLiveActivityAttributes {
        var ping: PingAttributeData
        struct ContentState: PingLiveActivityContentState {
            var message: String
            var ping: PingContentStateData?
        }
    }
    struct SecondAttributes: PingLiveActivityAttributes {
        var ping: PingAttributeData
        struct ContentState: PingLiveActivityContentState {
            var bugs: Int
            var ping: PingContentStateData?
        }
    }
    struct ThirdAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable { var message: String }
        var title: String
    }
    """

    func run(_ files: [(String, String)], typeName: String? = nil) -> SwiftImportResult {
        SwiftImport.run(SwiftSourceSet(files.map { SwiftSourceSet.File(path: $0.0, text: $0.1) }), typeName: typeName, swiftOutput: "Examples.swift")
    }

    func testWithTheSDKFileAllThreeAreListedAndTypePicksOne() throws {
        let all = run([("Examples.swift", Self.app), ("PingSDK.swift", Self.sdk)])
        XCTAssertNil(all.schema)
        XCTAssertEqual(all.diagnostics.errors.map(\.description), [
            "Examples.swift:9:8: error: 3 types conform to ActivityAttributes (FirstAttributes, SecondAttributes, ThirdAttributes) ('FirstAttributes' through 'PingLiveActivityAttributes', 'SecondAttributes' through 'PingLiveActivityAttributes'), and a schema describes one contract; import each into its own schema with --type NAME (`livecontract import --type FirstAttributes ...`); the generated copy of each goes to a file of its own, since this file holds the other [import-no-attributes]",
        ])
        let second = run([("Examples.swift", Self.app), ("PingSDK.swift", Self.sdk)], typeName: "SecondAttributes")
        let schema = try XCTUnwrap(second.schema, "\(second.diagnostics.items)")
        XCTAssertTrue(schema.contains("name: Second\n"), schema)
        XCTAssertTrue(schema.contains("  bugs: { type: int }\n  ping: { type: PingContentStateData? }\n"), schema)
        XCTAssertTrue(second.diagnostics.items.contains { $0.message.hasPrefix("'SecondAttributes' conforms to ActivityAttributes through 'PingLiveActivityAttributes'; it is imported as named by --type") },
                      "\(second.diagnostics.items)")
    }

    func testWithoutTheSDKFileTheDirectOneIsTakenAndTheOthersAreNamed() throws {
        let result = run([("Examples.swift", Self.app)])
        XCTAssertTrue(try XCTUnwrap(result.schema, "\(result.diagnostics.items)").contains("name: Third\n"))
        let notes = result.diagnostics.items.filter { $0.message.contains("only through") }.map(\.description)
        XCTAssertEqual(notes, [
            "Examples.swift:2:8: note: 'FirstAttributes' conforms to ActivityAttributes only through 'PingLiveActivityAttributes', which the files import reads do not declare, so 'ThirdAttributes' is the contract; import 'FirstAttributes' into a schema of its own with --type FirstAttributes (and the file that declares 'PingLiveActivityAttributes') [import-changed]",
            "Examples.swift:9:8: note: 'SecondAttributes' conforms to ActivityAttributes only through 'PingLiveActivityAttributes', which the files import reads do not declare, so 'ThirdAttributes' is the contract; import 'SecondAttributes' into a schema of its own with --type SecondAttributes (and the file that declares 'PingLiveActivityAttributes') [import-changed]",
        ])
    }
}
