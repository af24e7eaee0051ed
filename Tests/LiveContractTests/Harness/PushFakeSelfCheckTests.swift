import Foundation
import XCTest

/// The fake APNs / OAuth / FCM servers the push-client harnesses run against must refuse what
/// the real services refuse, or a client passing against them proves nothing:
/// Tests/Harness/push/fake_self_check.py sends one accepted request of each kind and one of
/// each defect (changed body, reordered keys, missing or wrong header, a provider token signed
/// by another key, DER-encoded, with the wrong key id, too old or expired on request, a bad
/// OAuth audience or scope, an unknown access token) and checks each answer.
final class PushFakeSelfCheckTests: XCTestCase {
    func testTheFakeAcceptsTheFixtureAndRefusesEachDefect() throws {
        let python = try TestSupport.requireTool("python3")
        let fixtures = TestSupport.repoRoot.appendingPathComponent("schema/sports/fixtures")
        let fake = try PushFake.start(fixtures: [fixtures])
        defer { fake.stop() }
        XCTAssertGreaterThan(fake.fixtureRequests, 10, "the fake loaded too few expected requests")
        XCTAssertGreaterThan(fake.fixtureMessages, 4, "the fake loaded too few expected FCM messages")
        let check = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/push/fake_self_check.py")
        let result = try TestSupport.run(python, [check.path, fixtures.appendingPathComponent("goal.json").path], environment: fake.environment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "fake: 19 passed, 0 failed", result.stdout + result.stderr)
    }
}
