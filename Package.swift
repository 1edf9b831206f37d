// swift-tools-version: 6.0
import PackageDescription

/// The libraries that hold pixel loops or the loops' plumbing (Basics) are optimised in debug builds
/// too (whole-module, on two threads): the tests spent nearly all their time in those loops, which
/// run 10–50× slower unoptimised. Animated (discovery, timing, validation rules) and the tests stay
/// unoptimised, quick to compile. `swift build -c release` is unaffected.
///
/// Only where this package is built for itself (a clone, a path or branch dependency): SwiftPM refuses
/// unsafe flags in a dependency required by version, which it checks out under `…/checkouts/`, and
/// a consumer's debug build of the libraries does not need them.
let isCheckedOutDependency = Context.packageDirectory.contains("/checkouts/")
let optimisedInDebug: [SwiftSetting] = isCheckedOutDependency ? []
    : [.unsafeFlags(["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"], .when(configuration: .debug))]

/// The DocC plugin is a dependency only when the documentation is built (`Scripts/docs` sets
/// `FLIPBOOK_DOCS=1`): every other build, the test loop among them, skips compiling its four plugins.
let docsPlugin: [Package.Dependency] = Context.environment["FLIPBOOK_DOCS"] == nil ? []
    : [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")]

let package = Package(
    name: "Flipbook",
    // Swift concurrency (the jobs' async forms) and the regex literals need macOS 13.
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Basics", targets: ["Basics"]),
        .library(name: "Raster", targets: ["Raster"]),
        .library(name: "Animated", targets: ["Animated"]),
        .library(name: "FrameGen", targets: ["FrameGen"]),
        .library(name: "GIF", targets: ["GIF"]),
        .library(name: "APNG", targets: ["APNG"]),
        .library(name: "WebP", targets: ["WebP"]),
        .library(name: "Atlas", targets: ["Atlas"]),
        .library(name: "Compose", targets: ["Compose"]),
        .library(name: "Text", targets: ["Text"]),
        .library(name: "Pipeline", targets: ["Pipeline"]),
        .library(name: "Preview", targets: ["Preview"]),
        .executable(name: "flipbook", targets: ["flipbook"]),
        // Builds a project file's targets into a package target's resources (Examples/BuildPlugin).
        .plugin(name: "FlipbookBuildPlugin", targets: ["FlipbookBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // SHA-256 for the build's content digests and the Bazel remote cache's keys (Pipeline/ContentHash.swift).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
    ] + docsPlugin,
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
        // zlib, for PNG pages compressed on all cores and output checksums (Basics/System/Zlib.swift).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // libdeflate: APNG's deflate and the PNG decoder's inflate and CRC-32 (Raster/LibDeflate.swift);
        // zopfli, APNG's strongest deflate (APNG/Zopfli.swift).
        .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        .systemLibrary(name: "CZopfli", providers: [.apt(["libzopfli-dev"]), .brew(["zopfli"])]),
        // libwebp's encoder, muxer and demuxer (WebP/LibWebP.swift).
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // FreeType draws glyphs, HarfBuzz shapes them (Text/FreeType.swift, Text/HarfBuzz.swift).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        // ICU's line breaking and bidi; ICU renames its functions by version through macros, so a
        // C target gives the few calls stable names (Text/ICU.swift is its one Swift wrapper).
        .target(name: "CICUShim", linkerSettings: [.linkedLibrary("icuuc")]),
        // libcurl, for an https:// build cache (Pipeline/CurlTransport.swift): loaded with dlopen on the
        // first request, so no libcurl headers to build and nothing of it mapped by other commands.
        .target(name: "CCurlShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // glibc's malloc tuning, for the process-wide memory policy (Basics/System/Syscalls.swift).
        .systemLibrary(name: "CMalloc"),
        // libpng reports errors with longjmp; this C target owns setjmp so that a
        // longjmp never crosses a Swift frame. It returns error codes and messages.
        .target(name: "CPNGShim", dependencies: ["CPNG"]),

        // Files, system calls, resource limits and strict input: what every other module builds on.
        .target(name: "Basics", dependencies: ["CZlib", "CMalloc"], swiftSettings: optimisedInDebug),
        .target(name: "Raster", dependencies: ["Basics", "CPNGShim", "CDeflate"], swiftSettings: optimisedInDebug),
        .target(name: "Animated", dependencies: ["Basics", "Raster", "GIF", "APNG", "WebP"]),
        .target(name: "FrameGen", dependencies: ["Basics", "Raster", "Text"], swiftSettings: optimisedInDebug),
        .target(name: "GIF", dependencies: ["Basics", "Raster", "CGIF"], swiftSettings: optimisedInDebug),
        .target(name: "APNG", dependencies: ["Basics", "Raster", "CZopfli"], swiftSettings: optimisedInDebug),
        .target(name: "WebP", dependencies: ["Basics", "Raster", "CWebP"]),
        // Scenes that move: Core Animation's timing model, animations and (to come) the layer tree.
        .target(name: "Compose", dependencies: ["Basics", "Raster", "FrameGen", "Animated", "GIF", "APNG", "WebP", "Atlas", "Text"]),
        // Text: shaped, wrapped and drawn with FreeType, HarfBuzz and ICU; a free font ships with it.
        .target(name: "Text", dependencies: ["Basics", "Raster", "CFreeType", "CHarfBuzz", "CICUShim"],
                exclude: ["Resources/ORIGIN.md"],
                resources: [.copy("Resources/DejaVuSans.ttf"), .copy("Resources/DejaVuSans-LICENSE.txt")], swiftSettings: optimisedInDebug),
        // Project files and incremental builds: the other modules' jobs, run in dependency order.
        .target(name: "Pipeline", dependencies: ["Basics", "Raster", "Animated", "GIF", "APNG", "WebP", "Atlas", "Compose", "CCurlShim",
                                                 .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Atlas", dependencies: ["Basics", "Raster", "Animated", "GIF", "APNG", "WebP"], swiftSettings: optimisedInDebug),
        // The preview page (`flipbook preview`): sequences, outputs, sheets and findings in one HTML page, and its server.
        .target(name: "Preview", dependencies: ["Basics", "Raster", "Animated", "GIF", "APNG", "WebP", "Atlas", "Pipeline"]),
        .executableTarget(
            name: "flipbook",
            dependencies: [
                "Basics",
                "Raster",
                "Animated",
                "FrameGen",
                "Text",
                "GIF",
                "APNG",
                "WebP",
                "Atlas",
                "Compose",
                "Pipeline",
                "Preview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // No target here uses it: this package's builds compile its one file but never run it or flipbook for it.
        .plugin(name: "FlipbookBuildPlugin", capability: .buildTool(), dependencies: ["flipbook"]),

        // Fixture paths shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Raster"], path: "Tests/TestSupport"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Basics", "Raster", "TestSupport"]),
        .testTarget(name: "AnimatedTests", dependencies: ["Animated", "Basics", "Raster", "GIF", "APNG", "WebP", "TestSupport"]),
        .testTarget(name: "FrameGenTests", dependencies: ["FrameGen", "Basics", "Raster", "Text", "TestSupport"]),
        .testTarget(name: "APNGTests", dependencies: ["APNG", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "WebPTests", dependencies: ["WebP", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "GIFTests", dependencies: ["GIF", "CGIF", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "ComposeTests", dependencies: ["Compose", "Animated", "Atlas", "Basics", "FrameGen", "Raster", "GIF", "APNG", "WebP", "Text", "TestSupport"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Animated", "Atlas", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "flipbook", "Animated", "Atlas", "Basics", "TestSupport"]),
        .testTarget(name: "AtlasTests", dependencies: ["Atlas", "Animated", "Basics", "Raster", "TestSupport"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["Basics", "Raster", "Animated", "FrameGen", "GIF", "APNG", "WebP", "Atlas", "TestSupport"]),
        // The public-API hostile-value harness (not a product): its case table, the executable that
        // runs cases in a child process, and the test that fails when a case traps.
        .target(name: "HostileCases", dependencies: ["Basics", "Raster", "Animated", "FrameGen", "GIF", "APNG", "WebP", "Atlas", "Compose", "Text", "Pipeline", "Preview"],
                path: "Tests/HostileCases"),
        .executableTarget(name: "flipbook-hostile", dependencies: ["HostileCases"], path: "Tests/flipbook-hostile"),
        .testTarget(name: "HostileValueTests", dependencies: ["HostileCases", "flipbook-hostile", "Basics", "Raster", "FrameGen", "Atlas", "TestSupport"]),
        .testTarget(name: "ReadmeTests", dependencies: ["Basics", "Raster", "Animated", "FrameGen", "GIF", "Atlas", "TestSupport"]),
        .testTarget(name: "FlipbookCLITests", dependencies: ["flipbook", "CZlib", "Basics", "Raster", "Animated", "GIF", "FrameGen", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Release builds carry the Swift runtime and Foundation inside `flipbook` on Linux (`-static-stdlib`,
/// what `swift build --static-swift-stdlib` does; the flag on every target, so that each compiles
/// against the static libraries' modules): a command starts in about 10 ms instead of 23 (the
/// dynamic loader bound ~19 000 symbols across the toolchain's libraries at every start), and the
/// binary runs where no Swift toolchain is installed. The C libraries stay shared. Debug builds
/// and the tests link dynamically, as quick to link as before.
if !isCheckedOutDependency {
    for target in package.targets where [.regular, .executable].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
    }
    for target in package.targets where target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]
    }
}
