import Foundation
import XCTest

/// A schema doc never becomes a directive in a generated comment: `+build ignore` written as
/// `// +build ignore` was a Go build constraint (go vet failed; gofmt moved it into the header,
/// where it drops the file from every build), `# type: ignore` above the imports makes mypy
/// skip a Python module, `@internal` in a JSDoc drops a TypeScript declaration from `.d.ts`,
/// `@suppress` hides a Kotlin declaration from its documentation, `swiftlint:disable all`
/// turns SwiftLint off for the rest of a Swift file. A schema full of such docs is generated
/// through the built binary; every directive word in every output is broken by a backslash,
/// and each file still compiles (gofmt stable and go vet, mypy --strict, tsc, swiftc, kotlinc).
final class DocDirectiveTests: XCTestCase {
    static let directives = ["+build ignore", "+build !linux", "go:generate rm -rf x", "#cgo LDFLAGS: -lx", "nolint", "type: ignore",
                             "mypy: ignore-errors", "pyright: basic", "flake8: noqa", "noqa", "ruff: noqa", "fmt: off", "-*- coding: latin-1 -*-",
                             "!/bin/sh", "@ts-nocheck", "@ts-ignore", "@internal", "@deprecated", "eslint-disable", "@suppress",
                             "noinspection ALL", "ktlint-disable", "swift-format-ignore-file", "sourcery: skip", "see swiftlint:disable all"]

    static var schema: String {
        let quoted = { (text: String) in "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let all = quoted(directives.joined(separator: "\n"))
        var state = ""
        for (index, directive) in directives.enumerated() {
            state += "  f\(index): { type: int, default: 0, doc: \(quoted(directive)) }\n"
            state += "  g\(index): { type: int, default: 0, doc: \(quoted("  " + directive)) }\n"
        }
        return """
        livecontract: 1
        name: Pragma
        doc: \(all)
        attributes:
          id: { type: string, doc: \(all) }
        state:
          kind: { type: Kind, doc: "@ts-ignore" }
          spot: { type: "Spot?", doc: "type: ignore" }
        \(state)types:
          Kind: { enum: [a, b], unknown: a, doc: \(all) }
          Spot: { fields: { lat: { type: double, doc: "+build ignore" } }, doc: \(all) }
        outputs:
          swift: Pragma.swift
          swift-bridge: PragmaRecords.swift
          kotlin: { path: PragmaContract.kt, package: a.b }
          kotlin-bridge: { path: PragmaBridge.kt, package: a.b }
          typescript: PragmaContract.ts
          python: pragma_contract.py
          go: { path: go/pragma.go, package: pragma }

        """
    }

    /// Generated once per test into a fresh folder.
    func generated() throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: TestSupport.binary.path) else { throw XCTSkip("no binary") }
        let folder = TestSupport.temporaryDirectory("doc-directives")
        try Self.schema.write(to: folder.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let result = try TestSupport.run(TestSupport.binary.path, ["generate", "s.yaml"], in: folder, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return folder
    }

    /// No comment line of `file` (after its `//`, `///`, `*`, `/**` or `#` and blanks) starts
    /// with one of `words`, ignoring case, and every `anywhere` word has a backslash before
    /// it; the docs are there, each broken by a backslash.
    func assertBroken(_ file: URL, words: [String], anywhere: [String] = [], source: StaticString = #filePath, line: UInt = #line) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        var escaped = 0
        for row in text.split(separator: "\n") {
            let trimmed = row.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("#") else { continue }
            let body = trimmed.drop { $0 == "/" || $0 == "*" || $0 == "#" }.drop { $0 == " " || $0 == "\t" }.lowercased()
            for word in words {
                XCTAssertFalse(body.hasPrefix(word), "\(file.lastPathComponent): a directive: \(row)", file: source, line: line)
                if body.hasPrefix("\\" + word) { escaped += 1 }
            }
            for word in anywhere {
                var rest = Substring(body)
                while let range = rest.range(of: word) {
                    XCTAssertEqual(rest[..<range.lowerBound].last, "\\", "\(file.lastPathComponent): '\(word)' unbroken in: \(row)", file: source, line: line)
                    rest = rest[range.upperBound...]
                }
            }
        }
        XCTAssertGreaterThan(escaped, 3, "\(file.lastPathComponent) holds the escaped docs", file: source, line: line)
    }

    func testGoDocsFormNoBuildConstraint() throws {
        let folder = try generated()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("go")
        try assertBroken(package.appendingPathComponent("pragma.go"), words: ["+build", "go:generate", "#cgo", "nolint"])
        try "module pragma\n\ngo 1.19\n".write(to: package.appendingPathComponent("go.mod"), atomically: true, encoding: .utf8)
        for go in try GoToolchains.find() {
            let gofmt = URL(fileURLWithPath: go.path).deletingLastPathComponent().appendingPathComponent("gofmt").path
            let format = try TestSupport.run(gofmt, ["-d", "pragma.go"], in: package)
            XCTAssertEqual(format.stdout + format.stderr, "", "gofmt (\(go.version)) would move or change lines")
            let vet = try TestSupport.run(go.path, ["vet", "./..."], in: package, environment: GoToolchains.environment(root: folder))
            XCTAssertEqual(vet.status, 0, "go vet (\(go.version)):\n\(vet.stdout)\(vet.stderr)")
            // On Linux too: a `+build !linux` constraint would leave no file to list.
            let list = try TestSupport.run(go.path, ["list", "-f", "{{.GoFiles}}", "./..."], in: package, environment: GoToolchains.environment(root: folder))
            XCTAssertEqual(list.stdout, "[pragma.go]\n", list.stderr)
        }
    }

    func testPythonDocsFormNoPragma() throws {
        let folder = try generated()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pragma_contract.py")
        try assertBroken(file, words: ["type:", "mypy:", "pyright:", "flake8", "noqa", "ruff:", "fmt:", "-*-", "!/bin"])
        let mypy = try TestSupport.requireTool("mypy")
        let result = try TestSupport.run(mypy, ["--strict", "--no-incremental", "--cache-dir", "/dev/null", "pragma_contract.py"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testTypeScriptDocsFormNoDirective() throws {
        let folder = try generated()
        defer { try? FileManager.default.removeItem(at: folder) }
        try assertBroken(folder.appendingPathComponent("PragmaContract.ts"), words: ["@ts-", "@internal", "@deprecated", "eslint-", "@suppress"])
        let tsc = try TestSupport.requireTool("tsc")
        let result = try TestSupport.run(tsc, ["--strict", "--noEmit", "--target", "es2020", "--module", "commonjs", "--stripInternal", "PragmaContract.ts"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testSwiftDocsFormNoLinterSwitch() throws {
        let folder = try generated()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Pragma.swift", "PragmaRecords.swift"] {
            try assertBroken(folder.appendingPathComponent(name), words: ["swift-format-ignore", "sourcery:"], anywhere: ["swiftlint:"])
        }
        let swiftc = try TestSupport.requireTool("swiftc")
        let result = try TestSupport.run(swiftc, ["-typecheck", "Pragma.swift"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testKotlinDocsFormNoTag() throws {
        let folder = try generated()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["PragmaContract.kt", "PragmaBridge.kt"] {
            try assertBroken(folder.appendingPathComponent(name), words: ["@suppress", "@ts-", "@internal", "noinspection", "ktlint-"])
        }
        let kotlinc = try TestSupport.requireTool("kotlinc")
        let json = try KotlinHarness.orgJSONJar()
        let result = try TestSupport.run(kotlinc, KotlinHarness.kotlincJVM + ["-cp", json, "-d", "out", "PragmaContract.kt"], in: folder)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}
