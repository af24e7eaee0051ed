import Foundation
import XCTest
@testable import LiveContract

/// The Python output's ApnsClient and FcmClient, run against the fake APNs, OAuth and FCM
/// servers (Tests/Harness/push/fake_push.py): every bundled schema is generated and
/// Tests/Harness/push/driver.py sends every fixture's APNs request and FCM message through the
/// typed clients, counts provider tokens, access tokens and connections, maps each scenario
/// token to its result and checks that nothing secret reaches a result or an error. mypy
/// --strict refuses a bridge-shaped value passed to a client; the loader refuses a schema type
/// named like a client's public name.
final class PythonPushClientTests: XCTestCase {
    struct Module {
        var schema: String
        var contract: String
        var module: URL
        var fixtures: URL
    }

    /// Every bundled schema with a Python output and fixtures, generated under `root`;
    /// sports first (the driver runs its lifetime and scenario checks on the first one).
    func generateAll(into root: URL) throws -> [Module] {
        let names = TestSupport.schemaNames().sorted { ($0 == "sports" ? 0 : 1, $0) < ($1 == "sports" ? 0 : 1, $1) }
        return try names.compactMap { schema in
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            guard let module = contract.outputs["python"]?.paths.first?.path, let fixtures = contract.outputs.fixtures?.path else { return nil }
            return Module(schema: schema, contract: contract.name, module: root.appendingPathComponent(module),
                          fixtures: root.appendingPathComponent(fixtures))
        }
    }

