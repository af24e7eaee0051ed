/// The text of the extension file that keeps the app's members (see `AppMembers`): one
/// `extension` per generated type, each member copied from the source as written. Only the
/// indentation moves with it: the member's own indentation is replaced by the extension's,
/// so a member of a nested type lines up like one of the attributes.
enum AppMembersFile {
    static func render(_ members: AppMembers, source: [Unicode.Scalar], typeName: String) -> String {
        var text = """
        // What the hand-written \(typeName) declared besides the contract: members, types and
        // conformances the schema does not describe, copied as written by `livecontract import`
        // so the app's code that uses them compiles against the generated copy. This file is
        // the app's own: livecontract does not generate, check or write over it.

        import Foundation

        """
        for module in members.imports where module != "Foundation" {
            // A module a Linux build or another target lacks (ActivityKit, SwiftUI) is guarded
            // as the generated copy guards ActivityKit.
            text += "#if canImport(\(module))\nimport \(module)\n#endif\n"
        }
        for item in members.extensions {
            text += "\nextension \(item.typeName)" + (item.conformances.isEmpty ? "" : ": " + item.conformances.joined(separator: ", ")) + " {"
            guard !item.members.isEmpty else {
                text += "}\n"
                continue
            }
            text += "\n"
            let copied = item.members.map { reindented($0, in: source) }
            if item.typeName != members.outerName {
                // `Deck` or `ContentState` named inside a nested type's body resolved through
                // the attributes type around it; in an extension of the nested type it needs an alias.
                let words = Set(copied.flatMap(identifiers))
                let aliases = members.outerNames.filter { words.contains($0) && !item.declaredNames.contains($0) }
                for name in aliases {
                    text += "    \(members.isPublic ? "public " : "")typealias \(name) = \(members.outerName).\(name)\n"
                }
                if !aliases.isEmpty { text += "\n" }
            }
            text += copied.joined(separator: "\n")
            text += "}\n"
        }
        return text
    }

    /// The words of `text` that could name a type.
    static func identifiers(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The member's text with its first line's indentation taken off every line that starts
    /// with it, and four spaces put in front of each non-empty line.
    static func reindented(_ span: SwiftSpan, in source: [Unicode.Scalar]) -> String {
        var lineStart = span.start
        while lineStart > 0, source[lineStart - 1] == " " || source[lineStart - 1] == "\t" { lineStart -= 1 }
        let indent = String(String.UnicodeScalarView(source[lineStart..<span.start]))
        let body = String(String.UnicodeScalarView(source[span.start..<span.end]))
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for position in lines.indices.dropFirst() where lines[position].hasPrefix(indent) {
            lines[position].removeFirst(indent.count)
        }
        return lines.map { line in
            let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : line
            return trimmed.allSatisfy { $0 == " " || $0 == "\t" } ? "" : "    " + trimmed
        }.joined(separator: "\n") + "\n"
    }
}
