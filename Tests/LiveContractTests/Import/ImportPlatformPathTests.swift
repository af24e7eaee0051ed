import Foundation
import XCTest
@testable import LiveContract

/// A platform type named by its path (`Color.Resolved`, as a real audio app's attributes hold
/// a list of them) is looked up by the whole path first, so the refusal says what the type is
/// and what to send instead rather than asking for a file that declares it.
final class ImportPlatformPathTests: XCTestCase {
    func testANestedPlatformTypeSaysWhatToSendInstead() {
        let result = SwiftImport.run(source: """
        struct RestoreAttributes: ActivityAttributes {
            struct ContentState: Codable, Hashable { var fraction: Double }
            var labelColors: [Color.Resolved]
        }
        """, path: "A.swift", swiftOutput: "A.swift")
        XCTAssertNil(result.schema)
        XCTAssertEqual(result.diagnostics.sorted.filter { $0.severity == .error }.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }, [
            "3:9 'Color.Resolved' has no schema form: SwiftUI's resolved color is Codable, but Apple does not document the JSON it writes; send its red, green, blue and opacity as double fields (or a hex string) and build the color in the widget",
        ])
    }
}
