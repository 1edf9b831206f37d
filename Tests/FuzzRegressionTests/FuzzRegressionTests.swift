import APNG
import Animated
import Atlas
import Basics
import FrameGen
import Foundation
import GIF
import Raster
import Testing
import WebP
import TestSupport

/// Every input a fuzzer (`Scripts/fuzz`) found that crashed, hung or over-allocated, replayed
/// through the same code as its target in `Fuzz/Sources/flipbook-fuzz/Targets.swift`. A regression traps
/// the test process; each input must also end the way its fix decided (accepted or refused).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// The limits of the fuzz targets (`Fuzz/Sources/FuzzSupport`).
    static let limits = ResourceLimits(maxPixels: 1 << 18, maxFrames: 2000, maxPathSegments: 10_000,
                                       maxFlattenedEdges: 40_000, maxDecodedBytes: 16 << 20, maxOutputPixels: 1 << 22)

    /// Finding → how it ends now: `nil` when the input is accepted, else a word of the error.
    static let expected: [String: String?] = [
        // A cubic with a 2·10⁵¹ control point asked Int(√…) for more segments than Int holds.
        "fuzz-svg-path/cubic-2e51-segment-count.txt": nil,
        // Arc end points near ±1e308 overflowed to a NaN centre, and Int(NaN) trapped (before the
        // parser reached the bad flag after it).
        "fuzz-svg-path/arc-1e308-nan-center.txt": "arc flag",
        // The same segment count, reached through a scene's stroke.
        "fuzz-scene/stroke-1e80-segment-count.json": nil,
        // …and through a freehand sample of 10⁴⁷ (a smoothed stroke's control points).
        "fuzz-freehand/sample-1e47-segment-count.json": nil,
        // An eXIf chunk whose length claims 1.5 GB: libpng allocated it whole before reading it.
        // A chunk cannot be longer than its file: refused before libpng reads it.
        "fuzz-png/exif-length-1.5GB.png": "claims",
        // The same through a tEXt chunk (libpng's chunk allocation cap did not catch it): chunks
        // are now checked against the file's length before libpng sees them.
        "fuzz-png/text-length-1.1GB.png": "claims",
        // A stroke entirely left of -9.2·10¹⁸: the rasterizer's column range converted it to Int.
        "fuzz-svg-path/outline-left-of-int-min.txt": nil,
        // …and one entirely right of 9.2·10¹⁸, through a freehand drawing.
        "fuzz-freehand/outline-right-of-int-max.json": nil,
        // Seven samples, a control point 2·10¹² points away: measuring the stroke's length
        // flattened its cubic to 2²⁴ points (one 940 MB array) with no budget at all. The frame's
        // flattening now spends from `maxFlattenedEdges`, all its strokes together.
        "fuzz-freehand/control-2e12-16M-vertices.json": "maxFlattenedEdges",
        // 25 samples up to 7·10¹⁶ points apart: several such curves, 700 MB and 10 s. The same budget.
        "fuzz-freehand/samples-5e16-slow.json": "maxFlattenedEdges",
        // A WebP canvas of 64×16 777 024 (1 GB): libwebp's animation decoder allocated it before the pixel
        // limit was checked. The header is now read through the demuxer, which allocates nothing.
        "fuzz-webp/canvas-1GB.webp": "maxPixels",
        // An upload of one 9 KB GIF: a 1000² screen and 300 one-pixel frames. `Validator.validate(files:)`
        // decoded and held all 300 Mpx (a timeout); `Animation.load` now checks frames × canvas
        // against `ResourceLimits.maxOutputPixels` first, as `FramesJob` does.
        // (At the targets' limits since 512² images, its 1000² screen is over `maxPixels` first.)
        "fuzz-upload/lone-gif-300-megapixels.upload": "maxPixels",
        // An upload of walk1.png and walk12147483648.png: `seq.gap` listed every missing number
        // between them (a 512 MB allocation on the way to twelve billion). Gaps are ranges now.
        "fuzz-upload/frame-number-12147483648.upload": nil,
        // A binary plist with a set where a string belongs: Foundation's PropertyListSerialization
        // crashed (SEGV) bridging it. Binary plists are read by Flipbook's own bounded reader now; the
        // set reads as an array, refused where the geometry string belongs.
        "fuzz-spritekit/binary-plist-segv.plist": "textureRect: expected",
        // An XML plist ending in `<key` with no `>`: the repeated-key scan stepped one byte past the
        // end (index out of range, a trap). The scan now ends with the data; what Foundation reads of
        // it is refused by the SpriteKit reader.
        "fuzz-spritekit/xml-key-tag-at-end.plist": "expected an object",
    ]

    static let findings: [String] = {
        let root = Fixtures.path("fuzz")
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return targets.sorted().flatMap { target in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(target)")) ?? []).sorted().map { "\(target)/\($0)" }
        }
    }()

    @Test func everyFindingIsListed() {
        #expect(Self.findings.count == 15)
        #expect(Set(Self.findings) == Set(Self.expected.keys))
    }

    @Test(arguments: findings)
    func replays(_ finding: String) throws {
        let bytes = try Fixtures.bytes("fuzz/\(finding)")
        let target = String(finding.prefix { $0 != "/" })
        let outcome = try #require(Self.expected[finding], "\(finding) has no expected outcome")
        let error = Self.run(target, bytes)
        if let word = outcome {
            #expect(error?.contains(word) == true, "\(finding): \(error ?? "accepted")")
        } else {
            #expect(error == nil, "\(finding): \(error ?? "")")
        }
    }

    /// Runs `bytes` through the target's code; the first error's description, or `nil`.
    static func run(_ target: String, _ bytes: [UInt8]) -> String? {
        do {
            switch target {
            case "fuzz-png":
                _ = try PNG.Decoder(maxPixels: limits.maxPixels).decode(bytes, file: "fuzz.png")
            case "fuzz-apng":
                let decoder = try APNG.Decoder(bytes: bytes, file: "fuzz.png", limits: limits)
                while try decoder.nextFrame() != nil {}
            case "fuzz-webp":
                let decoder = try WebP.Decoder(bytes: bytes, file: "fuzz.webp", limits: limits)
                while try decoder.nextFrame() != nil {}
            case "fuzz-gif":
                let decoder = try GIF.Decoder(bytes: bytes, file: "fuzz.gif", limits: limits)
                while try decoder.nextFrame() != nil {}
            case "fuzz-scene":
                _ = try Scene(json: bytes, limits: limits).render(images: [:], limits: limits)
            case "fuzz-svg-path":
                let path = try Path(svg: String(decoding: bytes, as: UTF8.self), limits: limits)
                var canvas = Canvas(trustedWidth: 48, height: 48)
                try canvas.fill(path, color: .black, limits: limits)
                try canvas.stroke(path, color: .white, style: StrokeStyle(width: 3, cap: .round, join: .round), limits: limits)
            case "fuzz-freehand":
                let drawing = try Freehand(json: bytes, limits: limits)
                _ = try drawing.frame(drawing.frameCount - 1)
            case "fuzz-sequence-json":
                _ = try SequenceManifest.decode(bytes, file: "sequence.json")
            case "fuzz-flipbook-json":
                _ = try ValidationConfig.decode(bytes, file: ".flipbook.json")
            case "fuzz-texturepacker":
                for page in try TexturePackerJSON.decodeMultiAtlas(bytes) ?? [TexturePackerJSON.decode(bytes)] {
                    try Self.sheetRules(pages: [page.image] + page.related, page.sprites, limits: limits)
                }
            case "fuzz-aseprite":
                let sheet = try AsepriteJSON.decode(bytes)
                try Self.sheetRules(pages: [sheet.image], sheet.sprites, limits: limits)
            case "fuzz-libgdx":
                let atlas = try LibGDXAtlas.decode(bytes)
                try Self.sheetRules(pages: atlas.pages.map(\.image), atlas.regions.map(\.sprite), limits: limits)
            case "fuzz-spritekit":
                let atlas = try SpriteKitAtlas.decode(bytes)
                try Self.sheetRules(pages: atlas.pages.map(\.path), atlas.sprites, limits: limits)
            case "fuzz-cocos2d":
                let sheet = try Cocos2dPlist.decode(bytes)
                try Self.sheetRules(pages: [sheet.image], sheet.sprites, limits: limits)
            case "fuzz-godot":
                let sheet = try GodotSpriteFrames.decode(bytes)
                try Self.sheetRules(pages: sheet.images, sheet.sprites, limits: limits)
            case "fuzz-upload":
                _ = try Validator(limits: limits).validate(files: files(bytes), cancellation: nil)
            case "fuzz-sheet-import":
                let files = files(bytes)
                guard let data = files.first else { return nil }
                _ = try SheetImport.read(files: files, data: data.name, limits: limits)
            default: return "no such target \(target)"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The files of an upload held in one input, as `Fuzzer.files` splits it: parts separated by
    /// the line `%%`, each its name on the first line, then its bytes.
    static func files(_ bytes: [UInt8]) -> [InMemoryFile] {
        let separator: [UInt8] = Array("\n%%\n".utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index + separator.count <= bytes.count {
            if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        return parts.map { part in
            guard let newline = part.firstIndex(of: 0x0A) else { return InMemoryFile(name: String(decoding: part, as: UTF8.self), bytes: []) }
            return InMemoryFile(name: String(decoding: part[..<newline], as: UTF8.self), bytes: Array(part[(newline + 1)...]))
        }
    }

    /// What `SheetImport.read` does with decoded data before any page, as the fuzz targets call it:
    /// the folder rule for every path (against a folder that does not exist) and the work bound.
    static func sheetRules(pages: [String], _ sprites: [SpriteSheet.Sprite], limits: ResourceLimits) throws {
        for page in pages { _ = try SheetImport.resolve(page, from: "/nonexistent-flipbook-fuzz/data/sheet") }
        try SheetImport.checkOutput(sprites, limits: limits, of: "sheet")
    }
}
