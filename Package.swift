// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Flipbook",
    products: [
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Animated", targets: ["Animated"]),
        .library(name: "FrameGen", targets: ["FrameGen"]),
        .library(name: "GIF", targets: ["GIF"]),
        .library(name: "Atlas", targets: ["Atlas"]),
        .executable(name: "flipbook", targets: ["flipbook"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries. Each is reached from Swift through exactly one wrapper file.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        // zlib, for PNG pages compressed on all cores (Raster/Zlib.swift).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // glibc's malloc tuning, for the process-wide memory policy (Raster/ProcessPolicy.swift).
        .systemLibrary(name: "CMalloc"),
        // libpng reports errors with longjmp; this C target owns setjmp so that a
        // longjmp never crosses a Swift frame. It returns error codes and messages.
        .target(name: "CPNGShim", dependencies: ["CPNG"]),

        .target(name: "Raster", dependencies: ["CPNGShim", "CZlib", "CMalloc"]),
        .target(name: "Animated", dependencies: ["Raster"]),
        .target(name: "FrameGen", dependencies: ["Raster"]),
        .target(name: "GIF", dependencies: ["Raster", "Animated", "CGIF"]),
        .target(name: "Atlas", dependencies: ["Raster", "Animated"]),
        .executableTarget(
            name: "flipbook",
            dependencies: [
                "Raster",
                "Animated",
                "FrameGen",
                "GIF",
                "Atlas",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Fixture paths shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(name: "AnimatedTests", dependencies: ["Animated", "Raster", "TestSupport"]),
        .testTarget(name: "FrameGenTests", dependencies: ["FrameGen", "Raster", "TestSupport"]),
        .testTarget(name: "GIFTests", dependencies: ["GIF", "Raster", "TestSupport"]),
        .testTarget(name: "AtlasTests", dependencies: ["Atlas", "Raster", "TestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["Raster", "Animated", "FrameGen", "GIF", "Atlas", "TestSupport"]),
        .testTarget(name: "ReadmeTests", dependencies: ["Raster", "Animated", "FrameGen", "GIF", "Atlas", "TestSupport"]),
        .testTarget(name: "FlipbookCLITests", dependencies: ["flipbook", "CZlib", "Raster", "Animated", "GIF", "FrameGen", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
