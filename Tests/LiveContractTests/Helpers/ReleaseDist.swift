import Foundation
import XCTest

/// What `scripts/package` ships (the tarball, its sha256 and the wheel), built once per test
/// process and shared by every test that proves a release form (the wheel, the npm packages,
/// the binary in a bare root file system, the prebuilt pre-commit hook).
///
/// The release build takes minutes on a 2-core machine, so it happens once: the first call
/// runs `scripts/package --glibc 2.17 --out .build/release-dist --scratch-path .build/package`, as
/// the release workflow does (relinked against glibc 2.17's symbols with zig); later calls
/// (any test class, same process) get the same folder, or the same error. SwiftPM's own
/// incremental build under `.build/package` is the cache between processes: with unchanged
/// sources and commit a second run only re-strips and re-zips (seconds).
struct ReleaseDist {
    /// The folder holding the files below.
    var folder: URL
    /// VERSION, as scripts/version prints it.
    var version: String
    /// `livecontract-<version>-linux-<arch>.tar.gz`
    var tarball: URL
    /// `<tarball>.sha256`, one `sha256sum` line.
    var checksum: URL
    /// `livecontract-<version>-py3-none-manylinux_<glibc>_<arch>.whl`
    var wheel: URL
    /// The binary from the tarball, unpacked next to it (`unpacked/livecontract`).
    var binary: URL

    /// The glibc the release relinks against (`.github/workflows/release.yml`).
    static let glibcTarget = "2.17"
    static let output = TestSupport.repoRoot.appendingPathComponent(".build/release-dist")
    static let scratch = TestSupport.repoRoot.appendingPathComponent(".build/package")

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: Result<ReleaseDist, Error>?

    /// The shared build. Skips (fails in CI) off Linux, where scripts/package does not package.
    static func shared(file: StaticString = #filePath, line: UInt = #line) throws -> ReleaseDist {
        #if !os(Linux)
        throw XCTSkip("scripts/package packages Linux binaries only")
        #else
        lock.lock()
        defer { lock.unlock() }
        if built == nil { built = Result { try build() } }
        return try built!.get()
        #endif
    }

    private static func build() throws -> ReleaseDist {
        let script = TestSupport.repoRoot.appendingPathComponent("scripts/package").path
        let result = try TestSupport.run(script, ["--glibc", glibcTarget, "--out", output.path, "--scratch-path", scratch.path], in: TestSupport.repoRoot)
        guard result.status == 0 else {
            throw Failure(message: "scripts/package failed (\(result.status)):\n\(result.stderr.suffix(4000))")
        }
        let version = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("VERSION"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
        func one(_ suffix: String) throws -> URL {
            let found = names.filter { $0.hasPrefix("livecontract-\(version)-") && $0.hasSuffix(suffix) }
            guard found.count == 1 else { throw Failure(message: "expected one *\(suffix) in \(output.path), found \(found)") }
            return output.appendingPathComponent(found[0])
        }
        let tarball = try one(".tar.gz")
        let unpacked = output.appendingPathComponent("unpacked")
        try? FileManager.default.removeItem(at: unpacked)
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let untar = try TestSupport.run("/bin/tar", ["-xzf", tarball.path, "-C", unpacked.path])
        guard untar.status == 0 else { throw Failure(message: "tar -xzf failed: \(untar.stderr)") }
        return ReleaseDist(folder: output, version: version, tarball: tarball, checksum: try one(".tar.gz.sha256"),
                           wheel: try one(".whl"), binary: unpacked.appendingPathComponent("livecontract"))
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
