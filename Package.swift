// swift-tools-version:6.0
import PackageDescription

/// livecontract: one YAML schema in, every copy of a Live Activity contract out.
/// Targets: CYAML (libyaml through pkg-config), LiveContractTemplates (the built-in
/// templates, embedded in the binary), LiveContract (all logic; never prints, never exits)
/// and livecontract (the thin command-line front end).
let package = Package(
    name: "livecontract",
    products: [
        .executable(name: "livecontract", targets: ["livecontract"]),
        .library(name: "LiveContract", targets: ["LiveContract"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "LiveContractTemplates",
            path: "templates",
            sources: ["Templates.swift"],
            resources: [
                .embedInCode("swift.mustache"),
                .embedInCode("swift-bridge.mustache"),
                .embedInCode("kotlin.mustache"),
                .embedInCode("typescript.mustache"),
            ]
        ),
        .target(
            name: "LiveContract",
            dependencies: ["CYAML", "LiveContractTemplates"]
        ),
        .executableTarget(
            name: "livecontract",
            dependencies: ["LiveContract"]
        ),
        .testTarget(
            name: "LiveContractTests",
            dependencies: ["LiveContract"]
        ),
    ]
)
