import Raster

/// Turns each frame's soft alpha into GIF's one bit, frame after frame.
///
/// The result is straight RGBA8 where alpha 0 means transparent (0,0,0,0) and any other alpha
/// means drawn opaque — the alpha byte then keeps the source alpha that pixel stands for, its
/// *visibility* (``visibility(_:)``): a colour error at a pixel kept from alpha 40 is seen about
/// 40/255 as strongly once the dither pattern averages out, so palettes and redraws weigh it so.
///
/// With ``GIF/AlphaMode/dither`` a pixel is kept when its share (its alpha, or less for light
/// colours: ``ditherShare(alpha:_:_:_:)``) passes its place's level in an 8×8 Bayer matrix, so a
/// region of share s keeps about s/255 of its pixels, in a pattern fixed
/// by position: where the source holds still, so does the pattern. Where the source alpha drifts
/// a little from frame to frame (smoke), a pixel near its level would blink on and off; a
/// pixel's previous state is kept until its alpha leaves a band of ±``hysteresis`` around its
/// level, so a pixel changes only when the source really moved.
///
/// Alpha under ``faintest`` is dropped: a dot that stands for less than 6 % coverage is grit, not
/// haze.
///
/// The anti-aliased rim of an opaque shape (soft pixels within ``rimRadius`` of an opaque one) is
/// cut instead (at ``rimCut``): dithered, a one- or two-pixel rim turns into a ragged, broken
/// outline, while the cut keeps the shape's edge clean. Soft areas away from opaque pixels —
/// smoke, glows, fading strokes — are dithered.
///
/// Both the dither and the cut count a pixel's share in light (``lightShare(alpha:_:_:_:)``), not
/// its alpha: a pattern of dots is seen as the average of its light, while a browser blends alpha
/// on sRGB values, so a white dot at alpha 71 (a dim grey over black) keeps 6 % of its place, not
/// 28 %, and a dark outline's soft edge over white is kept down to alpha 91.
struct AlphaFlattener {
    /// Levels a dithered pixel's share (its alpha, or its light share) must move past its threshold before its state
    /// changes (at most half the way to 0 or 255). Measured on the gif-real corpus (mean FLIP ×
    /// ffmpeg's / flicker added, explosion · long smoke · faint smoke): 0 → 0.74 · 0.77 · 0.80 /
    /// 0.75 · 1.00 · 0.54; 12 → 0.74 · 0.80 · 0.82 / 0.62 · 0.71 · 0.32; 24 → 0.72 · 0.82 · 0.84 /
    /// 0.57 · 0.62 · 0.25 (ffmpeg: 0.72 · 0.86 · 0.21, the last with the smoke gone). 12 brings the
    /// flicker under ffmpeg's for the cost of a little coverage lag.
    static let hysteresis = 12

    /// The lowest alpha the dither keeps: below it a pixel is transparent. A kept pixel is a
    /// full-strength dot, and dots standing for alpha under 16 (6 %) show as grit over a dark page
    /// where the source shows almost nothing. Measured on the gif-real corpus (mean FLIP, bytes):
    /// faint smoke 0.0283 → 0.0267 and −10 %, long smoke 0.0325 → 0.0305 and −7 %, the spinner
    /// 0.1184 → 0.1174, the explosion 0.0578 → 0.0580 and −1 %. 24 and 32 gain a little more but
    /// drop pixels the benchmark counts as visible (alpha ≥ 16).
    static let faintest = 16

    /// How far (in pixels, along both axes) from an opaque pixel a soft pixel counts as its rim.
    static let rimRadius = 2

    /// A rim pixel is kept when its ``lightShare(alpha:_:_:_:)`` reaches this many levels (of
    /// 255). The share, not the alpha: a dark outline's soft edge over white reads as thick as
    /// its light says, so it is kept down to alpha 91 (the cut at alpha 128 drew the outline over
    /// white thinner and stair-stepped), and a white shape's edge over black from alpha 208.
    /// Measured on the dino (mean FLIP / flicker added, ffmpeg 0.0109 / 0.473): alpha 128 →
    /// 0.0100 / 0.436; share 128 → 0.0086 / 0.52; 160 → 0.0087 / 0.495; 175 → 0.0091 / 0.471.
    static let rimCut = 160

