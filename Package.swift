// swift-tools-version:6.0
import PackageDescription

/// livecontract: one YAML schema in, every copy of a Live Activity contract out.
/// Targets: CYAML (libyaml through pkg-config), CFileSystem (C declarations Glibc leaves
/// out), CLaunch (main's arguments as the C library passed them, and the commit a release
/// build stamps in), LiveContractTemplates (the built-in
/// templates, embedded in the binary), LiveContract (all logic; never prints, never exits),
/// livecontract (the thin command-line front end) and LiveContractPlugin (`swift package
/// livecontract generate|check` in a package that depends on this one).
let package = Package(
    name: "livecontract",
    products: [
        .executable(name: "livecontract", targets: ["livecontract"]),
        .library(name: "LiveContract", targets: ["LiveContract"]),
        .plugin(name: "LiveContractPlugin", targets: ["LiveContractPlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(name: "CFileSystem"),
        .target(name: "CLaunch"),
        .target(
            name: "LiveContractTemplates",
            path: "templates",
            sources: ["Templates.swift"],
            resources: [
                .embedInCode("swift.mustache"),
                .embedInCode("swift-bridge.mustache"),
                .embedInCode("kotlin.mustache"),
                .embedInCode("kotlin-bridge.mustache"),
                .embedInCode("typescript.mustache"),
                .embedInCode("swift-bridge-runtime.mustache"),
                .embedInCode("kotlin-runtime.mustache"),
                .embedInCode("kotlin-read-runtime.mustache"),
                .embedInCode("kotlin-bridge-runtime.mustache"),
                .embedInCode("typescript-runtime.mustache"),
                .embedInCode("typescript-client.mustache"),
                .embedInCode("python.mustache"),
                .embedInCode("go.mustache"),
                .embedInCode("python-runtime.mustache"),
                .embedInCode("go-runtime.mustache"),
                .embedInCode("go-client.mustache"),
            ]
        ),
        .target(
            name: "LiveContract",
            dependencies: ["CYAML", "CFileSystem", "LiveContractTemplates"]
        ),
        .executableTarget(
            name: "livecontract",
            dependencies: ["LiveContract", "CLaunch"]
        ),
        .plugin(
            name: "LiveContractPlugin",
            capability: .command(
                intent: .custom(verb: "livecontract", description: "generate or check the Live Activity contract files of livecontract.yaml"),
                permissions: [.writeToPackageDirectory(reason: "`livecontract generate` writes the files the schema lists under outputs")]
            ),
            dependencies: ["livecontract"]
        ),
        .testTarget(
            name: "LiveContractTests",
            dependencies: ["LiveContract"]
        ),
    ]
)
