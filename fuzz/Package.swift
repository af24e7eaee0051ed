// swift-tools-version:6.0
import PackageDescription

/// The libFuzzer target over "bytes -> load -> validate -> generate -> write -> check".
/// A package of its own, depending on the repository by path, so the normal build and
/// `swift test` never see `-sanitize=fuzzer`. Build and run it with `fuzz/run SECONDS`.
let package = Package(
    name: "livecontract-fuzz",
    dependencies: [
        .package(name: "livecontract", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FuzzSchema",
            dependencies: [.product(name: "LiveContract", package: "livecontract")]
        ),
        .executableTarget(
            name: "FuzzValidate",
            dependencies: [.product(name: "LiveContract", package: "livecontract")]
        ),
        .executableTarget(
            name: "FuzzImport",
            dependencies: [.product(name: "LiveContract", package: "livecontract")]
        ),
    ]
)
