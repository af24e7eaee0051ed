/// `attributesType:`: the Swift name of the attributes struct when it is not
/// `<name>Attributes`. ActivityKit matches the app's and the widget's type by that name, and
/// APNs names it in `attributes-type`, so an existing struct named otherwise (a Flutter
/// plugin's `FlutterLiveActivities`) keeps its name; every other language keeps deriving its
/// own type names from `name`.
extension SchemaLoader {
    mutating func attributesType(_ node: YAMLNode, types: [NamedType]) -> String? {
        guard let value = text(node, what: "attributesType") else { return nil }
        if let first = value.unicodeScalars.first, !("A"..."Z").contains(first) {
            // Xcode names the widget's struct after its target, often lower-case
            // (`sunset_widgetAttributes`); only Swift spells this name, so Swift decides.
            guard Naming.isIdentifier(value) || (value.hasPrefix("_") && Naming.isIdentifier(String(value.drop { $0 == "_" }))) else {
                error("'\(value)' is not a Swift attributes type name: use ASCII letters, digits and _, not starting with a digit", node, rule: "invalid-name")
                return nil
            }
            if NameRules.swiftKeywords.contains(value) || Self.swiftGlobalsOfGeneratedCode.contains(value) {
                error("'\(value)' cannot be the Swift attributes type name: \(NameRules.swiftKeywords.contains(value) ? "it is a Swift keyword" : "the generated Swift calls the standard function '\(value)', which a type of that name would hide"); rename the struct (e.g. '\(value)Attributes')", node, rule: "reserved-name")
                return nil
            }
        } else if !checkTypeName(value, node, what: "Swift attributes type name") {
            return nil
        }
        if types.contains(where: { $0.name == value }) {
            error("attributesType '\(value)' is also the name of an entry of `types`, which the generated Swift nests inside it; rename one of them", node, rule: "name-collision")
            return nil
        }
        if value == "ContentState" {
            error("attributesType cannot be 'ContentState', the name of the struct nested in it", node, rule: "reserved-name")
            return nil
        }
        return value
    }

    /// Standard-library functions the generated Swift files call unqualified: a top-level
    /// type of one of these names would capture those calls.
    static let swiftGlobalsOfGeneratedCode: Set<String> = ["min", "max", "abs", "print", "precondition", "fatalError"]
}

extension SchemaLoader {
    /// `bundleId: com.acme.app`: the host app's bundle id, reverse-DNS letters, digits, `-`
    /// and `.` as Apple allows them (it becomes the APNs topic `<bundleId>.push-type.liveactivity`).
    mutating func bundleIdentifier(_ node: YAMLNode) -> String? {
        guard let value = text(node, what: "bundleId") else { return nil }
        let legal = !value.isEmpty && value.utf8.count <= 255 && value.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
        }
        guard legal, !value.hasPrefix("."), !value.hasSuffix("."), !value.contains("..") else {
            error("bundleId '\(value)' is not a bundle id: use letters, digits, '-' and '.', e.g. com.acme.app", node, rule: "schema-shape")
            return nil
        }
        return value
    }
}
