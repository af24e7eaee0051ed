import Foundation
import XCTest
@testable import LiveContract

/// Checks `UnifiedDiff` against GNU `diff -u`: the expected texts below were produced with
/// `diff -u --label old --label new` (diffutils 3.8) and checked by eye,
/// `testAgreesWithGNUDiff` runs `/usr/bin/diff` itself when it is installed, and
/// `testRandomEditsApplyBackAndAreMinimal` applies random diffs back with a strict patcher.
final class UnifiedDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String, context: Int = 3) -> String {
        UnifiedDiff.render(old: old, new: new, oldLabel: "old", newLabel: "new", context: context)
    }

    /// Joins lines, each with its "\n".
    private func text(_ lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// "1\n2\n…\n<count>\n".
    private func numbered(_ count: Int) -> [String] {
        (1...count).map(String.init)
    }

    // MARK: - Equal inputs

    func testEqualTextsGiveEmptyString() {
        XCTAssertEqual(diff("", ""), "")
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
        XCTAssertEqual(diff("no newline", "no newline"), "")
        XCTAssertEqual(diff("a\r\n", "a\r\n"), "")
    }

    func testUnicodeNormalizationCountsAsAChange() {
        // "é" precomposed vs "e" + combining accent: equal as Swift Strings, different bytes.
        let composed = "caf\u{E9}\n"
        let decomposed = "cafe\u{301}\n"
        XCTAssertEqual(composed, decomposed)
        XCTAssertEqual(diff(composed, decomposed), "--- old\n+++ new\n@@ -1 +1 @@\n-\(composed)+\(decomposed)")
    }

    // MARK: - Headers and hunks

    func testLabelsAndSingleChange() {
        let old = text(numbered(10))
        var newLines = numbered(10)
        newLines[4] = "five"
        let result = UnifiedDiff.render(old: old, new: text(newLines), oldLabel: "a/Gen.swift", newLabel: "b/Gen.swift")
        XCTAssertEqual(result, """
            --- a/Gen.swift
            +++ b/Gen.swift
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    func testChangesSixLinesApartShareAHunk() {
        // 6 unchanged lines between the changes: the two 3-line contexts touch.
        var newLines = numbered(20)
        newLines[4] = "X"
        newLines[11] = "Y"
        XCTAssertEqual(diff(text(numbered(20)), text(newLines)), """
            --- old
            +++ new
            @@ -2,14 +2,14 @@
             2
             3
             4
            -5
            +X
             6
             7
             8
             9
             10
             11
            -12
            +Y
             13
             14
             15

            """)
    }

    func testChangesSevenLinesApartGetTwoHunks() {
        var newLines = numbered(20)
        newLines[4] = "X"
        newLines[12] = "Y"
        XCTAssertEqual(diff(text(numbered(20)), text(newLines)), """
            --- old
            +++ new
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +X
             6
             7
             8
            @@ -10,7 +10,7 @@
             10
             11
             12
            -13
            +Y
             14
             15
             16

            """)
    }

    func testContextIsClippedAtFileEdges() {
        XCTAssertEqual(diff("a\nb\nc\n", "a\nb\nX\n", context: 1), """
            --- old
            +++ new
            @@ -2,2 +2,2 @@
             b
            -c
            +X

            """)
        XCTAssertEqual(diff("a\nb\nc\n", "X\nb\nc\n"), "--- old\n+++ new\n@@ -1,3 +1,3 @@\n-a\n+X\n b\n c\n")
    }

    func testRemovalsPrecedeInsertionsInAChangeBlock() {
        XCTAssertEqual(diff("a\nb\nc\nd\n", "a\nX\nY\nZ\nd\n"), """
            --- old
            +++ new
            @@ -1,4 +1,5 @@
             a
            -b
            -c
            +X
            +Y
            +Z
             d

            """)
    }

    // MARK: - Empty ranges (count 0 starts at the line before)

    func testEmptyOldFile() {
        XCTAssertEqual(diff("", "a\nb\n"), "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    func testEmptyNewFile() {
        XCTAssertEqual(diff("a\nb\n", ""), "--- old\n+++ new\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    func testPureInsertionsAndDeletionsWithoutContext() {
        XCTAssertEqual(diff("a\nb\nc\n", "x\na\nb\nc\n", context: 0), "--- old\n+++ new\n@@ -0,0 +1 @@\n+x\n")
        XCTAssertEqual(diff("a\nb\nc\n", "a\nb\nc\nd\n", context: 0), "--- old\n+++ new\n@@ -3,0 +4 @@\n+d\n")
        XCTAssertEqual(diff("a\nb\nc\n", "a\nc\n", context: 0), "--- old\n+++ new\n@@ -2 +1,0 @@\n-b\n")
        XCTAssertEqual(diff("a\nb\nc\n", "b\nc\n", context: 0), "--- old\n+++ new\n@@ -1 +0,0 @@\n-a\n")
    }

    func testZeroContextKeepsAdjacentChangesSeparate() {
        var newLines = numbered(5)
        newLines[1] = "X"
        newLines[3] = "Y"
        XCTAssertEqual(diff(text(numbered(5)), text(newLines), context: 0), """
            --- old
            +++ new
            @@ -2 +2 @@
            -2
            +X
            @@ -4 +4 @@
            -4
            +Y

            """)
    }

    func testNegativeContextCountsAsZero() {
        XCTAssertEqual(diff("a\nb\nc\n", "a\nX\nc\n", context: -5), diff("a\nb\nc\n", "a\nX\nc\n", context: 0))
    }

    func testLargeContextShowsWholeFile() {
        XCTAssertEqual(diff("a\nb\nc\n", "a\nX\nc\n", context: 100), "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+X\n c\n")
    }

    func testBlankLines() {
        XCTAssertEqual(diff("\n\n", "\n"), "--- old\n+++ new\n@@ -1,2 +1 @@\n \n-\n")
    }

    // MARK: - Missing trailing newline

    func testAddingTheFinalNewline() {
        XCTAssertEqual(diff("a\nb", "a\nb\n"), """
            --- old
            +++ new
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    func testDroppingTheFinalNewline() {
        XCTAssertEqual(diff("a\nb\n", "a\nb"), """
            --- old
            +++ new
            @@ -1,2 +1,2 @@
             a
            -b
            +b
            \\ No newline at end of file

            """)
    }

    func testBothSidesWithoutFinalNewline() {
        XCTAssertEqual(diff("a\nb", "a\nc"), """
            --- old
            +++ new
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c
            \\ No newline at end of file

            """)
    }

    func testMarkerAfterUnchangedLastContextLine() {
        XCTAssertEqual(diff("a\nb\nc", "X\nb\nc"), """
            --- old
            +++ new
            @@ -1,3 +1,3 @@
            -a
            +X
             b
             c
            \\ No newline at end of file

            """)
    }

    func testNoMarkerWhenLastLineIsOutsideTheHunk() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh"
        let new = "X\nb\nc\nd\ne\nf\ng\nh"
        XCTAssertEqual(diff(old, new), "--- old\n+++ new\n@@ -1,4 +1,4 @@\n-a\n+X\n b\n c\n d\n")
    }

    func testSingleLineWithoutNewlineAgainstEmpty() {
        XCTAssertEqual(diff("", "x"), "--- old\n+++ new\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n")
        XCTAssertEqual(diff("x", ""), "--- old\n+++ new\n@@ -1 +0,0 @@\n-x\n\\ No newline at end of file\n")
    }

    // MARK: - Line endings

    func testCRLFDriftShowsUp() {
        XCTAssertEqual(diff("a\r\nb\r\nc\r\n", "a\r\nb\nc\r\n"), "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\r\n-b\r\n+b\n c\r\n")
    }

    func testWholeFileConvertedToLF() {
        let crlf = (1...5).map { "line \($0)\r\n" }.joined()
        let lf = (1...5).map { "line \($0)\n" }.joined()
        let result = diff(crlf, lf)
        XCTAssertTrue(result.hasPrefix("--- old\n+++ new\n@@ -1,5 +1,5 @@\n-line 1\r\n-line 2\r\n"))
        XCTAssertTrue(result.hasSuffix("-line 5\r\n+line 1\n+line 2\n+line 3\n+line 4\n+line 5\n"))
    }

    func testLoneCarriageReturnIsNotALineBreak() {
        XCTAssertEqual(diff("a\rb\n", "a\rc\n"), "--- old\n+++ new\n@@ -1 +1 @@\n-a\rb\n+a\rc\n")
    }

    // MARK: - Readability with repeated lines

    func testRepeatedLinesDoNotSplitAChange() {
        // Several minimal scripts exist; GNU diff (and this renderer) keep the change whole.
        XCTAssertEqual(
            diff("l27\nl0\nl6\nl6\nl2\n", "l27\nz\nl6\nl2\n"),
            "--- old\n+++ new\n@@ -1,5 +1,4 @@\n l27\n-l0\n-l6\n+z\n l6\n l2\n"
        )
        // A new block ending in the same closing brace as the one above it.
        let old = "func a() {\n}\n\nfunc c() {\n}\n"
        let new = "func a() {\n}\n\nfunc b() {\n}\n\nfunc c() {\n}\n"
        XCTAssertEqual(diff(old, new), """
            --- old
            +++ new
            @@ -1,5 +1,8 @@
             func a() {
             }
             
            +func b() {
            +}
            +
             func c() {
             }

            """)
    }

    // MARK: - Size

    func testLargeFileWithFewChangesIsFast() {
        var lines = (0..<20_000).map { "let value\($0) = \($0)" }
        let old = text(lines)
        lines[100] = "changed"
        lines.insert("inserted", at: 9_000)
        lines.remove(at: 15_000)
        let start = Date()
        let result = diff(old, text(lines))
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, 5, "a 20,000-line diff with 3 changes took \(elapsed)s")
        let headers = result.split(separator: "\n").filter { $0.hasPrefix("@@") }
        XCTAssertEqual(headers, ["@@ -98,7 +98,7 @@", "@@ -8998,6 +8998,7 @@", "@@ -14997,7 +14998,6 @@"])
        XCTAssertTrue(result.contains("-let value100 = 100\n+changed\n"))
        XCTAssertTrue(result.contains(" let value8999 = 8999\n+inserted\n let value9000 = 9000\n"))
        XCTAssertTrue(result.contains(" let value14998 = 14998\n-let value14999 = 14999\n let value15000 = 15000\n"))
    }

    func testEveryLineChangedIsFast() {
        let old = (0..<10_000).map { "line \($0)\n" }.joined()
        let new = (0..<10_000).map { "line \($0)\r\n" }.joined()
        let start = Date()
        let result = diff(old, new)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, 5, "a 10,000-line full rewrite took \(elapsed)s")
        XCTAssertTrue(result.hasPrefix("--- old\n+++ new\n@@ -1,10000 +1,10000 @@\n-line 0\n"))
        XCTAssertEqual(Patch.lines(result).count, 3 + 20_000)
    }

    // MARK: - Against GNU diff itself

    /// Runs `/usr/bin/diff -U<context>` on two texts and returns its output, or nil (and the
    /// test is skipped) when GNU diff is not installed.
    private func gnuDiff(_ old: String, _ new: String, context: Int) throws -> String {
        let diffPath = "/usr/bin/diff"
        guard FileManager.default.isExecutableFile(atPath: diffPath) else {
            throw XCTSkip("GNU diff is not installed")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("UnifiedDiffTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let oldURL = directory.appendingPathComponent("old")
        let newURL = directory.appendingPathComponent("new")
        try Data(old.utf8).write(to: oldURL)
        try Data(new.utf8).write(to: newURL)

        let result = try TestSupport.run(diffPath, ["-U\(context)", "--label", "old", "--label", "new", oldURL.path, newURL.path])
        XCTAssertLessThanOrEqual(result.status, 1, "diff failed: \(result.stderr)")
        return result.stdout
    }

    func testAgreesWithGNUDiff() throws {
        var twenty = numbered(20)
        twenty[4] = "X"
        twenty[12] = "Y"
        twenty.insert("new", at: 17)
        let cases: [(String, String)] = [
            (text(numbered(20)), text(twenty)),
            ("", "a\nb\n"),
            ("a\nb\n", ""),
            ("a\nb", "a\nb\n"),
            ("a\nb\n", "a\nb"),
            ("a\nb", "a\nc"),
            ("a\nb\nc", "X\nb\nc"),
            ("", "x"),
            ("a\r\nb\r\nc\r\n", "a\r\nb\nc\r\n"),
            ("\n\n", "\n"),
            ("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "a\nc\nd\nX\ne\nf\ng\nh\nj\nk\n"),
            ("func a() {\n}\n\nfunc c() {\n}\n", "func a() {\n}\n\nfunc b() {\n}\n\nfunc c() {\n}\n"),
        ]
        for (old, new) in cases {
            for context in [0, 1, 3, 5] {
                XCTAssertEqual(
                    diff(old, new, context: context),
                    try gnuDiff(old, new, context: context),
                    "old: \(old.debugDescription) new: \(new.debugDescription) context: \(context)"
                )
            }
        }
    }

    /// Random edits of random texts: every diff must apply back to the new text and change
    /// no more lines than a longest common subsequence allows (Myers is minimal; GNU diff
    /// may pick a different but equally short script when lines repeat, so the text itself
    /// is not compared here).
    func testRandomEditsApplyBackAndAreMinimal() throws {
        var random = SplitMix64(seed: 0x5EED)
        let vocabulary = (0..<12).map { "l\($0)" } + ["", "}", "x\r"]
        for round in 0..<1_000 {
            var oldLines = (0..<random.next(below: 25)).map { _ in vocabulary[random.next(below: vocabulary.count)] }
            var newLines = oldLines
            for _ in 0..<random.next(below: 5) {
                switch random.next(below: 3) {
                case 0 where !newLines.isEmpty: newLines.remove(at: random.next(below: newLines.count))
                case 1: newLines.insert(vocabulary[random.next(below: vocabulary.count)], at: random.next(below: newLines.count + 1))
                default: if !newLines.isEmpty { newLines[random.next(below: newLines.count)] = "changed" }
                }
            }
            if round % 5 == 0 { oldLines.shuffle(using: &random) }
            let old = oldLines.joined(separator: "\n") + (random.next(below: 2) == 0 ? "\n" : "")
            let new = newLines.joined(separator: "\n") + (random.next(below: 2) == 0 ? "\n" : "")
            let context = random.next(below: 4)
            let result = diff(old, new, context: context)
            let label = "round \(round): old \(old.debugDescription) new \(new.debugDescription) context \(context)"
            if old.utf8.elementsEqual(new.utf8) {
                XCTAssertEqual(result, "", label)
                continue
            }
            XCTAssertEqual(try Patch.apply(result, to: old), new, label)
            let oldTerminated = terminatedLines(old)
            let newTerminated = terminatedLines(new)
            let common = longestCommonSubsequence(oldTerminated, newTerminated)
            XCTAssertEqual(changedLineCount(result), oldTerminated.count + newTerminated.count - 2 * common, label)
        }
    }

    /// Lines with their "\n" kept, so a last line without one differs from the same text
    /// with one, as it does for diff.
    private func terminatedLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == UInt8(ascii: "\n") { lines.append(current); current = [] }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Textbook O(n·m) LCS length, as an independent check on the diff's minimality.
    private func longestCommonSubsequence(_ a: [[UInt8]], _ b: [[UInt8]]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for line in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, other) in b.enumerated() {
                current[j + 1] = line == other ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Counts the `-` and `+` body lines of a unified diff.
    private func changedLineCount(_ diff: String) -> Int {
        Patch.lines(diff).dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count
    }
}

/// A strict unified-diff applier, so tests can check that headers, counts, context and
/// `\ No newline` markers are all consistent with the texts rather than eyeballing them.
private enum Patch {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Splits on "\n" bytes only (keeping "\r"), without a final empty element.
    static func lines(_ text: String) -> [String] {
        var parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Applies `diff` to `old`, checking every line it claims about `old`, and returns the
    /// new text.
    static func apply(_ diff: String, to old: String) throws -> String {
        let oldLines = lines(old)
        // Bytes, not Characters: "\r\n" is a single Character, so hasSuffix("\n") misses it.
        let oldHasFinalNewline = old.isEmpty || old.utf8.last == UInt8(ascii: "\n")
        var patch = lines(diff)[...]
        guard patch.popFirst() == "--- old", patch.popFirst() == "+++ new" else {
            throw Failure(description: "bad headers")
        }
        // Old lines are (text, ends with "\n"); build the new text the same way.
        let oldEntries = oldLines.indices.map { (oldLines[$0], $0 < oldLines.count - 1 || oldHasFinalNewline) }
        var output: [(String, Bool)] = []
        var position = 0

        while let header = patch.popFirst() {
            let numbers = try parseHeader(header)
            let firstOld = numbers.oldCount == 0 ? numbers.oldStart : numbers.oldStart - 1
            guard firstOld >= position, firstOld <= oldEntries.count else {
                throw Failure(description: "hunk \(header) out of order")
            }
            output += oldEntries[position..<firstOld]
            position = firstOld
            let expectedNewStart = numbers.newCount == 0 ? output.count : output.count + 1
            guard numbers.newStart == expectedNewStart else {
                throw Failure(description: "hunk \(header): new start should be \(expectedNewStart)")
            }
            var oldSeen = 0
            var newSeen = 0
            while let line = patch.first, !line.hasPrefix("@@") {
                patch.removeFirst()
                let marker = patch.first == "\\ No newline at end of file"
                if marker { patch.removeFirst() }
                let body = String(line.dropFirst())
                switch line.first {
                case " ", "-":
                    guard position < oldEntries.count, oldEntries[position] == (body, !marker) else {
                        throw Failure(description: "hunk \(header): \(line.debugDescription) does not match old")
                    }
                    position += 1
                    oldSeen += 1
                    if line.first == " " {
                        output.append((body, !marker))
                        newSeen += 1
                    }
                case "+":
                    output.append((body, !marker))
                    newSeen += 1
                default:
                    throw Failure(description: "bad body line \(line.debugDescription)")
                }
            }
            guard oldSeen == numbers.oldCount, newSeen == numbers.newCount else {
                throw Failure(description: "hunk \(header): saw -\(oldSeen) +\(newSeen)")
            }
        }
        output += oldEntries[position...]
        return output.map { $0.1 ? $0.0 + "\n" : $0.0 }.joined()
    }

    /// Reads `@@ -a[,b] +c[,d] @@`; a missing count means 1.
    private static func parseHeader(_ header: String) throws -> (oldStart: Int, oldCount: Int, newStart: Int, newCount: Int) {
        let parts = header.split(separator: " ")
        guard parts.count == 4, parts[0] == "@@", parts[3] == "@@",
              parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else {
            throw Failure(description: "bad header \(header)")
        }
        func range(_ text: Substring) throws -> (Int, Int) {
            let numbers = text.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            switch numbers.count {
            case 1: if let start = numbers[0] { return (start, 1) }
            case 2: if let start = numbers[0], let count = numbers[1], count != 1 { return (start, count) }
            default: break
            }
            throw Failure(description: "bad range \(text) in \(header)")
        }
        let (oldStart, oldCount) = try range(parts[1])
        let (newStart, newCount) = try range(parts[2])
        return (oldStart, oldCount, newStart, newCount)
    }
}

/// A small seeded generator so the random test is the same on every run.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in 0..<bound (bound > 0).
    mutating func next(below bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }
}
