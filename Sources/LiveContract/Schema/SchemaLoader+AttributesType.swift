/// `attributesType:`: the Swift name of the attributes struct when it is not
/// `<name>Attributes`. ActivityKit matches the app's and the widget's type by that name, and
/// APNs names it in `attributes-type`, so an existing struct named otherwise (a Flutter
/// plugin's `FlutterLiveActivities`) keeps its name; every other language keeps deriving its
/// own type names from `name`.
extension SchemaLoader {
    mutating func attributesType(_ node: YAMLNode, types: [NamedType]) -> String? {
        guard let value = text(node, what: "attributesType"), checkTypeName(value, node, what: "Swift attributes type name") else { return nil }
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
}
