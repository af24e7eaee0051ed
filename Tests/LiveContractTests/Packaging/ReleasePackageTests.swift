import Foundation
import XCTest

/// What a user without Swift gets from a release (docs/install.md): the tarball from
/// scripts/package holds a binary that needs only the C library, libm, libstdc++ and libgcc_s,
/// keeps the build ID the check cache reads, and names its version and commit; its sha256 file
/// verifies; the wheel installs into a fresh virtualenv with no Swift toolchain on PATH and puts
/// `livecontract` there, which passes a generated example (exit 0) and fails a drifted copy
/// (exit 1). auditwheel agrees with the wheel's platform tag.
final class ReleasePackageTests: XCTestCase {
    var work: URL!
    #if arch(arm64)
    static let architecture = "aarch64"
    #else
    static let architecture = "x86_64"
    #endif

    override func setUpWithError() throws {
        work = TestSupport.temporaryDirectory("lc-release")
    }

    override func tearDownWithError() throws {
        if let work { try? FileManager.default.removeItem(at: work) }
    }

    /// A run with nothing of this machine's environment: no Swift on PATH, a private HOME.
    func bare(_ tool: String, _ arguments: [String], in folder: URL? = nil, path: String = "/usr/bin:/bin") throws -> TestSupport.RunResult {
        try TestSupport.run("/usr/bin/env", ["-i", "PATH=\(path)", "HOME=\(work.path)", "NO_COLOR=1",
                                              "LIVECONTRACT_CACHE_DIR=\(work.appendingPathComponent("cache").path)", tool] + arguments,
                            in: folder ?? work)
    }

