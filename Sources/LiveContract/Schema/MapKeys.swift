/// Map keys in the one order every output writes them: by Unicode code point. That is the
/// byte order of UTF-8 (what Go and a byte sort give) but not the UTF-16 order of JavaScript's
/// and Kotlin's default string sort, which puts U+10000 and above before U+E000...U+FFFF; the
/// generated code sorts by code point explicitly for that reason.
public enum MapKeys {
    /// True when `a` comes before `b` by code point (equal strings are not before each other).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `members` in code point order of their names.
    public static func sorted(_ members: [NamedValue]) -> [NamedValue] {
        members.sorted { precedes($0.name, $1.name) }
    }
}

/// Reads Swift's spellings of a string-keyed dictionary: `[String: T]` and `Dictionary<String, T>`.
public enum SwiftMapSpelling {
    /// The value type's spelling, or nil when `spelling` is not a `String`-keyed dictionary.
    public static func valueType(of spelling: String) -> String? {
        let text = spelling.trimmingSpaces
        var inner: Substring
        if text.hasPrefix("[") && text.hasSuffix("]") {
            inner = text.dropFirst().dropLast()
        } else if text.hasPrefix("Dictionary<") && text.hasSuffix(">") {
            inner = text.dropFirst("Dictionary<".count).dropLast()
        } else {
            return nil
        }
        // The first top-level ':' or ',' separates key from value.
        var depth = 0
        for index in inner.indices {
            let char = inner[index]
            if char == "[" || char == "<" || char == "(" { depth += 1 }
            if char == "]" || char == ">" || char == ")" { depth -= 1 }
            if depth == 0 && (char == ":" || (char == "," && text.hasPrefix("Dictionary<"))) {
                let key = String(inner[..<index]).trimmingSpaces
                guard key == "String" else { return nil }
                return String(inner[inner.index(after: index)...]).trimmingSpaces
            }
        }
        return nil
    }
}
