import Basics
import Raster

/// The colours of the `standard` and `high` presets: every frame gets a palette of its own, built
/// only from the pixels the screen shows worst, and only those pixels are redrawn.
///
/// A GIF frame can leave pixels transparent, so what the screen shows is a mosaic of colours drawn
/// by many frames, each with its own table: far more than 256 colours at once. Frame by frame, a
/// pixel is a candidate when the screen shows it more than ``tolerance`` away from its source (or
/// when it must be drawn: it is transparent on screen, or about to be cleared by the previous
/// frame's disposal). The frame's palette is fitted to the candidates — k-means on the error that
/// can still be removed: a colour already shown within some distance does not pull entries further
/// than that (``Quantizer/Sample/limit``) — and each candidate is drawn only if that palette brings
/// it closer than the screen already is.
///
/// So a shown pixel only ever moves towards its source colour. A pixel whose source holds still
/// converges — it may be refined a few times, each time closer, and never back and forth, so it
/// cannot shimmer; a frame identical to the one before draws nothing and is merged. (Refusing to
/// touch such pixels, as the global-palette `fast` preset does, costs 0.6 dB and 7 % more bytes on the
/// opaque benchmark sequence: pixels left visibly off by one frame's palette stay off.) On that
/// slowly changing, many-colour sequence the screen reaches ~40 dB with full tables (`high`), where
/// one palette per frame stops near 36.6. `standard` gives frames after the first at most 64
/// entries — fewer bytes, and fitted to fewer pixels — unless that leaves them far off (``upgradeError``).
///
/// No dithering: the accumulated colours do what dithering imitates, without its noise (which
/// would cost bytes and fidelity).
struct ColorRefiner {
    /// Squared RGB distance (summed over channels) a shown pixel may be off before it is a
    /// candidate, times its visibility (``AlphaFlattener/visibility(_:)``: a pixel kept from a faint
    /// source alpha may be further off). Measured on the opaque benchmark sequence, 3–20 are
    /// within 0.1 dB and 2 % in bytes.
    static let tolerance = 8
    /// Mean squared RGB distance (summed over channels, weighted by visibility) a later frame's
    /// small table (`standard`) may leave its candidates at before the frame gets a full table
    /// instead: a scene cut, a moving many-coloured sprite. Measured on the real sequences of
    /// Benchmarks/gif-real: at 48 the anti-aliased dino (every frame redraws a shaded sprite)
    /// kept 64-entry tables and showed diagonal bands on its gradients — mean FLIP 1.32×
    /// ffmpeg's at 0.54× its bytes; at 16 it gets full tables, 0.92× FLIP at 0.86× bytes. The smoke,
    /// the explosion, the spinner and the pixel art do not change; the 720p film grows 13 %.
    /// (At 8 the explosion grows 6 % for nothing visible.)
    static let upgradeError = 16.0
    /// The small table's error (after two iterations) from which a frame is texture — fire,
    /// grain — that 64 entries cannot hold at all; its full table then gets 2 k-means rounds
    /// instead of ``laterFullRefinements``. Measured on Benchmarks/gif-real: the fire of Explosion00
    /// lies at 17–116 (31 of its 44 full-table frames from 41 on), the film at 21–52, the dino's
    /// shaded sprite at 25–31 (kept at 4 rounds: with 2 its FLIP went 0.792 → 0.795× ffmpeg's).
    /// With 2 rounds every full-table frame of Explosion00 and the film: bytes +0.02 % and
    /// +0.25 %, FLIP and flicker unchanged to the third digit, 12 % less CPU on a 256² copy.
    static let textureError = 40.0

    /// The first frame's table, which the GIF carries as its global one: a later frame that
    /// draws with it carries no table of its own (``sharingWeighs``).
    private var firstTable: [UInt8]?
    /// How much summed squared error over a frame's candidates (weighted as they are seen) one byte
    /// of colour table is worth: a later frame draws with the global table, and carries none,
    /// when that adds less error than this many times its own table's bytes. A table is 3 bytes
    /// an entry — 768 for a full one, 15 % of a 120² sprite frame, 1 % of a 680×472 one.
    /// Only a frame that would get a full table shares: measured on Benchmarks/gif-real, the
    /// CodeManu knight (120², every frame redraws a shaded sprite, the global table fits them 20
    /// against their own 12) 56.9 → 50.0 KB (1.11 → 0.98× ffmpeg's), mean FLIP 0.81 → 0.84×
    /// ffmpeg's, flicker 1.60 → 1.58 (ffmpeg 1.60); the dino shares only its first two frames.
    /// Small tables shared too halved the faint smoke's bytes but moved its mean FLIP from 0.78 to
    /// 0.81× ffmpeg's, and made the fireball 2 % larger (a looser table leaves more to redraw).
    static let sharingWeighs = 64.0

