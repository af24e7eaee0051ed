import Foundation
import XCTest
@testable import LiveContract

/// The payload budget names which half (attributes or state) and which route key a field it
/// warns about is in, when a name is shared by both halves.
final class PayloadBudgetNamingTests: XCTestCase {
    static let head = "livecontract: 1\nname: T\n"
    static let outputs = "outputs:\n  fixtures: f\n"

    func run(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        try runInScratchFolder(arguments, files: files)
    }

    /// A trip whose attributes and state both have `legs` (state renamed on FCM): the start
    /// body names each half, the FCM map names the key it carries.
    func testBudgetNamesWhichHalfASharedFieldIsIn() throws {
        let yaml = Self.head + """
            attributes:
              legs: { type: "[string]", maxItems: 40, maxLength: 40 }
            state:
              legs: { type: "[string]", maxItems: 30, maxLength: 40, bridgeName: legStatus }

            """ + Self.outputs
        let (result, _) = try run(["generate", "t.yaml"], files: ["t.yaml": yaml])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("[payload-budget-over]") }
        let start = try XCTUnwrap(warnings.first { $0.contains("[apns-start]") })
        XCTAssertTrue(start.contains("the largest fields are 'attributes.legs' 9729, 'content-state.legs' 7299 bytes"), String(start))
        let fcm = try XCTUnwrap(warnings.first { $0.contains("[fcm-data]") })
        XCTAssertTrue(fcm.contains("the largest fields are 'legs' 11411, 'legStatus' 8566 bytes"), String(fcm))
        let update = try XCTUnwrap(warnings.first { $0.contains("[apns-update]") })
        XCTAssertTrue(update.contains("the largest fields are 'legs' 7299 bytes"), String(update))
    }
}
