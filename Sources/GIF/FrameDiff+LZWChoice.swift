import Basics
import Raster

/// The colour choice for LZW (``FrameDiff/Target/tolerance``): which index each pixel of a frame's
/// rectangle may take, and the indices ``LZWChooser`` picks among them.
extension FrameDiff {
    /// The indices of `rect` as ``LZWChooser`` picks them: a pixel that changes may take any
    /// index no further from its source than its own colour or its slack
    /// (``slack(_:at:width:height:tolerance:loose:nearOpaque:)``), and never further than the screen shows
    /// it now; where the string's own index does not go on, the accepted one nearest the pixel's
    /// first choice is taken (least change on screen). A pixel that does not change stays
    /// transparent or takes an index of exactly the colour shown (so it never drifts).
    func chosenIndices(_ target: Target, in rect: GIF.Rect) -> [UInt8] {
        let (width, transparent, tolerance) = (self.width, target.transparent, target.tolerance)
        let entries = target.palette.count / 3
        var codeSize = 2
        while 1 << codeSize < entries { codeSize += 1 }
        let table = Self.table(target)
        @inline(__always) func pixel(_ k: Int) -> Int { (rect.y + k / rect.width) * width + rect.x + k % rect.width }
        let count = rect.width * rect.height
        // How far (weighted squared distance to its source) each changing pixel may be drawn, and
        // its first choice: the entry nearest the colour it showed before its region was cleared,
        // where that is within its bound (a redraw that changes nothing flickers nothing), else its own.
        // (Whole squared levels, rounded down, at most 65 535: two bytes a pixel.)
        var bounds = [UInt16](repeating: 0, count: count)
        var first = [UInt8](repeating: transparent, count: count)
        let (height, cleared) = (self.height, self.cleared)
        return target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                target.source.withUnsafeBufferPointer { source in
                    canvas.withUnsafeBufferPointer { base in
                        table.withUnsafeBufferPointer { table in
                            bounds.withUnsafeMutableBufferPointer { boundsOut in
                                first.withUnsafeMutableBufferPointer { firstOut in
                                    // Opaque pixels get slack only in a frame its table fits loosely
                                    // (fire, film): where it fits closely (a shaded sprite) the eye
                                    // sees every level it loses.
                                    let shared = (UnsafeSendable(colors), UnsafeSendable(drawn), UnsafeSendable(source),
                                                  UnsafeSendable(base), UnsafeSendable(table))
                                    let loose = Self.fitsLoosely(rect, width: width, colors: shared.0, source: shared.2, screen: shared.3)
                                    let nearOpaque = target.nearOpaque.map { (bits: $0, words: AlphaFlattener.rimWords(width: width)) }
                                    let out = (UnsafeMutableSendable(boundsOut), UnsafeMutableSendable(firstOut))
                                    ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                                        let (colors, drawn, source, base, table) = (shared.0.buffer, shared.1.buffer, shared.2.buffer,
                                                                                    shared.3.buffer, shared.4.buffer)
                                        for k in (rows.lowerBound * rect.width)..<(rows.upperBound * rect.width) {
                                            let p = (rect.y + k / rect.width) * width + rect.x + k % rect.width
                                            guard colors[p] != base[p] else { continue }
                                            let own = Self.error(colors[p], source, p)
                                            var slack = Self.slack(source, at: p, width: width, height: height,
                                                                   tolerance: tolerance, loose: loose, nearOpaque: nearOpaque)
                                            if base[p] != 0 {
                                                // A pixel refined in place only ever moves towards its source (see
                                                // ``ColorRefiner``): closer than the screen shows it, or it would shimmer.
                                                slack = min(slack, Self.error(base[p], source, p).nextDown)
                                            }
                                            let bound = max(own, slack)
                                            out.0.buffer[k] = UInt16(min(bound.rounded(.down), 65535))
                                            out.1.buffer[k] = drawn[p]
                                            guard let (region, shown) = cleared else { continue }
                                            let (x, y) = (p % width - region.x, p / width - region.y)
                                            guard x >= 0, y >= 0, x < region.width, y < region.height else { continue }
                                            let before = shown[y * region.width + x]
                                            if before != transparent, Self.error(table[Int(before)], source, p) <= bound {
                                                out.1.buffer[k] = before
                                            }
                                        }
                                    }
                                    let (bounds, first) = (boundsOut, firstOut)
                                    return LZWChooser.choose(count: rect.width * rect.height, minCodeSize: codeSize, preferred: { first[$0] },
                                                      cost: { k, index in
                                        let p = pixel(k)
                                        if colors[p] == base[p] {
                                            let keeps = index == transparent || (base[p] != 0 && Int(index) < entries && table[Int(index)] == base[p])
                                            return keeps ? 0 : .infinity
                                        }
                                        guard index != transparent, Int(index) < entries,
                                              Self.error(table[Int(index)], source, p) <= Float(bounds[k]) else { return .infinity }
                                        // The accepted colour nearest the pixel's first choice: the least change on screen.
                                        return Float(Self.distance(table[Int(index)], table[Int(first[k])]))
                                    }).indices
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the opaque pixels of `rect` that change are drawn, on average, at least
    /// ``looseFit`` from their source (an exact mean: whole squared distances, summed in bands of
    /// rows on all cores).
    private static func fitsLoosely(_ rect: GIF.Rect, width: Int, colors: UnsafeSendable<UInt32>,
                                    source: UnsafeSendable<UInt8>, screen: UnsafeSendable<UInt32>) -> Bool {
        let bands = rect.width * rect.height >= 1 << 15 ? ParallelLoop.machineCores : 1
        // Per band: summed squared distance, pixels.
        var sums = [Int](repeating: 0, count: bands * 2)
        sums.withUnsafeMutableBufferPointer { sums in
            let out = UnsafeMutableSendable(sums)
            ParallelLoop.chunks(bands, minimum: 1) { range in
                let (colors, source, screen) = (colors.buffer, source.buffer, screen.buffer)
                for band in range {
                    var total = 0, opaque = 0
                    for y in (rect.y + rect.height * band / bands)..<(rect.y + rect.height * (band + 1) / bands) {
                        for p in (y * width + rect.x)..<(y * width + rect.x + rect.width)
                        where colors[p] != screen[p] && source[p * 4 + 3] == 255 {
                            total += distance(colors[p], 0xFF00_0000 | UInt32(source[p * 4]) << 16
                                              | UInt32(source[p * 4 + 1]) << 8 | UInt32(source[p * 4 + 2]))
                            opaque += 1
                        }
                    }
                    (out.buffer[band * 2], out.buffer[band * 2 + 1]) = (total, opaque)
                }
            }
        }
        var total = 0, opaque = 0
        for band in stride(from: 0, to: sums.count, by: 2) {
            total += sums[band]
            opaque += sums[band + 1]
        }
        return opaque > 0 && Double(total) >= Double(looseFit) * Double(opaque)
    }

    /// How much error pixel `p` may be drawn with beyond its own (squared RGB distance to its
    /// source, times its visibility), at most the target's tolerance. A soft pixel is one dot of
    /// a pattern and gets the tolerance. An opaque pixel gets ``masking`` times the squared
    /// distance to the closest of its four neighbours: fire and grain, where every neighbour
    /// differs, mask a colour some levels off; a smooth gradient, a flat area or an outline
    /// (whose neighbours along it match) does not, and gets almost none.
    private static func slack(_ source: UnsafeBufferPointer<UInt8>, at p: Int, width: Int, height: Int,
                              tolerance: Float, loose: Bool, nearOpaque: (bits: [UInt64], words: Int)?) -> Float {
        let (x, y) = (p % width, p / width)
        if source[p * 4 + 3] != 255 {
            // A soft pixel away from opaque ones (smoke, a glow) is one dot of a pattern; one
            // within two pixels of an opaque pixel is the rim of a shape, treated as opaque.
            if let nearOpaque {
                let near = !nearOpaque.bits.isEmpty && nearOpaque.bits[y * nearOpaque.words + x >> 6] >> UInt64(x & 63) & 1 != 0
                return near ? 0 : min(softTolerance, tolerance)
            }
            for ny in max(0, y - 2)...min(height - 1, y + 2) {
                for nx in max(0, x - 2)...min(width - 1, x + 2) where source[(ny * width + nx) * 4 + 3] == 255 {
                    return 0
                }
            }
            return min(softTolerance, tolerance)
        }
        guard loose else { return 0 }
        var closest = Int.max
        for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (nx, ny) = (x + dx, y + dy)
            guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
            let n = (ny * width + nx) * 4
            guard source[n + 3] != 0 else { continue }
            let dr = Int(source[p * 4]) - Int(source[n]), dg = Int(source[p * 4 + 1]) - Int(source[n + 1])
            let db = Int(source[p * 4 + 2]) - Int(source[n + 2])
            closest = min(closest, dr * dr + dg * dg + db * db)
        }
        return closest == Int.max ? 0 : min(Float(closest) * masking, tolerance)
    }

    /// The slack of a soft pixel away from opaque ones (weighted squared distance; the visibility
    /// weight lets a dot of faint smoke go further). Measured on Benchmarks/gif-real (bytes ×
    /// ffmpeg's smallest GIF that loses no frame / flicker added, ffmpeg's): the fading
    /// Explosion00 0.81 / 0.69 (0.72) at 100, 0.79 / 0.71 at 200; the 800² explosion 0.67 / 0.69 and
    /// 0.66 / 0.71 (0.72). Without it Explosion00 stays at 0.92.
    static let softTolerance: Float = 200
    /// Mean squared distance (opaque pixels to their own colours) from which a frame's table
    /// counts as a loose fit and its opaque pixels get slack. Measured: the shaded dino's frames
    /// are fitted at 5.5–6 (its mean FLIP moved from 0.79× ffmpeg's to 0.84–0.93× with any opaque
    /// slack); the fire of Explosion00 at up to 37 (median 15), the film at up to 21.
    static let looseFit: Float = 10
    /// An opaque pixel's slack, as a multiple of the squared distance to its closest neighbour:
    /// 16 lets a colour move up to four times the step to its nearest neighbour.
    static let masking: Float = 16

    /// A target's palette colours as the canvas holds them (`0xFFRRGGBB`).
    static func table(_ target: Target) -> [UInt32] {
        (0..<(target.palette.count / 3)).map { entry in
            0xFF00_0000 | UInt32(target.palette[entry * 3]) << 16 | UInt32(target.palette[entry * 3 + 1]) << 8
                | UInt32(target.palette[entry * 3 + 2])
        }
    }

    /// The entry of `table` nearest to `color`, other than `skipping` (the transparent one).
    static func nearestEntry(to color: UInt32, in table: [UInt32], skipping: UInt8) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for entry in table.indices where entry != Int(skipping) {
            let distance = distance(table[entry], color)
            if distance < bestDistance { (best, bestDistance) = (entry, distance) }
        }
        return UInt8(best)
    }

    /// Squared RGB distance between two colours (`0xFFRRGGBB`).
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }

    /// Squared RGB distance from `color` to pixel `p` of flattened `source`, times the pixel's visibility.
    @inline(__always)
    private static func error(_ color: UInt32, _ source: UnsafeBufferPointer<UInt8>, _ p: Int) -> Float {
        let i = p * 4
        let dr = Int(source[i]) - Int(color >> 16 & 0xFF)
        let dg = Int(source[i + 1]) - Int(color >> 8 & 0xFF)
        let db = Int(source[i + 2]) - Int(color & 0xFF)
        return Float(dr * dr + dg * dg + db * db) * AlphaFlattener.visibility(source[i + 3])
    }
}
