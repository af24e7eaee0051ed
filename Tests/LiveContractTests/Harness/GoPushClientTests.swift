import Foundation
import XCTest
@testable import LiveContract

/// The generated Go ApnsClient and FcmClient (templates/go-client.mustache) driven against the
/// fake APNs, OAuth and FCM servers (Tests/Harness/push/fake_push.py): every bundled schema's
/// Go package is built with Debian's Go 1.19 and a current Go into one program
/// (Tests/Harness/push/go), which sends every route of every fixture (the fake accepts a request
/// only when it equals one the fixtures describe), checks that 100 sends sign one provider token
/// over one HTTP/2 connection, that an expired provider token is renewed with one retry and an
/// expired access token likewise, and that each scenario token's answer (410, 429 and 503 with
/// Retry-After, 500, 400 reasons, 413, a dropped connection, FCM's error codes) is the right
/// result. A second build proves a bridge-shaped value cannot be sent: it does not compile.
final class GoPushClientTests: XCTestCase {
    static let harness = TestSupport.repoRoot.appendingPathComponent("Tests/Harness/push/go")

    struct Generated {
        var schema: String
        var package: String
        var goFile: URL
        var fixtures: URL
    }

    func generateAll(into root: URL) throws -> [Generated] {
        try TestSupport.schemaNames().map { schema in
            let contract = try TestSupport.generate(schema: schema, into: root).contract
            let go = try XCTUnwrap(contract.outputs["go"]?.path?.path, "\(schema).yaml has no go output")
            let fixtures = try XCTUnwrap(contract.outputs.fixtures?.path, "\(schema).yaml has no fixtures output")
            return Generated(schema: schema, package: GoHarnessTests.command(schema),
                             goFile: root.appendingPathComponent(go), fixtures: root.appendingPathComponent(fixtures))
        }
    }