    /// Levels (of the share) a rim pixel must move past ``rimCut`` before its state changes from
    /// the frame before. Measured on the dino with the cut at 160: 0 → FLIP 0.0087, flicker 0.495;
    /// 16 → 0.0088 / 0.480; 24 → 0.0090 / 0.471; 32 → 0.0091 / 0.466.
    static let rimHysteresis = 24

    let alpha: GIF.AlphaMode
    /// Which pixels the last frame kept, when states carry over (dither).
    private var previous: [UInt64]?

    /// A flattener for consecutive frames, called in order (hysteresis applies between calls);
    /// the static ``flatten(_:)`` flattens one frame on its own. `alpha` must be the mode the
    /// frames were prepared with.
    init(alpha: GIF.AlphaMode) {
        self.alpha = alpha
    }

    /// How strongly a colour error at a flattened pixel of alpha byte `alpha` is seen, 0…1: the
    /// square of the source alpha (errors are squared distances). A pixel kept opaque from a faint
    /// source alpha is one dot of a pattern whose average is what a viewer sees, so its colour may
    /// be off in proportion; fully opaque pixels weigh 1.
    @inline(__always)
    static func visibility(_ alpha: UInt8) -> Float {
        // 1 for an opaque pixel without the division (65025 / 65025 is exactly 1): the candidates'
        // test divided once for every pixel of a film (a fifth of that pass on the encoding thread).
        alpha == 255 ? 1 : Float(Int(alpha) * Int(alpha)) / 65025
    }

    /// A frame flattened as far as it can be without the frame before, on any thread
    /// (``prepare(_:alpha:edgeMatte:)``): every pixel is final except those whose share lies
    /// within the hysteresis band of their level, which keep the state they had in the frame
    /// before. Flattening on the decoding workers leaves only those few to the serial step.
    struct Prepared: Sendable {
        /// Flattened pixels (see ``AlphaFlattener``); an undecided pixel holds the colour it is
        /// drawn in if kept.
        var pixels: [UInt8]
        /// One bit per pixel (pixel p is bit p % 64 of word p / 64): kept for certain. Empty when no
        /// state carries over (modes other than dither).
        var kept: [UInt64]
        /// The undecided pixels, as `p << 1 | k`: pixel `p` is kept when it was kept in the frame
        /// before; `k` is 1 when it is kept in a frame with none before it.
        var undecided: [Int]
        /// ``rim(of:)`` of the frame (dither only; empty when it has no opaque pixel): which pixels
        /// lie within ``rimRadius`` of an opaque one, for the LZW choice's slack (``FrameDiff``).
        var rim: [UInt64] = []
        /// The frame's pixels as decoded (straight RGBA8), for telling how far a frame merged into
        /// the one before is from the frame shown in its place (``MergedFrames``).
        var source: [UInt8] = []
        /// Every pixel of the frame is opaque (nothing to flatten: a film, a screencast).
        var opaque = false
        /// ``FrameFacts`` of the frame, when the workers found them (`standard` and `high`).
        var facts: FrameFacts?
    }

