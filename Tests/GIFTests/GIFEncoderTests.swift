import Foundation
import Testing
import Raster
import TestSupport
@testable import GIF

@Suite("GIF encoder")
struct GIFEncoderTests {
    /// A shaded disc with a soft edge moving over a static left half: `count` frames of 64×48.
    static func frames(_ count: Int, opaqueBackground: Bool = false) -> [Bitmap] {
        (0..<count).map { index in
            var bitmap = Bitmap(clearWidth: 64, height: 48)
            for y in 0..<48 {
                for x in 0..<64 {
                    if x < 32 {   // static: a fixed gradient
                        bitmap[x, y] = Color(r: UInt8(x * 8), g: UInt8(y * 5), b: 90)
                        continue
                    }
                    let dx = Double(x) - (40 + Double(index) * 1.5), dy = Double(y) - 24
                    let coverage = min(max(10 - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                    let shade = UInt8(120 + Int(coverage * 100) + index * 3)
                    let disc = Color(r: shade, g: 80, b: UInt8(200 - index * 4), a: UInt8(coverage * 255))
                    if opaqueBackground {
                        // The disc composited over a dark background: every pixel opaque.
                        let blend = { (c: UInt8) in UInt8((Double(c) * coverage + 20 * (1 - coverage)).rounded()) }
                        bitmap[x, y] = Color(r: blend(disc.r), g: blend(disc.g), b: blend(disc.b))
                    } else {
                        bitmap[x, y] = coverage > 0 ? disc : .clear
                    }
                }
            }
            return bitmap
        }
    }

    static func encode(_ frames: [Bitmap], fps: Double = 10, _ encoder: GIF.Encoder = GIF.Encoder()) throws -> (bytes: [UInt8], report: GIF.Encoder.Report) {
        let durations = Array(repeating: 1 / fps, count: frames.count)
        return try encoder.encode(FrameInput(durations: durations) { frames[$0] })
    }

    /// Every preset with every dithering it takes.
    static let presets: [(GIF.Encoder.Quality, GIF.Dithering)] = [
        (.fast, .ordered), (.fast, .floydSteinberg), (.fast, .none), (.standard, .none), (.high, .none),
    ]

    @Test(arguments: presets)
    func roundTripsThroughTheDecoder(quality: GIF.Encoder.Quality, dithering: GIF.Dithering) throws {
        let source = Self.frames(12)
        let (bytes, report) = try Self.encode(source, GIF.Encoder(quality: quality, dithering: dithering, repeatCount: 3))
        let decoder = try GIF.Decoder(bytes: bytes, file: "round-trip.gif")
        let decoded = try decoder.allGIFFrames()
        #expect(decoded.count == 12 && report.framesWritten == 12)
        #expect(decoded.map(\.delay).reduce(0, +) == 120)
        #expect(decoder.repeatCount == 3)
        // What flattening keeps, frame after frame (the disc's soft edge is a rim, cut on its light
        // share: ``AlphaFlattener/rimCut``), is what is drawn.
        var flattener = AlphaFlattener(alpha: .dither)
        let kept = source.map { flattener.flatten(AlphaFlattener.prepare($0, alpha: .dither)) }
        var squaredError = 0.0, samples = 0.0
        for ((original, frame), flat) in zip(zip(source, decoded), kept) {
            for y in 0..<48 {
                for x in 0..<64 {
                    let want = original[x, y], got = frame.image[x, y]
                    #expect((flat[(y * 64 + x) * 4 + 3] != 0) == (got.a == 255), "alpha at (\(x), \(y))")
                    guard got.a == 255 else { continue }
                    for (a, b) in [(want.r, got.r), (want.g, got.g), (want.b, got.b)] {
                        squaredError += Double(Int(a) - Int(b)) * Double(Int(a) - Int(b))
                        samples += 1
                    }
                }
            }
        }
        let psnr = 10 * log10(255 * 255 / max(squaredError / samples, 1e-9))
        // `fast` builds its palette from a quarter of the pixels with two refinement passes.
        #expect(psnr > (quality == .fast ? 32 : 34), "colour PSNR \(psnr) dB")
    }

    /// With `fast`, a pixel whose source did not change must not change in the output, whatever the
    /// dithering (`standard` and `high` may move it closer to its source: see
    /// `refinedPresetsMoveStaticPixelsOnlyTowardsTheirSource`). On an opaque background later frames
    /// then cover only the moving half. (On transparency, a pixel going back to transparent forces the
    /// previous frame's whole rectangle to be cleared and redrawn — GIF disposal works per frame — so
    /// rectangles grow, but pixels still do not change.)
    @Test(arguments: presets.filter { $0.0 == .fast }, [true, false])
    func keepsStaticAreasStatic(preset: (GIF.Encoder.Quality, GIF.Dithering), opaque: Bool) throws {
        let encoder = GIF.Encoder(quality: preset.0, dithering: preset.1)
        let (bytes, _) = try Self.encode(Self.frames(10, opaqueBackground: opaque), encoder)
        let decoded = try GIF.Decoder(bytes: bytes, file: "static.gif").allGIFFrames()
        for frame in decoded.dropFirst() {
            if opaque { #expect(frame.rect.x >= 32, "frame rectangle \(frame.rect) reaches into the static half") }
            for y in 0..<48 {
                for x in 0..<32 { #expect(frame.image[x, y] == decoded[0].image[x, y]) }
            }
        }
    }

    @Test func mergesIdenticalFramesAddingTheirDelays() throws {
        let moving = Self.frames(3)
        let source = [moving[0], moving[0], moving[0], moving[1], moving[2], moving[2]]
        let (bytes, report) = try Self.encode(source, fps: 10)
        let decoded = try GIF.Decoder(bytes: bytes, file: "merge.gif").allGIFFrames()
        #expect(decoded.map(\.delay) == [30, 10, 20])
        #expect(report.framesMergedIdentical == 3)
    }

    /// A pixel that goes from opaque back to transparent needs the previous frame disposed.
    @Test func clearsPixelsThatBecomeTransparent() throws {
        var first = Bitmap(clearWidth: 8, height: 8), second = Bitmap(clearWidth: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { first[x, y] = .white } }
        second[6, 6] = Color(r: 255, g: 0, b: 0)
        let (bytes, _) = try Self.encode([first, second, first])
        let decoded = try GIF.Decoder(bytes: bytes, file: "clear.gif").allGIFFrames()
        #expect(decoded.count == 3)
        #expect(decoded[0].disposal == .background)
        #expect(decoded[1].image[0, 0] == .clear && decoded[1].image[6, 6] == Color(r: 255, g: 0, b: 0, a: 255))
        #expect(decoded[2].image == decoded[0].image)
    }

    @Test func alphaModes() throws {
        let source = Self.frames(4)
        let matte = try GIF.Decoder(bytes: try Self.encode(source, GIF.Encoder(alpha: .matte(.black))).bytes, file: "m").allGIFFrames()
        #expect(matte.allSatisfy { $0.image.isOpaque })

        // Each 8×8 tile has one alpha; the ordered dither keeps that share of its pixels, and the
        // same soft pixel at the same place gives the same answer in every frame. (No tile is
        // opaque: soft pixels near opaque ones are a rim, cut at 128 — tested below.)
        let alphas: [UInt8] = [0, 64, 128, 192, 254, 32]
        var soft = Bitmap(clearWidth: 48, height: 8)
        for y in 0..<8 { for x in 0..<48 { soft[x, y] = Color(r: 200, g: 100, b: 50, a: alphas[x / 8]) } }
        var other = soft
        other[0, 0] = .white
        let dithered = try GIF.Decoder(bytes: try Self.encode([soft, other, soft], GIF.Encoder(alpha: .dither)).bytes, file: "d").allGIFFrames()
        for (tile, alpha) in alphas.enumerated() {
            let kept = (0..<8).flatMap { y in (0..<8).map { (tile * 8 + $0, y) } }.filter { dithered[0].image[$0.0, $0.1].a == 255 }.count
            #expect(abs(Double(kept) - Double(alpha) / 255 * 64) <= 1, "alpha \(alpha): \(kept) of 64 pixels kept")
        }
        for y in 0..<8 { for x in 1..<48 { #expect(dithered[1].image[x, y] == dithered[0].image[x, y]) } }

        // An opaque block with a soft rim two pixels wide, in soft haze: the rim is cut at 128
        // (a clean edge), the haze further out is dithered.
        var shape = Bitmap(clearWidth: 24, height: 24)
        for y in 0..<24 {
            for x in 0..<24 {
                let ring = max(abs(2 * x - 23), abs(2 * y - 23)) / 2   // 0 at the centre … 11 at the border
                let a: UInt8 = ring <= 5 ? 255 : ring == 6 ? 200 : ring == 7 ? 60 : 96
                shape[x, y] = Color(r: 10, g: 200, b: 30, a: a)
            }
        }
        let cut = try GIF.Decoder(bytes: try Self.encode([shape], GIF.Encoder(alpha: .dither)).bytes, file: "r").allGIFFrames()[0].image
        var haze = 0, hazeKept = 0
        for y in 0..<24 {
            for x in 0..<24 {
                let ring = max(abs(2 * x - 23), abs(2 * y - 23)) / 2
                if ring == 6 { #expect(cut[x, y].a == 255, "rim pixel (\(x), \(y)) at alpha 200 dropped") }
                if ring == 7 { #expect(cut[x, y].a == 0, "rim pixel (\(x), \(y)) at alpha 60 kept") }
                if ring >= 9 { haze += 1; if cut[x, y].a == 255 { hazeKept += 1 } }
            }
        }
        #expect(abs(Double(hazeKept) - Double(haze) * 96 / 255) <= 0.1 * Double(haze), "\(hazeKept) of \(haze) haze pixels kept")
    }

    @Test func writesTimingAndLoopExactly() throws {
        let source = Self.frames(1)
        let frames = Array(repeating: source[0], count: 271).enumerated().map { index, bitmap -> Bitmap in
            var copy = bitmap
            copy[0, 0] = Color(r: UInt8(index % 256), g: 0, b: 0)
            return copy
        }
        let (bytes, report) = try Self.encode(frames, fps: 30, GIF.Encoder(repeatCount: 1))
        let decoder = try GIF.Decoder(bytes: bytes, file: "timing.gif")
        #expect(try decoder.allGIFFrames().map(\.delay).reduce(0, +) == 903)
        #expect(report.totalCentiseconds == 903)
        #expect(decoder.netscapeLoops == nil, "one play writes no loop block")

        let fast = try Self.encode(Array(frames.prefix(120)), fps: 120)
        #expect(fast.report.framesMergedForTiming == 80, "120 fps keeps every third frame, 2 or 3 cs each")
        let fastFrames = try GIF.Decoder(bytes: fast.bytes, file: "120.gif").allGIFFrames()
        #expect(fastFrames.allSatisfy { $0.delay >= 2 } && fastFrames.map(\.delay).reduce(0, +) == 100)
    }

    @Test func isDeterministic() throws {
        let source = Self.frames(6)
        #expect(try Self.encode(source).bytes == Self.encode(source).bytes)
    }

    @Test func refusesBadInput() throws {
        let source = Self.frames(2) + [Bitmap(clearWidth: 10, height: 10)]
        #expect(throws: GIF.EncodeError.self) { _ = try Self.encode(source) }
        #expect(throws: GIF.EncodeError.self) { _ = try Self.encode([]) }
        #expect(throws: GIF.EncodeError.self) { _ = try Self.encode(Self.frames(1), GIF.Encoder(colors: 1)) }
        // Only `fast` dithers; the others refine colours across frames.
        #expect(throws: GIF.EncodeError.self) { _ = try Self.encode(Self.frames(2), GIF.Encoder(quality: .standard, dithering: .ordered)) }
        #expect(throws: GIF.EncodeError.self) { _ = try Self.encode(Self.frames(2), GIF.Encoder(quality: .high, dithering: .floydSteinberg)) }
    }

    @Test func presetsDitherOnlyWhenFast() {
        #expect(GIF.Encoder(quality: .fast).dithering == .ordered)
        #expect(GIF.Encoder().dithering == .none && GIF.Encoder(quality: .high).dithering == .none)
    }
}

@Suite("GIF encoder palettes")
struct GIFPaletteTests {
    /// Twelve frames of reds, then twelve of blues, each with hundreds of shades, over a static
    /// grey strip.
    static func frames() -> [Bitmap] {
        (0..<24).map { index in
            var bitmap = Bitmap(clearWidth: 48, height: 40)
            for y in 0..<40 {
                for x in 0..<48 {
                    if y < 6 {
                        bitmap[x, y] = Color(r: UInt8(100 + x), g: UInt8(100 + x), b: UInt8(100 + x))
                        continue
                    }
                    let shade = UInt8((x * 5 + y * 3 + index * 7) % 256)
                    let color = index < 12 ? Color(r: shade, g: UInt8(y * 4), b: 20) : Color(r: 20, g: UInt8(y * 4), b: shade)
                    bitmap[x, y] = color
                }
            }
            return bitmap
        }
    }

    static func error(_ source: [Bitmap], _ decoded: [GIF.Frame]) -> Double {
        var total = 0.0
        for (original, frame) in zip(source, decoded) {
            for y in 0..<original.height {
                for x in 0..<original.width {
                    let a = original[x, y], b = frame.image[x, y]
                    for (p, q) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] { total += Double((Int(p) - Int(q)) * (Int(p) - Int(q))) }
                }
            }
        }
        return total
    }

    static func squaredError(_ a: Color, _ b: Color) -> Int {
        let r = Int(a.r) - Int(b.r), g = Int(a.g) - Int(b.g), b = Int(a.b) - Int(b.b)
        return r * r + g * g + b * b
    }

    /// One palette for 24 frames of drifting hues (`fast`) against a table per frame for what changed
    /// (`standard`, `high`): the per-frame tables follow the drift, and colours accumulate on screen.
    @Test(arguments: [GIF.Encoder.Quality.standard, .high])
    func refinedPresetsGiveEachFrameAPaletteOfItsOwn(quality: GIF.Encoder.Quality) throws {
        let source = Self.frames()
        let fast = try GIFEncoderTests.encode(source, GIF.Encoder(quality: .fast, colors: 32))
        let refined = try GIFEncoderTests.encode(source, GIF.Encoder(quality: quality, colors: 32))
        #expect(fast.report.localPalettes == 0)
        #expect(refined.report.localPalettes >= 12)
        let decodedFast = try GIF.Decoder(bytes: fast.bytes, file: "fast.gif").allGIFFrames()
        let decodedRefined = try GIF.Decoder(bytes: refined.bytes, file: "refined.gif").allGIFFrames()
        #expect(decodedRefined.count == source.count)
        #expect(Self.error(source, decodedRefined) < Self.error(source, decodedFast) * 0.5)
        // Colours accumulate: the screen shows more than one 32-entry table holds.
        let last = decodedRefined[decodedRefined.count - 1].image
        let shown = Set((0..<last.height).flatMap { y in (0..<last.width).map { x in last[x, y] } })
        #expect(shown.count > 32)
    }

    /// `standard` gives the first frame a full table and later frames at most 64 entries — a
    /// moving four-colour block needs no more — except at a scene cut: a last frame of ~3000 new
    /// colours gets a full table. (A moving shaded sprite gets full tables too, or the first
    /// frame's when it fits nearly as well: see below.)
    @Test func standardLimitsLaterTablesTo64EntriesButAtASceneCut() throws {
        var cut = Bitmap(clearWidth: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { cut[x, y] = Color(r: UInt8(x * 4), g: UInt8(y * 5), b: UInt8((x * y) % 256)) } }
        let moving = (0..<10).map { index in
            var bitmap = Bitmap(clearWidth: 64, height: 48)
            for y in 0..<48 {
                for x in 0..<64 { bitmap[x, y] = x < 32 ? Color(r: UInt8(x / 4 * 32), g: 60, b: 90) : Color(r: 20, g: 20, b: 20) }
            }
            let colors = [Color(r: 250, g: 40, b: 40), Color(r: 40, g: 250, b: 40), Color(r: 40, g: 40, b: 250), Color.white]
            for y in 10..<30 { for x in 0..<12 { bitmap[34 + index * 2 + x, y] = colors[(x / 3 + y / 5) % 4] } }
            return bitmap
        }
        let source = moving + [cut]
        let standard = try GIFEncoderTests.encode(source, GIF.Encoder(quality: .standard))
        let reader = try GIFLib.Reader(bytes: standard.bytes, file: "standard.gif")
        #expect(reader.globalColors?.count == 16 * 3)   // the first frame's 13 colours, exactly
        var locals: [Int] = [], indices: [UInt8] = []
        reading: while true {
            switch try reader.nextRecord() {
            case .end: break reading
            case .extensionBlock: continue
            case .image(let image):
                if let colors = image.localColors { locals.append(colors.count / 3) }
                indices = [UInt8](repeating: 0, count: image.width * image.height)
                #expect(reader.readPixels(into: &indices, width: image.width, height: image.height).outcome == .complete)
            }
        }
        let cutIsFull = locals.count == 10 && locals.last == 256
        let othersSmall = locals.dropLast().allSatisfy { $0 <= 64 }
        #expect(cutIsFull && othersSmall, "local table sizes \(locals)")
    }

    /// A shaded, anti-aliased sprite in new poses (three frames of the real dino jump,
    /// `Tests/Fixtures/sequences/gameart2d-dino-jump`): 64 entries would band its gradients, so
    /// every later frame gets a full table.
    @Test func standardGivesARedrawnShadedSpriteFullTables() throws {
        let folder = "sequences/gameart2d-dino-jump"
        let names = Fixtures.pngNames(in: folder)
        #expect(names.count == 3)
        let frames = try names.map { try PNG.Decoder().decodeBitmap(file: Fixtures.path("\(folder)/\($0)")) }
        let encoded = try GIFEncoderTests.encode(frames, GIF.Encoder(quality: .standard))
        #expect(try Self.localTableSizes(encoded.bytes) == [256, 256])
    }

    /// The entries of each frame's local table, in order.
    static func localTableSizes(_ bytes: [UInt8]) throws -> [Int] {
        let reader = try GIFLib.Reader(bytes: bytes, file: "tables.gif")
        var locals: [Int] = []
        while true {
            switch try reader.nextRecord() {
            case .end: return locals
            case .extensionBlock: continue
            case .image(let image):
                if let colors = image.localColors { locals.append(colors.count / 3) }
                var indices = [UInt8](repeating: 0, count: image.width * image.height)
                #expect(reader.readPixels(into: &indices, width: image.width, height: image.height).outcome == .complete)
            }
        }
    }

    /// A static field of ~500 colours beside a moving bar: with 16 colours nothing is exact, yet a
    /// static pixel only ever moves towards its source, so it converges and never flickers.
    @Test(arguments: [GIF.Encoder.Quality.standard, .high])
    func refinedPresetsMoveStaticPixelsOnlyTowardsTheirSource(quality: GIF.Encoder.Quality) throws {
        let source = (0..<16).map { index in
            var bitmap = Bitmap(clearWidth: 40, height: 24)
            for y in 0..<24 {
                for x in 0..<40 {
                    let moving = x >= 32 && (y + index) % 8 < 4
                    let color = x >= 32 ? Color(r: moving ? 250 : 10, g: UInt8(index * 12), b: 30)
                        : Color(r: UInt8(x * 8), g: UInt8(y * 10), b: UInt8((x * y) % 200))
                    bitmap[x, y] = color
                }
            }
            return bitmap
        }
        let encoded = try GIFEncoderTests.encode(source, GIF.Encoder(quality: quality, colors: 16))
        let decoded = try GIF.Decoder(bytes: encoded.bytes, file: "refined.gif").allGIFFrames()
        #expect(decoded.count == source.count)
        var changes = 0
        for index in 1..<decoded.count {
            for y in 0..<24 {
                for x in 0..<32 {
                    let before = decoded[index - 1].image[x, y], after = decoded[index].image[x, y]
                    guard before != after else { continue }
                    changes += 1
                    let target = source[index][x, y]
                    #expect(Self.squaredError(after, target) < Self.squaredError(before, target), "(\(x), \(y)) frame \(index)")
                }
            }
        }
        #expect(changes > 0)   // it did refine, and every change was an improvement
    }

    /// `--max-bytes`: the bisection lands on the ladder step a linear search would (file size falls
    /// along the ladder here, which the test checks first), in a handful of encodes; an impossible
    /// budget gives the smallest file, marked as not fitting.
    @Test(arguments: [GIF.Encoder.Quality.high, .fast])
    func budgetFindsTheBestSettingsThatFit(quality: GIF.Encoder.Quality) throws {
        let source = GIFEncoderTests.frames(8)   // a soft-edged disc moving over a gradient
        let input = FrameInput(durations: Array(repeating: 0.1, count: source.count)) { source[$0] }
        let encoder = GIF.Encoder(quality: quality, colors: 64)   // a short ladder: 64, 63 … 2
        let ladder = encoder.budgetLadder
        let sizes = try ladder.map { try $0.encode(input).bytes.count }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "\(sizes)")
        let same = { (a: GIF.Encoder, b: GIF.Encoder) in
            a.quality == b.quality && a.colors == b.colors && a.dithering == b.dithering
        }
        for step in [1, ladder.count / 2, ladder.count - 1] {
            let fitted = try encoder.encode(input, maxBytes: sizes[step])
            let first = sizes.firstIndex { $0 <= sizes[step] }!
            #expect(fitted.fits && fitted.bytes.count == sizes[first] && same(fitted.settings, ladder[first]))
            #expect(fitted.attempts <= 2 + Int(log2(Double(ladder.count)).rounded(.up)))
            // Frames that become identical at few colours are merged; the play keeps its length.
            let frames = try GIF.Decoder(bytes: fitted.bytes, file: "budget.gif").allGIFFrames()
            #expect(!frames.isEmpty && frames.count <= source.count && frames.reduce(0) { $0 + $1.delay } == 10 * source.count)
        }
        let roomy = try encoder.encode(input, maxBytes: sizes[0])
        #expect(roomy.fits && roomy.attempts == 1 && same(roomy.settings, encoder))
        let impossible = try encoder.encode(input, maxBytes: 100)
        #expect(!impossible.fits && impossible.bytes.count == sizes.min()!)
    }

    /// A GIF of three colours on a clear ground reports the table it wrote (4 entries: three colours
    /// and the transparent one; not the cap of 256), and a budget search skips every cap whose
    /// tables are no smaller: the first encode, then 2 colours, where it once tried 192, 128, 96…
    @Test func aBudgetSkipsCapsAboveTheColoursUsed() throws {
        let frames = (0..<4).map { n in
            var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
            let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 0, 255, 255], [0, 160, 0, 255]]
            for i in 0..<16 { let p = (i * 16 + (i + n) % 16) * 4; pixels.replaceSubrange(p..<p + 4, with: colors[i % 3]) }
            return Bitmap(width: 16, height: 16, straight: pixels)!
        }
        let input = FrameInput(durations: Array(repeating: 0.1, count: frames.count)) { frames[$0] }
        let plain = try GIF.Encoder().encode(input)
        #expect(plain.report.paletteSize == 256 && plain.report.colorsUsed == 4, "\(plain.report.colorsUsed)")
        let fitted = try GIF.Encoder().encode(input, maxBytes: 10)
        #expect(!fitted.fits && fitted.attempts == 2 && fitted.settings.colors == 2, "\(fitted.fits) \(fitted.attempts) \(fitted.settings.colors) \(plain.report.colorsUsed)")
    }

    @Test func highMergesIdenticalFrames() throws {
        let one = Self.frames()[3], two = Self.frames()[15]
        let high = try GIFEncoderTests.encode([one, one, one, two, two], GIF.Encoder(quality: .high, colors: 32))
        #expect(high.report.framesWritten == 2 && high.report.framesMergedIdentical == 3)
        let decoded = try GIF.Decoder(bytes: high.bytes, file: "high.gif").allGIFFrames()
        #expect(decoded.map(\.delay) == [30, 20])
    }
}
