/// `outputs.kotlin-bridge: { path, package }`: the Expo module records of the Android side.
/// They convert to the data classes of the `kotlin` output, so that output must be there too.
extension SchemaLoader {
    mutating func kotlinBridgeOutput(_ node: YAMLNode, into outputs: inout Outputs) {
        guard node.scalar == nil else {
            error("kotlin-bridge output needs a package: `kotlin-bridge: { path: ..., package: expo.modules.app }`", node, rule: "missing-key")
            return
        }
        let spec = entries(of: node, allowed: ["path", "package"], what: "the kotlin-bridge output")
        outputs.kotlinBridge = spec["path"].flatMap { outputPath($0.value, what: "the kotlin-bridge output") }
        if let package = spec["package"], let name = text(package.value, what: "package") {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            if parts.allSatisfy({ Naming.isIdentifier(String($0)) && !NameRules.kotlinKeywords.contains(String($0)) }) {
                outputs.kotlinBridgePackage = name
            } else {
                error("'\(name)' is not a Kotlin package name (dot-separated identifiers, no keywords)", package.value, rule: "invalid-name")
            }
        } else if outputs.kotlinBridge != nil {
            error("the kotlin-bridge output needs `package:`", node, rule: "missing-key")
        }
        if outputs.kotlinBridge != nil, outputs.kotlin == nil {
            error("kotlin-bridge converts to the classes of the kotlin output; add `kotlin: { path: ..., package: ... }` too", node, rule: "missing-key")
        }
    }
}