    /// The part of flattening that needs no previous frame, for the decoding workers.
    /// `scale` is the frames' pixels per point (2 for `@2x`): from 2 on, the dither's dots are
    /// pixel pairs (``pairedLevels``).
    static func prepare(_ bitmap: consuming Bitmap, alpha: GIF.AlphaMode, edgeMatte: Color? = nil, scale: Int = 1) -> Prepared {
        let (width, height) = (bitmap.width, bitmap.height)
        let classes = bitmap.pixels.withUnsafeBufferPointer { AlphaClasses($0, width: width, height: height) }
        let (soft, clear) = (classes.anySoft || classes.anyFaint, classes.anyClear)
        let words = (width * height + 63) / 64
        guard soft || clear else {
            // Opaque (a screencast, a film): nothing to flatten; every pixel is kept.
            var kept = [UInt64](repeating: .max, count: alpha == .dither ? words : 0)
            if alpha == .dither, (width * height) % 64 != 0 { kept[words - 1] = (1 << UInt64((width * height) % 64)) - 1 }
            let pixels = bitmap.takePixels()
            return Prepared(pixels: pixels, kept: kept, undecided: [], source: pixels, opaque: true)
        }
        // The rim and the small shapes are about soft pixels only.
        let dithersSoft = alpha == .dither && soft
        let rim = dithersSoft ? Self.rim(of: classes) : []
        var pixels = bitmap.takePixels()
        let source = pixels   // flattened below in a copy of its own
        var kept = [UInt64](repeating: 0, count: alpha == .dither ? words : 0)
        var undecided: [Int] = []
        let levels = scale >= 2 ? Self.pairedLevels : Self.levels
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard alpha == .dither else {
                flattenRows(0..<height, pixels, width: width, alpha: alpha, edgeMatte: edgeMatte)
                return
            }
            rim.withUnsafeBufferPointer { rim in
                let shares = dithersSoft ? Self.shares(UnsafeBufferPointer(pixels), classes: classes, rim: rim) : []
                shares.withUnsafeBufferPointer { shares in
                    let shapes = dithersSoft
                        ? smallShapes(classes: classes, shares: shares, rim: rim, levels: levels, scale: scale)
                        : nil
                    kept.withUnsafeMutableBufferPointer { kept in
                        dither(pixels, classes: classes, rim: rim, shares: shares, shapes: shapes,
                               kept: kept, levels: levels, edgeMatte: edgeMatte) { undecided.append($0) }
                    }
                }
            }
        }
        return Prepared(pixels: pixels, kept: kept, undecided: undecided, rim: rim, source: source)
    }

    /// The flattened pixels of the next frame, made in the frame's own storage.
    mutating func flatten(_ frame: consuming Prepared) -> [UInt8] {
        let (pixels, kept) = Self.resolve(consume frame, previous: previous)
        if alpha == .dither { previous = kept }
        return pixels
    }

    /// One frame on its own, as the first frame of a sequence is flattened.
    static func flatten(_ frame: consuming Prepared) -> [UInt8] {
        resolve(frame, previous: nil).pixels
    }

    /// Decides the undecided pixels from `previous` (the kept bits of the frame before, `nil` for
    /// none): the pixels, and which are kept.
    private static func resolve(_ frame: consuming Prepared, previous: [UInt64]?) -> (pixels: [UInt8], kept: [UInt64]) {
        var pixels = frame.pixels, kept = frame.kept
        let undecided = frame.undecided
        _ = consume frame   // the pixels' only owner is now `pixels`: changed in place, not copied
        for entry in undecided {
            let pixel = entry >> 1
            let on = previous.map { $0[pixel >> 6] >> UInt64(pixel & 63) & 1 != 0 } ?? (entry & 1 != 0)
            if on {
                kept[pixel >> 6] |= 1 << UInt64(pixel & 63)
            } else {
                for channel in 0..<4 { pixels[pixel * 4 + channel] = 0 }
            }
        }
        return (pixels, kept)
    }

    /// Flattens `rows` in place for ``GIF/AlphaMode/threshold`` and ``GIF/AlphaMode/matte(_:)``
    /// (no state carries over; the dither is ``dither(_:classes:rim:shares:shapes:kept:levels:edgeMatte:undecided:)``).
    private static func flattenRows(_ rows: Range<Int>, _ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int,
                                    alpha: GIF.AlphaMode, edgeMatte: Color?) {
        let cut = alpha.faintestDrawn
        for y in rows {
            for x in 0..<width {
                let index = (y &* width &+ x) &* 4
                let a = Int(pixels[index + 3])
                guard a != 255 else { continue }   // opaque pixels pass through in every mode
                var matte = edgeMatte
                switch alpha {
                case .threshold:
                    if a < cut {
                        for channel in 0..<4 { pixels[index + channel] = 0 }
                        continue
                    }
                case .matte(let color): matte = color
                case .dither: preconditionFailure("the dither is flattened by dither(_:classes:…)")
                }
                if let matte {
                    // Over an opaque colour, rounded once: (c · a + m · (255 − a)) / 255.
                    blend(pixels, at: index, alpha: a, over: matte)
                }
            }
        }
    }

    /// Pixel `index / 4` of straight alpha `a` drawn over the opaque `matte`, rounded once:
    /// (c · a + m · (255 − a)) / 255, alpha 255.
    @inline(__always)
    static func blend(_ pixels: UnsafeMutableBufferPointer<UInt8>, at index: Int, alpha a: Int, over matte: Color) {
        let inverse = 255 - a
        pixels[index] = UInt8((Int(pixels[index]) * a + Int(matte.r) * inverse + 127) / 255)
        pixels[index + 1] = UInt8((Int(pixels[index + 1]) * a + Int(matte.g) * inverse + 127) / 255)
        pixels[index + 2] = UInt8((Int(pixels[index + 2]) * a + Int(matte.b) * inverse + 127) / 255)
        pixels[index + 3] = 255
    }

    /// The Bayer matrix as alpha levels × 128: a pixel of alpha a at place (x, y) is kept when
    /// a · 128 exceeds the level there.
    static let levels = Dither.bayer.map { ($0 * 2 + 1) * 255 }

    /// The pattern for frames of 2 and more pixels per point (`@2x`, `@3x`): the Bayer order of
    /// the even columns, each place shared by a horizontal pair of pixels (ranks 2k and 2k + 1), so
    /// a flat soft area keeps pixel pairs — at most one pair per 8×8 tile is split. On a Retina
    /// screen such a pair is half a point wide, finer than one pixel of a `@1x` frame; and GIF's
    /// LZW, which reads rows, finds runs of two where the Bayer pattern alternates pixel by pixel.
    /// Measured on Benchmarks/gif-real (`standard`): the `@2x` spinner 10,812 → 9,106 bytes
    /// (1.05 → 0.89× ffmpeg's), mean FLIP 0.44 → 0.48× ffmpeg's at 1:1 pixels, flicker unchanged.
    /// At `@1x` the same pattern saved 6–16 % on smoke and explosions for +0.5–1 % FLIP, but reads as
    /// horizontal hatching where the Bayer dots read as haze, so `@1x` frames keep the Bayer order.
    static let pairedLevels: [Int] = {
        // The Bayer values of the even columns, ranked 0…31 (row by row, 4 a row).
        let even: [Int] = (0..<32).map { (k: Int) -> Int in
            let row = k / 4, pair = k % 4
            return Dither.bayer[row * 8 + pair * 2]
        }
        var rank = [Int](repeating: 0, count: 32)
        for (position, place) in even.indices.sorted(by: { even[$0] < even[$1] }).enumerated() { rank[place] = position }
        return (0..<64).map { (place: Int) -> Int in
            let row = place / 8, column = place % 8
            let order: Int = 2 * rank[row * 4 + column / 2] + column % 2
            return (order * 2 + 1) * 255
        }
    }()

    /// Per pixel, whether an opaque pixel lies within ``rimRadius`` along both axes (a square
    /// neighbourhood), as bits (see ``Prepared/rim``): each row's opaque pixels as words of 64,
    /// widened by shifts, then each row ORed with its neighbours. Empty when the frame has no
    /// opaque pixel (smoke, glows).
    static func rim(of bitmap: Bitmap) -> [UInt64] {
        rim(of: bitmap.pixels.withUnsafeBufferPointer { AlphaClasses($0, width: bitmap.width, height: bitmap.height) })
    }

    /// ``rim(of:)`` from the frame's opaque pixels as ``AlphaClasses`` found them.
    static func rim(of classes: AlphaClasses) -> [UInt64] {
        let (height, radius, words) = (classes.height, Self.rimRadius, classes.words)
        guard classes.anyOpaque else { return [] }
        let opaque = classes.opaque
        // Along each row: bit x is set when any of x − radius … x + radius was.
        var wide = [UInt64](repeating: 0, count: words * height)
        opaque.withUnsafeBufferPointer { opaque in
            wide.withUnsafeMutableBufferPointer { wide in
                for y in 0..<height {
                    let row = y * words
                    for word in 0..<words {
                        let value = opaque[row + word]
                        let before = word > 0 ? opaque[row + word - 1] : 0
                        let after = word + 1 < words ? opaque[row + word + 1] : 0
                        var result = value
                        for shift in 1...radius {
                            let k = UInt64(shift)
                            result |= value << k | before >> (64 - k)    // from the left
                            result |= value >> k | after << (64 - k)     // from the right
                        }
                        wide[row + word] = result
                    }
                }
            }
        }
        // Down each column: a row gets the rows within the radius above and below.
        var near = [UInt64](repeating: 0, count: words * height)
        wide.withUnsafeBufferPointer { wide in
            near.withUnsafeMutableBufferPointer { near in
                for y in 0..<height {
                    for other in max(0, y - radius)...min(height - 1, y + radius) {
                        for word in 0..<words { near[y * words + word] |= wide[other * words + word] }
                    }
                }
            }
        }
        return near
    }

    /// Words of 64 bits per row of a rim mask.
    @inline(__always)
    static func rimWords(width: Int) -> Int { (width + 63) / 64 }
}
