/// Text on its way to a terminal or a CI log. Everything the tool prints passes through
/// `visible` (the command-line console applies it to every write), so no argument, file
/// name, schema string, Swift snippet or payload value can clear the screen, move the
/// cursor, set the window title or the clipboard (OSC 52), hide text, or reorder what a
/// reviewer reads: C0 and C1 controls (ESC, CR, NEL among them), DEL, bidi controls,
/// zero-width marks, other format characters (soft hyphen, tag characters) and U+2028/U+2029
/// are spelled `\u{1B}`. Tab and LF stay. Invalid UTF-8
/// never gets here raw: bytes become a `String` through `String(decoding:as:)`, which turns
/// each bad sequence into U+FFFD.
///
/// Machine formats stay parseable: JSON reports are passed through `json` first, which
/// writes those characters as JSON's own `\u001B` escapes (the same string to a parser), so
/// `visible` has nothing left to change in them.
public enum TerminalText {
    /// `text` with every invisible or terminal-controlling character spelled `\u{XX}`. With
    /// `keepingColour`, the SGR colour sequences the tool's own renderers write
    /// (`ESC [ digits ; digits m`) stay; messages escape user text before colouring it, so
    /// any such sequence left is the tool's.
    public static func visible(_ text: String, keepingColour: Bool = false) -> String {
        if isPlain(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if keepingColour, scalar == "\u{1B}", let end = colourEnd(scalars, from: index) {
                out.unicodeScalars.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if isEscaped(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return out
    }

    /// A JSON document with every character `visible` would escape written as a JSON
    /// `\uXXXX` escape. Outside strings JSON text is ASCII, so such a character can only sit
    /// inside a string, where the escape means the same character.
    public static func json(_ document: String) -> String {
        if isPlain(document) { return document }
        var out = ""
        out.reserveCapacity(document.utf8.count + 16)
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        for scalar in document.unicodeScalars {
            // \t and \n are outside strings here (JSONWriter escapes them inside). A scalar
            // beyond U+FFFF (a tag character) is written as its UTF-16 surrogate pair.
            if isEscaped(scalar) {
                for unit in String(scalar).utf16 {
                    out += "\\u"
                    for shift in [12, 8, 4, 0] { out.unicodeScalars.append(digits[Int(UInt32(unit) >> UInt32(shift) & 15)]) }
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// True when `scalar` is shown as an escape: controls but tab and LF, DEL, C1, bidi
    /// controls and zero-width marks (`CodeText.isInvisible`), CR, the Unicode line breaks,
    /// and every other format character (Unicode category Cf: the soft hyphen U+00AD, the
    /// Mongolian vowel separator, the tag characters U+E0000-E007F that can smuggle text a
    /// reader does not see), so two messages that look alike are alike.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" { return false }
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return CodeText.isInvisible(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.properties.generalCategory == .format
    }

    /// Printable ASCII, tab and LF only: the common case, which needs no copy.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x09 || $0 == 0x0A }
    }

    /// The index of the `m` that ends an SGR sequence starting at `start` (an ESC), or nil.
    private static func colourEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 16 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
            index += 1
        }
        return nil
    }
}
