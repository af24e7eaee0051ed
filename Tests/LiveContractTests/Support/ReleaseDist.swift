import Foundation
import XCTest

/// The release tarball the packaging tests install from: `livecontract-<version>-linux-<arch>
/// .tar.gz` with its `.sha256`, as scripts/package writes them. Taken from, in order:
/// LIVECONTRACT_DIST_DIR (CI sets it after scripts/package; a missing tarball there fails),
/// the repository's dist/ when it holds this version's tarball, or else made here from the
/// binary the tests were built with, so the tests run without a release build.
enum ReleaseDist {
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
        if let staged { return (staged, "the test build's binary (no dist/ tarball for \(version))") }
        let root = TestSupport.temporaryDirectory("lc-release-dist")
        let folder = root.appendingPathComponent("dist")
        let staging = root.appendingPathComponent("staging")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.binary, to: staging.appendingPathComponent("livecontract"))
        let tar = try TestSupport.run("/bin/sh", ["-c", "tar -czf \"$1\" -C \"$2\" livecontract && cd \"$3\" && sha256sum \"$4\" > \"$4.sha256\"",
                                                  "sh", folder.appendingPathComponent(tarballName).path, staging.path, folder.path, tarballName])
        guard tar.status == 0 else {
            XCTFail("could not make \(tarballName): \(tar.stderr)")
            throw XCTSkip("no release tarball")
        }
        staged = folder
        stagedRoot = root.path
        atexit { if let path = stagedRoot { try? FileManager.default.removeItem(atPath: path) } }
        return (folder, "the test build's binary (no dist/ tarball for \(version))")
    }

    /// The tarball made from the test build, made once per test run (gzip of a debug binary
    /// takes seconds) and removed when the run ends.
    nonisolated(unsafe) private static var staged: URL?
}

nonisolated(unsafe) private var stagedRoot: String?
