/// Dates converted in `init(from:)` / `encode(to:)`: the statements that make a schema date
/// field with `encoding:` (see `DateEncoding`). Only forms whose JSON is certain are read:
/// `Date(timeIntervalSince1970:)` around a decoded Double (Unix seconds) or the same divided
/// by 1000 (Unix milliseconds), `ISO8601DateFormatter()` with its default options around a
/// decoded String, the matching writes, and the helpers livecontract's own Swift calls.
/// Anything else stays refused at its statement.
extension SwiftCodableBody {
    /// One pattern: tokens as written, where `C` is the container, `K` the key, `$0` itself,
    /// `H` a type name (the owner of a generated helper), `N` the number 1000, and `a|b` either.
    struct DatePattern {
        var tokens: [String]
        var encoding: DateEncoding
        var optional: Bool

        init(_ text: String, _ encoding: DateEncoding, optional: Bool) {
            tokens = text.split(separator: " ").map(String.init)
            self.encoding = encoding
            self.optional = optional
        }
    }

    static let seconds = "Double|TimeInterval"
    static let whole = "Double|TimeInterval|Int|Int64"

    /// Right-hand sides of `self.x = ...` in `init(from:)`.
    static let dateDecodes: [DatePattern] = [
        // Hand-written forms.
        DatePattern("Date ( timeIntervalSince1970 : try C . decode ( \(seconds) . self , forKey : . K ) )", .unixSeconds, optional: false),
        DatePattern("Date ( timeIntervalSince1970 : try C . decode ( \(seconds) . self , forKey : . K ) / N )", .unixMillis, optional: false),
        DatePattern("Date ( timeIntervalSince1970 : TimeInterval|Double ( try C . decode ( \(whole) . self , forKey : . K ) ) / N )", .unixMillis, optional: false),
        DatePattern("try Date ( timeIntervalSince1970 : C . decode ( \(seconds) . self , forKey : . K ) )", .unixSeconds, optional: false),
        DatePattern("try Date ( timeIntervalSince1970 : C . decode ( \(seconds) . self , forKey : . K ) / N )", .unixMillis, optional: false),
        DatePattern("try C . decodeIfPresent ( \(seconds) . self , forKey : . K ) . map { Date ( timeIntervalSince1970 : $0 ) }", .unixSeconds, optional: true),
        DatePattern("try C . decodeIfPresent ( \(seconds) . self , forKey : . K ) . map ( Date . init ( timeIntervalSince1970 : ) )", .unixSeconds, optional: true),
        DatePattern("try C . decodeIfPresent ( \(seconds) . self , forKey : . K ) . map { Date ( timeIntervalSince1970 : $0 / N ) }", .unixMillis, optional: true),
        DatePattern("try C . decodeIfPresent ( \(whole) . self , forKey : . K ) . map { Date ( timeIntervalSince1970 : TimeInterval|Double ( $0 ) / N ) }", .unixMillis, optional: true),
        // The forms livecontract's own Swift writes (`encoding:`), read back by ImportRoundTripTests.
        DatePattern("try H . lcISO8601Date ( C . decode ( String . self , forKey : . K ) , at : C . codingPath + [ CodingKeys . K ] )", .iso8601, optional: false),
        DatePattern("try C . decodeIfPresent ( String . self , forKey : . K ) . map { try H . lcISO8601Date ( $0 , at : C . codingPath + [ CodingKeys . K ] ) }", .iso8601, optional: true),
    ]

    /// Statements from `let`: the key read into a local (`L`) and the property set from it,
    /// an ISO-8601 string through `guard let` (`G` is `{ throw ... }`, any error).
    static let dateDecodesThroughLocal: [DatePattern] = [
        DatePattern("let|var L = try C . decode ( \(seconds) . self , forKey : . K ) P = Date ( timeIntervalSince1970 : L )", .unixSeconds, optional: false),
        DatePattern("let|var L = try C . decode ( \(seconds) . self , forKey : . K ) P = Date ( timeIntervalSince1970 : L / N )", .unixMillis, optional: false),
        DatePattern("let|var L = try C . decode ( \(whole) . self , forKey : . K ) P = Date ( timeIntervalSince1970 : TimeInterval|Double ( L ) / N )", .unixMillis, optional: false),
        DatePattern("let|var L = try C . decode ( String . self , forKey : . K ) guard let M = ISO8601DateFormatter ( ) . date ( from : L ) else G P = M", .iso8601, optional: false),
    ]

    /// Values written by `try container.encode(<value>, forKey: .x)` (`P` is the property).
    static let dateEncodes: [DatePattern] = [
        DatePattern("P . timeIntervalSince1970", .unixSeconds, optional: false),
        DatePattern("P ? . timeIntervalSince1970", .unixSeconds, optional: true),
        DatePattern("P . timeIntervalSince1970 * N", .unixMillis, optional: false),
        DatePattern("P ? . timeIntervalSince1970 * N", .unixMillis, optional: true),
        DatePattern("Int64 ( ( P . timeIntervalSince1970 * N ) . rounded ( ) )", .unixMillis, optional: false),
        DatePattern("P . map { Int64 ( ( $0 . timeIntervalSince1970 * N ) . rounded ( ) ) }", .unixMillis, optional: true),
        DatePattern("ISO8601DateFormatter ( ) . string ( from : P )", .iso8601, optional: false),
        DatePattern("P . map { ISO8601DateFormatter ( ) . string ( from : $0 ) }", .iso8601, optional: true),
        DatePattern("H . lcMillis ( P )", .unixMillis, optional: false),
        DatePattern("P . map ( H . lcMillis )", .unixMillis, optional: true),
        DatePattern("H . lcISO8601Text ( P )", .iso8601, optional: false),
        DatePattern("P . map ( H . lcISO8601Text )", .iso8601, optional: true),
    ]

