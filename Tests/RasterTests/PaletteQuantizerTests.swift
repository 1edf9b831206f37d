import Foundation
import Testing
import TestSupport
@testable import Raster

/// `PaletteQuantizer` on real frames (each with its ORIGIN.md in `Tests/Fixtures/sequences`): at
/// most 256 colours, opaque pixels stay opaque, clear ones clear, and the picture close to the
/// source (PSNR of the premultiplied pixels; pngquant --nofs on these sheets: 46–58 dB).
@Suite("Palette quantizer")
struct PaletteQuantizerTests {
    /// A frame, and the PSNR its reduction must reach at least.
    static let frames: [(String, Double)] = [
        ("gameart2d-dino-jump/jump-6.png", 42), ("unity-explosion02hd-fadeout/explosion02HD-frame079.png", 42),
        ("unity-wispy-smoke-03b-faint/frame-020.png", 50),
    ]

    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var total = 0.0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            let (alphaA, alphaB) = (Double(a.pixels[index + 3]) / 255, Double(b.pixels[index + 3]) / 255)
            for channel in 0..<3 {
                let d = Double(a.pixels[index + channel]) * alphaA - Double(b.pixels[index + channel]) * alphaB
                total += d * d
            }
            let d = Double(a.pixels[index + 3]) - Double(b.pixels[index + 3])
            total += d * d
        }
        let mse = total / Double(a.pixels.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test(arguments: frames)
    func reducesRealFramesFaithfully(frame: String, floor: Double) throws {
        let source = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/" + frame))
        let reduced = PaletteQuantizer().reduce(source)
        var colors = Set<UInt32>()
        for index in stride(from: 0, to: reduced.pixels.count, by: 4) {
            let p = reduced.pixels
            colors.insert(UInt32(p[index]) << 24 | UInt32(p[index + 1]) << 16 | UInt32(p[index + 2]) << 8 | UInt32(p[index + 3]))
            let (before, after) = (source.pixels[index + 3], p[index + 3])
            if before == 255 { #expect(after == 255, "opaque stays opaque") }
            if before == 0 { #expect(p[index..<(index + 4)] == [0, 0, 0, 0], "clear stays clear") }
            if before != 0 { #expect(after != 0, "visible stays visible") }
        }
        #expect(colors.count <= 256)
        let quality = Self.psnr(source, reduced)
        #expect(quality >= floor, "\(frame): \(quality) dB")
        // PNG.Encoder then writes a palette.
        let encoded = try PNG.Decoder().decode(try PNG.Encoder().encode(reduced), file: frame)
        #expect(encoded.header.colorType == .indexed && encoded.header.bitDepth == 8)
        let same = PaletteQuantizer().reduce(source) == reduced   // outside #expect: no pixel dump on failure
        #expect(same, "deterministic")
    }

    @Test("Images of at most 256 colours come back unchanged (pixel art)")
    func fewColoursAreKept() throws {
        let folder = "sequences/ansimuz-fire-bomb-pixel"
        let names = Fixtures.pngNames(in: folder)
        #expect(names.count == 14)
        for name in names {
            let source = try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(folder)/\(name)"))
            let same = PaletteQuantizer().reduce(source) == source
            #expect(same, "\(name)")
        }
    }
}

/// `PaletteQuantizer(colors: 16, refinements: Int.max).reduce(_:)` never returned (found by a
/// new-user round): passes stop once one changes no colour, and at most
/// `PaletteQuantizer.maximumRefinements` are made, so any count gives the result the cap gives.
@Suite("Palette quantizer: refinements")
struct PaletteQuantizerRefinementTests {
    @Test func hugeRefinementCountsReturnTheCappedResult() throws {
        let frame = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/kenney-gold-coin/gold_1.png"))
        let endless = PaletteQuantizer(colors: 16, refinements: Int.max)
        #expect(endless.refinements == PaletteQuantizer.maximumRefinements)
        var unclamped = PaletteQuantizer(colors: 16)
        unclamped.refinements = Int.max
        let capped = PaletteQuantizer(colors: 16, refinements: PaletteQuantizer.maximumRefinements).reduce(frame)
        #expect(endless.reduce(frame) == capped)
        #expect(unclamped.reduce(frame) == capped)
    }
}
