import Foundation
import XCTest

/// `compat --against git:REF` runs git in the schema's folder. A pull request can commit a
/// bare repository there (HEAD, config, objects, refs are plain files): git found it first
/// (its config naming the folder its own work tree) and read the old schema from it, so an
/// "old" schema equal to the new one made a breaking change pass the compat gate. Through the built binary: that folder is refused, exit 2.
final class HostileGitBareTests: XCTestCase {
    static let old = "livecontract: 1\nname: Ride\nstate:\n  eta: int\n  driver: string\noutputs:\n  typescript: ride.ts\n"
    static let new = "livecontract: 1\nname: Ride\nstate:\n  eta: int\noutputs:\n  typescript: ride.ts\n"

    func git(_ arguments: [String], in folder: URL) throws {
        let git = try XCTUnwrap(TestSupport.which("git"))
        let result = try TestSupport.run(git, ["-c", "user.email=t@t", "-c", "user.name=t", "-c", "init.defaultBranch=main"] + arguments, in: folder)
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
    }

    func testABareRepositoryInTheSchemaFolderCannotStandInForTheRealOne() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        guard let gitPath = TestSupport.which("git"), let version = try? TestSupport.run(gitPath, ["version"]),
              let number = version.stdout.split(separator: " ").last?.split(separator: "."), number.count >= 2,
              let major = Int(number[0]), let minor = Int(number[1].prefix { $0.isNumber }), major > 2 || (major == 2 && minor >= 38)
        else { throw XCTSkip("git before 2.38 has no safe.bareRepository") }
        let root = TestSupport.temporaryDirectory("git-bare")
        defer { try? FileManager.default.removeItem(at: root) }
        let schemas = root.appendingPathComponent("schema")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        try git(["init", "-q", "."], in: root)
        try Self.old.write(to: schemas.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        try git(["add", "schema/ride.yaml"], in: root)
        try git(["commit", "-qm", "old"], in: root)

        // The planted repository: its HEAD holds the new schema, so against it nothing breaks.
        let planted = root.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try Self.new.write(to: planted.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        try git(["init", "-q", "--bare", schemas.path], in: root)
        // Its config makes the folder its own work tree, so `git show HEAD:./ride.yaml` works.
        try git(["--git-dir", schemas.path, "config", "core.bare", "false"], in: root)
        try git(["--git-dir", schemas.path, "config", "core.worktree", "."], in: root)
        try git(["--git-dir", schemas.path, "--work-tree", planted.path, "add", "ride.yaml"], in: root)
        try git(["--git-dir", schemas.path, "--work-tree", planted.path, "commit", "-qm", "planted"], in: root)
        try Self.new.write(to: schemas.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)

        let result = try TestSupport.run(TestSupport.binary.path, ["compat", "schema/ride.yaml", "--against", "git:HEAD"], in: root,
                                         environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 2, "the planted HEAD was read: \(result.stdout) \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("schema/ride.yaml:1:1: error: cannot read the old schema git:HEAD:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot use bare repository"), result.stderr)
        XCTAssertFalse(result.stdout.contains("no breaking changes"), result.stdout)

        // Without the planted folder the real HEAD is read and the removed field breaks.
        for name in ["HEAD", "config", "description", "objects", "refs", "hooks", "info", "branches", "packed-refs"] {
            try? FileManager.default.removeItem(at: schemas.appendingPathComponent(name))
        }
        let real = try TestSupport.run(TestSupport.binary.path, ["compat", "schema/ride.yaml", "--against", "git:HEAD"], in: root,
                                       environment: ["NO_COLOR": "1"])
        XCTAssertEqual(real.status, 1, real.stdout + real.stderr)
    }
}
