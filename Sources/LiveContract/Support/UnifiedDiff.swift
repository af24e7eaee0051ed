/// Renders the difference between two texts as a unified diff, the format people already
/// read in code review, so `check` can show exactly how a generated file drifted from what
/// the schema would produce today.
///
/// The output follows GNU `diff -u` (without its timestamps): `--- old` / `+++ new`
/// headers, `@@ -a,b +c,d @@` hunks (a count of 1 is written without `,1`, and a count of 0
/// uses the line *before* the change as its start, as `diff` does), hunks merged when their
/// context lines touch or overlap, and `\ No newline at end of file` after a last line that
/// lacks its newline. Lines are split on `"\n"` only, so a `"\r"` stays part of its line and
/// CRLF-versus-LF drift shows up as changed lines instead of vanishing.
///
/// The line matching is the standard library's `CollectionDifference` (a Myers diff,
/// O((n + m) · d)), which stays fast on 10,000+ line files that differ in a few places.
public enum UnifiedDiff {
    /// Returns `""` when `old` and `new` are byte-for-byte equal; otherwise the full unified
    /// diff (headers and hunks), every line terminated by `"\n"`.
    ///
    /// - Parameters:
    ///   - context: unchanged lines shown around each change; negative values count as 0.
    public static func render(
        old: String,
        new: String,
        oldLabel: String,
        newLabel: String,
        context: Int = 3
    ) -> String {
        // Byte comparison, not `==`: String equality ignores Unicode normalization
        // differences, and a generated file that changed from NFC to NFD did change.
        bounded(old: old, new: new, oldLabel: oldLabel, newLabel: newLabel, context: context, maxBytes: .max).text
    }

    /// The diff of `render`, cut after the line that reaches `maxBytes` (a line longer than
    /// what is left is cut inside and says so), with the number of diff lines left out. The
    /// lines left out are counted, never built, so a report of a 64 MiB file costs its
    /// budget, not the file's size in strings. Texts over `matchedBytes` together are not
    /// matched line by line at all (`largeDiff`).
    public static func bounded(old: String, new: String, oldLabel: String, newLabel: String,
                               context: Int = 3, maxBytes: Int) -> BoundedDiff {
        if old.utf8.elementsEqual(new.utf8) { return BoundedDiff(text: "", leftOutLines: 0) }
        if old.utf8.count + new.utf8.count > matchedBytes {
            return largeDiff(old: old, new: new, oldLabel: oldLabel, newLabel: newLabel, context: max(0, context), maxBytes: maxBytes)
        }

        let oldLines = Line.split(old)
        let newLines = Line.split(new)
        let script = editScript(old: oldLines, new: newLines)
        let hunks = groupIntoHunks(script, context: max(0, context))
        if hunks.isEmpty { return BoundedDiff(text: "", leftOutLines: 0) }

        var out = BoundedText(maxBytes: maxBytes)
        out.line("--- \(oldLabel)")
        out.line("+++ \(newLabel)")
        for hunk in hunks {
            render(hunk, of: script, old: oldLines, new: newLines, into: &out)
        }
        return BoundedDiff(text: out.text, leftOutLines: out.leftOut)
    }

    // MARK: - Lines

    /// One line of a text, compared by its exact bytes plus whether it ended with `"\n"`.
    ///
    /// The newline flag is part of the identity because `diff` treats a final line that
    /// lacks its newline as different from the same text with one; that is what makes
    /// "added a trailing newline" visible as a change.
    private struct Line: Hashable {
        /// The line's text, without its `"\n"` (a `"\r"` before it is kept).
        var text: Substring
        /// True only for the last line of a text that does not end with `"\n"`.
        var missingNewline: Bool

        /// Byte equality: `Substring ==` would treat canonically equivalent spellings
        /// (NFC vs NFD) as the same line and hide that drift.
        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.missingNewline == rhs.missingNewline
                && lhs.text.utf8.count == rhs.text.utf8.count
                && lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        /// Hashes the same bytes and flag that `==` compares, so the sets used to skip
        /// unmatched lines agree with the diff's notion of equality.
        func hash(into hasher: inout Hasher) {
            hasher.combine(missingNewline)
            hasher.combine(text.utf8.count)
            let hashedContiguously: Void? = text.utf8.withContiguousStorageIfAvailable {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            if hashedContiguously == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
        }

        /// Splits on `"\n"` only. The empty text has no lines; a text ending in `"\n"` has
        /// no empty line after it; any other text's last line is flagged `missingNewline`.
        ///
        /// The split works on UTF-8 bytes: splitting the `String` itself would keep `"\r\n"`
        /// together, because Swift treats it as a single `Character`.
        static func split(_ text: String) -> [Line] {
            if text.isEmpty { return [] }
            var parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let endsWithNewline = parts.last?.isEmpty == true
            if endsWithNewline { parts.removeLast() }
            var lines = parts.map { Line(text: Substring($0), missingNewline: false) }
            if !endsWithNewline, !lines.isEmpty {
                lines[lines.count - 1].missingNewline = true
            }
            return lines
        }
    }

