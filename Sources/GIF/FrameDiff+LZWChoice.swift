import Basics
import Raster

/// The colour choice for LZW (``FrameDiff/Target/tolerance``): which index each pixel of a frame's
/// rectangle may take, and the indices ``LZWChooser`` picks among them.
extension FrameDiff {
    /// The indices of `rect` as ``LZWChooser`` picks them: a pixel that changes may take any
    /// index no further from its source than its own colour or its slack
    /// (``slack(_:at:x:y:width:height:tolerance:nearOpaque:)``), and never further than the screen shows
    /// it now; where the string's own index does not go on, the accepted one nearest the pixel's
    /// first choice is taken (least change on screen). A pixel that does not change stays
    /// transparent or takes an index of exactly the colour shown (so it never drifts). With the
    /// indices, the LZW codes the walk found for them (``LZWEncoder/Codes``).
    func chosenIndices(_ target: Target, in rect: GIF.Rect) -> (indices: [UInt8], codes: LZWEncoder.Codes) {
        canvas.withUnsafeBufferPointer { screen in
            Self.chosenIndices(target, in: rect, width: width, height: height, cleared: cleared, screen: screen)
        }
    }

    /// ``chosenIndices(_:in:)`` on a screen of `width` × `height` showing `base`, after the
    /// previous frame's disposal `cleared` what it lists; `reached` is told as the walk passes
    /// every `every`-th pixel of `rect` that the indices before it are final
    /// (``LZWChooser/choose(count:minCodeSize:preferred:cost:every:reached:)``).
    static func chosenIndices(_ target: Target, in rect: GIF.Rect, width: Int, height: Int,
                              cleared: (rect: GIF.Rect, shown: [UInt8])?, screen base: UnsafeBufferPointer<UInt32>,
                              every: Int = 0, reached: ((Int, UnsafeBufferPointer<UInt8>) -> Void)? = nil)
        -> (indices: [UInt8], codes: LZWEncoder.Codes) {
        let (transparent, tolerance) = (target.transparent, target.tolerance)
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
        return target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                target.source.withUnsafeBufferPointer { source in
                    table.withUnsafeBufferPointer { table in
                        bounds.withUnsafeMutableBufferPointer { boundsOut in
                            first.withUnsafeMutableBufferPointer { firstOut in
                                let shared = (UnsafeSendable(colors), UnsafeSendable(drawn), UnsafeSendable(source),
                                              UnsafeSendable(base), UnsafeSendable(table))
                                let nearOpaque = target.nearOpaque.map { (bits: $0, words: AlphaFlattener.rimWords(width: width)) }
                                let out = (UnsafeMutableSendable(boundsOut), UnsafeMutableSendable(firstOut))
                                ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                                    let (colors, drawn, source, base, table) = (shared.0.buffer, shared.1.buffer, shared.2.buffer,
                                                                                shared.3.buffer, shared.4.buffer)
                                    // Row by row, so a pixel's place costs no division (it was `k / rect.width`,
                                    // `k % rect.width` and, for soft pixels, `p % width` and `p / width`).
                                    for row in rows {
                                        let y = rect.y + row
                                        for column in 0..<rect.width {
                                            let k = row * rect.width + column, x = rect.x + column, p = y * width + x
                                            guard colors[p] != base[p] else { continue }
                                            let own = Self.error(colors[p], source, p)
                                            var slack = Self.slack(source, at: p, x: x, y: y, width: width, height: height,
                                                                   tolerance: tolerance, nearOpaque: nearOpaque)
                                            // (A slack no larger than `own` leaves the bound at `own` either way: then
                                            // the screen's error is not needed, which is every opaque pixel, whose slack is 0.)
                                            if slack > own && base[p] != 0 {
                                                // A pixel refined in place only ever moves towards its source (see
                                                // ``ColorRefiner``): closer than the screen shows it, or it would shimmer.
                                                slack = min(slack, Self.error(base[p], source, p).nextDown)
                                            }
                                            let bound = max(own, slack)
                                            // `bound` is ≥ 0 (so is `own`): truncation is the floor, without a call to libm's `floorf`.
                                            out.0.buffer[k] = UInt16(min(bound, 65535))
                                            out.1.buffer[k] = drawn[p]
                                            guard let (region, shown) = cleared else { continue }
                                            let (cx, cy) = (x - region.x, y - region.y)
                                            guard cx >= 0, cy >= 0, cx < region.width, cy < region.height else { continue }
                                            let before = shown[cy * region.width + cx]
                                            if before != transparent, Self.error(table[Int(before)], source, p) <= bound {
                                                out.1.buffer[k] = before
                                            }
                                        }
                                    }
                                }
                                let (bounds, first) = (boundsOut, firstOut)
                                // The chooser asks for one pixel's cost of several indices in a row: what they
                                // share — its place (two divisions), whether it changes, its source colour and
                                // visibility (a division), its bound, its first choice's colour — is found once,
                                // not per index; each cost is then computed as ``error(_:_:_:)`` computes it.
                                var (lastK, p, changed, visibility, bound) = (-1, 0, false, Float(0), Float(0))
                                var (red, green, blue, preferredColor) = (0, 0, 0, UInt32(0))
                                let chosen = LZWChooser.choose(count: rect.width * rect.height, minCodeSize: codeSize, preferred: { first[$0] },
                                                  cost: { k, index in
                                    if k != lastK {
                                        lastK = k
                                        p = pixel(k)
                                        changed = colors[p] != base[p]
                                        if changed {
                                            let i = p * 4
                                            (red, green, blue) = (Int(source[i]), Int(source[i + 1]), Int(source[i + 2]))
                                            visibility = AlphaFlattener.visibility(source[i + 3])
                                            bound = Float(bounds[k])
                                            preferredColor = table[Int(first[k])]
                                        }
                                    }
                                    if !changed {
                                        let keeps = index == transparent || (base[p] != 0 && Int(index) < entries && table[Int(index)] == base[p])
                                        return keeps ? 0 : .infinity
                                    }
                                    guard index != transparent, Int(index) < entries else { return .infinity }
                                    let color = table[Int(index)]
                                    let dr = red - Int(color >> 16 & 0xFF), dg = green - Int(color >> 8 & 0xFF), db = blue - Int(color & 0xFF)
                                    guard Float(dr * dr + dg * dg + db * db) * visibility <= bound else { return .infinity }
                                    // The accepted colour nearest the pixel's first choice: the least change on screen.
                                    return Float(Self.distance(color, preferredColor))
                                }, every: every, reached: reached)
                                return (chosen.indices, chosen.codes)
                            }
                        }
                    }
                }
            }
        }
    }

    /// ``chosenIndices(_:in:)`` on `side`, drawing each row of `rect` onto `screen` once the walk has
    /// passed it, while `beside(screen, rows)` runs on this thread (``ScreenRows`` tells it which
    /// rows are final). Returns once both are done.
    static func chooseBeside(_ target: Target, in rect: GIF.Rect, width: Int, height: Int,
                             cleared: (rect: GIF.Rect, shown: [UInt8])?, screen: UnsafeMutableBufferPointer<UInt32>,
                             side: SideThread, beside: (UnsafeBufferPointer<UInt32>, ScreenRows) -> Void)
        -> (indices: [UInt8], codes: LZWEncoder.Codes) {
        let rows = ScreenRows(drawing: rect)
        let (shared, palette, transparent) = (UnsafeMutableSendable(screen), target.palette, target.transparent)
        let result = ChosenIndices()
        // Rows of about 8 K pixels between reports: a row's lock and wake-up are then a small
        // part of its time.
        let every = rect.width * max(1, (1 << 13) / rect.width)
        side.run {
            var drawn = 0
            func draw(upTo end: Int, _ chosen: UnsafeBufferPointer<UInt8>) {
                guard end > drawn else { return }
                let screen = shared.buffer
                for y in drawn..<end {
                    let row = (rect.y + y) * width + rect.x
                    for x in 0..<rect.width where chosen[y * rect.width + x] != transparent {
                        let p = Int(chosen[y * rect.width + x]) * 3
                        screen[row + x] = 0xFF00_0000 | UInt32(palette[p]) << 16 | UInt32(palette[p + 1]) << 8 | UInt32(palette[p + 2])
                    }
                }
                drawn = end
                rows.publish(drawn)
            }
            let (indices, codes) = chosenIndices(target, in: rect, width: width, height: height, cleared: cleared,
                                                 screen: UnsafeBufferPointer(shared.buffer), every: every) { i, chosen in
                draw(upTo: i / rect.width, chosen)
            }
            indices.withUnsafeBufferPointer { draw(upTo: rect.height, $0) }
            (result.indices, result.codes) = (indices, codes)
        }
        beside(UnsafeBufferPointer(screen), rows)
        side.wait()
        return (result.indices, result.codes!)
    }

    /// The indices ``chooseBeside(_:in:width:height:cleared:screen:side:beside:)``'s side thread chose
    /// (read after it is done).
    private final class ChosenIndices: @unchecked Sendable {
        var indices: [UInt8] = []
        var codes: LZWEncoder.Codes?
    }

    /// How much error pixel `p` may be drawn with beyond its own (squared RGB distance to its
    /// source, times its visibility), at most the target's tolerance. Only a soft pixel away from
    /// opaque ones — one dot of a smoke's or a glow's pattern — gets any (the tolerance, `standard`'s
    /// ``softTolerance``).
    /// Opaque pixels and the rim of an opaque shape get none: the eye sees what they lose.
    /// (Opaque pixels used to get slack where their neighbours differed, in frames their table
    /// fitted loosely — fire, film grain. Measured on Benchmarks/gif-real, that cost the
    /// CodeManu knight's shaded sprite a mean FLIP of 1.22× ffmpeg's against 0.84× without, and
    /// flicker 1.93 against 1.58 (ffmpeg 1.60); Explosion00 0.75 → 0.72× ffmpeg's FLIP, flicker
    /// 0.71 → 0.65, for 12 % more bytes, still 0.90× ffmpeg's smallest GIF that loses no frame;
    /// the film 3 % more bytes, +0.3 dB.)
    @inline(__always)
    private static func slack(_ source: UnsafeBufferPointer<UInt8>, at p: Int, x: Int, y: Int, width: Int, height: Int,
                              tolerance: Float, nearOpaque: (bits: [UInt64], words: Int)?) -> Float {
        guard source[p * 4 + 3] != 255 else { return 0 }
        // One within two pixels of an opaque pixel is the rim of a shape, treated as opaque.
        if let nearOpaque {
            let near = !nearOpaque.bits.isEmpty && nearOpaque.bits[y * nearOpaque.words + x >> 6] >> UInt64(x & 63) & 1 != 0
            return near ? 0 : tolerance
        }
        for ny in max(0, y - 2)...min(height - 1, y + 2) {
            for nx in max(0, x - 2)...min(width - 1, x + 2) where source[(ny * width + nx) * 4 + 3] == 255 {
                return 0
            }
        }
        return tolerance
    }

    /// `standard`'s slack for a soft pixel away from opaque ones (weighted squared distance; the visibility
    /// weight lets a dot of faint smoke go further). Measured on Benchmarks/gif-real (bytes ×
    /// ffmpeg's smallest GIF that loses no frame / flicker added, ffmpeg's): the fading
    /// Explosion00 0.81 / 0.69 (0.72) at 100, 0.79 / 0.71 at 200; the 800² explosion 0.67 / 0.69 and
    /// 0.66 / 0.71 (0.72). Without it Explosion00 stays at 0.92.
    static let softTolerance: Float = 200
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
        // Unchecked reads and arithmetic: every entry of a full table is measured (a cleared
        // region's colours, on the moving dino 3 % of the CPU).
        table.withUnsafeBufferPointer { table in
            let (r, g, b) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
            for entry in 0..<table.count where entry != Int(skipping) {
                let other = table[entry]
                let dr = Int(other >> 16 & 0xFF) &- r, dg = Int(other >> 8 & 0xFF) &- g, db = Int(other & 0xFF) &- b
                let distance = dr &* dr &+ dg &* dg &+ db &* db
                if distance < bestDistance { (best, bestDistance) = (entry, distance) }
            }
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
