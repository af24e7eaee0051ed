/// The built-in templates, embedded into the binary at build time so a copied binary works
/// alone. `livecontract templates dump` writes them out for editing.
public enum BuiltInTemplates {
    /// Template file name -> contents.
    public static let all: [String: [UInt8]] = [
        "swift.mustache": PackageResources.swift_mustache,
        "swift-bridge.mustache": PackageResources.swift_bridge_mustache,
        "kotlin.mustache": PackageResources.kotlin_mustache,
        "kotlin-bridge.mustache": PackageResources.kotlin_bridge_mustache,
        "typescript.mustache": PackageResources.typescript_mustache,
        "go.mustache": PackageResources.go_mustache,
    ]
}
