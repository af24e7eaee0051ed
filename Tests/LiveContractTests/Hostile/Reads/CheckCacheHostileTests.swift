import Foundation
import XCTest
@testable import LiveContract

/// The check cache attacked: a cache folder a repository could fill (inside the working
/// tree, relative, reached through a symlink), a forged entry (checksums are no secret), two
/// checks storing at once, more than 64 entries. A replay never prints what a full check
/// would not, and a forged entry is at worst a miss.
final class CheckCacheHostileTests: XCTestCase {
    var folder: URL!
    var cache: URL!
    let manager = FileManager.default

    override func setUpWithError() throws {
        folder = TestSupport.temporaryDirectory("cache-hostile")
        cache = TestSupport.temporaryDirectory("cache-hostile-store")
        try manager.removeItem(at: cache)
        try TestSupport.generate(schema: "delivery", into: folder)
    }

    override func tearDownWithError() throws {
        if let folder { try? manager.removeItem(at: folder) }
        if let cache { try? manager.removeItem(at: cache) }
    }

    func check(_ arguments: [String] = [], cacheDir: String? = nil) throws -> TestSupport.RunResult {
        try TestSupport.run(TestSupport.binary.path, ["check"] + arguments + ["delivery.yaml"], in: folder,
                            environment: ["LIVECONTRACT_CACHE_DIR": cacheDir ?? cache.path, "NO_COLOR": "1"])
    }

    func entries(_ url: URL) -> [String] {
        ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasPrefix("check-") }
    }

    func testAFolderARepositoryCouldFillIsNeverUsed() throws {
        // In a working tree (files checked out are the user's own, so a committed entry
        // would pass every ownership test), relative, or reached through a link to one.
        try manager.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let inTree = folder.appendingPathComponent("tools/cache")
        XCTAssertEqual(try check(cacheDir: inTree.path).status, 0)
        XCTAssertFalse(manager.fileExists(atPath: inTree.path), "a folder inside the working tree was used")
        XCTAssertEqual(try check(cacheDir: "relative-cache").status, 0)
        XCTAssertFalse(manager.fileExists(atPath: folder.appendingPathComponent("relative-cache").path))
        let outside = TestSupport.temporaryDirectory("cache-hostile-link")
        defer { try? manager.removeItem(at: outside) }
        try manager.createSymbolicLink(atPath: outside.appendingPathComponent("link").path, withDestinationPath: folder.appendingPathComponent("tools").path)
        XCTAssertEqual(try check(cacheDir: outside.appendingPathComponent("link/cache").path).status, 0)
        XCTAssertFalse(manager.fileExists(atPath: inTree.path), "a link into the working tree was followed")
        // The cache folder itself a symlink (to a folder of the user's): not used.
        let real = outside.appendingPathComponent("real")
        try manager.createDirectory(at: real, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.createSymbolicLink(atPath: outside.appendingPathComponent("cache").path, withDestinationPath: real.path)
        XCTAssertEqual(try check(cacheDir: outside.appendingPathComponent("cache").path).status, 0)
        XCTAssertEqual(entries(real), [])
    }

    /// A forger who knows the format and checksum rewrites the recorded report: control
    /// characters in it are printed escaped, a failing exit code or a read of an absurd size
    /// makes the entry a miss (the full check's report is printed).
    func testAForgedEntryIsEscapedOrAMiss() throws {
        let passing = try check()
        XCTAssertEqual(passing.status, 0, passing.stderr)
        let name = try XCTUnwrap(entries(cache).first)
        let path = cache.appendingPathComponent(name)
        let entry = try XCTUnwrap(CheckCacheEntry(decoding: Array(try Data(contentsOf: path))))
        func plant(_ forged: CheckCacheEntry) throws {
            try Data(forged.encoded()).write(to: path)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path.path)
        }
        var loud = entry
        loud.outcome.writes = [(1, Array("\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2Jowned\r\n".utf8))]
        try plant(loud)
        let replayed = try check()
        XCTAssertEqual(replayed.status, 0)
        XCTAssertFalse(replayed.stdout.unicodeScalars.contains(where: TerminalText.isEscaped), replayed.stdout.debugDescription)
        XCTAssertTrue(replayed.stdout.contains("\\u{1B}]52;c;ZXZpbA==\\u{7}"), replayed.stdout.debugDescription)

        // Only passing runs are kept, so an entry recording exit 1 is a miss: the check
        // runs in full (and passes).
        var failing = entry
        failing.outcome.exitCode = 1
        failing.outcome.writes = [(2, Array("forged failure\n".utf8))]
        try plant(failing)
        let miss = try check()
        XCTAssertEqual(miss.status, 0, miss.stderr)
        XCTAssertEqual(miss.stdout, passing.stdout)
        XCTAssertFalse(miss.stderr.contains("forged"))

        // A read no run asks for (a 1 TiB limit) is a miss too, before anything is read.
        var greedy = entry
        let access = Array(greedy.reads[0].access)
        let parts = access.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
        if access.first == 3, parts.count == 3 {
            greedy.reads[0].access = ([3] + Array(parts[0]) + [0] + Array("1099511627776".utf8) + [0] + Array(parts[2]))[...]
            greedy.outcome.writes = [(1, Array("forged\n".utf8))]
            try plant(greedy)
            let refused = try check()
            XCTAssertFalse(refused.stdout.contains("forged"), refused.stdout)
        } else {
            XCTFail("the first read is not the schema's readFile: \(access.prefix(40))")
        }
    }

    /// Checks storing at once leave whole entries and no temporary files; past 64 entries
    /// the oldest go.
    func testConcurrentStoresAndEviction() throws {
        try manager.createDirectory(at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for index in 0..<70 {
            let stale = cache.appendingPathComponent("check-stale\(index)")
            try Data("x".utf8).write(to: stale)
            try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))], ofItemAtPath: stale.path)
        }
        let variants: [[String]] = [[], ["--quiet"], ["--format", "json"], ["--format", "github"], ["--strict"], ["--format", "sarif"]]
        let group = DispatchGroup()
        nonisolated(unsafe) var statuses: [Int32] = Array(repeating: -1, count: variants.count)
        let binary = TestSupport.binary.path, here = folder!, store = cache.path
        for (index, arguments) in variants.enumerated() {
            group.enter()
            DispatchQueue.global().async {
                let result = try? TestSupport.run(binary, ["check"] + arguments + ["delivery.yaml"], in: here,
                                                  environment: ["LIVECONTRACT_CACHE_DIR": store, "NO_COLOR": "1"])
                statuses[index] = result?.status ?? -2
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(statuses, Array(repeating: 0, count: variants.count))
        let names = try manager.contentsOfDirectory(atPath: cache.path)
        XCTAssertFalse(names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        let kept = entries(cache)
        XCTAssertLessThanOrEqual(kept.count, 64)
        let real = kept.filter { !$0.hasPrefix("check-stale") }
        XCTAssertEqual(real.count, variants.count, "\(kept)")
        for name in real {
            XCTAssertNotNil(CheckCacheEntry(decoding: Array(try Data(contentsOf: cache.appendingPathComponent(name)))), name)
        }
        XCTAssertFalse(kept.contains("check-stale0"), "the oldest entry was not evicted")
    }
}
