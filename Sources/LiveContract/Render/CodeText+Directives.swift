/// Doc text that a language's tools would read as a directive: a schema doc
/// `+build ignore` written as `// +build ignore` is a Go build constraint (gofmt moves it
/// into the header and the file drops out of every build), `# type: ignore` above the
/// imports makes mypy skip the whole Python module, a JSDoc line `@internal` removes a
/// declaration from `.d.ts` files. Each language lists where its tools read a directive in
/// a comment line (`Directives`); a doc line that starts with one there (after blanks,
/// ignoring case), or holds one of the `anywhere` words, gets a backslash before it, which
/// no tool reads as a directive and a reader still understands (`// \+build ignore`).
struct Directives: Sendable {
    /// Read when the comment's text starts with them.
    var atStart: [String]
    /// Read wherever they stand in a comment.
    var anywhere: [String] = []

    /// `line` (one comment line's text, without the comment marker) with every directive
    /// broken by a backslash.
    func escaped(_ line: String) -> String {
        var line = line
        let lowered = line.lowercased()
        for word in anywhere where lowered.contains(word) {
            line = Self.breaking(word, in: line)
        }
        let blanks = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        let start = line.utf8.index(line.utf8.startIndex, offsetBy: blanks)
        let text = line[start...].lowercased()
        if atStart.contains(where: { text.hasPrefix($0) }) {
            line = String(line[..<start]) + "\\" + String(line[start...])
        }
        return line
    }

    /// `line` with a backslash before every occurrence of `word` (ASCII, any case).
    private static func breaking(_ word: String, in line: String) -> String {
        let bytes = Array(line.utf8), target = Array(word.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + target.count <= bytes.count,
               zip(bytes[index..<(index + target.count)], target).allSatisfy({ Self.lower($0) == $1 }) {
                result.append(UInt8(ascii: "\\"))
                result += bytes[index..<(index + target.count)]
                index += target.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