    // MARK: - Edit script

    /// One step of the walk through both texts.
    private struct Op {
        /// What the step does with the line.
        enum Kind { case common, removed, inserted }

        var kind: Kind
        /// Old lines consumed before this step: the 0-based index of the old line a
        /// `common`/`removed` step shows, and for an `inserted` step the old line before it.
        var old: Int
        /// New lines consumed before this step, likewise.
        var new: Int

        /// Whether this step is part of a change (and so must appear in some hunk).
        var isChange: Bool { kind != .common }
    }

    /// Turns `CollectionDifference`'s offset sets into one in-order walk over both texts.
    ///
    /// Within a run of changes every removal comes before every insertion, which is the
    /// order `diff -u` prints them in: at each step a pending removal is taken first, and
    /// once an insertion has been taken the old position cannot move until the next
    /// common line.
    ///
    /// Lines that occur nowhere in the other text are marked as changed up front and left
    /// out of the Myers search: they can never be matched, so the result is the same, but
    /// a file whose every line changed (a CRLF/LF conversion, a regenerated header on every
    /// line) then costs O(n) instead of Myers's O(n²) worst case.
    private static func editScript(old: [Line], new: [Line]) -> [Op] {
        let oldSet = Set(old)
        let newSet = Set(new)
        let oldKept = old.indices.filter { newSet.contains(old[$0]) }
        let newKept = new.indices.filter { oldSet.contains(new[$0]) }

        var removed = [Bool](repeating: true, count: old.count)
        var inserted = [Bool](repeating: true, count: new.count)
        for index in oldKept { removed[index] = false }
        for index in newKept { inserted[index] = false }
        let candidatesOld = oldKept.map { old[$0] }
        let candidatesNew = newKept.map { new[$0] }
        var numbers: [Line: Int] = [:]
        func number(_ line: Line) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let oldNumbers = candidatesOld.map(number), newNumbers = candidatesNew.map(number)
        if shortestScriptIsCheap(oldNumbers, newNumbers) {
            for change in candidatesNew.difference(from: candidatesOld) {
                switch change {
                case let .remove(offset, _, _): removed[oldKept[offset]] = true
                case let .insert(offset, _, _): inserted[newKept[offset]] = true
                }
            }
        } else {
            let (removedRange, insertedRange) = replaceMiddle(oldNumbers, newNumbers)
            for offset in removedRange { removed[oldKept[offset]] = true }
            for offset in insertedRange { inserted[newKept[offset]] = true }
        }
        compact(&removed, lines: old, other: inserted)
        compact(&inserted, lines: new, other: removed)

        var ops: [Op] = []
        ops.reserveCapacity(max(old.count, new.count))
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed[i] {
                ops.append(Op(kind: .removed, old: i, new: j))
                i += 1
            } else if j < new.count, inserted[j] {
                ops.append(Op(kind: .inserted, old: i, new: j))
                j += 1
            } else {
                // Both sides are unchanged here; CollectionDifference guarantees that the
                // unmarked lines of both texts pair up one to one, in order.
                ops.append(Op(kind: .common, old: i, new: j))
                i += 1
                j += 1
            }
        }
        return ops
    }

