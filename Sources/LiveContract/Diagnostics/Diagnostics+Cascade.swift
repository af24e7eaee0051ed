/// One root cause, one error. When a key, a type or a value is wrong, the checks that depend
/// on it (examples giving a value for a field whose type is unknown, the contents of a
/// misspelled section, examples leaving out a field whose default failed) would only repeat
/// the mistake in other words, often with advice that does not fit. So the check that finds
/// the root cause marks its subject as failed, and dependent checks ask `hasFailed` and, rather
/// than report, count themselves onto the root error ("2 more errors follow from this one").
///
/// Subjects are plain strings chosen by the checks (`field:state.eta`, `section:attributes`);
/// the mechanism knows nothing about schemas.
struct Cascade: Sendable {
    /// Subject -> index in `items` of the error that caused it.
    var roots: [String: Int] = [:]
    /// Index of a root error -> its message before any count was added, and the count.
    var followers: [Int: (message: String, count: Int)] = [:]
}

extension Diagnostics {
    /// How many errors have been reported so far; a check compares it before and after a
    /// step to learn whether that step failed.
    public var errorCount: Int { errorTotal }

    /// Marks `subject` as failed because of the most recent error. Without an error there is
    /// no root to point at, so nothing is marked.
    public mutating func markFailed(_ subject: String) {
        guard let index = items.lastIndex(where: { $0.severity == .error }), cascade.roots[subject] == nil else { return }
        cascade.roots[subject] = index
    }

    public func hasFailed(_ subject: String) -> Bool {
        cascade.roots[subject] != nil
    }

    /// Records `count` errors that a dependent check did not report because `subject` failed.
    public mutating func suppress(_ count: Int = 1, because subject: String) {
        guard count > 0, let index = cascade.roots[subject] else { return }
        let entry = cascade.followers[index] ?? (items[index].message, 0)
        let total = entry.count + count
        cascade.followers[index] = (entry.message, total)
        items[index].message = entry.message + " (\(total) more error\(total == 1 ? "" : "s") follow\(total == 1 ? "s" : "") from this one)"
    }
}