    /// Frames after one found to be texture (``textureError``) that go straight to a full table
    /// without trying the small one again.
    static let textureSkips = 3

    let width: Int
    let height: Int
    /// Entries of the first frame's table (which becomes the global one) and of later frames' tables.
    let firstColors: Int
    let colors: Int
    let refinements: Int
    /// k-means rounds for a full table after the first frame's (a scene cut, a moving shaded
    /// sprite, fire): `standard` takes 4 — measured on Benchmarks/gif-real against 8: Explosion00
    /// 1.7–2.1 → 1.6 s, the 720p film 4.2 → 3.5 s, bytes within 0.1 %, mean FLIP and flicker
    /// unchanged to the third digit (2 rounds moved the dino's FLIP from 0.792 to 0.795× ffmpeg's).
    let laterFullRefinements: Int
    /// ``digest(_:)`` of the last frame's pixels (the frame itself would hold one more frame in memory).
    var previous: Digest?
    /// Bits a channel keeps in the histogram a full table (the first frame's, or a later frame's
    /// upgraded by ``upgradeError``) is fitted to; small tables use 6. A shaded sprite's gradients
    /// step by a level or two: 6-bit bins (4 levels a channel) merged those shades, and the fit
    /// could place no entry between them. Measured on Benchmarks/gif-real, the dino (a full table
    /// every frame): FLIP 0.0090 → 0.0086 (0.79× ffmpeg's), flicker 0.471 → 0.463, 5 % more bytes
    /// (0.90×); the film 0.39× ffmpeg's bytes at +8.42 dB (was +8.38), the others within 0.3 % of
    /// their bytes. 7-bit bins for every table cost the smoke 14–28 % and the explosion 15 % more
    /// bytes (more pixels found closer and redrawn) for nothing visible. The 2²¹ bin slots are 8 MB.
    static let histogramBits = 7
    var histogram = ColorHistogram()
    var fine = ColorHistogram(bits: Self.histogramBits)
    /// Frames that had at least one pixel to draw.
    private(set) var palettesMade = 0
    /// The small table's error when it was last tried, and the frames since that skipped it.
    var lastTexture = (error: 0.0, skipped: 0)
    /// Whether the last frame that tried its small table found it too far off and took a full one
    /// (``upgradeError``): the next frame's candidates then fill both histograms at once. Measured
    /// on the dino (every frame after the first two upgrades) the second pass over the candidates
    /// was half of ``addCandidates``' 10 % of the CPU, all on the encoding thread.
    var upgradedLast = false
    /// How much worse a redrawn pixel may be drawn for LZW's sake (``FrameDiff/Target/tolerance``).
    let lzwTolerance: Float
    /// Whether a later frame may draw with the first frame's table instead of its own
    /// (``sharingWeighs``): `standard`; `high` gives every frame its own.
    let sharesFirstTable: Bool
    /// Per pixel of the frame being refined: whether it is a candidate. (How far the screen shows
    /// it, ``shownError(_:_:shown:cleared:)``, is computed again where needed: kept, it was 4 bytes
    /// a pixel, 3.7 MB at 720p.)
    var selected: [Bool]
    /// The colours and indices handed out with the last target (see ``target(for:screen:cleared:)``).
    private var recycled: (colors: [UInt32], indices: [UInt8]) = ([], [])

    init(width: Int, height: Int, firstColors: Int, colors: Int, refinements: Int, laterFullRefinements: Int? = nil,
         lzwTolerance: Float = 0, sharesFirstTable: Bool = false) {
        self.width = width
        self.height = height
        self.firstColors = firstColors
        self.colors = colors
        self.refinements = refinements
        self.laterFullRefinements = laterFullRefinements ?? refinements
        self.lzwTolerance = lzwTolerance
        self.sharesFirstTable = sharesFirstTable
        selected = [Bool](repeating: false, count: width * height)
    }

    /// What the next frame should draw, given its flattened `pixels` (alpha 0 = transparent, else
    /// the pixel's visibility; see ``AlphaFlattener``), what the
    /// screen shows now, and the region the previous frame's disposal will clear first.
    mutating func target(for pixels: [UInt8], screen: [UInt32], cleared: GIF.Rect?) -> FrameDiff.Target {
        let found = screen.withUnsafeBufferPointer { candidates(of: pixels, screen: $0, cleared: cleared, rows: nil) }
        return target(for: pixels, screen: screen, cleared: cleared, found)
    }