    func testClientsSendEveryFixtureAndMapEveryAnswer() throws {
        let python = try TestSupport.requireTool("python3")
        let probe = try TestSupport.run(python, ["-c", "import httpx, h2, cryptography"])
        guard probe.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("python3 lacks httpx, h2 or cryptography (scripts/setup --test)") }
            throw XCTSkip("python3 lacks httpx, h2 or cryptography: scripts/setup --test installs them")
        }
        let root = TestSupport.temporaryDirectory("lc-py-push")
        defer { try? FileManager.default.removeItem(at: root) }
        let modules = try generateAll(into: root)
        XCTAssertGreaterThanOrEqual(modules.count, 10, "too few schemas with a Python output and fixtures")
        let fake = try PushFake.start(fixtures: modules.map(\.fixtures))
        defer { fake.stop() }
        XCTAssertGreaterThan(fake.fixtureRequests, 100, "the fake loaded too few expected requests")
        let entries = root.appendingPathComponent("entries.json")
        let json = JSONValue.array(modules.map { module in
            .object([
                JSONMember("name", .string(module.schema)), JSONMember("contract", .string(module.contract)),
                JSONMember("module", .string(module.module.path)), JSONMember("fixtures", .string(module.fixtures.path)),
            ])
        })
        try JSONWriter.pretty(json).write(to: entries, atomically: true, encoding: .utf8)
        let driver = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/push/driver.py")
        // Under python3 and, when it has the libraries, the oldest supported Python too.
        var interpreters = [python]
        if let old = PythonHarnessTests.python39, (try? TestSupport.run(old, ["-c", "import httpx, h2, cryptography"]).status) == 0 {
            interpreters.append(old)
        }
        for interpreter in interpreters {
            let result = try TestSupport.run(interpreter, [driver.path, entries.path], in: root, environment: fake.environment)
            let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            print("\(summary) (\(URL(fileURLWithPath: interpreter).lastPathComponent))")
            let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            XCTAssertTrue(summary.hasPrefix("python send: ") && counts.count == 2, "no summary line:\n\(result.stdout.suffix(4000))\(result.stderr.suffix(4000))")
            guard counts.count == 2 else { continue }
            // Per fixture 18 sends and checks; the lifetime, scenario and type checks come on top.
            XCTAssertGreaterThan(counts[0], 18 * 100, "the driver checked too little")
            XCTAssertEqual(counts[1], 0, "\(result.stdout.suffix(6000))\(result.stderr.suffix(4000))")
            XCTAssertEqual(result.status, 0, String(result.stderr.suffix(4000)))
            XCTAssertEqual(try fake.failures(), [], "the fake refused requests the client sent")
        }
    }

    /// A caller passing the bridge-shaped dict (or the bridge State where the APNs content state
    /// belongs) fails mypy --strict; the same caller with the right types passes, so the
    /// failure is the type and nothing else.
    func testMypyRefusesBridgeShapedValues() throws {
        let mypy = try TestSupport.requireTool("mypy")
        let root = TestSupport.temporaryDirectory("lc-py-push-mypy")
        defer { try? FileManager.default.removeItem(at: root) }
        try TestSupport.generate(schema: "sports", into: root)
        try FileManager.default.copyItem(at: root.appendingPathComponent("sports/match_contract.py"),
                                         to: root.appendingPathComponent("match_contract.py"))
        func check(_ body: String) throws -> TestSupport.RunResult {
            let caller = """
                from match_contract import ApnsAlert, ApnsClient, FcmClient, FcmEnvelope, MatchAttributes, MatchContentState, MatchState, PushResult


                def push(client: ApnsClient, fcm: FcmClient, content_state: MatchContentState, state: MatchState,
                         attributes: MatchAttributes, envelope: FcmEnvelope) -> PushResult:
                    alert = ApnsAlert(title='Match', body='kick-off')
                \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))

                """
            try caller.write(to: root.appendingPathComponent("caller.py"), atomically: true, encoding: .utf8)
            return try TestSupport.run(mypy, ["--strict", "--no-incremental", "--cache-dir", "/dev/null", "match_contract.py", "caller.py"], in: root)
        }
        let good = try check("""
            client.start('push-to-start', attributes, content_state, alert=alert)
            fcm.send('device', attributes, state, envelope)
            return client.update('activity', content_state, priority=5)
            """)
        XCTAssertEqual(good.status, 0, "the well-typed caller must pass:\n\(good.stdout)\(good.stderr)")
        let wrong: [(String, String)] = [
            ("return client.update('activity', {'score': {'home': 1, 'away': 0}})", "caller.py:7"),
            ("return client.update('activity', state)", "caller.py:7"),
            ("return client.start('push-to-start', {'homeTeam': 'A'}, content_state, alert=alert)", "caller.py:7"),
            ("return fcm.send('device', {'homeTeam': 'A'}, state, envelope)", "caller.py:7"),
            ("return client.broadcast('Zml4', content_state, event='start')", "caller.py:7"),
        ]
        for (body, line) in wrong {
            let bad = try check(body)
            XCTAssertNotEqual(bad.status, 0, "mypy accepted: \(body)")
            XCTAssertTrue(bad.stdout.contains(line) && bad.stdout.contains("incompatible type"), "\(body)\n\(bad.stdout)")
        }
    }

    /// The clients' public names cannot be taken by a schema type: a type `PushResult`, or
    /// `Client` in a contract named `Apns`, would redefine a client name in the Python module,
    /// so the loader refuses it naming the clash (the TypeScript client reserves these four too,
    /// so that rule may be the one reported).
    func testClientNamesAreReservedForSchemaTypes() throws {
        for (contract, type) in [("Push", "PushResult"), ("Apns", "Client"), ("Fcm", "Client"), ("Push", "Outcome")] {
            let folder = TestSupport.temporaryDirectory("lc-py-push-names")
            defer { try? FileManager.default.removeItem(at: folder) }
            let yaml = """
                livecontract: 1
                name: \(contract)
                attributes:
                  a: { type: string }
                state:
                  b: { type: "\(type)?" }
                types:
                  \(type): { enum: [one] }
                outputs:
                  python: out.py

                """
            try yaml.write(to: folder.appendingPathComponent("clash.yaml"), atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try TestSupport.generate(schema: "clash", into: folder)) { error in
                let text = "\(error)"
                // The TypeScript client reserves the same names, and its rule may be the one
                // reported (one error per root cause): either names the clash.
                XCTAssertTrue(text.contains(type.hasPrefix(contract) ? type : "\(contract)\(type)")
                              && (text.contains("Python push clients") || text.contains("Kotlin/TypeScript"))
                              && text.contains("name-collision"), text)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.py").path))
        }
        // Every top-level name the client section declares is on the list.
        let template = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("templates/python.mustache"), encoding: .utf8)
        let section = try XCTUnwrap(template.range(of: "# ================================================================ push clients"))
        let declared = template[section.lowerBound...].split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            if line.hasPrefix("class "), let name = words.dropFirst().first { return String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) }
            if let first = words.first, first.first?.isUppercase == true, words.dropFirst().first == "=" { return String(first) }
            return nil
        }.filter { $0.first?.isUppercase == true }
        XCTAssertEqual(Set(declared), ["ApnsClient", "FcmClient", "PushOutcome", "PushResult"])
        for name in declared { XCTAssertTrue(NameRules.pythonPushClientNames.contains(name), name) }
    }
}
