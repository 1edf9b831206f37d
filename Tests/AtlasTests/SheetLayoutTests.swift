import Basics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Atlas

/// Rotation, extrusion, multipack and scale variants, each checked by rebuilding every frame.
@Suite("Sheet layout options")
struct SheetLayoutTests {
    /// The seagull frames FrameGen's goldens hold: real anti-aliased sprites with soft edges.
    static let seagulls: [SheetBuilder.Input] = {
        let folder = Fixtures.path("framegen/seagull")
        return (1...12).map { index in
            let bitmap = try! PNG.Decoder().decodeBitmap(file: "\(folder)/seagull\(index).png")
            return SheetBuilder.Input(name: "seagull\(index)", bitmap: bitmap, sequence: "seagull", duration: 0.083)
        }
    }()

    @Test(arguments: SpriteSheet.Rotation.allCases)
    func rotatedSheetsRebuildEveryFrame(rotation: SpriteSheet.Rotation) throws {
        // Wide strips next to tall ones: rotation is worth it here.
        var inputs = SheetBuilderTests.inputs
        inputs.append(.init(name: "beam", bitmap: SheetBuilderTests.frame(60, 6, content: (0, 0, 60, 6), color: .white)))
        inputs.append(.init(name: "pole", bitmap: SheetBuilderTests.frame(6, 60, content: (1, 0, 5, 60), color: .black)))
        let sheet = try SheetBuilder(padding: 1, trim: true, allowRotation: true, rotation: rotation).build(inputs)
        #expect(sheet.sprites.contains { $0.rotated })
        for (sprite, input) in zip(sheet.sprites, inputs) {
            #expect(try sheet.frame(sprite) == input.bitmap, "\(sprite.name)")
            if sprite.rotated { #expect(sprite.frame.width == sprite.spriteSourceSize.height) }
        }
    }

    @Test("Extrusion repeats the edge pixels outward and leaves the sprites intact")
    func extrusion() throws {
        let sheet = try SheetBuilder(padding: 0, trim: true, extrude: 2).build(Self.seagulls)
        for (sprite, input) in zip(sheet.sprites, Self.seagulls) { #expect(try sheet.frame(sprite) == input.bitmap) }
        let page = sheet.pages[0]
        for sprite in sheet.sprites {
            let f = sprite.frame
            for y in f.y..<(f.y + f.height) {
                #expect(page[f.x - 2, y] == page[f.x, y] && page[f.x - 1, y] == page[f.x, y])
                #expect(page[f.x + f.width + 1, y] == page[f.x + f.width - 1, y])
            }
            #expect(page[f.x - 2, f.y - 2] == page[f.x, f.y], "corners take the corner pixel")
        }
    }

    @Test("Overflowing sprites go onto more pages; every frame comes back from its page")
    func multipack() throws {
        let sheet = try SheetBuilder(padding: 2, maxSide: 100).build(Self.seagulls)
        #expect(sheet.pages.count > 1)
        #expect(sheet.pages.allSatisfy { $0.width <= 100 && $0.height <= 100 })
        for (sprite, input) in zip(sheet.sprites, Self.seagulls) { #expect(try sheet.frame(sprite) == input.bitmap) }
        #expect(throws: SheetBuilder.Error.doesNotFit(maxSide: 100)) {
            _ = try SheetBuilder(maxSide: 100, multipack: false).build(Self.seagulls)
        }
    }

    /// Rows and columns wrap at about a square page's side and go onto more pages past --max-size,
    /// as packed does (columns used to make one column and fail with "a sprite is larger than a
    /// 8192×8192 page").
    @Test(arguments: [SheetBuilder.Layout.rows, .columns], [8192, 100])
    func rowsAndColumnsWrapAndPage(layout: SheetBuilder.Layout, maxSide: Int) throws {
        let sheet = try SheetBuilder(layout: layout, padding: 2, maxSide: maxSide).build(Self.seagulls)
        #expect(sheet.pages.allSatisfy { $0.width <= maxSide && $0.height <= maxSide })
        #expect(maxSide < 8192 ? sheet.pages.count > 1 : sheet.pages.count == 1)
        let page = sheet.pages[0]
        #expect(Double(max(page.width, page.height)) / Double(min(page.width, page.height)) < 3, "\(page.width)×\(page.height)")
        for (sprite, input) in zip(sheet.sprites, Self.seagulls) { #expect(try sheet.frame(sprite) == input.bitmap) }
        // Play order runs along the rows (down the columns), where a page has room for two.
        let first = sheet.sprites[0].frame, second = sheet.sprites[1].frame
        if maxSide == 8192 {
            #expect(layout == .rows ? (second.y == first.y && second.x > first.x) : (second.x == first.x && second.y > first.y))
        }
    }

    @Test func aBorderTooWideForThePageSaysSo() {
        let error = SheetBuilder.Error.spriteTooLarge(name: "seagull1", width: 64, height: 32, border: 5000, maxSide: 8192)
        #expect(throws: error) { _ = try SheetBuilder(border: 5000, maxSide: 8192).build(Self.seagulls) }
        #expect(error.description.contains("SheetBuilder.border 5000"))
        #expect(error.description.hasSuffix("lower SheetBuilder.border or raise SheetBuilder.maxSide"))
    }

    /// @1x and @2x variants of one frame: a box, and at 2x a detail outside the 1x box.
    static func scaledInput(_ name: String, detail: Bool) -> SheetBuilder.Input {
        let small = SheetBuilderTests.frame(20, 16, content: (5, 4, 6, 6), color: .white)
        var large = Bitmap(clearWidth: 40, height: 32, scale: 2)
        for y in 8..<20 { for x in 10..<22 { large[x, y] = Color(r: 250, g: UInt8(x), b: 9) } }
        if detail { large[35, 29] = .black }
        var small2 = small
        small2.scale = 1
        return SheetBuilder.Input(name: name, bitmaps: [small2, large], sequence: "s")
    }

    @Test("Scale variants share one layout: @2x coordinates are the @1x ones doubled")
    func scaleVariants() throws {
        let inputs = [Self.scaledInput("a", detail: false), Self.scaledInput("b", detail: true), Self.scaledInput("c", detail: false)]
        let sheets = try SheetBuilder(padding: 1, trim: true, extrude: 1).buildScaled(inputs)
        #expect(sheets.map(\.scale) == [1, 2])
        let (one, two) = (sheets[0], sheets[1])
        #expect(two.pages[0].width == 2 * one.pages[0].width && two.pages[0].height == 2 * one.pages[0].height)
        for (a, b) in zip(one.sprites, two.sprites) {
            #expect(b.frame == PixelRect(x: 2 * a.frame.x, y: 2 * a.frame.y, width: 2 * a.frame.width, height: 2 * a.frame.height))
            #expect(b.sourceWidth == 2 * a.sourceWidth)
        }
        for (k, sheet) in sheets.enumerated() {
            for (sprite, input) in zip(sheet.sprites, inputs) { #expect(try sheet.frame(sprite) == input.bitmaps[k], "\(sprite.name) @\(k + 1)x") }
        }
        // The 2x detail at (35, 29) is kept: the trim covers what is visible at either scale.
        #expect(one.sprites[1].spriteSourceSize.x + one.sprites[1].spriteSourceSize.width >= 18)
        // a and c are identical at both scales: one region; b differs only at 2x: its own.
        #expect(one.sprites[0].frame == one.sprites[2].frame && one.sprites[1].frame != one.sprites[0].frame)

        var wrong = inputs
        wrong[1].bitmaps[1] = Bitmap(clearWidth: 38, height: 32, scale: 2)
        #expect(throws: SheetBuilder.Error.variantSize(name: "b", scale: 2, width: 38, height: 32, expectedWidth: 40, expectedHeight: 32)) {
            _ = try SheetBuilder().buildScaled(wrong)
        }
    }
}

/// Every format written to a folder and read back by ``SheetImport`` gives the same frames.
@Suite("Sheet export and import")
struct SheetExportImportTests {
    static func temporaryFolder() throws -> String { try Fixtures.temporaryFolder("sheet") }

    static func write(_ files: [SheetExport.File]) throws {
        for file in files {
            try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: file.path).deletingLastPathComponent().path,
                                                    withIntermediateDirectories: true)
            switch file.content {
            case .image(let bitmap): try PNG.Encoder().write(bitmap, to: file.path)
            case .data(let bytes): try FileIO.writeAtomically(bytes, to: file.path)
            }
        }
    }

    @Test(arguments: SheetExport.Format.allCases, [false, true])
    func roundTrip(format: SheetExport.Format, multipage: Bool) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inputs = SheetLayoutTests.seagulls
        let sheet = try SheetBuilder(padding: 1, trim: true, maxSide: multipage ? 70 : 4096, allowRotation: format.canStoreRotation,
                                     rotation: format.rotation).build(inputs)
        #expect((sheet.pages.count > 1) == multipage)
        let files = try SheetExport.files(for: [sheet], format: format, output: folder + "/gulls.png")
        try Self.write(files)
        // Cocos2d-x reads one plist per page; every other format names all pages from one file.
        let dataFiles: [String] = switch format {
        case .spritekit: [folder + "/gulls.atlasc"]
        case .libgdx: [folder + "/gulls.atlas"]
        case .godot3, .godot4: [folder + "/gulls.tres"]
        case .phaser3: [folder + "/gulls.json"]
        case .cocos2d: multipage ? sheet.pages.indices.map { folder + "/gulls-\($0).plist" } : [folder + "/gulls.plist"]
        default: [folder + (multipage ? "/gulls-0.json" : "/gulls.json")]
        }
        var frames: [String: Bitmap] = [:]
        var pages = 0
        for file in dataFiles {
            let read = try SheetImport.read(file)
            pages += read.pages.count
            var byName: [String: Bitmap] = [:]
            for sprite in read.sprites { byName[sprite.name] = try read.frame(sprite) }
            // Godot's frames have no names: they are the animation's, in play order.
            if format == .godot3 || format == .godot4 {
                let animation = try #require(read.animations.first { $0.name == "seagull" })
                #expect(animation.frames.count == inputs.count)
                for (input, name) in zip(inputs, animation.frames) { frames[input.name] = byName[name] }
            } else {
                frames.merge(byName) { a, _ in a }
            }
        }
        #expect(pages == sheet.pages.count)
        for input in inputs {
            let same = frames[input.name] == input.bitmap   // outside #expect: no pixel dump on failure
            #expect(same, "\(input.name)")
        }
    }

