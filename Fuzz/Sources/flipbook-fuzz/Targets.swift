import Animated
import APNG
import Atlas
import Basics
import Compose
import FrameGen
import FuzzSupport
import GIF
import Raster
import WebP

/// Every fuzz target: a parser of untrusted bytes, and what a user's run does with what it parsed.
/// `Tests/FuzzRegressionTests` replays each finding through the same calls.
let targets: [String: @Sendable ([UInt8]) -> Void] = [
    "fuzz-png": { bytes in
        let decoder = PNG.Decoder(maxPixels: Fuzzer.maxPixels)
        _ = try? decoder.readHeader(bytes, file: "fuzz.png")
        _ = try? PNG.ChunkWalker.walk(bytes, file: "fuzz.png")
        _ = try? decoder.decode(bytes, file: "fuzz.png")
    },
    "fuzz-gif": { bytes in animation(GIF.Decoder.self, bytes, file: "fuzz.gif") },
    "fuzz-apng": { bytes in
        _ = APNG.Decoder.isAnimated(bytes)
        animation(APNG.Decoder.self, bytes, file: "fuzz.png")
    },
    "fuzz-webp": { bytes in animation(WebP.Decoder.self, bytes, file: "fuzz.webp") },
    "fuzz-scene": { bytes in
        guard let scene = try? Scene(json: bytes, limits: Fuzzer.limits) else { return }
        _ = try? scene.render(images: [:], limits: Fuzzer.limits)
    },
    // A render scene from memory, with no files beside it (an image or sequence named is then missing):
    // read, checked as a tree, and its last frame drawn.
    "fuzz-render-scene": { bytes in
        guard let scene = try? SceneFile(json: bytes, files: [], limits: Fuzzer.limits),
              let renderer = try? scene.renderer(limits: Fuzzer.limits) else { return }
        _ = try? renderer.render(at: scene.time(ofFrame: scene.frameCount - 1))
    },
    "fuzz-svg-path": { bytes in
        guard let path = try? Path(svg: String(decoding: bytes, as: UTF8.self), limits: Fuzzer.limits) else { return }
        guard var canvas = try? Canvas(width: 48, height: 48) else { return }
        try? canvas.fill(path, color: .black, limits: Fuzzer.limits)
        try? canvas.stroke(path, color: .white, style: StrokeStyle(width: 3, cap: .round, join: .round), limits: Fuzzer.limits)
    },
    "fuzz-freehand": { bytes in
        guard let drawing = try? Freehand(json: bytes, limits: Fuzzer.limits) else { return }
        _ = try? drawing.frame(drawing.frameCount - 1)
    },
    "fuzz-sequence-json": { bytes in _ = try? SequenceManifest.decode(bytes, file: "sequence.json") },
    "fuzz-flipbook-json": { bytes in _ = try? ValidationConfig.decode(bytes, file: ".flipbook.json") },
    "fuzz-texturepacker": { bytes in
        if let sheet = try? TexturePackerJSON.decode(bytes) { sheetRules(pages: [sheet.image] + sheet.related, sheet.sprites) }
        for page in (try? TexturePackerJSON.decodeMultiAtlas(bytes)) ?? nil ?? [] { sheetRules(pages: [page.image], page.sprites) }
    },
    "fuzz-aseprite": { bytes in if let sheet = try? AsepriteJSON.decode(bytes) { sheetRules(pages: [sheet.image], sheet.sprites) } },
    "fuzz-libgdx": { bytes in
        if let atlas = try? LibGDXAtlas.decode(bytes) { sheetRules(pages: atlas.pages.map(\.image), atlas.regions.map(\.sprite)) }
    },
    "fuzz-spritekit": { bytes in if let atlas = try? SpriteKitAtlas.decode(bytes) { sheetRules(pages: atlas.pages.map(\.path), atlas.sprites) } },
    "fuzz-cocos2d": { bytes in if let sheet = try? Cocos2dPlist.decode(bytes) { sheetRules(pages: [sheet.image], sheet.sprites) } },
    "fuzz-godot": { bytes in if let sheet = try? GodotSpriteFrames.decode(bytes) { sheetRules(pages: sheet.images, sheet.sprites) } },
    // An upload (files in memory, `Fuzzer.files`): what a server does with a multipart body it
    // validates — names normalised and compared, `sequence.json`, sheet data naming pages, PNG chunks.
    "fuzz-upload": { bytes in
        _ = try? Validator(limits: Fuzzer.limits).validate(files: Fuzzer.files(bytes), cancellation: nil)
    },
    // A sprite sheet read from memory, its first file the data: the path rule with an in-memory
    // reader, the work bound, the pages decoded and cut.
    "fuzz-sheet-import": { bytes in
        let files = Fuzzer.files(bytes)
        guard let data = files.first else { return }
        _ = try? SheetImport.read(files: files, data: data.name, limits: Fuzzer.limits)
    },
]

/// What `flipbook frames` does with an animated file: the header within the limits, the work it
/// asks for (frames × canvas) within the total bound, then every frame decoded.
@Sendable func animation<Decoder: AnimationDecoder>(_ type: Decoder.Type, _ bytes: [UInt8], file: String) {
    guard let decoder = try? Decoder(bytes: bytes, file: file, limits: Fuzzer.limits) else { return }
    let info = decoder.info
    guard (try? Fuzzer.limits.checkOutput(info.frameCount, "frames", width: info.width, height: info.height, of: file)) != nil else { return }
    while let frame = try? decoder.nextFrame() { _ = frame.duration }
    _ = decoder.warnings
}

/// What `SheetImport.read` does with decoded data before reading any page: every path through the
/// folder rule (against a folder that does not exist, so only the rule's text checks run and
/// nothing on disk is opened), and the frames' sizes through the work bound.
@Sendable func sheetRules(pages: [String], _ sprites: [SpriteSheet.Sprite]) {
    for page in pages { _ = try? SheetImport.resolve(page, from: "/nonexistent-flipbook-fuzz/data/sheet") }
    _ = try? SheetImport.checkOutput(sprites, limits: Fuzzer.limits, of: "sheet")
}
