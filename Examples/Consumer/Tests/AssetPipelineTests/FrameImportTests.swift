import Animated
import AssetPipeline
import Atlas
import Basics
import Foundation
import Raster
import Testing

/// An editor importing an animation or a sprite sheet from an upload, through `FramesJob`'s
/// in-memory form: the frames come back as they went in.
@Suite("Importing frames from an upload")
struct FrameImportTests {
    /// The coin's four frames, decoded.
    static func coinFrames() throws -> [Bitmap] {
        try AssetPipelineTests.upload("kenney-gold-coin").map { try PNG.Decoder().decodeBitmap($0.bytes, file: $0.name) }
    }

    /// The PNG frames of a response, decoded (an animation's `sequence.json` left out).
    static func bitmaps(_ response: ImportResponse) throws -> [Bitmap] {
        guard case .frames(let files, _) = response else { Issue.record("\(response)"); return [] }
        return try files.filter { $0.name.hasSuffix(".png") }.map { try PNG.Decoder().decodeBitmap($0.bytes, file: $0.name) }
    }

    /// What a viewer sees of `frames`: every pixel, with the colour under full transparency
    /// (which encoders may change) cleared.
    static func visible(_ frames: [Bitmap]) -> [[Color]] {
        frames.map { frame in
            (0..<frame.height).flatMap { y in (0..<frame.width).map { x in frame[x, y].a == 0 ? .clear : frame[x, y] } }
        }
    }

    /// The coin packed in memory for `engine`: its data file first, then its page.
    static func sheet(_ engine: SheetEngine, output: String) throws -> [InMemoryFile] {
        let job = SheetJob(files: try AssetPipelineTests.upload("kenney-gold-coin"), output: output, engine: engine)
        return try job.encoded(try job.plan(cancellation: nil), cancellation: nil)
    }

    @Test func anAPNGComesBackFrameForFrameWithItsTiming() async throws {
        let apng = try AnimatedFileSummaryTests.coin(.apng)
        let response = await FrameImport().frames(of: InMemoryFile(name: "coin.png", bytes: apng))
        guard case .frames(let files, let warnings) = response else { Issue.record("\(response)"); return }
        #expect(files.map(\.name) == ["coin1.png", "coin2.png", "coin3.png", "coin4.png", "sequence.json"] && warnings.isEmpty)
        #expect(try Self.visible(Self.bitmaps(response)) == Self.visible(Self.coinFrames()), "APNG is lossless: the frames are the upload's")
        let manifest = try SequenceManifest.decode(files[4].bytes, file: "sequence.json")
        #expect(manifest.frameDurations == [125, 125, 125, 125], "8 fps, as assembled")
    }

    @Test(arguments: [(SheetEngine.pixi, "coin.json"), (.libgdx, "coin.atlas"), (.godot3, "coin.tres"), (.cocos2d, "coin.plist")])
    func aSheetComesBackAsItsSprites(engine: SheetEngine, data: String) async throws {
        let sheet = try Self.sheet(engine, output: "coin.png")
        let dataFile = try #require(sheet.first { $0.name == data }, "\(sheet.map(\.name))")
        let pages = sheet.filter { $0.name.hasSuffix(".png") }
        let response = await FrameImport().frames(of: dataFile, pages: pages)
        guard case .frames(let files, _) = response else { Issue.record("\(response)"); return }
        #expect(files.map(\.name) == ["gold_1.png", "gold_2.png", "gold_3.png", "gold_4.png"])
        #expect(try Self.visible(Self.bitmaps(response)) == Self.visible(Self.coinFrames()), "cut out of the page, untrimmed: the sprites as packed")
    }

    @Test func eachRefusalHasItsStatus() async throws {
        let sheet = try Self.sheet(.libgdx, output: "coin.png")
        let atlas = try #require(sheet.first { $0.name == "coin.atlas" })
        let importer = FrameImport()
        // The page left out of the upload: the data names it, nothing else is read.
        guard case .rejected(422, let missing) = await importer.frames(of: atlas) else { Issue.record("no page"); return }
        #expect(missing.contains("coin.png"), "\(missing)")
        // A data file naming a page outside its folder is refused, whatever the upload holds.
        let escaping = InMemoryFile(name: "coin.atlas", bytes: Array(String(decoding: atlas.bytes, as: UTF8.self)
            .replacingOccurrences(of: "coin.png", with: "../coin.png").utf8))
        let pages = sheet.filter { $0.name.hasSuffix(".png") }
        guard case .rejected(400, let outside) = await importer.frames(of: escaping, pages: pages) else { Issue.record("../ was read"); return }
        #expect(outside.contains("../coin.png"), "\(outside)")
        // The data file given again among the pages, with other bytes: which one is meant cannot be
        // told — the client's mistake, as in every job's upload (`.source(.repeatedName)`).
        guard case .rejected(400, let twice) = await importer.frames(of: escaping, pages: sheet) else { Issue.record("a name twice"); return }
        #expect(twice.contains("given twice"), "\(twice)")
        // A still PNG has no frames to explode.
        let still = try AssetPipelineTests.upload("kenney-gold-coin")[0]
        guard case .rejected(415, _) = await importer.frames(of: still) else { Issue.record("a still PNG"); return }
        // An animation asking for more pixels than the server allows.
        var small = ResourceLimits.default
        small.maxOutputPixels = 100
        let apng = InMemoryFile(name: "coin.png", bytes: try AnimatedFileSummaryTests.coin(.apng))
        guard case .rejected(413, let reason) = await FrameImport(limits: small).frames(of: apng) else { Issue.record("over the limit"); return }
        #expect(reason.contains("maxOutputPixels"), "\(reason)")
    }
}
