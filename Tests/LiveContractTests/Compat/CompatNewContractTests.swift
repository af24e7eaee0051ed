import Foundation
import XCTest

/// The pull request that adds the schema: `compat --against git:origin/main` (the README's CI
/// recipe) finds no schema on the old side. That is a new contract, not an error: exit 0 with
/// a note, in text, json, github and sarif, through the built binary in a real repository.
final class CompatNewContractTests: XCTestCase {
    /// A repository whose `main` has no schema yet, and a working tree that adds one.
    func firstPullRequest() throws -> GitRepository {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let repository = try GitRepository("compat-new")
        try repository.write("README.md", "app\n")
        try repository.run(["add", "README.md"])
        try repository.run(["commit", "-qm", "before the contract"])
        try repository.run(["checkout", "-qb", "add-contract"])
        try repository.copySchema("ride", to: "contract/ride.yaml")
        try repository.run(["add", "contract/ride.yaml"])
        try repository.run(["commit", "-qm", "add the contract"])
        return repository
    }

    func testAGitRevisionWithoutTheSchemaIsANewContractInEveryFormat() throws {
        let repository = try firstPullRequest()
        defer { repository.remove() }
        let note = "new contract: nothing to compare; main:contract/ride.yaml has no such schema"
        let text = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main"])
        XCTAssertEqual(text.status, 0, text.stdout + text.stderr)
        XCTAssertTrue(text.stderr.contains("contract/ride.yaml:1:1: note: \(note)"), text.stderr)
        XCTAssertTrue(text.stderr.hasSuffix("[compat-new-contract]\n"), text.stderr)
        XCTAssertEqual(text.stdout, "livecontract: new contract: nothing to compare (contract/ride.yaml against git:main)\n")

        let json = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stdout + json.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["ok"] as? Bool, true)
        XCTAssertEqual(document["newContract"] as? Bool, true)
        XCTAssertEqual((document["findings"] as? [Any])?.count, 0)
        let diagnostics = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.map { $0["rule"] as? String }, ["compat-new-contract"])
        XCTAssertEqual(diagnostics.first?["severity"] as? String, "note")

        let github = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main", "--format", "github"])
        XCTAssertEqual(github.status, 0, github.stdout + github.stderr)
        XCTAssertTrue(github.stdout.hasPrefix("::notice file=contract/ride.yaml,line=1,col=1,title=livecontract compat-new-contract::\(note)"), github.stdout)
        XCTAssertFalse(github.stdout.contains("::error"), github.stdout)

        let sarif = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main", "--format", "sarif"])
        XCTAssertEqual(sarif.status, 0, sarif.stdout + sarif.stderr)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["compat-new-contract"])
        XCTAssertEqual(results.first?["level"] as? String, "note")
    }

    /// The note is for a missing file only: a revision that does not resolve, or a schema that
    /// does not load, still fails (exit 2), so a typo cannot pass the gate.
    func testAnUnknownRevisionOrAnInvalidNewSchemaStillFails() throws {
        let repository = try firstPullRequest()
        defer { repository.remove() }
        let typo = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:mian"])
        XCTAssertEqual(typo.status, 2, typo.stdout + typo.stderr)
        XCTAssertFalse(typo.stdout.contains("new contract"), typo.stdout)
        // git:REF:PATH says where the file was: a PATH the revision lacks is a mistake.
        let named = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main:contract/old.yaml"])
        XCTAssertEqual(named.status, 2, named.stdout + named.stderr)
        XCTAssertTrue(named.stderr.contains("'contract/old.yaml' is not in main"), named.stderr)

        try repository.write("contract/ride.yaml", "livecontract: 1\nname: Ride\nstate:\n  eta: { type: nonsense }\n")
        for format in ["text", "json", "github", "sarif"] {
            let invalid = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "git:main", "--format", format])
            XCTAssertEqual(invalid.status, 2, "\(format): \(invalid.stdout) \(invalid.stderr)")
        }
    }

    /// `--against OLD.yaml` naming a file that is not there (a folder that is): a new contract too;
    /// a path without a schema's ending, or in a folder that does not exist, stays an error.
    func testAMissingOldFileIsANewContract() throws {
        let repository = try firstPullRequest()
        defer { repository.remove() }
        for format in ["text", "json", "github", "sarif"] {
            let result = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "contract/old.yaml", "--format", format])
            XCTAssertEqual(result.status, 0, "\(format): \(result.stdout) \(result.stderr)")
            XCTAssertTrue((result.stdout + result.stderr).contains("new contract: nothing to compare"), format)
        }
        let nowhere = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "no/such/folder/old.yaml"])
        XCTAssertEqual(nowhere.status, 2, nowhere.stdout + nowhere.stderr)
        let notASchema = try repository.livecontract(["compat", "contract/ride.yaml", "--against", "contract/old.txt"])
        XCTAssertEqual(notASchema.status, 2, "only a .yaml or .yml path is taken for a schema: \(notASchema.stdout)")
    }
}