    /// ``target(for:screen:cleared:)`` for a frame whose ``candidates(of:screen:cleared:rows:)`` were
    /// found on the same screen.
    mutating func target(for pixels: [UInt8], screen: [UInt32], cleared: GIF.Rect?, _ found: Candidates) -> FrameDiff.Target {
        let count = width * height
        // A frame showing exactly what the one before showed draws nothing (and is merged into it).
        guard !found.repeats else {
            return FrameDiff.Target(colors: screen, indices: [UInt8](repeating: 0, count: count), transparent: 1,
                                    palette: [0, 0, 0, 0, 0, 0], isLocal: true)
        }
        let any = found.any
        let (width, height) = (self.width, self.height)

        // Later frames may get a small table, unless it would leave the candidates far from their
        // colours (a scene cut, many-coloured art). A full table is fitted to finer bins. Only the
        // histogram a table is fitted to is filled (each is a pass over the frame).
        var rgb: [UInt8] = [0, 0, 0]
        var cells: [Int] = []
        // A frame whose candidates the table holds exactly stays lossless.
        var lossless = true
        // `fine.samples()` once a frame (the fit and the sharing test both read them).
        var fineSamples: [Quantizer.Sample] = []
        if any {
            let size = palettesMade == 0 ? firstColors : colors
            var full = size == firstColors
            // The small table's error after two iterations (0 when it settled sooner).
            var smallError = 0.0
            if !full && lastTexture.error >= Self.textureError && lastTexture.skipped < Self.textureSkips {
                // Texture a moment ago: the small table would fail again.
                (full, smallError) = (true, lastTexture.error)
                lastTexture.skipped += 1
            } else if !full {
                // (The candidates are in `histogram` already.)
                let samples = histogram.samples()
                // A table that after two iterations still leaves the candidates a quarter beyond
                // the upgrade is not finished: the last six move that error 2–8 % (measured on
                // every frame of Benchmarks/gif-real; the film, the dino and the fire upgrade).
                let small = PalettePlanner.fit(histogram, samples: samples, colors: size, refinements: refinements,
                                               giveUp: (rounds: 2, test: { rgb in
                    smallError = Self.meanError(samples, rgb)
                    return smallError > Self.upgradeError * 1.25
                }))
                rgb = small ?? rgb
                full = small.map { Self.meanError(samples, $0) > Self.upgradeError } ?? true
                lastTexture = (smallError, 0)
                upgradedLast = full
                (cells, lossless) = (histogram.coarseCells(), histogram.exactColors != nil)
            }
            if full && !found.fine {
                fine.removeAll()
                screen.withUnsafeBufferPointer { screen in
                    Self.addCandidates(of: pixels, selected, screen: screen, cleared: cleared, width: width, rows: 0..<height, to: &fine)
                }
            }
            if full {
                let rounds = palettesMade == 0 ? refinements
                    : smallError >= Self.textureError ? min(2, laterFullRefinements) : laterFullRefinements
                fineSamples = fine.samples()
                rgb = PalettePlanner.fit(fine, samples: fineSamples, colors: firstColors, refinements: rounds)
                (cells, lossless) = (fine.coarseCells(), fine.exactColors != nil)
            }
            if sharesFirstTable, full, let first = firstTable, rgb != first, shares(first, over: rgb, samples: fineSamples) {
                // Exact only when the global table holds every colour the candidates have.
                var entries = Set<UInt32>()
                for entry in stride(from: 0, to: first.count, by: 3) {
                    let (r, g, b) = (UInt32(first[entry]), UInt32(first[entry + 1]), UInt32(first[entry + 2]))
                    entries.insert(r << 16 | g << 8 | b)
                }
                let exact = fine.exactColors?.isSubset(of: entries) ?? false
                (rgb, lossless) = (first, lossless && exact)
            }
        }
        // Used for one frame's few ten thousand pixels: a coarse map builds 20× faster, and only its
        // cells where the candidates lie need lists.
        let palette = PalettePlanner.palette(rgb, precision: .coarse, cells: cells)
        if any && palettesMade == 0 { firstTable = rgb }
        if any { palettesMade += 1 }

        // Last frame's buffers, written again in place once the frame diff has let go of them
        // (fresh ones cost a page fault every 4 KB: 14 % of this thread's time on the 800² explosion).
        var (out, indices) = recycled
        recycled = ([], [])
        if out.count != count { (out, indices) = ([UInt32](repeating: 0, count: count), [UInt8](repeating: 0, count: count)) }
        let transparent = palette.transparent
        pixels.withUnsafeBufferPointer { source in
            screen.withUnsafeBufferPointer { screen in
                selected.withUnsafeBufferPointer { selected in
                    out.withUnsafeMutableBufferPointer { out in
                        indices.withUnsafeMutableBufferPointer { indices in
                            let shared = (UnsafeSendable(source), UnsafeSendable(screen), UnsafeSendable(selected))
                            let written = (UnsafeMutableSendable(out), UnsafeMutableSendable(indices))
                            ParallelLoop.chunks(height, minimum: Self.bandRows(width: width)) { rows in
                                let (source, screen, selected) = (shared.0.buffer, shared.1.buffer, shared.2.buffer)
                                let (out, indices) = (written.0.buffer, written.1.buffer)
                                var cache = NearestCache()
                                for y in rows {
                                    UnsafeMutableBufferPointer(rebasing: out[(y * width)..<(y * width + width)]).update(repeating: 0)
                                    UnsafeMutableBufferPointer(rebasing: indices[(y * width)..<(y * width + width)]).update(repeating: transparent)
                                    let clearedColumns = Self.clearedColumns(cleared, row: y)
                                    for x in 0..<width where source[(y * width + x) * 4 + 3] != 0 {
                                        let pixel = y * width + x, i = pixel * 4
                                        guard selected[pixel] else {
                                            out[pixel] = screen[pixel]
                                            continue
                                        }
                                        let r = source[i], g = source[i + 1], b = source[i + 2]
                                        let index = cache.index(for: UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)) {
                                            palette.map.nearest(Int(r), Int(g), Int(b))
                                        }
                                        let color = palette.color(index)
                                        let shown = Self.shownError(source, pixel, shown: screen[pixel], cleared: clearedColumns.contains(x))
                                        if Float(Self.distance(source, i, color)) < shown {
                                            out[pixel] = color
                                            indices[pixel] = index
                                        } else {
                                            out[pixel] = screen[pixel]
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        recycled = (out, indices)
        var target = FrameDiff.Target(colors: out, indices: indices, transparent: palette.transparent,
                                      palette: palette.rgb, isLocal: true, source: pixels,
                                      tolerance: lossless ? 0 : lzwTolerance)
        target.drawsEveryPixel = found.drawsEveryPixel
        return target
    }

    /// Whether the global table `first` should draw this frame instead of its own full table `own`:
    /// the error it adds over the candidates (in ``fine``, which `own` was fitted to) is worth less than the bytes of
    /// `own` (``sharingWeighs``).
    private func shares(_ first: [UInt8], over own: [UInt8], samples: [Quantizer.Sample]) -> Bool {
        let extra = Self.totalError(samples, first) - Self.totalError(samples, own)
        return extra <= Self.sharingWeighs * Double(own.count)
    }

    /// How far the screen, showing `shown`, shows drawn pixel `pixel` of `source`: the squared RGB
    /// distance, or ``Quantizer/Sample/unlimited`` when it must be drawn (transparent on screen,
    /// or `cleared` by the previous frame's disposal).
    @inline(__always)
    static func shownError(_ source: UnsafeBufferPointer<UInt8>, _ pixel: Int, shown: UInt32, cleared: Bool) -> Float {
        shown == 0 || cleared ? Quantizer.Sample.unlimited : Float(distance(source, pixel * 4, shown))
    }

    /// The columns the disposal clears on row `y`, if any.
    @inline(__always)
    static func clearedColumns(_ cleared: GIF.Rect?, row y: Int) -> Range<Int> {
        guard let cleared, y >= cleared.y && y < cleared.y + cleared.height else { return 0..<0 }
        return cleared.x..<(cleared.x + cleared.width)
    }

    /// Rows per band when a frame's per-pixel passes are split over the cores: ~16 K pixels, so
    /// a 256² frame is worth splitting and an 80² one is not.
    static func bandRows(width: Int) -> Int { max(1, (1 << 14) / max(width, 1)) }

    @inline(__always)
    private static func distance(_ source: UnsafeBufferPointer<UInt8>, _ i: Int, _ color: UInt32) -> Int {
        let dr = Int(source[i]) - Int(color >> 16 & 0xFF)
        let dg = Int(source[i + 1]) - Int(color >> 8 & 0xFF)
        let db = Int(source[i + 2]) - Int(color & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
