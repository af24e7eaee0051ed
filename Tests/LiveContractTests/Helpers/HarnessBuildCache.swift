import Foundation
@testable import LiveContract

/// Compiled harness programs kept under `.build/harness-cache/`, so the Swift, Kotlin and
/// differential tests compile each program once per change instead of once per test (kotlinc
/// and swiftc are most of the suite's time on a 2-core machine).
///
/// The key is the SHA-256 of everything that decides the output: the compiler's identity
/// (resolved path and its version text), the recipe (the arguments, with input files named by
/// position), and every input file's name and bytes, the generated sources included. A changed
/// generator, template, harness file, flag or compiler is a new key and compiles again; the
/// same bytes through the same compiler give the same program, so reusing it proves the same
/// thing. `LIVECONTRACT_HARNESS_CACHE=0` compiles every time, into a fresh folder.
enum HarnessBuildCache {
    static let root = TestSupport.repoRoot.appendingPathComponent(".build/harness-cache")
    static let lock = NSLock()
    nonisolated(unsafe) static var identities: [String: String] = [:]

    /// A compiled program's folder, and whether it was found instead of built.
    struct Entry {
        var folder: URL
        var reused: Bool
    }

    static var enabled: Bool { ProcessInfo.processInfo.environment["LIVECONTRACT_HARNESS_CACHE"] != "0" }

    /// The folder `make` fills for `label`: found by key, else built into a private folder and
    /// then moved into place (so a failed or interrupted build never leaves an entry).
    static func build(_ label: String, compiler: [String], recipe: [String], inputs: [URL], make: (URL) throws -> Void) throws -> Entry {
        guard enabled else {
            let folder = TestSupport.temporaryDirectory("lc-\(label)")
            try make(folder)
            return Entry(folder: folder, reused: false)
        }
        let key = try self.key(compiler: compiler, recipe: recipe, inputs: inputs)
        let folder = root.appendingPathComponent("\(label)-\(key)")
        if FileManager.default.fileExists(atPath: folder.path) { return Entry(folder: folder, reused: true) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // One builder per key across threads and test processes (the shards of scripts/test):
        // whoever comes second waits for the first and reuses its program instead of
        // compiling the same one beside it.
        let lockFile = open(root.appendingPathComponent(".\(label)-\(key).lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if lockFile >= 0 {
            while flock(lockFile, LOCK_EX) != 0, errno == EINTR {}
        }
        defer { if lockFile >= 0 { close(lockFile) } }
        if FileManager.default.fileExists(atPath: folder.path) { return Entry(folder: folder, reused: true) }
        let partial = root.appendingPathComponent(".\(label)-\(key)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        do {
            try make(partial)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        do {
            try FileManager.default.moveItem(at: partial, to: folder)
        } catch {
            // Another process published the same key first: its program is the same one.
            try? FileManager.default.removeItem(at: partial)
            guard FileManager.default.fileExists(atPath: folder.path) else { throw error }
        }
        prune(label, keeping: folder)
        return Entry(folder: folder, reused: false)
    }

    /// Hex SHA-256 over the compiler identity, the recipe and the inputs' names and bytes.
    static func key(compiler: [String], recipe: [String], inputs: [URL]) throws -> String {
        var manifest = compiler + ["--"] + recipe + ["--"]
        if !inputs.isEmpty {
            let sums = try sha256sum(inputs.map(\.path), input: nil).split(separator: "\n").map { String($0.prefix(64)) }
            guard sums.count == inputs.count else { throw SwiftcFailure(message: "sha256sum gave \(sums.count) sums for \(inputs.count) files") }
            manifest += zip(inputs, sums).map { "\($0.lastPathComponent) \($1)" }
        }
        return String(try sha256sum([], input: manifest.joined(separator: "\n")).prefix(64))
    }

    static func sha256sum(_ arguments: [String], input: String?) throws -> String {
        let tool = TestSupport.which("sha256sum") ?? "/usr/bin/sha256sum"
        let result = try TestSupport.run(tool, arguments, input: input)
        guard result.status == 0 else { throw SwiftcFailure(message: "sha256sum failed: \(result.stderr)") }
        return result.stdout
    }

    /// What names a compiler: its resolved path and what `--version` (or `arguments`) prints,
    /// asked once per test process.
    static func identity(_ tool: String, _ arguments: [String] = ["--version"]) throws -> [String] {
        let resolved = URL(fileURLWithPath: tool).resolvingSymlinksInPath().path
        let memo = resolved + " " + arguments.joined(separator: " ")
        lock.lock()
        let known = identities[memo]
        lock.unlock()
        if let known { return [resolved, known] }
        let result = try TestSupport.run(tool, arguments)
        let text = (result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
        lock.lock()
        identities[memo] = text
        lock.unlock()
        return [resolved, text]
    }

    /// Jars named by file name, size and modification time (a compiler run from jars has no
    /// cheap `--version`).
    static func identity(jars: [String]) -> [String] {
        jars.map { path in
            let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
            let size = (attributes[.size] as? NSNumber)?.stringValue ?? "?"
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(size) \(date)"
        }
    }

    /// Keeps the four newest entries of `label`, so switching branches stays cheap while
    /// the folder does not grow without bound.
    static func prune(_ label: String, keeping: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let entries = names.filter { $0.hasPrefix(label + "-") }.map { root.appendingPathComponent($0) }
        func date(_ url: URL) -> Date {
            ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
        }
        for old in entries.sorted(by: { date($0) > date($1) }).dropFirst(4) where old != keeping {
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.removeItem(at: root.appendingPathComponent(".\(old.lastPathComponent).lock"))
        }
    }
}