    @Test("Formats that cannot store rotation refuse rotated sprites; the others store some")
    func rotationIsStoredOrRefused() throws {
        // Wide strips next to tall ones: rotation is worth it here.
        var inputs = SheetBuilderTests.inputs
        inputs.append(.init(name: "beam", bitmap: SheetBuilderTests.frame(60, 6, content: (0, 0, 60, 6), color: .white)))
        inputs.append(.init(name: "pole", bitmap: SheetBuilderTests.frame(6, 60, content: (1, 0, 5, 60), color: .black)))
        for format in SheetExport.Format.allCases {
            let sheet = try SheetBuilder(padding: 1, trim: true, allowRotation: true, rotation: format.rotation).build(inputs)
            #expect(sheet.sprites.contains { $0.rotated })
            if format.canStoreRotation {
                #expect(throws: Never.self) { try SheetExport.files(for: [sheet], format: format, output: "/tmp/unused.png") }
            } else {
                #expect(throws: SheetExport.Error.rotationNotSupported(format)) {
                    try SheetExport.files(for: [sheet], format: format, output: "/tmp/unused.png")
                }
            }
        }
        #expect(SheetExport.Format.allCases.filter { !$0.canStoreRotation } == [.phaser3, .godot3, .godot4])
    }

    @Test("File names: @2x per scale, -N per page, SpriteKit's NAME.N.png inside NAME.atlasc")
    func naming() throws {
        let sheets = try SheetBuilder(padding: 0, maxSide: 100).buildScaled(
            SheetLayoutTests.seagulls.map { input in
                var copy = input
                var large = try Resampler().resize(input.bitmap, width: input.bitmap.width * 2, height: input.bitmap.height * 2)
                large.scale = 2
                copy.bitmaps = [input.bitmap, large]
                return copy
            })
        let pages = sheets[0].pages.count
        #expect(pages > 1)
        let json = try SheetExport.files(for: sheets, format: .jsonHash, output: "out/g.png").map(\.path)
        #expect(json.contains("out/g-0.png") && json.contains("out/g-0.json") && json.contains("out/g-\(pages - 1)@2x.json"))
        let gdx = try SheetExport.files(for: sheets, format: .libgdx, output: "out/g.png").map(\.path)
        #expect(gdx.filter { $0.hasSuffix(".atlas") } == ["out/g.atlas", "out/g@2x.atlas"])
        let kit = try SheetExport.files(for: sheets, format: .spritekit, output: "out/G.atlasc").map(\.path)
        #expect(kit.first == "out/G.atlasc/G.plist" && kit.contains("out/G.atlasc/G.1.png") && kit.contains("out/G.atlasc/G.1@2x.png"))
        // Each JSON page names the others, so PixiJS loads them all.
        guard case .data(let bytes) = try SheetExport.files(for: [sheets[0]], format: .jsonHash, output: "g.png")
            .first(where: { $0.path == "g-1.json" })?.content else {
            Issue.record("expected data")
            return
        }
        #expect(try TexturePackerJSON.decode(bytes).related.count == pages - 1)
    }

    @Test("SpriteKit plist: golden, and the fields SpriteKit reads")
    func spriteKitGolden() throws {
        let sheet = try ExporterGoldenTests.sheet()
        let bytes = try SpriteKitAtlas.encode([sheet], name: "sheet")
        try ExporterGoldenTests.check(bytes, golden: "sheet.atlasc.plist")
        let text = String(decoding: bytes, as: UTF8.self)
        for field in ["<key>format</key>\n\t<string>APPL</string>", "<string>sheet.1.png</string>", "<key>textureRect</key>",
                      "<key>spriteOffset</key>", "<key>spriteSourceSize</key>", "<key>textureRotated</key>", "<string>walk0.png</string>"] {
            #expect(text.contains(field), "\(field)")
        }
        let decoded = try SpriteKitAtlas.decode(bytes)
        #expect(decoded.pages.count == 1 && decoded.pages[0].path == "sheet.1.png" && decoded.pages[0].width == sheet.pages[0].width)
        let expected = sheet.sprites.map { sprite -> SpriteSheet.Sprite in
            var copy = sprite
            copy.duration = nil
            return copy
        }
        #expect(Set(decoded.sprites) == Set(expected), "same frames back")
    }

    @Test("SpriteKit's spriteOffset is the trimmed centre minus the original centre, y up")
    func spriteKitOffset() throws {
        // 20×16 source; content at x 3…12, y 2…9: centre (8, 6) vs (10, 8) → (−2, +2) with y up.
        let sprite = SpriteSheet.Sprite(name: "a", frame: .init(x: 0, y: 0, width: 10, height: 8), trimmed: true,
                                        spriteSourceSize: .init(x: 3, y: 2, width: 10, height: 8), sourceWidth: 20, sourceHeight: 16)
        let odd = SpriteSheet.Sprite(name: "b", frame: .init(x: 10, y: 0, width: 5, height: 8), trimmed: true,
                                     spriteSourceSize: .init(x: 0, y: 0, width: 5, height: 8), sourceWidth: 20, sourceHeight: 16)
        let sheet = SpriteSheet(pages: [Bitmap(clearWidth: 16, height: 8)], sprites: [sprite, odd], animations: [])
        let text = String(decoding: try SpriteKitAtlas.encode([sheet], name: "p"), as: UTF8.self)
        #expect(text.contains("<string>{-2,2}</string>") && text.contains("<string>{-7.5,4}</string>"))
        #expect(try SpriteKitAtlas.decode(Array(text.utf8)).sprites == [sprite, odd])
        #expect(throws: SheetDataError.self) { try SpriteKitAtlas.decode(Array("<plist><dict/></plist>".utf8)) }
    }
}

