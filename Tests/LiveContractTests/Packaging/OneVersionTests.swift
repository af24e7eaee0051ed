import Foundation
import XCTest

/// One version in one place: every shipped form of livecontract carries the version in VERSION.
/// The npm launcher's package.json is checked in, so it is compared; the platform packages,
/// the Homebrew formula and the action's default are made from VERSION, so what they make is
/// compared, and the templates must hold no version of their own that could drift.
final class OneVersionTests: XCTestCase {
    let version = ReleaseTarball.version

    func testVersionFileHoldsOneReleaseVersion() throws {
        let printed = try TestSupport.run(TestSupport.repoRoot.appendingPathComponent("scripts/version").path, [])
        XCTAssertEqual(printed.stdout, version + "\n")
        XCTAssertNotNil(version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$"#, options: .regularExpression), version)
    }

    func testNpmPackageJsonCarriesVersionForItselfAndEveryPlatformPackage() throws {
        let url = TestSupport.repoRoot.appendingPathComponent("packaging/npm/livecontract/package.json")
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        XCTAssertEqual(manifest["version"] as? String, version, "packaging/npm/livecontract/package.json: set \"version\" to VERSION's \(version)")
        let optional = try XCTUnwrap(manifest["optionalDependencies"] as? [String: String])
        let platforms = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent("platforms.json"))) as? [String: Any])
        let packages = platforms.compactMap { ($0.value as? [String: String])?["package"] }.sorted()
        XCTAssertEqual(optional.keys.sorted(), packages, "optionalDependencies and platforms.json name the same packages")
        for (name, wanted) in optional {
            XCTAssertEqual(wanted, version, "packaging/npm/livecontract/package.json: \(name) must be \(version), the version in VERSION")
        }
    }

    func testHomebrewFormulaIsWrittenWithVersion() throws {
        let template = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("packaging/homebrew/livecontract.rb.in"), encoding: .utf8)
        XCTAssertNil(template.range(of: #"[0-9]+\.[0-9]+\.[0-9]+"#, options: .regularExpression), "the template names a version of its own")
        let dist = TestSupport.temporaryDirectory("lc-formula")
        defer { try? FileManager.default.removeItem(at: dist) }
        let sums = ["source": "1", "linux-x86_64": "2", "linux-aarch64": "3"]
        for (part, digit) in sums {
            try (String(repeating: digit, count: 64) + "  livecontract-\(version)-\(part).tar.gz\n")
                .write(to: dist.appendingPathComponent("livecontract-\(version)-\(part).tar.gz.sha256"), atomically: true, encoding: .utf8)
        }
        let script = TestSupport.repoRoot.appendingPathComponent("scripts/homebrew-formula").path
        let formula = try TestSupport.run(script, ["example/livecontract", dist.path])
        XCTAssertEqual(formula.status, 0, formula.stderr)
        XCTAssertTrue(formula.stdout.contains("  version \"\(version)\"\n"), formula.stdout)
        XCTAssertFalse(formula.stdout.contains("@"), "a placeholder was left: \(formula.stdout)")
        let urls = formula.stdout.split(separator: "\n").filter { $0.contains("url \"") }
        XCTAssertEqual(urls.count, 3)
        for url in urls { XCTAssertTrue(url.contains("/releases/download/v\(version)/livecontract-\(version)-"), String(url)) }
        for digit in sums.values { XCTAssertTrue(formula.stdout.contains("sha256 \"\(String(repeating: digit, count: 64))\""), formula.stdout) }
        XCTAssertTrue(formula.stdout.contains("depends_on \"libyaml\""))

        try FileManager.default.removeItem(at: dist.appendingPathComponent("livecontract-\(version)-linux-aarch64.tar.gz.sha256"))
        let incomplete = try TestSupport.run(script, ["example/livecontract", dist.path])
        XCTAssertEqual(incomplete.status, 1, "a formula pointing at a file the release lacks must not be written")
        XCTAssertTrue(incomplete.stderr.contains("linux-aarch64.tar.gz.sha256"), incomplete.stderr)
    }

    /// The action's version input defaults to empty, which scripts/action-install turns into
    /// VERSION (GitHubActionTests proves that by installing); the file itself names none.
    func testActionHoldsNoVersionOfItsOwn() throws {
        let action = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        XCTAssertNil(action.range(of: #"[0-9]+\.[0-9]+\.[0-9]+"#, options: .regularExpression), "action.yml names a version of its own")
        XCTAssertTrue(action.contains("  version:\n    description: The livecontract release to install (its tag without the v). Empty means the version of this action (its VERSION file).\n    required: false\n    default: \"\"\n"))
    }
}
