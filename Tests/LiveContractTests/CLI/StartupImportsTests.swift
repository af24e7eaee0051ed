import Foundation
import XCTest

/// The tool's own code imports no Foundation: in the static install build (scripts/build-release)
/// one `import Foundation` links Foundation and its ICU data (tens of MB) into the binary, and
/// `check` pays for mapping them on every commit. The C library covers what the code needs.
final class StartupImportsTests: XCTestCase {
    func testNoSourceFileImportsFoundation() throws {
        let sources = TestSupport.repoRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 100, "found the sources")
        var importing: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import Foundation") || line.hasPrefix("@_exported import Foundation") {
                importing.append(file.path.replacingOccurrences(of: sources.path + "/", with: ""))
            }
        }
        XCTAssertEqual(importing, [], "use Glibc/Darwin (or the project's own helpers) instead of Foundation")
    }
}
