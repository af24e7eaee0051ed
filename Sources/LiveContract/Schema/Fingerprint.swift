/// The contract fingerprint written into every generated header.
///
/// It hashes only what crosses a wire (names, bridge names, types, optionality, defaults,
/// enum cases and fallbacks), not docs or output paths, so two files with the same
/// fingerprint agree on every payload even when their comments differ. FNV-1a 64: this is a
/// change detector, not a security boundary.
public enum Fingerprint {
    public static func of(_ contract: Contract) -> String {
        var text = "livecontract/1|\(contract.name)|"
        // The Swift type name is the APNs attributes-type; only a custom one is added, so the
        // fingerprints of schemas without `attributesType:` do not change.
        if let typeName = contract.attributesTypeOverride { text += "attributesType=\(typeName)|" }
        func add(_ fields: [Field], _ label: String) {
            text += label + "{"
            for field in fields {
                text += "\(field.name)=\(field.wireName):\(field.typeSpelling)"
                // Only a key that differs is added, so fingerprints without `apnsName:` stay.
                if field.isAPNsRenamed { text += "@" + String(field.apnsName.utf8.count) + ":" + field.apnsName }
                if let value = field.defaultValue { text += "=" + canonical(value) }
                // Only a declared date encoding is added, so fingerprints without one stay.
                if field.hasDateEncoding { text += "~" + field.dateEncoding.rawValue }
                text += ";"
            }
            text += "}"
        }
        add(contract.attributes, "attributes")
        add(contract.state, "state")
        for type in contract.types {
            switch type.kind {
            case .enumeration(let enumType):
                // A raw value is the wire, so it is part of the contract; cases without one
                // keep their old spelling so existing fingerprints do not change.
                let cases = zip(enumType.cases, enumType.rawValues).map { name, raw in
                    raw == name ? name : name + "=" + String(raw.utf8.count) + ":" + raw
                }
                // `raw: int` is the wire too (a number, not text); string enums keep their spelling.
                let rawType = enumType.rawType == .int ? "int " : ""
                text += "enum \(rawType)\(type.name)[\(cases.joined(separator: ","))]unknown=\(enumType.unknownCase ?? "-")"
            case .structure(let fields):
                add(fields, "struct \(type.name)")
            }
        }
        text += "envelope{" + contract.envelope.all.joined(separator: ",") + "}"
        return hex(fnv1a(Array(text.utf8)))
    }

    /// A fixed spelling of a value; reflection-based `description` would be slower and is
    /// not promised to stay the same between Swift versions.
    static func canonical(_ value: Value) -> String {
        switch value {
        case .string(let text): return "s" + String(text.utf8.count) + ":" + text
        case .url(let text): return "u" + String(text.utf8.count) + ":" + text
        case .enumCase(let text): return "e:" + text
        case .uuid(let text): return "g:" + text
        case .int(let number): return "i:" + String(number)
        case .double(let number): return "d:" + JSNumber.format(number)
        case .bool(let flag): return flag ? "b:1" : "b:0"
        case .date(let millis): return "t:" + String(millis)
        case .dateRange(let lower, let upper): return "r:" + String(lower) + "," + String(upper)
        case .array(let items): return "[" + items.map(canonical).joined(separator: ";") + "]"
        case .map(let members): return "m{" + members.map { "s" + String($0.name.utf8.count) + ":" + $0.name + "=" + canonical($0.value) }.joined(separator: ";") + "}"
        case .structure(let members): return "{" + members.map { $0.name + "=" + canonical($0.value) }.joined(separator: ";") + "}"
        }
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
