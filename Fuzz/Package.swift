// swift-tools-version: 6.0
// libFuzzer targets for every parser of untrusted bytes. They live in their own package so they never
// enter the main build or `swift test`; build and run them with ../Scripts/fuzz, which compiles this
// package with `-sanitize=fuzzer,address`.
import PackageDescription

/// One executable per parser. Each holds `LLVMFuzzerTestOneInput` and a `<Target>_main` that starts
/// libFuzzer's driver (SwiftPM renames an executable's `main` to `<Target>_main`).
let targets: [(name: String, dependencies: [String])] = [
    ("fuzz-png", ["Raster"]),
    ("fuzz-gif", ["GIF", "Raster"]),
    ("fuzz-scene", ["FrameGen", "Raster"]),
    ("fuzz-svg-path", ["FrameGen", "Raster"]),
    ("fuzz-freehand", ["FrameGen", "Raster"]),
    ("fuzz-sequence-json", ["Animated"]),
    ("fuzz-flipbook-json", ["Animated"]),
    ("fuzz-texturepacker", ["Atlas"]),
    ("fuzz-aseprite", ["Atlas"]),
    ("fuzz-libgdx", ["Atlas"]),
    ("fuzz-spritekit", ["Atlas"]),
    ("fuzz-cocos2d", ["Atlas"]),
    ("fuzz-godot", ["Atlas"]),
]

let package = Package(
    name: "FlipbookFuzz",
    dependencies: [.package(name: "Flipbook", path: "..")],
    targets: [.target(name: "FuzzSupport", dependencies: [.product(name: "Raster", package: "Flipbook")])] + targets.map { target in
        .executableTarget(
            name: target.name,
            dependencies: ["FuzzSupport"] + target.dependencies.map { .product(name: $0, package: "Flipbook") },
            path: "Sources/\(target.name)"
        )
    },
    swiftLanguageModes: [.v6]
)