@Suite("Contact sheets")
struct ContactSheetTests {
    @Test("--labels: every frame in its own cell with its name below, data still exact")
    func labelledSheet() throws {
        let inputs = SheetLayoutTests.seagulls
        let sheet = try SheetBuilder(layout: .rows, padding: 2, labels: true).build(inputs)
        // Seagull frames i and 14 − i are identical; a contact sheet still shows each one.
        #expect(Set(sheet.sprites.map { [$0.frame.x, $0.frame.y] }).count == inputs.count)
        for (sprite, input) in zip(sheet.sprites, inputs) { #expect(try sheet.frame(sprite) == input.bitmap) }
        let page = sheet.pages[0]
        for sprite in sheet.sprites {
            // The strip below the sprite is opaque and holds dark text pixels.
            let top = sprite.frame.y + sprite.frame.height
            var dark = 0
            for y in top..<(top + SheetBuilder.labelHeight) {
                for x in sprite.frame.x..<(sprite.frame.x + 60) {
                    #expect(page[x, y].a == 255)
                    if page[x, y].r < 100 { dark += 1 }
                }
            }
            #expect(dark > 40, "\(sprite.name) has a printed label")
        }
    }

    @Test("The pixel font draws ASCII glyphs and cuts long names to fit")
    func pixelFont() {
        let font = PixelFont.fixed6x13
        var bitmap = Bitmap(clearWidth: 12, height: 13)
        font.draw("A|", in: &bitmap, x: 0, y: 0, color: .white)
        // 'A' of misc-fixed 6x13: apex at column 2 of row 2, crossbar over columns 0–4 of row 7.
        #expect(bitmap[1, 2].a == 0 && bitmap[2, 2].a == 255 && bitmap[3, 2].a == 0)
        #expect((0...4).allSatisfy { bitmap[$0, 7].a == 255 } && bitmap[5, 7].a == 0)
        #expect((2...10).allSatisfy { bitmap[8, $0].a == 255 }, "the bar")
        #expect(font.size(of: "walk12", scale: 2) == (72, 26))
        #expect(font.fitting("explosion_long_name", width: 60) == "explosion~")
        #expect(font.fitting("short", width: 60) == "short")
    }
}