    /// Slides runs of changed lines within one text so the diff reads the way GNU `diff`
    /// (and git) would print it.
    ///
    /// Myers picks one of several equally short edit scripts, and with repeated lines
    /// (blank lines, closing braces) its pick can split one logical change into pieces:
    /// `-l0 +z  l6 -l6` instead of `-l0 -l6 +z  l6`. A run of changed lines may move up by
    /// one when the unchanged line above it equals its last line, and down by one when
    /// the unchanged line below it equals its first line; either move leaves the same
    /// lines paired with the other text, so the script stays valid and just as short.
    /// Each run is moved up as far as possible, then down as far as possible (absorbing
    /// runs it meets on the way) until it stops growing, and finally back up to the lowest
    /// spot where it faces a change in the other text, so removals and insertions that
    /// belong together end up printed together.
    ///
    /// - Parameters:
    ///   - changed: this text's changed-line flags, updated in place.
    ///   - other: the other text's changed-line flags (read only).
    private static func compact(_ changed: inout [Bool], lines: [Line], other: [Bool]) {
        let count = changed.count
        // Unchanged lines pair up in order, so the k-th unchanged line here matches the
        // k-th unchanged line there; sliding never changes how many precede a given pair.
        let otherUnchanged = other.indices.filter { !other[$0] }
        /// Whether a run with `before` unchanged lines above it sits opposite a change.
        func facesChange(_ before: Int) -> Bool {
            let above = before == 0 ? -1 : otherUnchanged[before - 1]
            let below = before < otherUnchanged.count ? otherUnchanged[before] : other.count
            return below - above > 1
        }

        var index = 0
        var unchangedBefore = 0
        while index < count {
            if !changed[index] {
                unchangedBefore += 1
                index += 1
                continue
            }
            var start = index
            var end = index
            while end < count, changed[end] { end += 1 }
            var before = unchangedBefore
            var alignedEnd: Int?
            var length: Int
            repeat {
                length = end - start
                while start > 0, lines[start - 1] == lines[end - 1] {
                    start -= 1; end -= 1; before -= 1
                    changed[start] = true; changed[end] = false
                    while start > 0, changed[start - 1] { start -= 1 }
                }
                alignedEnd = facesChange(before) ? end : nil
                while end < count, lines[start] == lines[end] {
                    changed[start] = false; changed[end] = true
                    start += 1; end += 1; before += 1
                    while end < count, changed[end] { end += 1 }
                    if facesChange(before) { alignedEnd = end }
                }
            } while end - start != length
            if let alignedEnd {
                while end > alignedEnd, start > 0, lines[start - 1] == lines[end - 1] {
                    start -= 1; end -= 1; before -= 1
                    changed[start] = true; changed[end] = false
                }
            }
            unchangedBefore = before
            index = end
        }
    }

    // MARK: - Hunks

    /// A slice `range` of the edit script shown as one `@@` block.
    private struct Hunk {
        var range: Range<Int>
    }

    /// Groups the changes into hunks: each change run gets `context` lines either side,
    /// and two runs share a hunk when at most `2 * context` common lines separate them
    /// (their contexts touch or overlap), exactly as GNU `diff` decides.
    private static func groupIntoHunks(_ ops: [Op], context: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        var index = 0
        while index < ops.count {
            guard ops[index].isChange else { index += 1; continue }
            let start = max(0, index - context)
            var lastChange = index
            var scan = index + 1
            while scan < ops.count {
                if ops[scan].isChange {
                    lastChange = scan
                    scan += 1
                } else if scan - lastChange - 1 >= 2 * context {
                    // This common line would be the (2·context + 1)-th in a row after the
                    // last change: the gap is too wide to merge, so the hunk ends here.
                    break
                } else {
                    scan += 1
                }
            }
            let end = min(ops.count, lastChange + 1 + context)
            hunks.append(Hunk(range: start..<end))
            index = end
        }
        return hunks
    }

    /// Appends one hunk: its header, then each line with its ` `, `-` or `+` prefix, and the
    /// `\ No newline at end of file` marker after a last line that lacks its newline.
    private static func render(
        _ hunk: Hunk, of ops: [Op], old: [Line], new: [Line], into out: inout BoundedText
    ) {
        let steps = ops[hunk.range]
        guard let first = steps.first else { return }
        var oldCount = 0
        var newCount = 0
        for op in steps {
            if op.kind != .inserted { oldCount += 1 }
            if op.kind != .removed { newCount += 1 }
        }
        let line = { (op: Op) -> Line in op.kind == .inserted ? new[op.new] : old[op.old] }
        guard !out.full else {
            // Past the budget: only counted.
            out.leftOut += 1 + steps.count + steps.filter { line($0).missingNewline }.count
            return
        }

        // The first step's positions are the lines consumed before the hunk, so the
        // 1-based start is one more, except for an empty range, which `diff` anchors on
        // the line before it (0 at the top of the file).
        out.line("@@ -" + range(start: oldCount == 0 ? first.old : first.old + 1, count: oldCount)
                 + " +" + range(start: newCount == 0 ? first.new : first.new + 1, count: newCount) + " @@")

        for op in steps {
            let shown = line(op)
            let mark: String
            switch op.kind {
            case .common: mark = " "
            case .removed: mark = "-"
            case .inserted: mark = "+"
            }
            out.line(mark, shown.text)
            if shown.missingNewline {
                out.line("\\ No newline at end of file")
            }
        }
    }

    /// A diff (or any file text) as it may be shown on a terminal or in a CI log: C0 and C1
    /// controls (CR, ESC, NEL among them), DEL, bidi controls, zero-width marks and
    /// U+2028/U+2029 are spelled `\u{1B}`, so a hand-edited output cannot clear the screen,
    /// set the clipboard (OSC 52) or reorder what a reviewer reads. Tab and LF stay. `render`
    /// itself stays byte-exact (a patch tool can apply it); callers that print escape.
    public static func visible(_ text: String) -> String {
        TerminalText.visible(text)
    }

    /// `a,b` as `diff` writes it: `a` alone when the count is 1.
    private static func range(start: Int, count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
