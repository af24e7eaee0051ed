/// The schema `import` is about to write, in schema terms, each part remembering the Swift
/// position it came from so that any later complaint points at the user's Swift file.
struct ImportedContract {
    var name: String
    /// `attributesType:`, when the Swift type is not named `<name>Attributes`.
    var attributesType: String? = nil
    var doc: String?
    var isPublic: Bool
    var attributes: [ImportedField]
    var state: [ImportedField]
    var types: [ImportedType]
    /// The `outputs.swift` path, relative to the schema's folder.
    var swiftOutput: String
    /// `swiftOutput` is a file of its own beside the hand-written one, not that file.
    var separateOutput = false
    /// The Swift file the schema was read from, named in the schema's first comment.
    var sourceName: String
    var origin: SourceLocation
}

/// One stored property in schema terms.
struct ImportedField {
    var name: String
    /// Schema spelling: `string`, `Step?`, `[int]`, `dateRange`.
    var type: String
    var doc: String?
    /// The `default:` value as YAML flow text, when the Swift property had a literal one.
    var defaultValue: String?
    /// `bridgeName:` when the FCM/bridge key must differ from the Swift name.
    var bridgeName: String? = nil
    /// `apnsName:`: the `CodingKeys` raw value, when it differs from the Swift name.
    var apnsName: String? = nil
    /// `encoding:` of a date converted in hand-written `init(from:)` / `encode(to:)`.
    var dateEncoding: DateEncoding = .reference

    /// The FCM/bridge key the loader will give the field: `bridgeName`, else `apnsName`, else the name.
    var fcmKey: String { bridgeName ?? apnsName ?? name }

    /// True when `key` may be a bridge/FCM name (the loader's field-name rule).
    static func isBridgeKey(_ key: String) -> Bool {
        Naming.isIdentifier(key) && ("a"..."z").contains(key.unicodeScalars.first!) && NameRules.refusedFieldNames[key] == nil
    }
    var origin: SourceLocation
}

/// An entry of `types`: a String-raw enum or a struct.
struct ImportedType {
    enum Kind {
        case enumeration(cases: [ImportedCase], unknown: String?)
        case structure([ImportedField])
    }

    var name: String
    var doc: String?
    var kind: Kind
    var origin: SourceLocation
    /// An `enum X: Int`: the schema writes `raw: int` and raw values are decimal text.
    var intRaw = false
}

/// An enum case; `rawValue` only when it differs from the name (`case solo = "SOLO"`).
struct ImportedCase {
    var name: String
    var rawValue: String?
}
