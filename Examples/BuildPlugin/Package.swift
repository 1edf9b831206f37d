// swift-tools-version: 6.0
import PackageDescription

// A package whose resources are built from a Flipbook project file by Flipbook's build-tool plugin,
// the way SwiftGen or swift-protobuf plug into a build: `swift build` builds Flipbook's `flipbook`
// tool, runs `flipbook build` on `flipbook.json` (in the plugin's work folder), and bundles its
// output folder `build/` as the GameAssets module's resource. Flipbook is named by path here; a
// release would name its repository's URL and a version. `Scripts/check-build-plugin` builds it
// from a clean scratch folder, runs its tests and compares the bundle with `flipbook build`'s files.
let package = Package(
    name: "BuildPlugin",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Flipbook", path: "../.."),
    ],
    targets: [
        .target(name: "GameAssets", plugins: [.plugin(name: "FlipbookBuildPlugin", package: "Flipbook")]),
        .testTarget(name: "GameAssetsTests", dependencies: ["GameAssets"]),
    ],
    swiftLanguageModes: [.v6]
)
