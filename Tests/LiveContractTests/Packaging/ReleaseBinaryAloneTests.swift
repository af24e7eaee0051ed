import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// The release binary alone in a root file system that holds nothing but it and the shared
/// libraries it names (the C library, libm, libstdc++, libgcc_s and the loader, copied from
/// this machine): no Swift runtime, no libyaml, no shell, and no /proc. That stands in for a
/// machine without Swift (docs/install.md records the same run in a Debian root made with
/// debootstrap) and for a chroot or build sandbox without /proc, where the Swift runtime cannot
/// read the command line and the binary used to die of SIGILL before printing anything.
/// Runs as root only (chroot needs it); CI runs as root.
final class ReleaseBinaryAloneTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        guard getuid() == 0 else { throw XCTSkip("chroot needs root") }
        root = TestSupport.temporaryDirectory("lc-bare-root")
    }

    override func tearDownWithError() throws {
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    /// Copies the binary to /livecontract and every library `ldd` resolves for it to the same
    /// path inside the root.
    func makeRoot(binary: URL) throws {
        let fm = FileManager.default
        try fm.copyItem(at: binary, to: root.appendingPathComponent("livecontract"))
        let ldd = try TestSupport.run("/usr/bin/ldd", [binary.path])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        let paths = ldd.stdout.split(separator: "\n").compactMap { line -> String? in
            // ldd indents each line with a tab: split on blanks and tabs, or the loader's own
            // line (`\t/lib64/ld-linux-x86-64.so.2 (0x...)`) is missed and nothing can start.
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).first { $0.hasPrefix("/") }
        }
        XCTAssertGreaterThanOrEqual(paths.count, 2, ldd.stdout)
        for path in paths {
            let target = root.appendingPathComponent(String(path.dropFirst()))
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: URL(fileURLWithPath: path).resolvingSymlinksInPath(), to: target)
        }
    }

    func inRoot(_ arguments: [String]) throws -> TestSupport.RunResult {
        let chroot = ["/usr/sbin/chroot", "/sbin/chroot", "/usr/bin/chroot"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/sbin/chroot"
        return try TestSupport.run("/usr/bin/env", ["-i", "NO_COLOR=1", "HOME=/", chroot, root.path, "/livecontract"] + arguments)
    }

    func testRunsWithNoProcNoSwiftAndNoLibyaml() throws {
        let dist = try ReleaseDist.shared()
        try makeRoot(binary: dist.binary)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("proc").path))
        let listing = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        XCTAssertFalse(listing.contains { $0.contains("swift") || $0.contains("yaml") }, "\(listing)")

        let version = try inRoot(["--version"])
        XCTAssertEqual(version.status, 0, "status \(version.status): \(version.stderr)")
        XCTAssertTrue(version.stdout.hasPrefix("livecontract \(dist.version) ("), version.stdout)
        let unknown = try inRoot(["frobnicate"])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("unknown command 'frobnicate'"), unknown.stderr)

        // The app is scaffolded outside (the same binary), then checked and repaired inside.
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        XCTAssertEqual(try TestSupport.run(dist.binary.path, ["init", "Delivery"], in: app).status, 0)
        XCTAssertEqual(try inRoot(["generate", "--quiet", "/app/livecontract.yaml"]).status, 0)
        let clean = try inRoot(["check", "/app/livecontract.yaml"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        let widget = app.appendingPathComponent("targets/widget/DeliveryAttributes.swift")
        let text = try String(contentsOf: widget, encoding: .utf8)
        try text.replacingOccurrences(of: "var status: String", with: "var headline: String").write(to: widget, atomically: true, encoding: .utf8)
        let drifted = try inRoot(["check", "/app/livecontract.yaml"])
        XCTAssertEqual(drifted.status, 1, drifted.stdout + drifted.stderr)
        XCTAssertTrue((drifted.stdout + drifted.stderr).contains("hand-edited"), drifted.stdout + drifted.stderr)
        XCTAssertEqual(try inRoot(["generate", "--quiet", "/app/livecontract.yaml"]).status, 0)
        XCTAssertEqual(try inRoot(["check", "/app/livecontract.yaml"]).status, 0)
    }
}
