import Foundation
import XCTest
@testable import LiveContract

/// A Go package has one namespace: the fixed API, `<Contract><Type>` (and `...Apns`) and one
/// constant per enum case share it. A schema whose names meet there is refused before Go
/// would refuse the file (SchemaLoader+GoNames.swift).
final class GoTopLevelNamesTests: XCTestCase {
    /// The loader's list of fixed names is exactly what the Go templates declare at the top level.
    func testFixedNamesAreTheTemplatesTopLevelNames() throws {
        var declared = Set<String>()
        for template in ["go.mustache", "go-runtime.mustache", "go-client.mustache"] {
            let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("templates/\(template)"), encoding: .utf8)
            var inConst = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if line == "const (" { inConst = true; continue }
                if inConst, line == ")" { inConst = false; continue }
                let words = line.split(separator: " ").map(String.init)
                var name: String?
                if ["type", "func", "const", "var"].contains(words.first ?? ""), words.count > 1 { name = words[1] }
                if inConst, line.hasPrefix("\t"), !line.hasPrefix("\t\t"), !line.hasPrefix("\t//") { name = words.first?.trimmingCharacters(in: .whitespaces) }
                if let name, let first = name.unicodeScalars.first, ("A"..."Z").contains(first) {
                    declared.insert(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        XCTAssertEqual(declared.subtracting(SchemaLoader.goFixedNames).sorted(), [], "declared by the Go templates, missing from goFixedNames")
        XCTAssertEqual(SchemaLoader.goFixedNames.subtracting(declared).sorted(), [], "in goFixedNames, no longer declared by the Go templates")
    }

    static let colliding = """
        livecontract: 1
        name: Apns
        attributes:
          a: { type: "Payload?" }
        state:
          b: { type: "Options?" }
          h: { type: "Host?" }
          k: { type: "Kind?" }
        types:
          Payload: { fields: { x: { type: "int?" } } }
          Options: { enum: [one] }
          Host: { enum: [production] }
          Kind: { enum: [apns] }
          A: { enum: [bC] }
          AB: { enum: [c] }
        outputs:

        """

    func testCollidingGoNamesAreRefusedAndNothingIsWritten() throws {
        let folder = TestSupport.temporaryDirectory("lc-go-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("apns.yaml")
        try (Self.colliding + "  go: { path: go/apns.go, package: apns }\n  python: apns.py\n").write(to: schema, atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", schema.path], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        // The Go rule's errors (the TypeScript client reserves some of the same names, and says so too).
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") && $0.contains("the Go output") }
        XCTAssertEqual(errors, [
            "\(schema.path):10:3: error: type 'Payload' is ApnsPayload in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
            "\(schema.path):11:3: error: type 'Options' is ApnsOptions in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
            "\(schema.path):12:3: error: the constant of case 'production' of 'Host' is ApnsHostProduction in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
            "\(schema.path):15:3: error: the constant of case 'c' of 'AB' is ApnsABC in the Go output, which is also the constant of case 'bC' of 'A'; rename one of them [name-collision]",
        ].map { Substring($0) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["apns.yaml"], "a refused schema writes nothing")

        // The names are Go's problem only: without a go output the same schema generates.
        try (Self.colliding + "  python: apns.py\n").write(to: schema, atomically: true, encoding: .utf8)
        let python = try TestSupport.run(TestSupport.binary.path, ["generate", schema.path], in: folder)
        XCTAssertEqual(python.status, 0, python.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("apns.py").path))
    }

    /// The push clients' names are taken too: a contract `Apns` with a type `Client` would
    /// declare ApnsClient twice, and with an enum `Config` ApnsConfig twice; a contract `Push`
    /// with an enum `Outcome` PushOutcome twice.
    func testPushClientNamesAreRefusedForContractTypes() throws {
        let folder = TestSupport.temporaryDirectory("lc-go-push-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("push.yaml")
        try """
            livecontract: 1
            name: Apns
            attributes:
              a: { type: "Client?" }
            state:
              b: { type: "Config?" }
            types:
              Client: { fields: { x: { type: "int?" } } }
              Config: { enum: [sandbox, production] }
            outputs:
              go: { path: go/push.go, package: push }

            """.write(to: schema, atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", schema.path], in: folder)
        XCTAssertEqual(result.status, 2, result.stderr)
        // The Go rule's errors (the TypeScript client reserves some of the same names, and says so too).
        let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") && $0.contains("the Go output") }
        XCTAssertEqual(errors, [
            "\(schema.path):8:3: error: type 'Client' is ApnsClient in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
            "\(schema.path):9:3: error: type 'Config' is ApnsConfig in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
        ].map { Substring($0) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["push.yaml"], "a refused schema writes nothing")

        try """
            livecontract: 1
            name: Push
            state:
              b: { type: "Outcome?" }
            types:
              Outcome: { enum: [sent, later] }
            outputs:
              go: { path: go/push.go, package: push }

            """.write(to: schema, atomically: true, encoding: .utf8)
        let push = try TestSupport.run(TestSupport.binary.path, ["generate", schema.path], in: folder)
        XCTAssertEqual(push.status, 2, push.stderr)
        XCTAssertEqual(push.stderr.split(separator: "\n").filter { $0.contains(": error: ") && $0.contains("the Go output") }, [
            "\(schema.path):6:3: error: type 'Outcome' is PushOutcome in the Go output, which is also a name of the fixed Go API; rename one of them [name-collision]",
        ].map { Substring($0) })
    }
}
