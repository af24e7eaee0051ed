#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays generated Go out exactly as `gofmt` prints it, so a server's `gofmt -l` or CI format
/// check never lists the generated file.
///
/// gofmt aligns the columns of consecutive lines (struct fields, constants, `key: value`
/// lines of a composite literal) with spaces, and puts every block body on its own lines.
/// The generated code therefore writes each `if` and function literal body on lines of its
/// own (gofmt keeps a multi-line body as it is) and pads columns here, with gofmt's rules
/// for where an aligned run ends: a comment line, a blank line, or (in a composite literal)
/// a key much longer or shorter than the ones before it.
enum GoLayout {
    /// `head {` + each statement on its own line one tab deeper + `}`.
    static func block(_ head: String, _ statements: [String]) -> String {
        ([head + " {"] + statements.map { "\t" + indented($0) } + ["}"]).joined(separator: "\n")
    }

    /// A function literal returning `value`: `func(item T) R {`, `return value`, `}`.
    static func function(_ signature: String, returning value: String) -> String {
        block(signature, ["return " + value])
    }

    /// Continuation lines of `text` one tab deeper (a nested body inside another body).
    static func indented(_ text: String) -> String {
        text.contains("\n") ? text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n\t") : text
    }

    /// Rows of cells joined with the padding gofmt's tabwriter gives them: every cell but a
    /// row's last is padded to the widest cell of its column in the run, plus one space.
    /// Widths count Unicode scalars, as the tabwriter counts runes.
    static func aligned(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.dropLast().enumerated() {
                let width = cell.unicodeScalars.count
                if column < widths.count { widths[column] = max(widths[column], width) } else { widths.append(width) }
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.unicodeScalars.count + 1)
            }.joined()
        }
    }

    /// Struct field lines: `[name, type, tag]` per field, where a field with a doc comment
    /// starts a new aligned run (gofmt does not align across a comment line).
    static func fields(_ rows: [(doc: Bool, cells: [String])]) -> [String] {
        runs(rows.map(\.cells), startsRun: rows.map(\.doc)).flatMap(aligned)
    }

    /// `Key: value,` lines of one multi-line composite literal. gofmt aligns the values
    /// unless a key's length differs too much from the keys before it: when either of two
    /// neighbouring keys is over 40 characters, a key 2.5 times longer or shorter than the
    /// geometric mean of the keys so far starts a new run.
    static func keyValues(_ pairs: [(key: String, value: String)]) -> [String] {
        var starts: [Bool] = []
        var logSum = 0.0, count = 0, previous = 0
        for pair in pairs {
            let size = pair.key.unicodeScalars.count
            var breaks = true
            if previous > 0 && size > 0 {
                if count == 0 || (previous <= 40 && size <= 40) {
                    breaks = false
                } else {
                    let ratio = Double(size) / exp(logSum / Double(count))
                    breaks = 2.5 * ratio <= 1 || 2.5 <= ratio
                }
            }
            starts.append(breaks)
            logSum += log(Double(size))
            count += 1
            previous = size
        }
        return runs(pairs.map { [$0.key + ":", $0.value + ","] }, startsRun: starts).flatMap(aligned)
    }

    /// Splits rows into consecutive runs, a new one at each row marked `true`.
    static func runs(_ rows: [[String]], startsRun: [Bool]) -> [[[String]]] {
        var result: [[[String]]] = []
        for (row, starts) in zip(rows, startsRun) {
            if starts || result.isEmpty { result.append([row]) } else { result[result.count - 1].append(row) }
        }
        return result
    }
}
