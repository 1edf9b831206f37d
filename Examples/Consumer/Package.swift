// swift-tools-version: 6.0
import PackageDescription

// A package that uses Flipbook as a Swift developer's own package would: by path here (a release
// would name the repository's URL and a version), importing only the libraries' public API, in
// Swift 6 mode. `Scripts/check-consumer` builds it with warnings as errors and runs its tests.
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AssetPipeline", targets: ["AssetPipeline"]),
    ],
    dependencies: [
        .package(name: "Flipbook", path: "../.."),
    ],
    targets: [
        .target(name: "AssetPipeline", dependencies: [
            .product(name: "Animated", package: "Flipbook"),
            .product(name: "Atlas", package: "Flipbook"),
            .product(name: "GIF", package: "Flipbook"),
            .product(name: "APNG", package: "Flipbook"),
            .product(name: "WebP", package: "Flipbook"),
            .product(name: "Raster", package: "Flipbook"),
            .product(name: "Basics", package: "Flipbook"),
            .product(name: "Text", package: "Flipbook"),
        ]),
        // A script's top level calling the jobs' async forms (Sources/coin-gif/main.swift).
        .executableTarget(name: "coin-gif", dependencies: [
            .product(name: "Animated", package: "Flipbook"),
            .product(name: "Atlas", package: "Flipbook"),
        ]),
        .testTarget(name: "AssetPipelineTests", dependencies: ["AssetPipeline"]),
    ],
    swiftLanguageModes: [.v6]
)