    /// `contracts/<package>/contract.go`, `drivers/<package>/driver.go`, `check/` and a main
    /// that runs every driver and prints `go send: N passed, N failed`.
    func writeModule(_ contracts: [Generated], module: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: module.appendingPathComponent("check"), withIntermediateDirectories: true)
        try "module lcpush\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try files.copyItem(at: Self.harness.appendingPathComponent("check.go"), to: module.appendingPathComponent("check/check.go"))
        let driver = try String(contentsOf: Self.harness.appendingPathComponent("driver.go.in"), encoding: .utf8)
        for generated in contracts {
            let contract = module.appendingPathComponent("contracts/\(generated.package)")
            let drivers = module.appendingPathComponent("drivers/\(generated.package)")
            try files.createDirectory(at: contract, withIntermediateDirectories: true)
            try files.createDirectory(at: drivers, withIntermediateDirectories: true)
            try files.copyItem(at: generated.goFile, to: contract.appendingPathComponent("contract.go"))
            try driver.replacingOccurrences(of: "__IMPORT__", with: "lcpush/contracts/\(generated.package)")
                .replacingOccurrences(of: "__PACKAGE__", with: generated.package)
                .write(to: drivers.appendingPathComponent("driver.go"), atomically: true, encoding: .utf8)
        }
        var lines = ["// The Go push-client program: runs each contract's driver against the fake servers.", "package main", "",
                     "import (", "\t\"fmt\"", "\t\"os\"", ""]
        lines += contracts.map { "\t\($0.package) \"lcpush/drivers/\($0.package)\"" }
        lines += [")", "", "func main() {", "\tpassed, failed, p, f := 0, 0, 0, 0"]
        if let first = contracts.first {
            lines += ["\tif len(os.Args) == 2 && os.Args[1] == \"-proxy\" {", "\t\tp, f = \(first.package).ProxyCheck()",
                      "\t\tfmt.Printf(\"go send: %d passed, %d failed\\n\", p, f)", "\t\treturn", "\t}"]
        }
        for (index, generated) in contracts.enumerated() {
            lines += ["\tp, f = \(generated.package).Run(\(GoSyntax.stringLiteral(generated.schema)), os.Args[\(index + 1)])",
                      "\tpassed, failed = passed+p, failed+f"]
        }
        lines += ["\tfmt.Printf(\"go send: %d passed, %d failed\\n\", passed, failed)", "\tif failed > 0 {", "\t\tos.Exit(1)", "\t}", "}", ""]
        try lines.joined(separator: "\n").write(to: module.appendingPathComponent("main.go"), atomically: true, encoding: .utf8)
    }

    func testGeneratedClientsAgainstTheFakeServers() throws {
        let toolchains = try GoToolchains.find()
        let started = Date()
        let root = TestSupport.temporaryDirectory("lc-go-push")
        defer { try? FileManager.default.removeItem(at: root) }
        let contracts = try generateAll(into: root)
        XCTAssertGreaterThanOrEqual(contracts.count, 10, "too few bundled schemas")
        let module = root.appendingPathComponent("gomodule")
        try writeModule(contracts, module: module)
        let fake = try PushFake.start(fixtures: contracts.map(\.fixtures))
        defer { fake.stop() }
        XCTAssertGreaterThan(fake.fixtureRequests, 100, "the fake loaded too few expected requests")
        let environment = GoToolchains.environment(root: root)
        var passed = 0, failed = 0
        for go in toolchains {
            let vet = try TestSupport.run(go.path, ["vet", "./..."], in: module, environment: environment)
            XCTAssertEqual(vet.status, 0, "go vet (\(go.version)) failed:\n\(vet.stdout)\(vet.stderr)")
            let program = "lcpush-" + go.version
            let build = try TestSupport.run(go.path, ["build", "-o", program, "."], in: module, environment: environment)
            XCTAssertEqual(build.status, 0, "go build (\(go.version)) failed:\n\(build.stdout)\(build.stderr)")
            guard build.status == 0 else { continue }
            // HTTPS_PROXY is honoured by the clients; the fake is on 127.0.0.1, which
            // http.ProxyFromEnvironment never proxies, so a proxy set on the machine changes nothing.
            let result = try TestSupport.run(module.appendingPathComponent(program).path, contracts.map(\.fixtures.path),
                                             in: module, environment: fake.environment)
            let summary = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            print("\(go.version): \(summary)")
            XCTAssertEqual(result.status, 0, "\(go.version):\n\(result.stdout.prefix(8000))\(result.stderr)")
            let counts = summary.split(separator: " ").compactMap { Int($0) }
            XCTAssertTrue(summary.hasPrefix("go send: ") && counts.count == 2, "no summary line:\n\(result.stdout.suffix(3000))\(result.stderr)")
            if counts.count == 2 {
                passed += counts[0]
                failed += counts[1]
                // Each contract checks well over twenty sends and answers; fewer means a driver skipped its fixtures.
                XCTAssertGreaterThan(counts[0], contracts.count * 40, summary)
                XCTAssertEqual(counts[1], 0, "\(go.version):\n\(result.stdout.prefix(8000))")
            }
        }
        XCTAssertEqual(try fake.failures(), [], "the fake refused requests the drivers did not ask it to")
        // HTTPS_PROXY is honoured: with it naming a closed local port, a send to Apple's host
        // fails at the proxy ("proxyconnect"), as a result; nothing reaches the network.
        if let go = toolchains.first {
            let program = module.appendingPathComponent("lcpush-" + go.version).path
            var environment = fake.environment
            environment["HTTPS_PROXY"] = "http://127.0.0.1:9"
            environment["NO_PROXY"] = ""
            environment["no_proxy"] = ""
            let proxied = try TestSupport.run(program, ["-proxy"], in: module, environment: environment)
            XCTAssertEqual(proxied.status, 0, proxied.stdout + proxied.stderr)
            XCTAssertEqual(proxied.stdout.split(separator: "\n").last.map(String.init), "go send: 3 passed, 0 failed", proxied.stdout + proxied.stderr)
        }
        print("go send: \(passed) passed, \(failed) failed (\(toolchains.count) toolchains, \(Int(Date().timeIntervalSince(started)))s)")
        XCTAssertGreaterThan(passed, 0)
    }

    /// The client takes the contract's APNs shape (ContentState, ApnsAttributes) for APNs and
    /// the bridge shape (Attributes, State) only where FCM's data message carries it: the
    /// other shape, though it holds the same fields, is a compile error.
    static let negative = """
        package negative

        import (
        \t"context"

        \tcontract "lcpushnegative/contracts/sports"
        )

        var (
        \tctx          = context.Background()
        \tstate        contract.State
        \tattributes   contract.Attributes
        \tcontentState contract.ContentState
        \tapnsAttrs    contract.ApnsAttributes
        \tenvelope     contract.FCMEnvelope
        \toptions      = contract.ApnsOptions{TimestampMs: 1742064420000}
        )

        // Sends calls each send with the right shape and with the other one.
        func Sends(apns *contract.ApnsClient, fcm *contract.FcmClient) {
        \t_ = apns.Update(ctx, "token", state, options) // expect-error
        \t_ = apns.End(ctx, "token", state, options) // expect-error
        \t_ = apns.Start(ctx, "token", attributes, contentState, options) // expect-error
        \t_ = apns.Broadcast(ctx, "channel", state, options) // expect-error
        \t_ = fcm.Send(ctx, "token", apnsAttrs, contentState, envelope) // expect-error
        \t_ = apns.Update(ctx, "token", contentState, options)
        \t_ = apns.End(ctx, "token", contentState, options, contract.ApnsDelivery{Priority: 5})
        \t_ = apns.Start(ctx, "token", apnsAttrs, contentState, options)
        \t_ = apns.Broadcast(ctx, "channel", contentState, options)
        \t_ = fcm.Send(ctx, "token", attributes, state, envelope)
        }

        """

    func testBridgeShapedValuesDoNotCompile() throws {
        let toolchains = try GoToolchains.find()
        let root = TestSupport.temporaryDirectory("lc-go-push-negative")
        defer { try? FileManager.default.removeItem(at: root) }
        let contract = try TestSupport.generate(schema: "sports", into: root).contract
        let goFile = try XCTUnwrap(contract.outputs["go"]?.path?.path)
        let module = root.appendingPathComponent("gomodule")
        let files = FileManager.default
        try files.createDirectory(at: module.appendingPathComponent("contracts/sports"), withIntermediateDirectories: true)
        try files.createDirectory(at: module.appendingPathComponent("negative"), withIntermediateDirectories: true)
        try "module lcpushnegative\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try files.copyItem(at: root.appendingPathComponent(goFile), to: module.appendingPathComponent("contracts/sports/contract.go"))
        try Self.negative.write(to: module.appendingPathComponent("negative/negative.go"), atomically: true, encoding: .utf8)
        let marked = Set(Self.negative.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasSuffix("// expect-error") }.map { $0.offset + 1 })
        XCTAssertEqual(marked.count, 5)
        for go in toolchains {
            let build = try TestSupport.run(go.path, ["build", "-gcflags=-e", "./..."], in: module, environment: GoToolchains.environment(root: root))
            XCTAssertNotEqual(build.status, 0, "a bridge-shaped value was accepted (\(go.version))")
            let output = build.stdout + build.stderr
            let refused = Set(output.split(separator: "\n").compactMap { line -> Int? in
                guard let range = line.range(of: "negative.go:") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            })
            XCTAssertEqual(refused, marked, "go build (\(go.version)) must refuse exactly the marked lines:\n\(output)")
            XCTAssertTrue(output.contains("cannot use"), output)
        }
    }
}
