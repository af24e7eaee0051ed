/// One line of Swift with comments and string contents blanked out, and the few
/// declarations `SwiftCopyReader` recognises.
struct SwiftLine {
    /// The code part: comments removed, string literal contents replaced by spaces (so braces
    /// and `//` inside strings count for nothing); quotes kept.
    let code: String
    /// The original line, for raw values inside string literals.
    let raw: Substring
    let opens: Int
    let closes: Int

    static let modifiers: Set<String> = ["public", "internal", "private", "fileprivate", "package", "final", "indirect",
                                         "nonisolated", "@frozen", "@MainActor", "open"]

    init(_ raw: Substring) {
        self.raw = raw
        var code = ""
        var inString = false
        var previous: Character = " "
        for character in raw {
            if !inString && previous == "/" && character == "/" {
                code.removeLast()
                break
            }
            if character == "\"" && previous != "\\" { inString.toggle() }
            code.append(inString && character != "\"" ? " " : character)
            previous = character
        }
        self.code = code
        opens = code.filter { $0 == "{" }.count
        closes = code.filter { $0 == "}" }.count
    }

    /// Words of the code part with leading modifiers dropped, each with its column.
    var words: [(text: String, column: Int)] {
        var result: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in code.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { result.append((current, start + 1)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, start + 1)) }
        return Array(result.drop { Self.modifiers.contains($0.0) })
    }

    /// `struct Name` or `enum Name`, with the name's column.
    var typeDeclaration: (isEnum: Bool, name: String, column: Int)? {
        let words = self.words
        guard words.count >= 2, words[0].text == "struct" || words[0].text == "enum" else { return nil }
        let name = String(words[1].text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return name.isEmpty ? nil : (words[0].text == "enum", name, words[1].column)
    }

    /// True for `enum X: Int, ...`: an enum whose first inherited type is `Int`, so its cases
    /// encode as numbers (Swift's implicit raw values count up from 0, or from the last `= n`).
    var declaresIntRawEnum: Bool {
        let words = self.words
        guard words.count >= 3, words[0].text == "enum" else { return false }
        let inherited = words[1].text.hasSuffix(":") ? words[2].text
            : words[1].text.contains(":") ? String(words[1].text.drop { $0 != ":" }.dropFirst()) : ""
        return inherited.prefix { $0.isLetter || $0.isNumber || $0 == "_" } == "Int"
    }

    /// `case a, b = 10`: the cases of an Int-raw enum with the value each writes when it is
    /// given (`= n`, `= -n`), nil when Swift numbers it.
    var intEnumCases: [(name: String, value: Int?)] {
        let words = self.words
        guard words.first?.text == "case", !code.contains("("), let start = code.firstRange(of: "case") else { return [] }
        return code[start.upperBound...].split(separator: ",").compactMap { part in
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = Self.unticked(String(pieces[0]).trimmingSpaces)
            guard !name.isEmpty else { return nil }
            return (name, pieces.count == 2 ? Int(String(pieces[1]).trimmingSpaces.filter { $0 != " " }) : nil)
        }
    }

    /// `var name: Type` (optionally `= value`): a stored property Codable decodes. Computed
    /// properties, statics and `let` constants with a value (which Codable skips) are not.
    var storedProperty: (name: String, type: String, column: Int)? {
        let words = self.words
        guard words.count >= 2, words[0].text == "var" || words[0].text == "let", words[1].text.hasSuffix(":") else { return nil }
        let name = Self.unticked(String(words[1].text.dropLast()))
        let rest = words.dropFirst(2).map(\.text).joined(separator: " ")
        if rest.contains("{") { return nil }
        if words[0].text == "let" && rest.contains("=") { return nil }
        let type = String(rest.prefix { $0 != "=" }).trimmingSpaces
        return type.isEmpty ? nil : (name, type, words[1].column)
    }

    /// `case a, b` or `case a = "raw"`: cases with their raw values (the name when none).
    var enumCases: [(name: String, raw: String)] {
        let words = self.words
        guard words.first?.text == "case", !code.contains("(") else { return [] }
        let codeList = code[code.firstRange(of: "case")!.upperBound...]
        let rawList = raw[raw.firstRange(of: "case")!.upperBound...]
        let codeParts = codeList.split(separator: ",", omittingEmptySubsequences: false)
        var rawParts: [Substring] = []
        var offset = rawList.startIndex
        for part in codeParts {
            let end = rawList.index(offset, offsetBy: part.count)
            rawParts.append(rawList[offset..<end])
            offset = end < rawList.endIndex ? rawList.index(after: end) : end
        }
        return rawParts.compactMap { part in
            let pieces = part.split(separator: "=", maxSplits: 1)
            let name = Self.unticked(String(pieces[0]).trimmingSpaces)
            guard !name.isEmpty else { return nil }
            if pieces.count == 2 {
                let value = String(pieces[1]).trimmingSpaces
                if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 { return (name, Self.unescaped(value.dropFirst().dropLast())) }
            }
            return (name, name)
        }
    }

    /// The key of `decodeIfPresent(..., forKey: .key) ?? default`, a field with a fallback.
    var decodedWithDefault: String? {
        guard code.contains("decodeIfPresent("), code.contains("??"), let range = code.firstRange(of: "forKey: .") else { return nil }
        let key = String(code[range.upperBound...].drop { $0 == "`" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return key.isEmpty ? nil : key
    }

    /// The property and date encoding of an `init(from:)` line that converts a date
    /// (`encoding:` in the schema): `Date(timeIntervalSince1970:` around a decoded number is
    /// Unix seconds, with `/ 1000` Unix milliseconds; an ISO-8601 helper or formatter around
    /// a decoded String is ISO-8601.
    var decodedDateEncoding: (key: String, encoding: DateEncoding)? {
        guard code.contains("decode"), let range = code.firstRange(of: "forKey: .") else { return nil }
        let key = String(code[range.upperBound...].drop { $0 == "`" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !key.isEmpty else { return nil }
        if code.contains("timeIntervalSince1970"), code.contains("Double.self") {
            return (key, code.contains("/ 1000") ? .unixMillis : .unixSeconds)
        }
        if code.contains("String.self"), code.contains("ISO8601") {
            return (key, .iso8601)
        }
        return nil
    }

    /// The case after `(rawValue: raw) ?? .`, an enum's unknown fallback.
    var enumFallback: String? {
        guard code.contains("rawValue:"), let range = code.firstRange(of: "?? .") else { return nil }
        let name = String(code[range.upperBound...].drop { $0 == "`" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return name.isEmpty ? nil : name
    }

    /// The text of a Swift string literal's body: `\\`, `\"`, `\n`, `\r`, `\t`, `\0` and
    /// `\u{...}` escapes resolved, as generated raw values use them.
    static func unescaped(_ body: Substring) -> String {
        var result = ""
        var scalars = body.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": result += "\n"
            case "r": result += "\r"
            case "t": result += "\t"
            case "0": result += "\0"
            case "u":
                var hex = ""
                while let digit = scalars.next(), digit != "}" {
                    if digit != "{" { hex.unicodeScalars.append(digit) }
                }
                if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { result.unicodeScalars.append(decoded) }
            default: result.unicodeScalars.append(next)
            }
        }
        return result
    }

    /// A name without the backticks Swift escapes a keyword with (`` `default` `` is `default`).
    static func unticked(_ name: String) -> String {
        name.count >= 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}
