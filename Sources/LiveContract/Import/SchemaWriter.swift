/// Writes an `ImportedContract` as schema YAML in the README's style (one flow mapping per
/// field) and remembers which YAML line came from which Swift position, so a problem the
/// schema loader finds in the result can be reported at the user's Swift source.
struct SchemaWriter {
    private(set) var text = ""
    /// YAML line (1-based) -> the Swift position it was written from.
    private(set) var origins: [Int: SourceLocation] = [:]
    private var line = 1

    static func write(_ contract: ImportedContract) -> SchemaWriter {
        var writer = SchemaWriter()
        writer.emit("# Imported by `livecontract import` from \(contract.sourceName).")
        if contract.separateOutput {
            writer.emit("# Review it, then run `livecontract generate` and delete the hand-written struct from")
            writer.emit("# \(contract.sourceName), which holds other code too; the generated copy has a file of its own.")
        } else {
            writer.emit("# Review it, then run `livecontract generate --force` once: the generated file replaces")
            writer.emit("# the hand-written one (--force because that file has no livecontract header yet).")
        }
        writer.emit("livecontract: 1")
        writer.emit("name: \(contract.name)", from: contract.origin)
        if let type = contract.attributesType { writer.emit("attributesType: \(type)", from: contract.origin) }
        if let doc = contract.doc { writer.emit("doc: \(YAMLText.scalar(doc, inFlow: false))", from: contract.origin) }
        if contract.isPublic { writer.emit("access: public", from: contract.origin) }
        if !contract.attributes.isEmpty {
            writer.emit("")
            writer.emit("attributes:", from: contract.origin)
            writer.fields(contract.attributes, indent: "  ")
        }
        writer.emit("")
        if contract.state.isEmpty {
            writer.emit("state: {}", from: contract.origin)
        } else {
            writer.emit("state:", from: contract.origin)
            writer.fields(contract.state, indent: "  ")
        }
        if !contract.types.isEmpty {
            writer.emit("")
            writer.emit("types:")
            for type in contract.types { writer.namedType(type) }
        }
        writer.emit("")
        writer.emit("outputs:")
        writer.emit("  swift: [\(YAMLText.scalar(contract.swiftOutput, inFlow: true))]")
        writer.emit("  # Add the widget extension's copy to `swift`, and swift-bridge, kotlin, typescript and")
        writer.emit("  # fixtures as needed: see `livecontract init` for a complete layout.")
        return writer
    }

    private mutating func emit(_ content: String, from origin: SourceLocation? = nil) {
        text += content + "\n"
        if let origin { origins[line] = origin }
        line += 1
    }

    private mutating func fields(_ fields: [ImportedField], indent: String) {
        let width = fields.map(\.name.count).max() ?? 0
        for field in fields {
            var parts = ["type: \(YAMLText.scalar(field.type, inFlow: true))"]
            if field.dateEncoding != .reference { parts.append("encoding: \(field.dateEncoding.rawValue)") }
            if let value = field.defaultValue { parts.append("default: \(value)") }
            if let apns = field.apnsName { parts.append("apnsName: \(YAMLText.scalar(apns, inFlow: true))") }
            if let bridge = field.bridgeName { parts.append("bridgeName: \(bridge)") }
            if let doc = field.doc { parts.append("doc: \(YAMLText.scalar(doc, inFlow: true))") }
            let padding = String(repeating: " ", count: width - field.name.count)
            emit("\(indent)\(field.name):\(padding) { \(parts.joined(separator: ", ")) }", from: field.origin)
        }
    }

    private mutating func namedType(_ type: ImportedType) {
        switch type.kind {
        case .enumeration(let cases, let unknown):
            let items = cases.map { item -> String in
                let name = YAMLText.scalar(item.name, inFlow: true)
                guard let raw = item.rawValue else { return name }
                // An Int-raw value is a plain YAML number (quoted, it would be text).
                return "{ \(name): \(type.intRaw ? raw : YAMLText.scalar(raw, inFlow: true)) }"
            }
            var parts = ["enum: [\(items.joined(separator: ", "))]"]
            if type.intRaw { parts.append("raw: int") }
            if let unknown { parts.append("unknown: \(unknown)") }
            if let doc = type.doc { parts.append("doc: \(YAMLText.scalar(doc, inFlow: true))") }
            emit("  \(type.name): { \(parts.joined(separator: ", ")) }", from: type.origin)
        case .structure(let fields):
            emit("  \(type.name):", from: type.origin)
            if let doc = type.doc { emit("    doc: \(YAMLText.scalar(doc, inFlow: false))", from: type.origin) }
            if fields.isEmpty {
                emit("    fields: {}", from: type.origin)
            } else {
                emit("    fields:", from: type.origin)
                self.fields(fields, indent: "      ")
            }
        }
    }
}

/// YAML scalars: plain when that reads back as the same text, double-quoted otherwise.
enum YAMLText {
    /// Words YAML 1.1 or 1.2 reads as booleans or null; quoted so every tool reads text.
    static let specialWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    static func scalar(_ text: String, inFlow: Bool) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : quoted(text)
    }

    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first != " ", last != " ", !specialWords.contains(text.lowercased()) else { return false }
        if "-?:,[]{}#&*!|>'\"%@`.+0123456789".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || last == ":" { return false }
        let flowIndicators = ",[]{}"
        return text.unicodeScalars.allSatisfy { scalar in
            guard scalar.value >= 0x20 && scalar.value < 0x7F else { return false }
            return !(inFlow && flowIndicators.unicodeScalars.contains(scalar)) && scalar != "\"" && scalar != "\\"
        }
    }

    /// A double-quoted scalar. Control, line-separator and bidi characters are escaped so
    /// they stay visible in review.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let value = scalar.value
                // Every character the console would escape, so a schema printed to a
                // terminal is printed as it is written to a file.
                if TerminalText.isEscaped(scalar) {
                    // YAML's `\uXXXX`, or `\UXXXXXXXX` beyond U+FFFF (a tag character).
                    let hex = String(value, radix: 16, uppercase: true)
                    let width = value > 0xFFFF ? 8 : 4
                    result += (value > 0xFFFF ? "\\U" : "\\u") + String(repeating: "0", count: max(0, width - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
