import Foundation
import XCTest
@testable import LiveContract

/// A push-to-start without an alert gets a 200 from APNs and starts nothing on the device, so
/// the generated Go makes the alert a parameter of every start builder that can take one:
/// leaving it out is a compile error, not a run-time surprise (docs/wire.md, "Lifecycle
/// rules"). The generated package of the delivery example is built with a file whose lines
/// marked `// expect-error` must be exactly the lines the Go compiler refuses.
final class GoStartAlertCompileTests: XCTestCase {
    static let program = """
        package negative

        import contract "lcnegative/contracts/delivery"

        var (
        \tcontentState contract.ContentState
        \tattributes   contract.ApnsAttributes
        \talert        contract.ApnsAlert
        \toptions      = contract.ApnsOptions{TimestampMs: 1742064420000}
        )

        // Starts calls each start builder with and without the alert.
        func Starts() {
        \t_, _ = contract.NewApnsStart(contentState, options, attributes) // expect-error
        \t_, _ = contract.NewApnsStartPayload(contentState, options, attributes, contract.ApnsStartInput{PushToken: true}) // expect-error
        \t_, _ = contract.NewApnsStart(contentState, options, attributes, alert)
        \t_, _ = contract.NewApnsStartPayload(contentState, options, attributes, alert, contract.ApnsStartInput{PushToken: true})
        \t_, _ = contract.NewApnsPayload("update", contentState, options, nil)
        }

        """

    func testStartWithoutAlertDoesNotCompile() throws {
        let toolchains = try GoToolchains.find()  // outside XCTUnwrap: a skip (no Go) is not a failure
        let go = try XCTUnwrap(toolchains.first)
        let root = TestSupport.temporaryDirectory("lc-go-alert")
        defer { try? FileManager.default.removeItem(at: root) }
        let contract = try TestSupport.generate(schema: "delivery", into: root).contract
        let goFile = try XCTUnwrap(contract.outputs["go"]?.path?.path, "delivery.yaml has no go output")
        let module = root.appendingPathComponent("gomodule")
        let files = FileManager.default
        try files.createDirectory(at: module.appendingPathComponent("contracts/delivery"), withIntermediateDirectories: true)
        try files.createDirectory(at: module.appendingPathComponent("negative"), withIntermediateDirectories: true)
        try "module lcnegative\n\ngo 1.19\n".write(to: module.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        try files.copyItem(at: root.appendingPathComponent(goFile), to: module.appendingPathComponent("contracts/delivery/contract.go"))
        try Self.program.write(to: module.appendingPathComponent("negative/negative.go"), atomically: true, encoding: .utf8)

        let build = try TestSupport.run(go.path, ["build", "./..."], in: module, environment: GoToolchains.environment(root: root))
        XCTAssertNotEqual(build.status, 0, "a start without its alert compiled (\(go.version))")
        let output = build.stdout + build.stderr
        let refused = Set(output.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "negative.go:") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        })
        let marked = Set(Self.program.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasSuffix("// expect-error") }.map { $0.offset + 1 })
        XCTAssertEqual(marked.count, 2)
        XCTAssertEqual(refused, marked, "go build (\(go.version)) must refuse exactly the marked lines:\n\(output)")
        XCTAssertTrue(output.contains("not enough arguments"), output)
    }
}
