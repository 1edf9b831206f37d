// swift-tools-version: 6.0
// Benchmarks live in their own package so their dependencies never enter the main build.
// Run them with ../Scripts/bench, which compares against the peers side by side.
import PackageDescription

let package = Package(
    name: "FlipbookBenchmarks",
    dependencies: [
        .package(name: "Flipbook", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "flipbook-bench",
            dependencies: [
                .product(name: "Basics", package: "Flipbook"), .product(name: "Raster", package: "Flipbook"), .product(name: "Atlas", package: "Flipbook"),
                .product(name: "FrameGen", package: "Flipbook"), .product(name: "Compose", package: "Flipbook"),
                .product(name: "Text", package: "Flipbook"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
