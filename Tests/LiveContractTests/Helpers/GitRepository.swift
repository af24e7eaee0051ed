import Foundation
import XCTest

/// A throw-away git repository for tests that need what a real one does: an index apart from
/// the working tree, hooks that run on commit, revisions to compare against.
struct GitRepository {
    let root: URL
    let git: String

    /// A fresh repository on branch `main`, with an identity so commits work on any machine.
    init(_ label: String) throws {
        guard let git = TestSupport.which("git") else { throw XCTSkip("git is not installed") }
        self.git = git
        root = TestSupport.temporaryDirectory(label)
        try run(["init", "-q", "."])
    }

    /// Runs git in the repository; fails the test on a non-zero exit unless `allowFailure`.
    @discardableResult
    func run(_ arguments: [String], allowFailure: Bool = false, environment: [String: String] = [:],
             file: StaticString = #filePath, line: UInt = #line) throws -> TestSupport.RunResult {
        let result = try TestSupport.run(git, ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main",
                                               "-c", "commit.gpgsign=false"] + arguments, in: root,
                                         environment: ["GIT_CONFIG_NOSYSTEM": "1"].merging(environment) { _, new in new })
        if !allowFailure {
            XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)", file: file, line: line)
        }
        return result
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url(path).path)
    }

    /// Copies `schema/<name>.yaml` from this repository's schemas to `path`.
    func copySchema(_ name: String, to path: String) throws {
        try write(path, String(contentsOf: TestSupport.repoRoot.appendingPathComponent("schema/\(name).yaml"), encoding: .utf8))
    }

    /// The built binary, run in the repository (or `folder` below it) without colour.
    func livecontract(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, arguments, in: folder.map(url) ?? root,
                            environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"].merging(environment) { _, new in new })
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
