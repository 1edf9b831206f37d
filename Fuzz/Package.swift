// swift-tools-version: 6.0
// libFuzzer targets for every parser of untrusted bytes. They live in their own package so they never
// enter the main build or `swift test`; build and run them with ../Scripts/fuzz, which compiles this
// package with `-sanitize=fuzzer,address`.
import PackageDescription

let package = Package(
    name: "FlipbookFuzz",
    dependencies: [.package(name: "Flipbook", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "Basics", package: "Flipbook")]),
        // One executable for every parser: FLIPBOOK_FUZZ_TARGET picks it (see Sources/flipbook-fuzz/Targets.swift).
        .executableTarget(
            name: "flipbook-fuzz",
            dependencies: ["FuzzSupport"] + ["Basics", "Raster", "Animated", "FrameGen", "GIF", "APNG", "WebP", "Atlas", "Compose"].map { .product(name: $0, package: "Flipbook") }
        ),
    ],
    swiftLanguageModes: [.v6]
)
