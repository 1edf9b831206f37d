import Raster

/// Turns each frame's soft alpha into GIF's one bit, frame after frame.
///
/// The result is straight RGBA8 where alpha 0 means transparent (0,0,0,0) and any other alpha
/// means drawn opaque — the alpha byte then keeps the source alpha that pixel stands for, its
/// *visibility* (``visibility(_:)``): a colour error at a pixel kept from alpha 40 is seen about
/// 40/255 as strongly once the dither pattern averages out, so palettes and redraws weigh it so.
///
/// With ``GIF/AlphaMode/dither`` a pixel is kept when its alpha passes its place's level in an
/// 8×8 Bayer matrix, so a region of alpha a keeps about a/255 of its pixels, in a pattern fixed
/// by position: where the source holds still, so does the pattern. Where the source alpha drifts
/// a little from frame to frame (smoke), a pixel near its level would blink on and off; a
/// pixel's previous state is kept until its alpha leaves a band of ±``hysteresis`` around its
/// level, so a pixel changes only when the source really moved.
///
/// Alpha under ``faintest`` is dropped: a dot that stands for less than 6 % coverage is grit, not
/// haze.
///
/// The anti-aliased rim of an opaque shape (soft pixels within ``rimRadius`` of an opaque one) is
/// cut at alpha 128 instead: dithered, a one- or two-pixel rim turns into a ragged, broken
/// outline, while the cut keeps the shape's edge clean. Soft areas away from opaque pixels —
/// smoke, glows, fading strokes — are dithered.
struct AlphaFlattener {
    /// Alpha levels a dithered pixel's alpha must move past its threshold before its state
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

    let alpha: GIF.AlphaMode
    let edgeMatte: Color?
    let width: Int
    /// The last frame's result, when states carry over (dither).
    private var previous: [UInt8]?
    private let carriesState: Bool

    /// `tracksFrames`: whether consecutive calls are consecutive frames (hysteresis applies);
    /// callers flattening frames out of order (on several threads) pass `false`.
    init(alpha: GIF.AlphaMode, edgeMatte: Color?, width: Int, tracksFrames: Bool) {
        self.alpha = alpha
        self.edgeMatte = edgeMatte
        self.width = width
        carriesState = tracksFrames && alpha == .dither
    }

    /// How strongly a colour error at a flattened pixel of alpha byte `alpha` is seen, 0…1: the
    /// square of the source alpha (errors are squared distances). A pixel kept opaque from a faint
    /// source alpha is one dot of a pattern whose average is what a viewer sees, so its colour may
    /// be off in proportion; fully opaque pixels weigh 1.
    @inline(__always)
    static func visibility(_ alpha: UInt8) -> Float {
        Float(Int(alpha) * Int(alpha)) / 65025   // exactly 1 at 255
    }

    /// The flattened pixels of the next frame, made in the bitmap's own storage.
    mutating func flatten(_ bitmap: consuming Bitmap) -> [UInt8] {
        let out = Self.flatten(bitmap, alpha: alpha, edgeMatte: edgeMatte, previous: previous)
        if carriesState { previous = out }
        return out
    }

    /// One frame, given the previous frame's result (`nil`: no state carried over), made in the
    /// bitmap's own storage (no copy when the caller hands the bitmap over).
    static func flatten(_ bitmap: consuming Bitmap, alpha: GIF.AlphaMode, edgeMatte: Color?, previous: [UInt8]?) -> [UInt8] {
        let width = bitmap.width
        let rim = alpha == .dither ? Self.rim(of: bitmap) : []
        var pixels = bitmap.takePixels()
        // In units of alpha·128 (the dither's comparison), the band each state must cross.
        let band = Self.hysteresis * 128
        pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                let a = Int(pixels[index + 3])
                guard a != 255 else {   // the common case: opaque pixels pass through in every mode
                    index += 4
                    continue
                }
                let opaque: Bool
                var matte = edgeMatte
                switch alpha {
                case .threshold: opaque = a >= 128
                case .dither:
                    let pixel = index / 4
                    if a < Self.faintest {
                        opaque = false
                        break
                    }
                    if rim[pixel] {
                        opaque = a >= 128
                        break
                    }
                    let level = (Dither.bayer[(pixel / width % 8) * 8 + pixel % width % 8] * 2 + 1) * 255
                    if let previous, a != 0 {
                        // Within half the way to 0 and to 255, so every level can still be left.
                        let margin = min(band, level / 2, (255 * 128 - level) / 2)
                        opaque = a * 128 > (previous[index + 3] != 0 ? level - margin : level + margin)
                    } else {
                        opaque = a * 128 > level
                    }
                case .matte(let color):
                    opaque = true
                    matte = color
                }
                if !opaque {
                    pixels[index] = 0
                    pixels[index + 1] = 0
                    pixels[index + 2] = 0
                    pixels[index + 3] = 0
                } else if let matte {
                    // Over an opaque colour, rounded once: (c · a + m · (255 − a)) / 255.
                    let inverse = 255 - a
                    pixels[index] = UInt8((Int(pixels[index]) * a + Int(matte.r) * inverse + 127) / 255)
                    pixels[index + 1] = UInt8((Int(pixels[index + 1]) * a + Int(matte.g) * inverse + 127) / 255)
                    pixels[index + 2] = UInt8((Int(pixels[index + 2]) * a + Int(matte.b) * inverse + 127) / 255)
                    pixels[index + 3] = 255
                }
                // Kept with its own colour: the alpha byte stays, as the pixel's visibility.
                index += 4
            }
        }
        return pixels
    }

    /// Per pixel, whether an opaque pixel lies within ``rimRadius`` along both axes (a square
    /// neighbourhood): a running count of opaque pixels along each row, then down each column.
    static func rim(of bitmap: Bitmap) -> [Bool] {
        let (width, height, radius) = (bitmap.width, bitmap.height, Self.rimRadius)
        var rows = [UInt8](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * width
                var count = 0
                // Opaque pixels in [x − radius, x + radius], kept as the window slides.
                for x in 0..<min(radius, width) where source[(row + x) * 4 + 3] == 255 { count += 1 }
                for x in 0..<width {
                    let entering = x + radius, leaving = x - radius - 1
                    if entering < width, source[(row + entering) * 4 + 3] == 255 { count += 1 }
                    if leaving >= 0, source[(row + leaving) * 4 + 3] == 255 { count -= 1 }
                    rows[row + x] = count > 0 ? 1 : 0
                }
            }
        }
        // The same down each column, all columns at once, row by row.
        var near = [Bool](repeating: false, count: width * height)
        var counts = [Int](repeating: 0, count: width)
        for y in 0..<min(radius, height) { for x in 0..<width { counts[x] += Int(rows[y * width + x]) } }
        for y in 0..<height {
            let entering = y + radius, leaving = y - radius - 1
            for x in 0..<width {
                if entering < height { counts[x] += Int(rows[entering * width + x]) }
                if leaving >= 0 { counts[x] -= Int(rows[leaving * width + x]) }
                near[y * width + x] = counts[x] > 0
            }
        }
        return near
    }
}
