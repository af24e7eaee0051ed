/// A diff cut to a size: the lines shown (each ending in `"\n"`) and how many were left out.
public struct BoundedDiff: Sendable, Equatable {
    public var text: String
    public var leftOutLines: Int

    public init(text: String, leftOutLines: Int) {
        self.text = text
        self.leftOutLines = leftOutLines
    }
}

/// Diff text built up to `maxBytes`; past it, lines are only counted. A line that would
/// pass the budget is the last one shown, cut inside when it alone is longer than what is
/// left (a committed file of one 64 MiB line), saying how many bytes it lost.
struct BoundedText {
    let maxBytes: Int
    private(set) var text = ""
    var leftOut = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    var full: Bool { text.utf8.count >= maxBytes }

    mutating func line(_ mark: String, _ body: Substring = "") {
        guard !full else {
            leftOut += 1
            return
        }
        let room = maxBytes - text.utf8.count - mark.utf8.count
        text += mark
        if body.utf8.count > room, room >= 0 {
            let kept = body.utf8.prefix(room)
            text += String(decoding: kept, as: UTF8.self)
            text += " [line cut: \(body.utf8.count - kept.count) more bytes]\n"
        } else {
            text += body
            text += "\n"
        }
    }
}

extension UnifiedDiff {
    /// Texts larger than this together (bytes) are diffed by `largeDiff`: no generated file
    /// comes near it (the kitchen-sink schema's largest output is under 200 KB), and
    /// splitting 64 MiB of one-byte lines into lines cost gigabytes.
    static let matchedBytes = 8 << 20

    /// The diff of two large texts without matching their lines: the lines both share at the
    /// start and at the end stay (with `context` of them shown), everything between is
    /// removed and inserted; the fallback `check` already uses for a search past its budget.
    /// It works on the bytes in place and builds only what fits in `maxBytes`; the lines past
    /// it are counted by their newlines.
    static func largeDiff(old: String, new: String, oldLabel: String, newLabel: String, context: Int, maxBytes: Int) -> BoundedDiff {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        let newline = UInt8(ascii: "\n")
        // Common start, back to the start of its line.
        var prefix = 0
        while prefix < oldBytes.count, prefix < newBytes.count, oldBytes[prefix] == newBytes[prefix] { prefix += 1 }
        while prefix > 0, oldBytes[prefix - 1] != newline { prefix -= 1 }
        // Common end, forward to the start of a line, never into the common start.
        var suffix = 0
        while suffix < oldBytes.count - prefix, suffix < newBytes.count - prefix,
              oldBytes[oldBytes.count - 1 - suffix] == newBytes[newBytes.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, oldBytes[oldBytes.count - suffix - 1] != newline { suffix -= 1 }

        /// Start offsets of the lines in `bytes[range]` (a last line without newline included).
        func lineStarts(_ bytes: [UInt8], _ range: Range<Int>, limit: Int = .max) -> [Int] {
            var starts: [Int] = []
            var start = range.lowerBound
            while start < range.upperBound, starts.count < limit {
                starts.append(start)
                var end = start
                while end < range.upperBound, bytes[end] != newline { end += 1 }
                start = end + 1
            }
            return starts
        }
        func lineCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
            guard !range.isEmpty else { return 0 }
            var count = 0
            for index in range where bytes[index] == newline { count += 1 }
            return bytes[range.upperBound - 1] == newline ? count : count + 1
        }
        let prefixLines = lineCount(oldBytes, 0..<prefix)
        let before = prefixLines - min(context, prefixLines)
        let beforeStart = before == 0 ? 0 : lineStarts(oldBytes, 0..<prefix).dropFirst(before).first ?? prefix
        let oldMiddle = prefix..<(oldBytes.count - suffix), newMiddle = prefix..<(newBytes.count - suffix)
        let afterStarts = lineStarts(oldBytes, (oldBytes.count - suffix)..<oldBytes.count, limit: context + 1)
        let afterEnd = afterStarts.count > context ? afterStarts[context] : oldBytes.count
        let oldCount = lineCount(oldBytes, oldMiddle), newCount = lineCount(newBytes, newMiddle)
        let contextCount = (prefixLines - before) + lineCount(oldBytes, (oldBytes.count - suffix)..<afterEnd)
        let oldTotal = contextCount + oldCount, newTotal = contextCount + newCount

        /// `a,b` as `diff` writes it, anchored on the line before an empty range.
        func range(_ before: Int, _ count: Int) -> String {
            let start = count == 0 ? before : before + 1
            return count == 1 ? "\(start)" : "\(start),\(count)"
        }
        var out = BoundedText(maxBytes: maxBytes)
        out.line("--- \(oldLabel)")
        out.line("+++ \(newLabel)")
        out.line("@@ -" + range(before, oldTotal) + " +" + range(before, newTotal) + " @@")
        /// Shows the lines of `bytes[range]` with `mark` while they fit, then counts the rest.
        func show(_ mark: String, _ bytes: [UInt8], _ range: Range<Int>) {
            var start = range.lowerBound
            while start < range.upperBound {
                if out.full {
                    out.leftOut += lineCount(bytes, start..<range.upperBound)
                    if bytes[range.upperBound - 1] != newline, range.upperBound == bytes.count { out.leftOut += 1 }
                    return
                }
                var end = start
                while end < range.upperBound, bytes[end] != newline { end += 1 }
                out.line(mark, Substring(String(decoding: bytes[start..<end], as: UTF8.self)))
                if end == bytes.count { out.line("\\ No newline at end of file") }
                start = end + 1
            }
        }
        show(" ", oldBytes, beforeStart..<prefix)
        show("-", oldBytes, oldMiddle)
        show("+", newBytes, newMiddle)
        show(" ", oldBytes, (oldBytes.count - suffix)..<afterEnd)
        return BoundedDiff(text: out.text, leftOutLines: out.leftOut)
    }
}
