import Foundation
import XCTest
@testable import LiveContract

/// Every single-file output may list several paths, like `swift`: an app and a separate Node
/// server package both get their TypeScript copy, two services their Python or Go copy. The
/// same bytes land at each path; `check` watches each one. Package outputs (`kotlin`,
/// `kotlin-bridge`, `go`) list their paths under `path:` with one package.
final class OutputPathListTests: XCTestCase {
    static let schema = """
    livecontract: 1
    name: Ride
    state:
      eta: { type: int }
    outputs:
      swift: ios/RideAttributes.swift
      swift-bridge: [app/ios/RideRecords.swift, other/ios/RideRecords.swift]
      typescript:
        - app/src/RideContract.ts
        - server/src/RideContract.ts
      python: [server/a/ride_contract.py, worker/ride_contract.py]
      go: { path: [server/go/ride.go, jobs/go/ride.go], package: ride }
      kotlin: { path: [android/a/RideContract.kt, android/b/RideContract.kt], package: com.example.ride }
      kotlin-bridge:
        path:
          - android/a/RideRecords.kt
          - android/b/RideRecords.kt
        package: com.example.ride

    """

    static let pairs = [
        ("app/ios/RideRecords.swift", "other/ios/RideRecords.swift"),
        ("app/src/RideContract.ts", "server/src/RideContract.ts"),
        ("server/a/ride_contract.py", "worker/ride_contract.py"),
        ("server/go/ride.go", "jobs/go/ride.go"),
        ("android/a/RideContract.kt", "android/b/RideContract.kt"),
        ("android/a/RideRecords.kt", "android/b/RideRecords.kt"),
    ]

    var folder: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        folder = TestSupport.temporaryDirectory("path-lists")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func run(_ arguments: [String], schema: String) throws -> TestSupport.RunResult {
        try schema.write(to: folder.appendingPathComponent("ride.yaml"), atomically: true, encoding: .utf8)
        return try TestSupport.run(TestSupport.binary.path, arguments + ["ride.yaml"], in: folder, environment: ["NO_COLOR": "1", "LIVECONTRACT_CACHE": "off"])
    }

    func read(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    func testEachListedPathGetsTheSameBytesAndIsChecked() throws {
        let generated = try run(["generate"], schema: Self.schema)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(generated.stdout.hasSuffix("13 written, 0 unchanged\n"), generated.stdout)
        for (first, second) in Self.pairs {
            XCTAssertEqual(try read(first), try read(second), "\(first) and \(second) are copies")
        }
        let go = String(decoding: try read("jobs/go/ride.go"), as: UTF8.self)
        XCTAssertTrue(go.contains("\npackage ride\n"), "one package for every Go copy")
        XCTAssertTrue(String(decoding: try read("android/b/RideContract.kt"), as: UTF8.self).contains("\npackage com.example.ride\n"))
        XCTAssertEqual(try run(["check"], schema: Self.schema).status, 0)

        // A drifted second copy is reported on its own path.
        let second = folder.appendingPathComponent("server/src/RideContract.ts")
        try (String(decoding: try read("server/src/RideContract.ts"), as: UTF8.self) + "// edited\n").write(to: second, atomically: true, encoding: .utf8)
        let drifted = try run(["check"], schema: Self.schema)
        XCTAssertEqual(drifted.status, 1, drifted.stderr)
        XCTAssertTrue(drifted.stderr.contains("server/src/RideContract.ts"), drifted.stderr)
        XCTAssertFalse(drifted.stderr.contains("app/src/RideContract.ts"), drifted.stderr)
    }

    func testListsAreRefusedWhereTheyCannotHold() throws {
        let cases: [(String, String, String)] = [
            ("kotlin:\n    - { path: a/RideContract.kt, package: com.a }\n    - { path: b/RideContract.kt, package: com.b }",
             "ride.yaml:7:5: error: kotlin takes one mapping; list several paths under `path:` with one package", "[output-path]"),
            ("python: [a/ride_contract.py, b/ride.txt]", "ride.yaml:6:32: error: the python output 'b/ride.txt' must end in .py", "[output-extension]"),
            ("typescript: [a/C.ts, a/C.ts]", "'a/C.ts' is also the output at line 6", "[output-collision]"),
            ("go: { path: [a/x.go, b/x.txt], package: x }", "'b/x.txt' must end in .go", "[output-extension]"),
        ]
        for (outputs, message, rule) in cases {
            let schema = "livecontract: 1\nname: Ride\nstate:\n  eta: { type: int }\noutputs:\n  \(outputs)\n"
            let result = try run(["generate"], schema: schema)
            XCTAssertEqual(result.status, 2, outputs)
            XCTAssertTrue(result.stderr.contains(message) && result.stderr.contains(rule), "\(outputs):\n\(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a").path), "nothing written for \(outputs)")
        }
    }
}
