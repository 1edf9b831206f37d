import Atlas
import Basics
import FrameGen
import Raster
import Testing

/// The plain values issue 43 found trapping end in the typed error each call documents (the
/// harness only shows they no longer trap; these say which error a caller can match).
@Suite struct TypedRefusalTests {
    static let bitmap = Bitmap(clearWidth: 4, height: 4)

    @Test(arguments: [(-1, 1), (1, -1), (Int.max, 2), (1 << 32, 1 << 32), (100_000, 100_000)])
    func bitmapSizesAreALimitError(width: Int, height: Int) {
        #expect(throws: LimitError.self) { try Bitmap(width: width, height: height) }
    }

    @Test func bitmapScaleKeepsItsFloor() throws {
        var bitmap = try Bitmap(width: 2, height: 2, scale: 0)
        #expect(bitmap.scale == 1)
        bitmap.scale = -3
        #expect(bitmap.scale == 1 && bitmap.pointSize == (2, 2))
        #expect(try Bitmap(width: 3, height: 3, limits: ResourceLimits(maxPixels: 9)).pixels.count == 36)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -1])
    func nineSliceInsetsMustBeFinite(value: Double) {
        let insets = NineSlice.Insets(top: 1, left: value, bottom: 1, right: 1)
        #expect {
            try NineSlice(insets: insets).render(Self.bitmap, width: 8, height: 8)
        } throws: { error in
            guard case NineSlice.Error.invalidInsets(let given) = error else { return false }
            return given.left.bitPattern == value.bitPattern
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -1])
    func nineSliceSizeMustBeFinite(value: Double) {
        #expect {
            try NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1), mode: .stretch).render(Self.bitmap, width: 8, height: value)
        } throws: { error in
            // NaN is not equal to itself: the case is matched, the value compared by its bits.
            guard case NineSlice.Error.invalidSize(8, let height) = error else { return false }
            return height.bitPattern == value.bitPattern
        }
    }

    @Test func nineSliceOverTheLimitIsALimitError() {
        #expect {
            try NineSlice(insets: .init(top: 1, left: 1, bottom: 1, right: 1)).render(Self.bitmap, width: 1e6, height: 1e6)
        } throws: { error in
            guard case NineSlice.Error.limit(let limit) = error else { return false }
            return limit.limit == .pixels
        }
    }

    @Test func resamplingAndContentModesCheckSizesFirst() {
        #expect(throws: LimitError.self) { try Resampler().resize(Self.bitmap, width: -1, height: 4) }
        #expect(throws: LimitError.self) { try Resampler().resize(Self.bitmap, width: 1 << 20, height: 1 << 20) }
        // 100 000 wide from 4 rows is fine as output but not as the 100 000 × 100 000 intermediate.
        #expect(throws: LimitError.self) {
            try Resampler().resize(Bitmap(clearWidth: 1, height: 100_000), width: 100_000, height: 1)
        }
        // Aspect-fill of a 1 × 1000 image into 1000 × 1 scales it to 1000 × 1 000 000 first.
        #expect(throws: LimitError.self) {
            try ContentMode.aspectFill.render(Bitmap(clearWidth: 1, height: 1000), width: 1000, height: 1, resampler: Resampler())
        }
        #expect(throws: Never.self) { try ContentMode.fill.render(Self.bitmap, width: 0, height: 0, resampler: Resampler()) }
    }

    @Test(arguments: [Double.nan, .infinity, -1, 1e9])
    func canvasSizesAreALimitError(width: Double) {
        #expect(throws: LimitError.self) { try Canvas(width: width, height: 10, scale: 2) }
    }

    @Test func packerRefusesNegativeSizesAndSettings() {
        #expect(throws: MaxRectsPacker.Error.invalidSize(index: 1, width: 3, height: -5)) {
            try MaxRectsPacker().pack([.init(width: 1, height: 1), .init(width: 3, height: -5)])
        }
        #expect(throws: MaxRectsPacker.Error.invalidSetting(name: "padding", value: -1, largest: MaxRectsPacker.largestSide)) {
            try MaxRectsPacker(padding: -1).pack([.init(width: 1, height: 1)])
        }
        #expect(throws: Never.self) { try MaxRectsPacker(maxSide: 8).pack([.init(width: Int.max, height: 1)]) }
    }

    @Test func sheetBuilderRefusesWhatWouldOverlapOrTrap() {
        let inputs = [SheetBuilder.Input(name: "a", bitmap: Self.bitmap), .init(name: "b", bitmap: Self.bitmap)]
        #expect(throws: SheetBuilder.Error.noBitmaps(name: "a")) { try SheetBuilder().build([.init(name: "a", bitmaps: [])]) }
        #expect(throws: SheetBuilder.Error.invalidSetting(name: "padding", value: -4, largest: MaxRectsPacker.largestSide)) {
            try SheetBuilder(padding: -4).build(inputs)
        }
        #expect(throws: SheetBuilder.Error.invalidSetting(name: "extrude", value: -2, largest: MaxRectsPacker.largestSide)) {
            try SheetBuilder(extrude: -2).build(inputs)
        }
        #expect(throws: SheetBuilder.Error.invalidDuration(name: "a", duration: 1e300)) {
            try SheetBuilder().build([.init(name: "a", bitmap: Self.bitmap, duration: 1e300)])
        }
    }

    @Test func aSpriteOffItsPageIsAnError() throws {
        let built = try SheetBuilder().build([.init(name: "a", bitmap: Self.bitmap)])
        let empty = SpriteSheet(pages: [], sprites: built.sprites, animations: [])
        #expect(throws: SpriteSheet.Error.spriteOffPage(name: "a", page: 0, pages: 0)) { try empty.frame(built.sprites[0]) }
        #expect(throws: SheetExport.Error.sheet(.spriteOffPage(name: "a", page: 0, pages: 0))) {
            try SheetExport.files(for: [empty], format: .jsonHash, output: "out/sheet.png")
        }
        #expect(try built.frame(built.sprites[0]) == Self.bitmap)
    }

    @Test func generatorFrameCountsKeepTheirFloor() throws {
        var gull = Seagull(frameCount: 12)
        gull.frameCount = 0
        #expect(try gull.frameCount == 1 && gull.frame(5).width == 64)
        var explosion = Explosion(width: 8, height: 8, frameCount: 10)
        explosion.frameCount = Int.min
        #expect(explosion.frameCount == 2)
    }

    @Test func pixelOperationsClipAnyRectangle() {
        var bitmap = Self.bitmap
        bitmap.copy(Self.bitmap, from: PixelRect(x: Int.min, y: 0, width: Int.max, height: 4), toX: Int.max, y: 0)
        bitmap.fill(PixelRect(x: Int.max, y: Int.max, width: Int.max, height: Int.max), with: .black)
        #expect(bitmap == Self.bitmap)
        #expect(bitmap.cropped(to: PixelRect(x: 2, y: 2, width: Int.max, height: Int.max)).width == 2)
        #expect(PixelFont(width: 6, height: 13, rows: []) == nil)
        #expect(PixelFont.fixed6x13.fitting("hostile", width: 100, scale: 0) == "hostile")
    }
}
