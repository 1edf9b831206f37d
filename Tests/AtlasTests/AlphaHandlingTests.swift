import Foundation
import Testing
import TestSupport
import Raster
@testable import Atlas

/// `--alpha-handling` on real frames: what each mode stores, and that `bleed` does what it claims
/// for an engine that filters a straight-alpha page bilinearly.
@Suite("Alpha handling")
struct AlphaHandlingTests {
    /// Real frames: an anti-aliased character (hidden colour black) and rendered smoke (hidden
    /// colour grey 48 under alpha 0, soft alpha everywhere).
    static func inputs(_ sequence: String) throws -> [SheetBuilder.Input] {
        let folder = "sequences/\(sequence)"
        let names = Fixtures.pngNames(in: folder)
        #expect(names.count == (sequence == "ansimuz-fire-bomb-pixel" ? 14 : 3))
        return try names.map { name in
            SheetBuilder.Input(name: name, bitmap: try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(folder)/\(name)")), sequence: "s")
        }
    }

    static func sheet(_ sequence: String, _ handling: AlphaHandling) throws -> SpriteSheet {
        try SheetBuilder(padding: 2, trim: true, maxSide: 4096, alphaHandling: handling).build(inputs(sequence))
    }

    @Test(arguments: ["gameart2d-dino-jump", "unity-explosion02hd-fadeout"], AlphaHandling.allCases)
    func visiblePixelsAndAlphaSurviveEveryMode(sequence: String, handling: AlphaHandling) throws {
        let keep = try Self.sheet(sequence, .keep), other = try Self.sheet(sequence, handling)
        #expect(other.premultipliedAlpha == (handling == .premultiply))
        for (a, b) in zip(keep.pages, other.pages) {
            var changedVisible = 0, changedAlpha = 0, hiddenColor = 0
            let reference = handling == .premultiply ? a.premultipliedPixels() : a.pixels
            let pa = a.pixels, pb = b.pixels
            for index in stride(from: 0, to: pa.count, by: 4) {
                if pa[index + 3] != pb[index + 3] { changedAlpha += 1 }
                if pa[index + 3] != 0, reference[index] != pb[index] || reference[index + 1] != pb[index + 1] || reference[index + 2] != pb[index + 2] {
                    changedVisible += 1
                }
                if pb[index + 3] == 0, pb[index] != 0 || pb[index + 1] != 0 || pb[index + 2] != 0 { hiddenColor += 1 }
            }
            #expect(changedAlpha == 0 && changedVisible == 0, "\(handling): \(changedAlpha) alphas, \(changedVisible) colours")
            switch handling {
            case .clear, .premultiply: #expect(hiddenColor == 0)
            case .bleed: #expect(hiddenColor > 0)
            case .keep: break
            }
        }
        // Frames cut back out: exact for keep/clear/bleed on visible pixels; premultiply within its rounding.
        for (sprite, input) in zip(other.sprites, try Self.inputs(sequence)) {
            let back = try other.frame(sprite)
            let expected = handling == .premultiply ? input.bitmap.premultipliedPixels() : input.bitmap.pixels
            let got = handling == .premultiply ? back.premultipliedPixels() : back.pixels
            var differing = 0
            let source = input.bitmap.pixels
            for index in stride(from: 0, to: got.count, by: 4) where source[index + 3] != 0 || got[index + 3] != 0 {
                if got[index] != expected[index] || got[index + 1] != expected[index + 1] || got[index + 2] != expected[index + 2]
                    || got[index + 3] != expected[index + 3] { differing += 1 }
            }
            #expect(differing == 0, "\(sprite.name): \(differing) pixels")
        }
    }

    /// Each transparent pixel takes the colour of a visible pixel at the smallest chessboard
    /// distance there is (checked exhaustively on a real pixel-art frame: the square rings around
    /// each transparent pixel, widening until one holds a visible pixel, are every candidate).
    @Test func bleedCopiesTheNearestVisibleColour() throws {
        let frame = try PNG.Decoder().decodeBitmap(file: Fixtures.path("sequences/ansimuz-fire-bomb-pixel/frame-006.png"))
        let bled = AlphaHandling.bleed.apply(to: frame)
        let pixels = frame.pixels, width = frame.width, height = frame.height
        let visibleCount = stride(from: 3, to: pixels.count, by: 4).filter { pixels[$0] != 0 }.count
        #expect(visibleCount > 0 && visibleCount < width * height)
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] == 0 {
                let out = (y * width + x) * 4
                // The ring at chessboard distance d: every (px, py) with max(|px − x|, |py − y|) == d.
                var candidates: [[UInt8]] = []
                var d = 1
                func look(_ px: Int, _ py: Int) {
                    guard px >= 0, px < width, py >= 0, py < height else { return }
                    let p = (py * width + px) * 4
                    if pixels[p + 3] != 0 { candidates.append([pixels[p], pixels[p + 1], pixels[p + 2]]) }
                }
                while candidates.isEmpty && d <= max(width, height) {
                    for px in (x - d)...(x + d) { look(px, y - d); look(px, y + d) }
                    for py in (y - d + 1)..<(y + d) { look(x - d, py); look(x + d, py) }
                    d += 1
                }
                if !candidates.contains([bled.pixels[out], bled.pixels[out + 1], bled.pixels[out + 2]]) || bled.pixels[out + 3] != 0 { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// An engine drawing a straight-alpha page with bilinear filtering mixes each visible edge pixel
    /// with its transparent neighbour half and half at the texel boundary; what reaches the screen
    /// is that colour at the mixed alpha. With the hidden colour black (keep/clear on this art) the
    /// edge darkens by (edge − hidden) / 2 · alpha / 2; with bleed the hidden colour is the edge's.
    /// Hard-edged pixel art shows it most; an anti-aliased rim (its outer pixels at alpha 1–10)
    /// hides most of it.
    @Test(arguments: [("ansimuz-fire-bomb-pixel", 5.0), ("gameart2d-dino-jump", 0.0)])
    func bleedRemovesTheDarkFringeOfBilinearFiltering(sequence: String, fringeAtLeast: Double) throws {
        func fringe(_ handling: AlphaHandling) throws -> (darkening: Double, samples: Int) {
            let page = try Self.sheet(sequence, handling).pages[0]
            var total = 0.0, samples = 0
            func luma(_ p: Int) -> Double {
                0.2126 * Double(page.pixels[p]) + 0.7152 * Double(page.pixels[p + 1]) + 0.0722 * Double(page.pixels[p + 2])
            }
            for y in 0..<(page.height - 1) {
                for x in 0..<(page.width - 1) {
                    let a = (y * page.width + x) * 4
                    for b in [a + 4, a + page.width * 4] {   // right and below neighbours
                        let (edge, hidden) = page.pixels[a + 3] > 0 && page.pixels[b + 3] == 0 ? (a, b)
                            : page.pixels[b + 3] > 0 && page.pixels[a + 3] == 0 ? (b, a) : (-1, -1)
                        guard edge >= 0 else { continue }
                        let shown = Double(page.pixels[edge + 3]) / 2 / 255
                        total += (luma(edge) - (luma(edge) + luma(hidden)) / 2) * shown
                        samples += 1
                    }
                }
            }
            return (total / Double(max(samples, 1)), samples)
        }
        let clear = try fringe(.clear), keep = try fringe(.keep), bleed = try fringe(.bleed)
        #expect(clear.samples > 500 && clear.samples == bleed.samples && keep.samples == bleed.samples)
        #expect(clear.darkening > fringeAtLeast && keep.darkening > fringeAtLeast, "clear \(clear), keep \(keep)")
        #expect(abs(bleed.darkening) < 0.05 * max(1, keep.darkening), "bleed \(bleed), keep \(keep)")
        print("\(sequence): bilinear edge darkening on screen, levels: keep \(keep.darkening), clear \(clear.darkening), bleed \(bleed.darkening)")
    }

    @Test func premultipliedPagesAreDeclaredOrRefused() throws {
        let sheet = try Self.sheet("unity-wispy-smoke-02-long", .premultiply)
        let folder = try SheetExportImportTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in SheetExport.Format.allCases {
            guard format.canDeclarePremultipliedAlpha else {
                #expect(throws: SheetExport.Error.premultipliedAlphaNotSupported(format)) {
                    _ = try SheetExport.files(for: [sheet], format: format, output: folder + "/x.png")
                }
                continue
            }
            let files = try SheetExport.files(for: [sheet], format: format, output: "\(folder)/\(format.rawValue).png")
            try SheetExportImportTests.write(files)
            let data = files.first { $0.path.hasSuffix(".json") || $0.path.hasSuffix(".atlas") }!
            guard case .data(let bytes) = data.content else { Issue.record("no data"); continue }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains(format == .libgdx ? "pma:true" : "\"premultipliedAlpha\" : true"), "\(format)")
            let back = try SheetImport.read(data.path)
            #expect(back.premultipliedAlpha)
            for (sprite, original) in zip(back.sprites, sheet.sprites) { #expect(try back.frame(sprite) == sheet.frame(original)) }
        }
        // Straight sheets say nothing (TexturePacker JSON) or pma:false (libGDX).
        let straight = try Self.sheet("unity-wispy-smoke-02-long", .keep)
        guard case .data(let json) = try SheetExport.files(for: [straight], format: .jsonHash, output: "s.png")[1].content else {
            Issue.record("no data"); return
        }
        #expect(!String(decoding: json, as: UTF8.self).contains("premultiplied"))
    }
}
