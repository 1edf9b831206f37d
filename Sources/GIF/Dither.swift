import Basics
import Raster

extension GIF {
    /// How soft alpha becomes GIF's one-bit transparency.
    public enum AlphaMode: Sendable, Equatable {
        /// Alpha ≥ 128 is opaque, below is transparent. Faint content (smoke under alpha 128, the
        /// end of a fade) disappears whole.
        case threshold
        /// The default. Soft areas keep a share of their pixels equal to their alpha (less for light
        /// colours: the share of light they add, as an eye averages dots), in an ordered
        /// (Bayer) pattern fixed by position, so every visible frame stays visible; a pixel keeps
        /// its state until its share moves clearly past its level (no blinking where smoke drifts);
        /// alpha under 16 is dropped (a lone dot for it is grit, not haze); the anti-aliased rim of
        /// an opaque shape is cut on that light share (a clean edge). Colours of pixels
        /// kept from faint alpha are fitted in proportion to how much they show.
        case dither
        /// Composited onto this colour; every pixel opaque.
        case matte(Color)

        /// The least alpha a pixel needs to be drawn at all: 16 with `dither` (a dot for less is
        /// grit), 128 with `threshold`, 0 with a matte (every pixel is drawn).
        public var faintestDrawn: Int {
            switch self {
            case .dither: AlphaFlattener.faintest
            case .threshold: 128
            case .matte: 0
            }
        }
    }

    /// How colours between palette entries are rendered.
    public enum Dithering: String, Sendable, CaseIterable {
        /// Floyd–Steinberg error diffusion, serpentine, with the diffused error clamped.
        case floydSteinberg = "fs"
        /// An 8×8 Bayer pattern: stable from frame to frame by construction.
        case ordered
        /// Nearest colour only.
        case none
    }
}

/// Turns flattened pixels (``AlphaFlattener``) into palette indices with the chosen dithering.
enum Dither {
    /// The 8×8 Bayer matrix, values 0…63.
    static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Palette indices for flattened pixels. Ordered and no dithering depend only on the colour and
    /// the position, so static pixels keep their index by construction. For error diffusion, pixels
    /// equal to `previous`'s source keep its index (no shimmer) and take no part in the diffusion.
    static func indices(
        _ pixels: [UInt8], width: Int, height: Int, map: PaletteMap, transparent: UInt8,
        method: GIF.Dithering, strength: Double, previous: (pixels: [UInt8], indices: [UInt8])?
    ) -> [UInt8] {
        var out = [UInt8](repeating: transparent, count: width * height)
        switch method {
        case .none, .ordered:
            let spread = method == .ordered ? strength : 0
            let offsets = bayer.map { Int(((Double($0) + 0.5) / 64 - 0.5) * spread) }
            pixels.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { target in
                    // Every pixel's index depends only on its colour and place: bands of rows on all
                    // cores, each with its own caches, give the same indices as one pass.
                    let (source, target) = (UnsafeSendable(source), UnsafeMutableSendable(target))
                    ParallelLoop.chunks(height, minimum: max(2, (1 << 16) / max(width, 1))) { rows in
                        orderedRows(rows, source.buffer, into: target.buffer, width: width, map: map,
                                    offsets: offsets, exactWins: spread == 0)
                    }
                }
            }
        case .floydSteinberg:
            floydSteinberg(pixels, width: width, height: height, map: map, strength: strength, previous: previous, into: &out)
        }
        return out
    }

    /// Ordered (or no) dithering of `rows`: the nearest entry to the colour moved by the pattern's
    /// offset at each place; a colour the palette holds exactly is never dithered away from.
    private static func orderedRows(_ rows: Range<Int>, _ source: UnsafeBufferPointer<UInt8>,
                                    into target: UnsafeMutableBufferPointer<UInt8>, width: Int, map: PaletteMap,
                                    offsets: [Int], exactWins: Bool) {
        // Runs of one colour are common: remember the last colour's exact match.
        var lastColor = -1, lastIndex: UInt8 = 0, lastExact = false
        var cache = NearestCache()
        for y in rows {
            for x in 0..<width {
                let pixel = y * width + x, i = pixel * 4
                guard source[i + 3] != 0 else { continue }
                let r = Int(source[i]), g = Int(source[i + 1]), b = Int(source[i + 2])
                let color = r << 16 | g << 8 | b
                if color != lastColor {
                    lastColor = color
                    lastIndex = map.nearest(r, g, b)
                    lastExact = exactWins || map.isExact(lastIndex, r, g, b)
                }
                if lastExact {
                    target[pixel] = lastIndex
                    continue
                }
                let offset = offsets[(y & 7) << 3 | (x & 7)]
                // The same colour meets the same few offsets again and again (a shaded sprite
                // repeats its colours row after row): remember the answers.
                target[pixel] = cache.index(for: UInt64(color) << 9 | UInt64(offset + 256)) {
                    map.nearest(clamp(r + offset), clamp(g + offset), clamp(b + offset))
                }
            }
        }
    }

    @inline(__always)
    static func clamp(_ value: Int) -> Int { min(max(value, 0), 255) }

    /// Serpentine Floyd–Steinberg; each pixel's incoming error is clamped to ±`limit` so one bad
    /// match cannot streak across flat areas.
    private static func floydSteinberg(
        _ pixels: [UInt8], width: Int, height: Int, map: PaletteMap, strength: Double,
        previous: (pixels: [UInt8], indices: [UInt8])?, into out: inout [UInt8]
    ) {
        let limit: Float = 32
        let scale = Float(strength)
        var current = [Float](repeating: 0, count: (width + 2) * 3)
        var next = [Float](repeating: 0, count: (width + 2) * 3)
        let palette = map.palette
        for y in 0..<height {
            let leftToRight = y % 2 == 0
            for step in 0..<width {
                let x = leftToRight ? step : width - 1 - step
                let pixel = y * width + x, i = pixel * 4, e = (x + 1) * 3
                guard pixels[i + 3] != 0 else { continue }
                if let previous, previous.pixels[i] == pixels[i], previous.pixels[i + 1] == pixels[i + 1],
                   previous.pixels[i + 2] == pixels[i + 2], previous.pixels[i + 3] != 0 {
                    out[pixel] = previous.indices[pixel]
                    continue
                }
                let wanted = (0..<3).map { channel in
                    Float(pixels[i + channel]) + min(max(current[e + channel], -limit), limit)
                }
                let index = map.nearest(clamp(Int(wanted[0].rounded())), clamp(Int(wanted[1].rounded())), clamp(Int(wanted[2].rounded())))
                out[pixel] = index
                let forward = leftToRight ? 3 : -3
                for channel in 0..<3 {
                    let error = (wanted[channel] - Float(palette[Int(index) * 3 + channel])) * scale
                    current[e + forward + channel] += error * 7 / 16
                    next[e - forward + channel] += error * 3 / 16
                    next[e + channel] += error * 5 / 16
                    next[e + forward + channel] += error * 1 / 16
                }
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
    }
}
