import Foundation
import XCTest

/// A test case that runs the built binary in a throw-away `repo/` folder with an `outside/`
/// folder beside it, the layout every symlink and read-limit test needs: a committed link in
/// `repo/` can point into `outside/`, and the test checks nothing there was read or written.
class RepoFolderTestCase: XCTestCase {
    var folder: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        guard manager.isExecutableFile(atPath: TestSupport.binary.path) else {
            XCTFail("the livecontract binary was not built next to the tests (\(TestSupport.binary.path))")
            throw XCTSkip("no binary")
        }
        folder = TestSupport.temporaryDirectory(String(describing: type(of: self)))
        try manager.createDirectory(at: folder.appendingPathComponent("repo"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("outside"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
    }

    /// Runs `livecontract ARGS` in `repo/`, colour off.
    func run(_ arguments: [String]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder.appendingPathComponent("repo"), environment: ["NO_COLOR": "1"])
    }

    /// Writes `text` to `repo/NAME`, making its folders.
    func write(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent("repo").appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Makes `repo/NAME` a symlink to `target`, as a commit can.
    func link(_ name: String, to target: String) throws {
        let url = folder.appendingPathComponent("repo").appendingPathComponent(name)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }
}

extension XCTestCase {
    /// Runs `livecontract ARGS` in a fresh folder holding `files` (removed when the test ends);
    /// returns the result and the folder, so a test can check what was (not) written.
    func runInScratchFolder(_ arguments: [String], files: [String: String]) throws -> (TestSupport.RunResult, URL) {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory(String(describing: type(of: self)))
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return (try TestSupport.run(TestSupport.binary.path, arguments, in: folder, environment: ["NO_COLOR": "1"]), folder)
    }
}

extension XCTestCase {
    /// The lines of a report that are diagnostics of one severity (`error`, `warning`, `note`).
    func reportedLines(_ stderr: String, _ severity: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains(": \(severity): ") }
    }
}
