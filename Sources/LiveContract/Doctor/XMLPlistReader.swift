/// The XML property list of an Info.plist or an .entitlements file, read for the few keys
/// `doctor` needs: the top dictionary's keys with their values and positions.
public struct PlistEntry: Sendable {
    public enum Value: Sendable, Equatable {
        case bool(Bool)
        case string(String)
        /// An array, dictionary, number, date or data: present, not read further.
        case other
    }

    public var key: String
    public var value: Value
    public var line: Int
    public var column: Int
}

/// A small reader of XML plists: the prolog, comments and DOCTYPE are skipped; elements are
/// matched strictly (a missing close tag is refused with its position); only the top `<dict>`'s
/// entries are returned. Binary plists are refused (Xcode keeps these files as XML).
public enum XMLPlistReader {
    public static let maxDepth = 64

    public static func topEntries(_ bytes: [UInt8]) throws(PBXParseError) -> [PlistEntry] {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw PBXParseError(message: "a binary property list; doctor reads the XML form Xcode writes", line: 1, column: 1)
        }
        var scanner = Scanner(bytes: bytes)
        var stack: [String] = []
        var entries: [PlistEntry] = []
        var pendingKey: (String, Int, Int)?
        var sawTopDict = false
        while let tag = try scanner.nextTag() {
            if tag.closing {
                guard let open = stack.popLast(), open == tag.name else {
                    throw PBXParseError(message: "'</\(tag.name)>' does not close the open element\(stack.last.map { " '<\($0)>'" } ?? "")", line: tag.line, column: tag.column)
                }
                if tag.name == "key", stack.count == 2, stack == ["plist", "dict"] {
                    pendingKey = (decode(tag.textBefore), tag.openLine, tag.openColumn)
                } else if stack == ["plist", "dict"], let key = pendingKey {
                    let value: PlistEntry.Value = tag.name == "string" ? .string(decode(tag.textBefore)) : .other
                    entries.append(PlistEntry(key: key.0, value: value, line: key.1, column: key.2))
                    pendingKey = nil
                }
                continue
            }
            if tag.name == "dict", stack == ["plist"] {
                if sawTopDict { throw PBXParseError(message: "a second top-level <dict>", line: tag.line, column: tag.column) }
                sawTopDict = true
            }
            if tag.selfClosing {
                if stack == ["plist", "dict"], let key = pendingKey {
                    let value: PlistEntry.Value = tag.name == "true" ? .bool(true) : tag.name == "false" ? .bool(false) : .other
                    entries.append(PlistEntry(key: key.0, value: value, line: key.1, column: key.2))
                    pendingKey = nil
                }
                continue
            }
            guard stack.count < maxDepth else { throw PBXParseError(message: "nested deeper than \(maxDepth) levels", line: tag.line, column: tag.column) }
            stack.append(tag.name)
            scanner.markOpen(line: tag.line, column: tag.column)
        }
        guard stack.isEmpty else { throw PBXParseError(message: "the file ends inside '<\(stack.last ?? "")>'", line: scanner.line, column: 1) }
        guard sawTopDict else { throw PBXParseError(message: "no <plist><dict> at the top of the file", line: 1, column: 1) }
        return entries
    }

    /// The five XML entities and numeric references.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semi]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                if entity.hasPrefix("#x"), let value = UInt32(entity.dropFirst(2), radix: 16), let scalar = UnicodeScalar(value) {
                    result.unicodeScalars.append(scalar)
                } else if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst()), let scalar = UnicodeScalar(value) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return result + rest
    }

    struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var line: Int
        var column: Int
        /// For a closing tag: the text between its open tag and it, and where the open tag was.
        var textBefore: String
        var openLine: Int
        var openColumn: Int
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0
        var textStart = 0
        var openLine = 1, openColumn = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        }

        mutating func markOpen(line: Int, column: Int) {
            openLine = line
            openColumn = column
            textStart = index
        }

        mutating func advance() {
            if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
            index += 1
        }

        mutating func skip(past end: [UInt8]) -> Bool {
            while index < bytes.count {
                if bytes[index...].starts(with: end) {
                    for _ in 0..<end.count { advance() }
                    return true
                }
                advance()
            }
            return false
        }

        mutating func nextTag() throws(PBXParseError) -> Tag? {
            var text = index
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else { advance(); continue }
                let line = self.line, column = index - lineStart + 1
                let rest = bytes[index...]
                if rest.starts(with: Array("<!--".utf8)) {
                    guard skip(past: Array("-->".utf8)) else { throw PBXParseError(message: "a comment is not closed", line: line, column: column) }
                    continue
                }
                if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) {
                    guard skip(past: [UInt8(ascii: ">")]) else { throw PBXParseError(message: "a declaration is not closed", line: line, column: column) }
                    text = index
                    continue
                }
                let textEnd = index
                advance()
                let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
                if closing { advance() }
                let nameStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: " ") { advance() }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                guard !name.isEmpty else { throw PBXParseError(message: "an element without a name", line: line, column: column) }
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { advance() }
                guard index < bytes.count else { throw PBXParseError(message: "the tag '<\(name)' is not closed with '>'", line: line, column: column) }
                let selfClosing = bytes[index - 1] == UInt8(ascii: "/")
                advance()
                let between = closing ? String(decoding: bytes[max(textStart, text)..<textEnd], as: UTF8.self) : ""
                return Tag(name: name, closing: closing, selfClosing: selfClosing, line: line, column: column, textBefore: between,
                           openLine: openLine, openColumn: openColumn)
            }
            return nil
        }
    }
}
