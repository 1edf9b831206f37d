import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Atlas

@Suite("MaxRects packer")
struct MaxRectsPackerTests {
    static func randomSizes(_ count: Int, seed: UInt64) -> [MaxRectsPacker.Size] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        return (0..<count).map { _ in MaxRectsPacker.Size(width: 4 + next() % 60, height: 4 + next() % 60) }
    }

    @Test(arguments: [(10, 0), (120, 2), (500, 1)])
    func placesEverythingWithoutOverlapInsideThePage(count: Int, padding: Int) throws {
        let sizes = Self.randomSizes(count, seed: UInt64(count))
        let packer = MaxRectsPacker(padding: padding, border: 3)
        let result = try #require(try packer.pack(sizes))
        let rects = zip(sizes, result.placements).map { size, position in
            (x: position.x, y: position.y, w: size.width, h: size.height)
        }
        for rect in rects {
            #expect(rect.x >= 3 && rect.y >= 3 && rect.x + rect.w <= result.width - 3 + padding && rect.y + rect.h <= result.height - 3 + padding)
        }
        for i in rects.indices {
            for j in rects.indices where j > i {
                let a = rects[i], b = rects[j]
                let apart = a.x + a.w + padding <= b.x || b.x + b.w + padding <= a.x || a.y + a.h + padding <= b.y || b.y + b.h + padding <= a.y
                #expect(apart, "sprites \(i) and \(j) overlap or touch within the padding")
            }
        }
        #expect(try packer.pack(sizes) == result, "deterministic")
    }

    /// Occupancy (sprite area ÷ page area) on 500 mixed sizes, no padding.
    @Test func packsDensely() throws {
        let sizes = Self.randomSizes(500, seed: 42)
        let result = try #require(try MaxRectsPacker(padding: 0).pack(sizes))
        let used = sizes.reduce(0) { $0 + $1.width * $1.height }
        let occupancy = Double(used) / Double(result.width * result.height)
        #expect(occupancy >= 0.9, "occupancy \(occupancy)")
    }

    /// Every placement lies on its page and no two on the same page come within the padding.
    static func checkNoOverlap(_ sizes: [MaxRectsPacker.Size], _ result: MaxRectsPacker.Result, padding: Int) {
        let rects = zip(sizes, result.placements).map { size, p in
            (page: p.page, x: p.x, y: p.y, w: p.rotated ? size.height : size.width, h: p.rotated ? size.width : size.height)
        }
        for rect in rects {
            let page = result.pages[rect.page]
            #expect(rect.x >= 0 && rect.y >= 0 && rect.x + rect.w <= page.width && rect.y + rect.h <= page.height)
        }
        for i in rects.indices {
            for j in rects.indices where j > i && rects[i].page == rects[j].page {
                let a = rects[i], b = rects[j]
                let apart = a.x + a.w + padding <= b.x || b.x + b.w + padding <= a.x || a.y + a.h + padding <= b.y || b.y + b.h + padding <= a.y
                #expect(apart, "sprites \(i) and \(j) overlap")
            }
        }
    }

    @Test("Rotation packs long thin sprites tighter, and a rotated sprite covers h × w")
    func rotation() throws {
        // Tall and wide strips: without rotation they cannot interlock.
        let sizes = (0..<40).map { MaxRectsPacker.Size(width: $0 % 2 == 0 ? 60 : 8, height: $0 % 2 == 0 ? 8 : 60) }
        let plain = try #require(try MaxRectsPacker(padding: 0).pack(sizes))
        let turned = try #require(try MaxRectsPacker(padding: 0, allowRotation: true).pack(sizes))
        Self.checkNoOverlap(sizes, turned, padding: 0)
        #expect(turned.placements.contains { $0.rotated })
        #expect(turned.width * turned.height <= plain.width * plain.height)
    }

    @Test("Sprites that overflow one page go onto more pages, each no larger than the maximum")
    func multipack() throws {
        let sizes = Self.randomSizes(300, seed: 3)
        #expect(try MaxRectsPacker(padding: 1, maxSide: 256).pack(sizes) == nil, "no multipack: does not fit")
        let result = try #require(try MaxRectsPacker(padding: 1, border: 2, maxSide: 256, multipack: true).pack(sizes))
        #expect(result.pages.count > 1)
        #expect(result.pages.allSatisfy { $0.width <= 256 && $0.height <= 256 })
        Self.checkNoOverlap(sizes, result, padding: 1)
        #expect(try MaxRectsPacker(padding: 1, border: 2, maxSide: 256, multipack: true).pack(sizes) == result, "deterministic")
        #expect(try MaxRectsPacker(maxSide: 32, multipack: true).pack([.init(width: 40, height: 4)]) == nil, "a sprite larger than a page")
    }

    @Test func honoursPowerOfTwoSquareAndMaxSide() throws {
        let sizes = Self.randomSizes(40, seed: 7)
        let result = try #require(try MaxRectsPacker(powerOfTwo: true, square: true).pack(sizes))
        #expect(result.width == result.height && result.width & (result.width - 1) == 0)
        #expect(try MaxRectsPacker(maxSide: 50).pack(sizes) == nil)
    }
}

