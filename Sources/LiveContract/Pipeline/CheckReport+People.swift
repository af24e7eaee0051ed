/// What the people formats (text, github) print of a failing check, and how much: a
/// forgotten `generate` printed 2,451 lines of diffs (3,470 as annotations) that ended
/// without saying what to run, and committed templates that render 64 MiB per output printed
/// 441 MB. So the summary and the fix come first and again last, and every piece of the
/// report has a cap with a count of what it left out. JSON and SARIF keep the findings whole
/// (each diff up to `Checker.keptDiffBytes`).
extension CheckReport {
    /// The fix for the whole run: the distinct fixes of the failing findings, in order, at
    /// most `PeopleCap.fixes` of them.
    var summaryFix: String {
        var fixes: [String] = []
        for finding in findings where (finding.severity == .error || strict) && !finding.fix.isEmpty && !fixes.contains(finding.fix) {
            fixes.append(finding.fix)
        }
        guard !fixes.isEmpty else { return "" }
        let shown = fixes.prefix(PeopleCap.fixes)
        var text = "fix: " + shown.joined(separator: "\n     ")
        if fixes.count > shown.count { text += "\n     (and \(fixes.count - shown.count) other fixes, one per file below)" }
        return text
    }

    /// The first lines of a report with drift: the summary, then the fix ("" when no file
    /// fails: an invalid schema's diagnostics come first on their own).
    var opening: String {
        guard findings.contains(where: { $0.severity == .error || strict }) else { return "" }
        let fix = summaryFix
        return summary + "\n" + (fix.isEmpty ? "" : fix + "\n")
    }

    /// The last lines: the summary and the fix again, so the end of a long log says what to run.
    public var closing: String {
        let fix = failed ? summaryFix : ""
        return summary + (fix.isEmpty ? "" : "\n" + fix)
    }
}

/// The caps of one people report, spent as it is rendered.
struct PeopleCap {
    /// Diff lines shown per file, then "N more lines".
    static let linesPerFile = 40
    /// Diff lines shown in the whole report: five files' worth.
    static let linesPerReport = 200
    /// Findings listed (headline, contract, fix, diff); the rest are only counted.
    static let findingsPerReport = 50
    /// Distinct fixes the summary names.
    static let fixes = 3

    private var linesLeft = linesPerReport
    private var findingsLeft = findingsPerReport
    /// Findings, and diff lines of listed findings, that were not shown.
    private(set) var findingsLeftOut = 0

    /// True when one more finding may be listed; counts it otherwise.
    mutating func takeFinding() -> Bool {
        guard findingsLeft > 0 else {
            findingsLeftOut += 1
            return false
        }
        findingsLeft -= 1
        return true
    }

    /// The lines of `finding`'s diff to show and how many it leaves out (including those
    /// the finding itself did not keep).
    mutating func diff(of finding: CheckFinding) -> (shown: [Substring], leftOut: Int) {
        var lines = finding.diff.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let count = min(lines.count, Self.linesPerFile, linesLeft)
        linesLeft -= count
        return (Array(lines.prefix(count)), lines.count - count + finding.diffLeftOut)
    }

    /// The line after a cut diff.
    static func moreLines(_ count: Int, shown: Bool, fix: String) -> String {
        let what = shown ? "\(count) more diff line\(count == 1 ? "" : "s")" : "diff of \(count) line\(count == 1 ? "" : "s")"
        return "  ... \(what) not shown (`check --format json` has the whole diff); fix: \(fix)"
    }

    /// The line saying how many findings were not listed, or "".
    func leftOutNote() -> String {
        guard findingsLeftOut > 0 else { return "" }
        return "... and \(findingsLeftOut) more file\(findingsLeftOut == 1 ? "" : "s") out of sync, not listed (`check --format json` lists every one)\n"
    }
}
