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
        // Partials: included with `{{> name}}`, not outputs of their own.
        "swift-bridge-runtime.mustache": PackageResources.swift_bridge_runtime_mustache,
        "kotlin-runtime.mustache": PackageResources.kotlin_runtime_mustache,
        "kotlin-read-runtime.mustache": PackageResources.kotlin_read_runtime_mustache,
        "kotlin-bridge-runtime.mustache": PackageResources.kotlin_bridge_runtime_mustache,
        "typescript-runtime.mustache": PackageResources.typescript_runtime_mustache,
        "typescript-client.mustache": PackageResources.typescript_client_mustache,
        "python.mustache": PackageResources.python_mustache,
        "go.mustache": PackageResources.go_mustache,
        "python-runtime.mustache": PackageResources.python_runtime_mustache,
        "go-runtime.mustache": PackageResources.go_runtime_mustache,
        "go-client.mustache": PackageResources.go_client_mustache,
    ]
}