@Suite("Sprite sheets")
struct SheetBuilderTests {
    static func frame(_ width: Int, _ height: Int, content: (x: Int, y: Int, w: Int, h: Int), color: Color) -> Bitmap {
        var bitmap = Bitmap(clearWidth: width, height: height)
        for y in content.y..<(content.y + content.h) {
            for x in content.x..<(content.x + content.w) { bitmap[x, y] = Color(r: color.r, g: UInt8(x * 7 % 256), b: color.b) }
        }
        return bitmap
    }

    static let inputs: [SheetBuilder.Input] = [
        .init(name: "walk0", bitmap: frame(32, 32, content: (4, 6, 20, 10), color: .white), sequence: "walk", duration: 0.1),
        .init(name: "walk1", bitmap: frame(32, 32, content: (0, 0, 32, 32), color: .black), sequence: "walk", duration: 0.1),
        .init(name: "walk2", bitmap: frame(32, 32, content: (4, 6, 20, 10), color: .white), sequence: "walk", duration: 0.05),
        .init(name: "jump0", bitmap: frame(16, 24, content: (10, 2, 3, 3), color: Color(r: 200, g: 0, b: 9)), sequence: "jump"),
    ]

    @Test(arguments: SheetBuilder.Layout.allCases, [false, true])
    func rebuildsEveryFrame(layout: SheetBuilder.Layout, trim: Bool) throws {
        let sheet = try SheetBuilder(layout: layout, padding: 1, trim: trim).build(Self.inputs)
        #expect(sheet.sprites.map(\.name) == ["walk0", "walk1", "walk2", "jump0"])
        for (sprite, input) in zip(sheet.sprites, Self.inputs) { #expect(try sheet.frame(sprite) == input.bitmap, "\(sprite.name)") }
        #expect(sheet.sprites[0].frame == sheet.sprites[2].frame, "identical frames share a region")
        if trim {
            #expect(sheet.sprites[0].trimmed && sheet.sprites[0].spriteSourceSize == .init(x: 4, y: 6, width: 20, height: 10))
            #expect(!sheet.sprites[1].trimmed)
        }
        #expect(sheet.animations.map(\.name) == ["walk", "jump"])
    }

    @Test(arguments: TexturePackerJSON.Style.allCases)
    func jsonRoundTrips(style: TexturePackerJSON.Style) throws {
        let sheet = try SheetBuilder(trim: true).build(Self.inputs)
        let bytes = try TexturePackerJSON.encode(sheet, image: "sheet.png", style: style)
        #expect(try bytes == TexturePackerJSON.encode(sheet, image: "sheet.png", style: style), "deterministic")
        let decoded = try TexturePackerJSON.decode(bytes)
        #expect(decoded.image == "sheet.png" && decoded.width == sheet.pages[0].width && decoded.height == sheet.pages[0].height)
        let byName = Dictionary(uniqueKeysWithValues: decoded.sprites.map { ($0.name, $0) })
        for sprite in sheet.sprites { #expect(byName[sprite.name] == sprite) }
        #expect(decoded.animations["walk"] == ["walk0", "walk1", "walk2"])
        let text = String(decoding: bytes, as: UTF8.self)
        for field in ["\"frame\"", "\"rotated\" : false", "\"trimmed\"", "\"spriteSourceSize\"", "\"sourceSize\"", "\"pivot\"",
                      "\"duration\" : 100", "\"format\" : \"RGBA8888\"", "\"scale\" : \"1\"", "\"app\" : \"flipbook\""] {
            #expect(text.contains(field), "\(field)")
        }
        if style == .array { #expect(text.contains("\"filename\" : \"walk0\"")) }
    }

    @Test func refusesDuplicateNamesAndOversizePages() {
        let twice = [Self.inputs[0], Self.inputs[0]]
        #expect(throws: SheetBuilder.Error.duplicateName("walk0")) { _ = try SheetBuilder().build(twice) }
        #expect(throws: SheetBuilder.Error.spriteTooLarge(name: "walk0", width: 32, height: 32, border: 0, maxSide: 20)) {
            _ = try SheetBuilder(maxSide: 20).build(Self.inputs)
        }
    }

    @Test func trimsToTheOpaqueBounds() {
        let bitmap = Self.frame(20, 10, content: (3, 2, 5, 4), color: .white)
        #expect(SheetBuilder.opaqueBounds(bitmap) == .init(x: 3, y: 2, width: 5, height: 4))
        #expect(SheetBuilder.opaqueBounds(bitmap, margin: 5) == .init(x: 0, y: 0, width: 13, height: 10))
        #expect(SheetBuilder.opaqueBounds(Bitmap(clearWidth: 4, height: 4)) == .init(x: 0, y: 0, width: 1, height: 1))
    }
}

/// Each exporter against a committed golden file (re-record on purpose with
/// `FLIPBOOK_RECORD=1 swift test --filter ExporterGoldenTests`), and parsed back into the model.
@Suite("Exporter goldens")
struct ExporterGoldenTests {
    static let folder = Fixtures.path("atlas")

    static func sheet() throws -> SpriteSheet {
        var sheet = try SheetBuilder(padding: 1, trim: true).build(SheetBuilderTests.inputs)
        sheet.animations[0].direction = .pingpong
        sheet.animations[0].repeatCount = 3
        return sheet
    }

    static func check(_ bytes: [UInt8], golden name: String) throws {
        let path = folder + "/" + name
        if Fixtures.recording {
            try FileIO.writeAtomically(bytes, to: path)
            Issue.record(Comment(rawValue: Fixtures.recorded(path)))
        }
        let identical = try bytes == FileIO.readAll(path)   // outside #expect: no byte dump on failure
        #expect(identical, "\(name) changed; re-record if intended")
    }

    @Test(arguments: TexturePackerJSON.Style.allCases)
    func texturePacker(style: TexturePackerJSON.Style) throws {
        let sheet = try Self.sheet()
        let bytes = try TexturePackerJSON.encode(sheet, image: "sheet.png", style: style)
        try Self.check(bytes, golden: "sheet.\(style.rawValue).json")
        let decoded = try TexturePackerJSON.decode(bytes)
        #expect(Set(decoded.sprites) == Set(sheet.sprites))
        // Phaser and PixiJS play a frame list forward: walk (pingpong) is written forward and back.
        #expect(decoded.animations["walk"] == ["walk0", "walk1", "walk2", "walk1"] && decoded.animations["jump"] == ["jump0"])
    }

    @Test func libGDX() throws {
        let sheet = try Self.sheet()
        let bytes = try LibGDXAtlas.encode(sheet, images: ["sheet.png"])
        try Self.check(bytes, golden: "sheet.atlas")
        let decoded = try LibGDXAtlas.decode(bytes)
        #expect(decoded.pages.count == 1 && decoded.pages[0].image == "sheet.png")
        #expect(decoded.pages[0].width == sheet.pages[0].width && decoded.pages[0].height == sheet.pages[0].height)
        // Animation frames are regions named after the animation, indexed by frame number.
        #expect(decoded.regions.filter { $0.name == "walk" }.map(\.index) == [0, 1, 2])
        // libGDX keeps no durations; everything else comes back.
        let expected = sheet.sprites.map { sprite -> SpriteSheet.Sprite in
            var copy = sprite
            copy.duration = nil
            return copy
        }
        #expect(Set(decoded.regions.map(\.sprite)) == Set(expected), "same frames back")
    }

    @Test("libGDX offsets count the trimmed pixels from the bottom (y up), and the legacy format reads too")
    func libGDXOffsets() throws {
        let sprite = SpriteSheet.Sprite(name: "a", frame: .init(x: 4, y: 6, width: 10, height: 8), trimmed: true,
                                        spriteSourceSize: .init(x: 3, y: 2, width: 10, height: 8), sourceWidth: 20, sourceHeight: 16)
        let sheet = SpriteSheet(pages: [Bitmap(clearWidth: 32, height: 32)], sprites: [sprite], animations: [])
        let text = String(decoding: try LibGDXAtlas.encode(sheet, images: ["p.png"]), as: UTF8.self)
        #expect(text.contains("bounds:4,6,10,8\noffsets:3,6,20,16"), "\(text)")   // 16 − 2 − 8 = 6 from the bottom
        let legacy = "p.png\nsize: 32, 32\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\na\n  rotate: false\n  xy: 4, 6\n  size: 10, 8\n  orig: 20, 16\n  offset: 3, 6\n  index: -1\n"
        let decoded = try LibGDXAtlas.decode(Array(legacy.utf8))
        #expect(decoded.regions.map(\.sprite) == [sprite])
        #expect(throws: SheetDataError.self) { try LibGDXAtlas.decode(Array("p.png\na\nbounds:1,2\n".utf8)) }
        #expect(throws: SheetDataError.self) { try LibGDXAtlas.decode(Array("p.png\na\nrotate:45\nbounds:1,2,3,4\n".utf8)) }
        // rotate:true: bounds keep the unrotated size; on the page the region is h × w.
        let turned = try LibGDXAtlas.decode(Array("p.png\na\nbounds:1,2,3,4\nrotate:true\n".utf8)).regions[0].sprite
        #expect(turned.rotated && turned.frame == .init(x: 1, y: 2, width: 4, height: 3) && turned.sourceWidth == 3)
    }

    @Test func aseprite() throws {
        let sheet = try Self.sheet()
        let bytes = try AsepriteJSON.encode(sheet, image: "sheet.png")
        try Self.check(bytes, golden: "sheet.aseprite.json")
        #expect(try JSONSerialization.jsonObject(with: Data(bytes)) is [String: Any], "valid JSON")
        let decoded = try AsepriteJSON.decode(bytes)
        // Aseprite needs a duration on every frame: frames without one get 100 ms.
        let expected = sheet.sprites.map { sprite -> SpriteSheet.Sprite in
            var copy = sprite
            copy.duration = sprite.duration ?? 100
            return copy
        }
        #expect(decoded.sprites == expected, "same frames, same order")
        #expect(decoded.animations == sheet.animations)
        #expect(decoded.image == "sheet.png")
        // Our reader for TexturePacker's hash reads Aseprite's too (for `flipbook frames`).
        #expect(Set(try TexturePackerJSON.decode(bytes).sprites) == Set(expected))
    }

    @Test("Aseprite data is keyed by frame number, as Phaser's createFromAseprite looks frames up")
    func asepriteKeysAreFrameNumbers() throws {
        let bytes = try AsepriteJSON.encode(try Self.sheet(), image: "sheet.png")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let frames = try #require(root["frames"] as? [String: [String: Any]])
        let tags = try #require((root["meta"] as? [String: Any])?["frameTags"] as? [[String: Any]])
        // What Phaser does: frames[String(i)] for i in from...to of each tag.
        for tag in tags {
            let (from, to) = (try #require(tag["from"] as? Int), try #require(tag["to"] as? Int))
            for index in from...to { #expect(frames[String(index)] != nil, "tag \(tag["name"] ?? "?") frame \(index)") }
        }
        #expect(frames["0"]?["filename"] as? String == "walk0")
    }

    @Test(arguments: GodotSpriteFrames.Version.allCases)
    func godot(version: GodotSpriteFrames.Version) throws {
        let sheet = try Self.sheet()
        let bytes = try GodotSpriteFrames.encode(sheet, images: ["sheet.png"], version: version)
        try Self.check(bytes, golden: "sheet.godot\(version.rawValue).tres")
        let decoded = try GodotSpriteFrames.decode(bytes)
        #expect(decoded.images == ["sheet.png"])
        // Godot has no ping-pong and no "N plays": walk (pingpong, 3 plays) is written out in full,
        // each sprite an AtlasTexture with the original's region and trim and its name
        // (`resource_name`), and read back as Godot plays it: the frames in play order, by name.
        let original = Dictionary(uniqueKeysWithValues: sheet.sprites.map { ($0.name, $0) })
        let read = Dictionary(uniqueKeysWithValues: decoded.sprites.map { ($0.name, $0) })
        func geometry(_ sprite: SpriteSheet.Sprite?) -> [Int] {
            guard let s = sprite else { return [] }
            return [s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.spriteSourceSize.x, s.spriteSourceSize.y, s.sourceWidth, s.sourceHeight]
        }
        let walk = try #require(decoded.animations.first { $0.name == "walk" })
        let written = Array([[String]](repeating: ["walk0", "walk1", "walk2", "walk1"], count: 3).joined())
        #expect(walk.frames == written)
        #expect(walk.frames.map { geometry(read[$0]) } == written.map { geometry(original[$0]) })
        #expect(walk.repeatCount == 1, "loop off")
        let jump = try #require(decoded.animations.first { $0.name == "jump" })
        #expect(jump.frames == ["jump0"] && geometry(read["jump0"]) == geometry(original["jump0"]) && jump.repeatCount == 0)
        #expect(decoded.sprites.map(\.name).sorted() == sheet.sprites.map(\.name).sorted(), "every sprite once, by its name")
    }

    @Test("Godot resources: malformed files are errors with a line, not traps")
    func godotRejectsMalformedFiles() {
        let cases = [
            "",
            "[gd_resource type=\"Texture\" format=2]\n",
            "[gd_resource type=\"SpriteFrames\" format=2]\n[resource]\nanimations = [ { \"frames\": [ SubResource( 9 ) ], \"name\": \"a\" } ]\n",
            "[gd_resource type=\"SpriteFrames\" format=2]\n[sub_resource type=\"AtlasTexture\" id=1]\nregion = Rect2( 0, 0, 1e300, 4 )\n",
            "[gd_resource type=\"SpriteFrames\" format=2]\n[resource]\nanimations = " + String(repeating: "[", count: 10_000) + "\n",
            "[gd_resource type=\"SpriteFrames\" format=2]\n[resource]\nanimations = [ \"unterminated\n",
        ]
        for text in cases {
            #expect(throws: SheetDataError.self, "\(text.prefix(80))") { try GodotSpriteFrames.decode(Array(text.utf8)) }
        }
    }

    @Test func cocos2d() throws {
        let sheet = try Self.sheet()
        let bytes = try Cocos2dPlist.encode(sheet, image: "sheet.png")
        try Self.check(bytes, golden: "sheet.cocos2d.plist")
        let decoded = try Cocos2dPlist.decode(bytes)
        #expect(decoded.image == "sheet.png" && decoded.width == sheet.pages[0].width && !decoded.premultiplied)
        // Cocos2d keeps no durations and no animations; every region and trim comes back.
        let expected = sheet.sprites.map { sprite -> SpriteSheet.Sprite in
            var copy = sprite
            copy.duration = nil
            return copy
        }
        #expect(Set(decoded.sprites) == Set(expected))
    }

    @Test("Cocos2d plist: spriteOffset is the trimmed centre minus the original's, y up; formats 1 and 2 read too")
    func cocos2dOffsets() throws {
        let sprite = SpriteSheet.Sprite(name: "a", frame: .init(x: 4, y: 6, width: 10, height: 8), trimmed: true,
                                        spriteSourceSize: .init(x: 3, y: 2, width: 10, height: 8), sourceWidth: 20, sourceHeight: 16)
        let sheet = SpriteSheet(pages: [Bitmap(clearWidth: 32, height: 32)], sprites: [sprite], animations: [])
        let text = String(decoding: try Cocos2dPlist.encode(sheet, image: "p.png"), as: UTF8.self)
        // Centre x: 3 + 5 = 8 vs 10 → −2; centre y from the top: 2 + 4 = 6 vs 8 → 2 up.
        #expect(text.contains("<key>spriteOffset</key>\n\t\t\t<string>{-2,2}</string>"), "\(text)")
        #expect(text.contains("<string>{{4,6},{10,8}}</string>"))
        let legacy = """
            <plist version="1.0"><dict><key>frames</key><dict><key>a.png</key><dict>
            <key>frame</key><string>{{4,6},{10,8}}</string><key>offset</key><string>{-2,2}</string>
            <key>rotated</key><false/><key>sourceSize</key><string>{20,16}</string></dict></dict>
            <key>metadata</key><dict><key>format</key><integer>2</integer><key>size</key><string>{32,32}</string>
            <key>textureFileName</key><string>p.png</string></dict></dict></plist>
            """
        #expect(try Cocos2dPlist.decode(Array(legacy.utf8)).sprites == [sprite])
        #expect(throws: SheetDataError.self) { try Cocos2dPlist.decode(Array(legacy.replacingOccurrences(of: "{20,16}", with: "{1e300,16}").utf8)) }
    }

    @Test("Phaser's multi-atlas: one file, a textures array with each page's frames")
    func phaserMultiAtlas() throws {
        let sheet = try SheetBuilder(padding: 1, trim: true, maxSide: 40).build(SheetBuilderTests.inputs)
        #expect(sheet.pages.count > 1)
        let images = sheet.pages.indices.map { "sheet-\($0).png" }
        let bytes = try TexturePackerJSON.encodeMultiAtlas(sheet, images: images)
        try Self.check(bytes, golden: "sheet.phaser3-multiatlas.json")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let textures = try #require(root["textures"] as? [[String: Any]])
        #expect(textures.map { $0["image"] as? String } == images)
        let pages = try #require(try TexturePackerJSON.decodeMultiAtlas(bytes))
        var sprites: [SpriteSheet.Sprite] = []
        for (index, page) in pages.enumerated() {
            sprites += page.sprites.map { sprite in
                var copy = sprite
                copy.page = index
                return copy
            }
        }
        #expect(Set(sprites) == Set(sheet.sprites))
        #expect(try TexturePackerJSON.decodeMultiAtlas(try TexturePackerJSON.encode(sheet, image: "x.png", style: .hash)) == nil)
    }
}
