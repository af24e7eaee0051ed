import Foundation
import XCTest

/// The project is licensed under Apache-2.0, as the Swift projects it builds with: the
/// LICENSE file holds the standard text and the README names it.
final class LicenseTests: XCTestCase {
    func testTheLicenseIsApache2AndTheReadmeNamesIt() throws {
        let license = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(license.contains("Apache License\n                           Version 2.0, January 2004"), "the standard Apache-2.0 text")
        XCTAssertTrue(license.contains("END OF TERMS AND CONDITIONS"))
        XCTAssertEqual(license.split(separator: "\n", omittingEmptySubsequences: false).count, 203, "the full text, 202 lines")
        let readme = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("## License\n\nApache-2.0"), "the README names the license")
        XCTAssertTrue(readme.contains("(LICENSE)"), "and links the file")
    }
}
