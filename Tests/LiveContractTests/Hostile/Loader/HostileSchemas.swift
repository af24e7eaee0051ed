import Foundation

/// The table of hostile and mistaken schemas that SchemaDiagnosticsTests (through the library)
/// and HostileCLITests (through the binary, asserting nothing is written) both run.
///
/// Each input marks where the error must land with `‸` (removed before parsing). `⟨FF⟩`
/// stands for one raw 0xFF byte, so invalid UTF-8 fits in a Swift string literal.
enum HostileSchemas {
    struct Case {
        var name: String
        var yaml: String
        var rule: String
        var message: String? = nil

        /// The file's bytes, the marker's 1-based line and column.
        var source: (bytes: [UInt8], line: Int, column: Int) {
            let (text, line, column) = HostileSchemas.locateMarker(yaml)
            var bytes: [UInt8] = []
            for part in text.components(separatedBy: HostileSchemas.rawFF).enumerated() {
                if part.offset > 0 { bytes.append(0xFF) }
                bytes += Array(part.element.utf8)
            }
            return (bytes, line, column)
        }
    }

    static let rawFF = "⟨FF⟩"

    /// A valid schema prefix most cases extend.
    static let head = "livecontract: 1\nname: Delivery\n"
    static let outputs = "outputs:\n  swift: [out/A.swift]\n"

    static func state(_ body: String) -> String { head + "state:\n" + body + outputs }

    static func withTypes(_ yaml: String, _ types: String) -> String {
        yaml.replacingOccurrences(of: "outputs:", with: "types:\n" + types + "outputs:")
    }

    /// Every case, in the order the tables list them.
    static var all: [Case] { yamlCases + topLevelCases + nameCases + typeCases + valueCases + outputCases + envelopeCases + mapCases }

    /// Returns the text without `‸` and the 1-based line and column where it stood; a line
    /// ends at LF, CR or CRLF as in libyaml, and `⟨FF⟩` counts as one column.
    static func locateMarker(_ text: String) -> (String, Int, Int) {
        var line = 1, column = 1
        var output = ""
        var found: (Int, Int)?
        var rest = Substring(text)
        while let character = rest.first {
            if rest.hasPrefix(rawFF) {
                output += rawFF
                column += 1
                rest = rest.dropFirst(rawFF.count)
                continue
            }
            rest = rest.dropFirst()
            if character == "‸" {
                found = (line, column)
                continue
            }
            output.append(character)
            if character == "\n" || character == "\r" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        let position = found ?? (0, 0)
        return (output, position.0, position.1)
    }
}