    func testTarballChecksumVerifiesAndTheBinaryNeedsOnlyTheCLibrary() throws {
        let dist = try ReleaseDist.shared()
        let verify = try TestSupport.run("/usr/bin/sha256sum", ["-c", dist.checksum.lastPathComponent], in: dist.folder)
        XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
        XCTAssertEqual(verify.stdout, "\(dist.tarball.lastPathComponent): OK\n")
        let listing = try TestSupport.run("/bin/tar", ["-tzf", dist.tarball.path])
        XCTAssertEqual(listing.stdout.split(separator: "\n").first, "livecontract", listing.stdout)

        let dynamic = try TestSupport.run("/usr/bin/readelf", ["-d", dist.binary.path]).stdout
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        XCTAssertFalse(needed.isEmpty, dynamic)
        // libpthread and libdl: parts of the C library that glibc before 2.34 kept apart, named
        // by a binary linked against an older glibc's symbols (scripts/package --glibc).
        let allowed: Set<String> = ["libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "libstdc++.so.6", "libgcc_s.so.1",
                                    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"]
        XCTAssertEqual(Set(needed).subtracting(allowed), [], "no Swift runtime, no libyaml: \(needed)")
        let sections = try TestSupport.run("/usr/bin/readelf", ["-S", "-W", dist.binary.path]).stdout
        XCTAssertFalse(sections.contains(".debug_info"), "stripped")
        XCTAssertFalse(sections.contains(".symtab"), "stripped")
        XCTAssertTrue(try TestSupport.run("/usr/bin/readelf", ["-n", dist.binary.path]).stdout.contains("Build ID"), "the build ID note stays")
    }

    /// `--version` names VERSION and, from a git checkout, the commit the build was made from.
    func testBinaryPrintsTheVersionAndTheCommitItWasBuiltFrom() throws {
        let dist = try ReleaseDist.shared()
        let printed = try bare(dist.binary.path, ["--version"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.hasPrefix("livecontract \(dist.version) ("), printed.stdout)
        if let git = TestSupport.which("git"),
           let head = try? TestSupport.run(git, ["rev-parse", "HEAD"], in: TestSupport.repoRoot), head.status == 0 {
            let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(printed.stdout.hasPrefix("livecontract \(dist.version) (commit \(commit)"), printed.stdout)
        }
    }

    func testWheelInstallsIntoAFreshVenvWithoutSwiftAndChecks() throws {
        let dist = try ReleaseDist.shared()
        let python = try TestSupport.requireTool("python3")
        let venv = work.appendingPathComponent("venv")
        let made = try bare(python, ["-m", "venv", venv.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let pip = venv.appendingPathComponent("bin/pip").path
        let install = try bare(pip, ["install", "--no-index", "--disable-pip-version-check", dist.wheel.path])
        XCTAssertEqual(install.status, 0, install.stdout + install.stderr)

        // On PATH, found by name through a shell as a hook or a CI step would.
        let path = venv.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        let which = try bare("/bin/sh", ["-c", "command -v livecontract; command -v swift || echo no-swift"], path: path)
        XCTAssertEqual(which.stdout, venv.appendingPathComponent("bin/livecontract").path + "\nno-swift\n")
        let app = work.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        XCTAssertEqual(try bare("/bin/sh", ["-c", "livecontract init Delivery && livecontract generate --quiet"], in: app, path: path).status, 0)
        let clean = try bare("/bin/sh", ["-c", "livecontract check"], in: app, path: path)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

        let widget = app.appendingPathComponent("targets/widget/DeliveryAttributes.swift")
        let text = try String(contentsOf: widget, encoding: .utf8)
        try text.replacingOccurrences(of: "var status: String", with: "var headline: String").write(to: widget, atomically: true, encoding: .utf8)
        let drifted = try bare("/bin/sh", ["-c", "livecontract check"], in: app, path: path)
        XCTAssertEqual(drifted.status, 1, drifted.stdout + drifted.stderr)
        XCTAssertTrue((drifted.stdout + drifted.stderr).contains("targets/widget/DeliveryAttributes.swift: hand-edited"), drifted.stdout + drifted.stderr)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("cache").path)) ?? []
        XCTAssertTrue(names.contains { $0.hasPrefix("check-") }, "the passing check was kept: the stripped binary's build ID is readable")
    }

    /// The release is relinked against glibc 2.17's symbol versions (scripts/relink-glibc): no
    /// imported C-library symbol is newer than that, no libstdc++ symbol newer than GCC 7's
    /// (GLIBCXX_3.4.24, CXXABI_1.3.11: what manylinux_2_27 systems have), and the wheel's tag
    /// says the floor they make together, as auditwheel does (the next test). The relinked binary still runs here: generate, check (0), drift (1).
    func testTheReleaseNeedsNoNewerGlibcThanItWasRelinkedFor() throws {
        let dist = try ReleaseDist.shared()
        let symbols = try TestSupport.run("/usr/bin/objdump", ["-T", dist.binary.path])
        XCTAssertEqual(symbols.status, 0, symbols.stderr)
        func versions(_ prefix: String) -> [[Int]] {
            symbols.stdout.components(separatedBy: CharacterSet(charactersIn: " \t\n()")).compactMap { word in
                guard word.hasPrefix(prefix), let rest = word.split(separator: "_").last,
                      word.dropFirst(prefix.count).allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
                return rest.split(separator: ".").compactMap { Int($0) }
            }
        }
        let glibc = versions("GLIBC_"), cxx = versions("GLIBCXX_"), abi = versions("CXXABI_")
        XCTAssertFalse(glibc.isEmpty, "the binary imports versioned C-library symbols")
        let target = ReleaseDist.glibcTarget.split(separator: ".").compactMap { Int($0) }
        for version in glibc { XCTAssertTrue(version == target || version.lexicographicallyPrecedes(target), "GLIBC_\(version) is newer than \(target)") }
        for version in cxx { XCTAssertTrue(version.lexicographicallyPrecedes([3, 4, 25]), "GLIBCXX_\(version) is newer than GCC 7's 3.4.24") }
        for version in abi { XCTAssertTrue(version.lexicographicallyPrecedes([1, 3, 12]), "CXXABI_\(version) is newer than GCC 7's 1.3.11") }
        XCTAssertTrue(dist.wheel.lastPathComponent.hasSuffix("-py3-none-manylinux_2_27_\(Self.architecture).whl"), dist.wheel.lastPathComponent)

        let example = work.appendingPathComponent("example")
        try FileManager.default.createDirectory(at: example, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.repoRoot.appendingPathComponent("schema/delivery.yaml"), to: example.appendingPathComponent("delivery.yaml"))
        let generated = try bare(dist.binary.path, ["generate", "delivery.yaml"], in: example)
        XCTAssertEqual(generated.status, 0, generated.stdout + generated.stderr)
        XCTAssertEqual(try bare(dist.binary.path, ["check", "--quiet", "delivery.yaml"], in: example).status, 0)
        let copy = example.appendingPathComponent("delivery/targets/widgets/DeliveryAttributes.swift")
        let text = try String(contentsOf: copy, encoding: .utf8)
        try text.replacingOccurrences(of: "courierName", with: "riderName").write(to: copy, atomically: true, encoding: .utf8)
        XCTAssertEqual(try bare(dist.binary.path, ["check", "--quiet", "delivery.yaml"], in: example).status, 1)
    }

    /// auditwheel (PyPI; scripts/setup --test installs it) reads the binary's symbol versions
    /// and shared libraries and must agree with the tag scripts/package chose.
    func testAuditwheelAgreesWithThePlatformTag() throws {
        let dist = try ReleaseDist.shared()
        let auditwheel = try TestSupport.requireTool("auditwheel")
        let shown = try TestSupport.run(auditwheel, ["show", dist.wheel.path])
        XCTAssertEqual(shown.status, 0, shown.stdout + shown.stderr)
        let tag = String(dist.wheel.deletingPathExtension().lastPathComponent.split(separator: "-").last ?? "")
        XCTAssertTrue(tag.hasPrefix("manylinux_2_"), tag)
        let text = shown.stdout.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(text.contains("is consistent with the following platform tag: \"\(tag)\""), shown.stdout)
    }
}
