/// A bound on the line matching of `UnifiedDiff`, so no file can make `check` hang.
///
/// Myers's search costs O((n + m) · d) for d differing lines, which is quick for a generated
/// file that drifted in a few places but quadratic when nearly every line is a change that
/// could still match: a committed output of the right header followed by 400 KB of `}` lines
/// (each one also a line of the generated file) took hours. The greedy forward pass below
/// only counts the steps the search needs; past `searchBudget` the diff shows the part
/// between the common first and last lines as replaced, which is still a correct diff, just
/// not the shortest one.
extension UnifiedDiff {
    /// Steps of the search a diff may take: about a tenth of a second in a release build,
    /// far more than any real drift needs (10,000 lines with 200 changes take 4 million).
    static let searchBudget = 10_000_000

    /// True when the shortest edit script from `old` to `new` (lines as numbers, equal
    /// lines equal numbers, so a step is one integer comparison) is found within `budget`
    /// steps (a diagonal visited or a matching line followed). Memory is O(√budget): each
    /// round d visits 2d + 1 diagonals, so the rounds stop before d exceeds √budget.
    static func shortestScriptIsCheap(_ old: [Int], _ new: [Int], budget: Int = searchBudget) -> Bool {
        let n = old.count, m = new.count
        var limit = 0
        while (limit + 1) * (limit + 1) <= budget { limit += 1 }
        limit = min(limit, n + m)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var steps = 0
        for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                let down = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                var x = down ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                    steps += 1
                }
                furthest[offset + k] = x
                steps += 1
                if x >= n && y >= m { return true }
                if steps > budget { return false }
            }
        }
        return false
    }

    /// The fallback script: the lines the two sides share at the start and at the end stay,
    /// everything between is removed from `old` and inserted into `new`.
    static func replaceMiddle(_ old: [Int], _ new: [Int]) -> (removed: Range<Int>, inserted: Range<Int>) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return (prefix..<(old.count - suffix), prefix..<(new.count - suffix))
    }
}