    /// Matches `pattern` at `tokens[start...]`; the key (`K`, every `K` the same) or property
    /// (`P`, with an optional `self .` before it) and the index after the match.
    static func match(_ pattern: DatePattern, _ tokens: [SwiftToken], from start: Int, container: String) -> (name: String, end: Int)? {
        var index = start
        var name: String?
        var locals: [String: String] = [:]
        for expected in pattern.tokens {
            if expected == "G" {
                // `{ throw ... }`: a balanced block that throws whatever it builds.
                guard index + 1 < tokens.count, tokens[index].is("{"), tokens[index + 1].is("throw") else { return nil }
                var depth = 0
                repeat {
                    guard index < tokens.count else { return nil }
                    if tokens[index].is("(") || tokens[index].is("[") || tokens[index].is("{") { depth += 1 }
                    if tokens[index].is(")") || tokens[index].is("]") || tokens[index].is("}") { depth -= 1 }
                    index += 1
                } while depth > 0
                continue
            }
            if expected == "L" || expected == "M" {
                guard index < tokens.count, tokens[index].kind == .word, locals[expected] == nil || locals[expected] == tokens[index].text else { return nil }
                locals[expected] = tokens[index].text
                index += 1
                continue
            }
            if expected == "P", index + 1 < tokens.count, tokens[index].is("self"), tokens[index + 1].is(".") { index += 2 }
            guard index < tokens.count else { return nil }
            let token = tokens[index]
            switch expected {
            case "C": guard token.is(container) else { return nil }
            case "K", "P":
                guard token.kind == .word, name == nil || name == token.text else { return nil }
                name = token.text
            case "H": guard token.kind == .word else { return nil }
            case "N": guard ["1000", "1000.0", "1_000", "1e3"].contains(token.text) else { return nil }
            default:
                guard expected.split(separator: "|").contains(where: { token.is(String($0)) }) else { return nil }
            }
            index += 1
        }
        return name.map { ($0, index) }
    }

    /// `self.x = <a date decoded in an encoding>` at the reader's position (after `=`): the
    /// field it makes, with `?? literal` read as a default. Nil, the reader unmoved, otherwise.
    mutating func encodedDateDecode(_ container: String, key expected: String, at start: SwiftToken) -> Decoded? {
        for pattern in Self.dateDecodes {
            guard let (key, end) = Self.match(pattern, tokens, from: index, container: container), key == expected else { continue }
            let saved = index
            index = end
            var form: Decoded.Form = pattern.optional ? .ifPresent : .required
            if pattern.optional, current?.is("?") == true, tokens.indices.contains(index + 1), tokens[index + 1].is("?") {
                index += 2
                guard let fallback = try? literal() else { index = saved; return nil }
                form = .defaulted(fallback)
            }
            // The statement must end here: nothing may be applied to the date afterwards.
            if let next = current, next.line == tokens[index - 1].line, !next.is(";") { index = saved; return nil }
            return Decoded(form: form, type: .named(["Date"], arguments: []), line: start.line, column: start.column, dateEncoding: pattern.encoding)
        }
        return nil
    }

    /// `let raw = try container.decode(...)` and the statements that make the property a date
    /// of it, at the reader's position: the property and its field, the reader moved past them.
    mutating func encodedDateThroughLocal(_ container: String, at start: SwiftToken) -> (property: String, decoded: Decoded)? {
        for pattern in Self.dateDecodesThroughLocal {
            guard let (key, end) = Self.match(pattern, tokens, from: index, container: container) else { continue }
            // `P` is the property and `K` the key: one name, since both are the same word. The
            // last statement must end there: nothing may be applied to the date afterwards.
            if end < tokens.count, tokens[end].line == tokens[end - 1].line, !tokens[end].is(";") { continue }
            index = end
            return (key, Decoded(form: .required, type: .named(["Date"], arguments: []), line: start.line, column: start.column, dateEncoding: pattern.encoding))
        }
        return nil
    }

    /// The value of `encode(<value>, forKey:)` at the reader's position when it writes a date
    /// in an encoding: the property and the encoding, the reader moved past the value.
    mutating func encodedDateValue() -> (property: String, encoding: DateEncoding, optional: Bool)? {
        for pattern in Self.dateEncodes {
            guard let (property, end) = Self.match(pattern, tokens, from: index, container: ""), end < tokens.count, tokens[end].is(",") else { continue }
            index = end
            return (property, pattern.encoding, pattern.optional)
        }
        return nil
    }
}
