/// "Did you mean …?" hints for misspelled names (schema keys, command-line options), so a
/// typo such as `maxLenght` is answered with the fix instead of only a rejection.
public enum Suggest {
    /// The candidate closest to `word` by edit distance (case-insensitive), or nil when none
    /// is close enough (distance <= max(1, word.count / 3)); ties broken by candidate order.
    ///
    /// The threshold grows with the word so that long names tolerate a transposition or two
    /// while short ones do not get far-fetched suggestions. Distance counts `Character`s
    /// (insertions, deletions, substitutions and swaps of neighbours, each costing 1).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // Anything at or beyond the current best cannot win (earlier candidates win
            // ties), so the search may stop as soon as it proves that.
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            guard bound >= 0 else { break }
            if let distance = editDistance(target, Array(candidate.lowercased()), bound: bound) {
                best = (candidate, distance)
                if distance == 0 { break }
            }
        }
        return best?.candidate
    }

    /// Edit distance between `a` and `b` where swapping two neighbours counts as one edit
    /// (`staet` -> `state`, the most common typo), or nil as soon as it is certain to exceed
    /// `bound` (which keeps long candidate lists cheap: most are rejected after a row or two).
    static func editDistance(_ a: [Character], _ b: [Character], bound: Int) -> Int? {
        if abs(a.count - b.count) > bound { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the dynamic-programming table: a transposition looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var cost = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cost = min(cost, beforePrevious[j - 2] + 1)
                }
                current[j] = cost
                rowMinimum = min(rowMinimum, cost)
            }
            // Later cells derive from this row or, through a swap, the one before it.
            if rowMinimum > bound && previousMinimum + 1 > bound { return nil }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = previous[b.count]
        return distance <= bound ? distance : nil
    }
}
