import Foundation
import XCTest

/// The release tarball the npm and GitHub Action tests install from:
/// `livecontract-<version>-linux-<arch>.tar.gz` with its `.sha256`, as scripts/package writes
/// them. Taken from LIVECONTRACT_DIST_DIR when set (a missing tarball there fails), else from
/// dist/ when it holds this version's tarball, else from the release build the other packaging
/// tests share (ReleaseDist: built once per test process), so every form is proven with the
/// binary a user downloads.
enum ReleaseTarball {
    /// The version every package carries: VERSION at the root, as scripts/version prints it.
    static var version: String {
        let text = (try? String(contentsOf: TestSupport.repoRoot.appendingPathComponent("VERSION"), encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `linux-x86_64`, `linux-aarch64`: the os-arch part of this machine's tarball name.
    static var platform: String {
        var info = utsname()
        uname(&info)
        let machine = withUnsafeBytes(of: &info.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "linux-\(machine)"
    }

    static var tarballName: String { "livecontract-\(version)-\(platform).tar.gz" }

    /// A folder holding this machine's tarball and its .sha256, and a note of where it came
    /// from. Read-only for the caller: it may be dist/ or shared with other tests.
    static func folder() throws -> (URL, String) {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["LIVECONTRACT_DIST_DIR"], !given.isEmpty {
            let folder = URL(fileURLWithPath: given)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(tarballName).path) else {
                XCTFail("LIVECONTRACT_DIST_DIR=\(given) has no \(tarballName); run scripts/package first")
                throw XCTSkip("no release tarball")
            }
            return (folder, "\(given) (LIVECONTRACT_DIST_DIR)")
        }
        let dist = TestSupport.repoRoot.appendingPathComponent("dist")
        if FileManager.default.fileExists(atPath: dist.appendingPathComponent(tarballName).path) {
            return (dist, "dist/ (scripts/package)")
        }
        let built = try ReleaseDist.shared()
        guard built.tarball.lastPathComponent == tarballName else {
            XCTFail("scripts/package wrote \(built.tarball.lastPathComponent), expected \(tarballName)")
            throw XCTSkip("no release tarball")
        }
        return (built.folder, "the release build (scripts/package)")
    }
}
