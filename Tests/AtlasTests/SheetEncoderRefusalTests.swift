import Atlas
import Basics
import Raster
import Testing

/// The sheet-data encoders called directly with plain values a caller can get wrong: a page the
/// sheet does not have, page names not one per page, sprites turned the way the format cannot
/// store. Each indexed past the pages or stopped at a `precondition`; each now throws the
/// `SheetExport.Error` that names the fact.
@Suite struct SheetEncoderRefusalTests {
    /// A one-page sheet of two sprites, built the way `SheetBuilder` builds any.
    static func sheet(rotation: SpriteSheet.Rotation = .clockwise) throws -> SpriteSheet {
        var bitmap = try Bitmap(width: 4, height: 3)
        bitmap.fill(PixelRect(x: 0, y: 0, width: 4, height: 3), with: .black)
        return try SheetBuilder(rotation: rotation).build([.init(name: "a", bitmap: bitmap), .init(name: "b", bitmap: bitmap)])
    }

    /// The same sheet with its first sprite marked turned.
    static func turned(_ rotation: SpriteSheet.Rotation) throws -> SpriteSheet {
        var sheet = try sheet(rotation: rotation)
        sheet.sprites[0].rotated = true
        return sheet
    }

    @Test(arguments: [5, 1, -1, Int.min, Int.max])
    func perPageEncodersRefuseAPageTheSheetLacks(page: Int) throws {
        let sheet = try Self.sheet()
        #expect(throws: SheetExport.Error.pageOutOfRange(.jsonHash, page: page, pages: 1)) {
            try TexturePackerJSON.encode(sheet, page: page, image: "s.png", style: .hash)
        }
        #expect(throws: SheetExport.Error.pageOutOfRange(.jsonArray, page: page, pages: 1)) {
            try TexturePackerJSON.encode(sheet, page: page, image: "s.png", style: .array)
        }
        #expect(throws: SheetExport.Error.pageOutOfRange(.aseprite, page: page, pages: 1)) {
            try AsepriteJSON.encode(sheet, page: page, image: "s.png")
        }
        #expect(throws: SheetExport.Error.pageOutOfRange(.cocos2d, page: page, pages: 1)) {
            try Cocos2dPlist.encode(sheet, page: page, image: "s.png")
        }
        // The page it has is still written.
        #expect(try TexturePackerJSON.decode(TexturePackerJSON.encode(sheet, page: 0, image: "s.png", style: .hash)).sprites.count == 2)
    }

    @Test func aSheetWithoutPagesHasNoPageZero() {
        let empty = SpriteSheet(pages: [], sprites: [], animations: [])
        let error = SheetExport.Error.pageOutOfRange(.aseprite, page: 0, pages: 0)
        #expect(throws: error) { try AsepriteJSON.encode(empty, image: "s.png") }
        #expect(error.description == "aseprite data asked for page 0, but the sheet has 0 pages; a sheet without pages has no data to write")
        #expect(SheetExport.Error.pageOutOfRange(.cocos2d, page: 5, pages: 2).description
            == "cocos2d data asked for page 5, but the sheet has 2 pages (0…1); pass one of those")
    }

    @Test(arguments: [[], ["a.png", "b.png"]] as [[String]])
    func allPageEncodersNeedOneImageNamePerPage(images: [String]) throws {
        let sheet = try Self.sheet()
        #expect(throws: SheetExport.Error.imageNamesNotOnePerPage(.libgdx, images: images.count, pages: 1)) {
            try LibGDXAtlas.encode(sheet, images: images)
        }
        #expect(throws: SheetExport.Error.imageNamesNotOnePerPage(.godot3, images: images.count, pages: 1)) {
            try GodotSpriteFrames.encode(sheet, images: images, version: .godot3)
        }
        #expect(throws: SheetExport.Error.imageNamesNotOnePerPage(.godot4, images: images.count, pages: 1)) {
            try GodotSpriteFrames.encode(sheet, images: images, version: .godot4)
        }
        #expect(throws: SheetExport.Error.imageNamesNotOnePerPage(.phaser3, images: images.count, pages: 1)) {
            try TexturePackerJSON.encodeMultiAtlas(sheet, images: images)
        }
        #expect(SheetExport.Error.imageNamesNotOnePerPage(.libgdx, images: 2, pages: 1).description
            == "libgdx data needs one image name per page: got 2 names for 1 page; pass `images` with one file name per page, in page order")
    }

    @Test func rotatedSpritesTheFormatCannotStoreAreRefused() throws {
        let clockwise = try Self.turned(.clockwise), counter = try Self.turned(.counterClockwise)
        #expect(throws: SheetExport.Error.rotatedTheOtherWay(.libgdx)) { try LibGDXAtlas.encode(clockwise, images: ["s.png"]) }
        #expect(throws: SheetExport.Error.rotatedTheOtherWay(.cocos2d)) { try Cocos2dPlist.encode(counter, image: "s.png") }
        #expect(throws: SheetExport.Error.rotatedTheOtherWay(.spritekit)) { try SpriteKitAtlas.encode([counter], name: "s") }
        for (version, format) in [(GodotSpriteFrames.Version.godot3, SheetExport.Format.godot3), (.godot4, .godot4)] {
            for sheet in [clockwise, counter] {
                #expect(throws: SheetExport.Error.rotationNotSupported(format)) { try GodotSpriteFrames.encode(sheet, images: ["s.png"], version: version) }
            }
        }
        // Turned the format's way, they are written.
        #expect(try String(decoding: LibGDXAtlas.encode(counter, images: ["s.png"]), as: UTF8.self).contains("rotate:true"))
        #expect(try String(decoding: Cocos2dPlist.encode(clockwise, image: "s.png"), as: UTF8.self).contains("<true/>"))
        #expect(try String(decoding: SpriteKitAtlas.encode([clockwise], name: "s"), as: UTF8.self).contains("<true/>"))
    }

    @Test func libGDXRefusesANameItsLinesCannotHold() throws {
        var sheet = try Self.sheet()
        sheet.sprites[1].name = "b:c"
        #expect(throws: SheetExport.Error.characterNotStorable(.libgdx, name: "b:c", character: ":")) { try LibGDXAtlas.encode(sheet, images: ["s.png"]) }
        sheet.sprites[1].name = " b"
        #expect(throws: SheetExport.Error.nameNotStorable(.libgdx, name: " b")) { try LibGDXAtlas.encode(sheet, images: ["s.png"]) }
    }

    /// SpriteKit's data says whether each region is opaque, read from the page: a region off its
    /// page read past the pixels.
    @Test(arguments: [PixelRect(x: 2, y: 2, width: 8, height: 8), PixelRect(x: -4, y: 0, width: 2, height: 2)])
    func spriteKitRefusesARegionOffItsPage(frame: PixelRect) throws {
        var sheet = try Self.sheet()
        sheet.sprites[0].frame = frame
        let page = sheet.pages[0]
        #expect(throws: SheetExport.Error.sheet(.spriteOutsidePage(name: "a", frame: frame, pageWidth: page.width, pageHeight: page.height))) {
            try SpriteKitAtlas.encode([sheet], name: "s")
        }
    }
}
