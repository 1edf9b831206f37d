@testable import Atlas
import Raster
import Testing

/// `powerOfTwo` with scales 1 and 3 (round 59 #7): the @3x pages of a layout made in points were
/// 3 × a power of two (24×24, 192 px), not powers of two, and the bound under `maxSide` allowed
/// @3x pages larger than the largest power of two within it.
@Suite("Power-of-two pages at every scale")
struct PowerOfTwoScalesTests {
    /// A 20×12 frame and its @3x variant, told apart by `shade`.
    static func input(_ name: String, shade: UInt8) throws -> SheetBuilder.Input {
        var one = try #require(Bitmap(width: 20, height: 12, straight: [UInt8](repeating: shade, count: 20 * 12 * 4)))
        one.scale = 1
        var three = try #require(Bitmap(width: 60, height: 36, straight: [UInt8](repeating: shade, count: 60 * 36 * 4)))
        three.scale = 3
        return SheetBuilder.Input(name: name, bitmaps: [one, three], sequence: "a")
    }

    static let powers = Set((0..<20).map { 1 << $0 })

    @Test(arguments: [(4096, 1024), (256, 64), (200, 32), (130, 32)])
    func everyScalesPagesArePowersOfTwo(maxSide: Int, pointsBound: Int) throws {
        let inputs = try (1...5).map { try Self.input("a\($0)", shade: UInt8(40 * $0)) }
        var builder = SheetBuilder(padding: 2, trim: false, powerOfTwo: true, maxSide: maxSide)
        builder.bound(smallestScale: 1, largestScale: 3)
        #expect(builder.maxSide == pointsBound)
        let sheets = try builder.buildScaled(inputs)
        #expect(sheets.map(\.scale) == [1, 3])
        for sheet in sheets {
            for page in sheet.pages {
                #expect(Self.powers.contains(page.width) && Self.powers.contains(page.height), "@\(sheet.scale)x page \(page.width)×\(page.height)")
                // Within the largest power of two the bound allows.
                #expect(max(page.width, page.height) <= SheetBuilder.powerOfTwo(atMost: maxSide), "@\(sheet.scale)x page \(page.width)×\(page.height)")
            }
        }
        // The same layout: @3x places are the points' times 3, the padding beyond the sprites only.
        let (one, three) = (sheets[0], sheets[1])
        for (a, b) in zip(one.sprites, three.sprites) {
            #expect(b.frame == PixelRect(x: 3 * a.frame.x, y: 3 * a.frame.y, width: 3 * a.frame.width, height: 3 * a.frame.height))
            #expect(b.page == a.page)
        }
        for (k, sheet) in sheets.enumerated() {
            for (sprite, input) in zip(sheet.sprites, inputs) { #expect(try sheet.frame(sprite) == input.bitmaps[k], "\(sprite.name) @\(sheet.scale)x") }
        }
    }

    /// The refusal says the padded page and the part sprites may use.
    @Test func aRefusalSaysThePaddedPage() throws {
        var builder = SheetBuilder(border: 40, trim: false, powerOfTwo: true, maxSide: 256)
        builder.bound(smallestScale: 1, largestScale: 3)
        let input = try Self.input("c1", shade: 200)
        do throws(SheetBuilder.Error) {
            _ = try builder.buildScaled([input])
            Issue.record("an 80-point border on a 64-point page")
        } catch {
            let said = error.forScales([1, 3], maxSide: builder.maxSide, requested: 256, powerOfTwo: true)
            #expect(said.description.hasSuffix("(SheetBuilder.maxSide 256 allows @3x pages of 256 px with sprites on 192: pages shared by several "
                                               + "scales are whole points, and with SheetBuilder.powerOfTwo padded to a power of two)"), "\(said)")
        }
    }

    @Test(arguments: [(0, 1), (1, 1), (2, 2), (3, 4), (5, 8), (64, 64), (65, 128), (Int.max, Int.max)])
    func powersOfTwoAtLeast(value: Int, power: Int) {
        #expect(SheetBuilder.powerOfTwo(atLeast: value) == power)
    }
}
