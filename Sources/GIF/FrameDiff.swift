import Raster

/// Turns full-screen images into the smallest frames that show them.
///
/// Works in colours (`0xFFRRGGBB` for opaque pixels, 0 for transparent), so consecutive frames may
/// use different palettes. Keeps what the screen shows and the last frame not yet written, whose
/// disposal is only known once the next frame is seen: it is set to "restore to background" (and its
/// rectangle grown) when the next frame needs pixels to become transparent again — GIF disposal acts
/// on a whole frame rectangle, so that rectangle is then redrawn. Each new frame is cropped to the
/// rectangle that changed, and unchanged pixels inside it are made transparent, which LZW compresses
/// to almost nothing. A frame identical to the screen is merged into the one before it.
struct FrameDiff {
    /// One frame to add: its colours, the palette indices that draw them, and that palette.
    struct Target {
        /// `0xFFRRGGBB`, or 0 for transparent.
        var colors: [UInt32]
        /// Palette index of each opaque pixel (ignored where transparent).
        var indices: [UInt8]
        /// The index that means "transparent" in this frame's palette.
        var transparent: UInt8
        /// The palette the indices refer to (RGB triples).
        var palette: [UInt8]
        /// Whether that palette is written as this frame's local table.
        var isLocal: Bool
        /// The flattened source pixels (see ``AlphaFlattener``) the colours stand for, when
        /// `tolerance` is above 0.
        var source: [UInt8] = []
        /// How much worse than its own colour a redrawn pixel may be drawn (squared RGB distance
        /// to its source, times its ``AlphaFlattener/visibility(_:)``) so that LZW finds longer
        /// strings (``LZWChooser``); 0 draws every pixel with its own index.
        var tolerance: Float = 0
    }

    let width: Int
    let height: Int
    /// What a decoder shows after the last added frame: `0xFFRRGGBB`, or 0 for transparent.
    private(set) var canvas: [UInt32]
    private var pending: GIF.IndexedFrame?
    /// The region the previous frame's disposal clears before the frame being added, and what it
    /// showed before (while that frame is added).
    private var cleared: (rect: GIF.Rect, shown: [UInt32])?
    /// Input frames folded into their predecessor because nothing changed.
    private(set) var mergedFrames = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds the next frame; returns the previous one once it is final.
    mutating func add(_ target: Target, delay: Int) -> GIF.IndexedFrame? {
        let colors = target.colors
        // Folded only while the sum still fits a GIF delay (a long frame stays split).
        if pending != nil && colors == canvas && pending!.delay + delay <= GIF.Timing.maximumDelay {
            pending!.delay += delay
            mergedFrames += 1
            return nil
        }
        // The screen is updated in place (it was a copy per frame: 3.7 MB at 720p).
        let width = self.width
        var ready = pending
        if var previous = ready {
            if let clear = bounds(colors, canvas, { $0 == 0 && $1 != 0 }) {
                previous = grown(previous, toInclude: clear)
                previous.disposal = .background
                let rect = previous.rect
                // What the cleared pixels showed, for a redraw that keeps their colours where it may.
                let keep = target.tolerance > 0
                var shown = [UInt32](repeating: 0, count: keep ? rect.width * rect.height : 0)
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) {
                        if keep { shown[(y - rect.y) * rect.width + x - rect.x] = canvas[y * width + x] }
                        canvas[y * width + x] = 0
                    }
                }
                if keep { cleared = (rect, shown) }
            } else {
                previous.disposal = .keep
            }
            ready = previous
        }
        defer { cleared = nil }

        let rect = bounds(colors, canvas, { $0 != $1 }) ?? GIF.Rect(x: 0, y: 0, width: 1, height: 1)
        let indices = target.tolerance > 0 && !target.source.isEmpty ? chosenIndices(target, in: rect)
                                                                       : ownIndices(target, in: rect)
        // The screen gets what the indices draw (the colours themselves, except for a kept static
        // colour the palette lacks, which is then drawn as its nearest, and colours chosen for LZW).
        let transparent = target.transparent
        target.palette.withUnsafeBufferPointer { palette in
            canvas.withUnsafeMutableBufferPointer { base in
                for y in 0..<rect.height {
                    let row = (rect.y + y) * width + rect.x
                    for x in 0..<rect.width where indices[y * rect.width + x] != transparent {
                        let p = Int(indices[y * rect.width + x]) * 3
                        base[row + x] = 0xFF00_0000 | UInt32(palette[p]) << 16 | UInt32(palette[p + 1]) << 8 | UInt32(palette[p + 2])
                    }
                }
            }
        }
        pending = GIF.IndexedFrame(rect: rect, indices: indices, localPalette: target.isLocal ? target.palette : nil,
                                   transparentIndex: Int(target.transparent), delay: delay, disposal: .keep)
        return ready
    }

    /// Each pixel of `rect` drawn with its own index where it changes, transparent where not.
    private func ownIndices(_ target: Target, in rect: GIF.Rect) -> [UInt8] {
        var indices = [UInt8](repeating: target.transparent, count: rect.width * rect.height)
        target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                canvas.withUnsafeBufferPointer { base in
                    for y in 0..<rect.height {
                        let row = (rect.y + y) * width + rect.x
                        for x in 0..<rect.width where colors[row + x] != base[row + x] {
                            indices[y * rect.width + x] = drawn[row + x]
                        }
                    }
                }
            }
        }
        return indices
    }

    /// The indices of `rect` as ``LZWChooser`` picks them: a pixel that changes may take any
    /// index no further from its source than its own colour or its ``slack(_:at:)``; one that
    /// does not change stays transparent or takes an index of exactly the colour shown (so it
    /// never drifts).
    private func chosenIndices(_ target: Target, in rect: GIF.Rect) -> [UInt8] {
        let (width, transparent, tolerance) = (self.width, target.transparent, target.tolerance)
        let entries = target.palette.count / 3
        var codeSize = 2
        while 1 << codeSize < entries { codeSize += 1 }
        // Palette colours as the canvas holds them.
        let table: [UInt32] = (0..<entries).map { entry in
            0xFF00_0000 | UInt32(target.palette[entry * 3]) << 16 | UInt32(target.palette[entry * 3 + 1]) << 8
                | UInt32(target.palette[entry * 3 + 2])
        }
        @inline(__always) func pixel(_ k: Int) -> Int { (rect.y + k / rect.width) * width + rect.x + k % rect.width }
        let count = rect.width * rect.height
        // How far (weighted squared distance to its source) each changing pixel may be drawn, and
        // its first choice: the entry nearest the colour it showed before its region was cleared,
        // where that is within its bound (a redraw that changes nothing flickers nothing), else its own.
        var bounds = [Float](repeating: 0, count: count)
        var first = [UInt8](repeating: transparent, count: count)
        let (height, cleared) = (self.height, self.cleared)
        target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                target.source.withUnsafeBufferPointer { source in
                    canvas.withUnsafeBufferPointer { base in
                        table.withUnsafeBufferPointer { table in
                            bounds.withUnsafeMutableBufferPointer { boundsOut in
                                first.withUnsafeMutableBufferPointer { firstOut in
                                    // Opaque pixels get slack only in a frame its table fits loosely
                                    // (fire, film): where it fits closely (a shaded sprite) the eye
                                    // sees every level it loses.
                                    var total: Float = 0, opaque = 0
                                    for k in 0..<count {
                                        let p = pixel(k)
                                        guard colors[p] != base[p], source[p * 4 + 3] == 255 else { continue }
                                        total += Self.error(colors[p], source, p)
                                        opaque += 1
                                    }
                                    let loose = opaque > 0 && total / Float(opaque) >= Self.looseFit
                                    let shared = (UnsafeSendable(colors), UnsafeSendable(drawn), UnsafeSendable(source),
                                                  UnsafeSendable(base), UnsafeSendable(table))
                                    let out = (UnsafeMutableSendable(boundsOut), UnsafeMutableSendable(firstOut))
                                    ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                                        let (colors, drawn, source, base, table) = (shared.0.buffer, shared.1.buffer, shared.2.buffer,
                                                                                    shared.3.buffer, shared.4.buffer)
                                        var nearest = NearestCache()
                                        for k in (rows.lowerBound * rect.width)..<(rows.upperBound * rect.width) {
                                            let p = (rect.y + k / rect.width) * width + rect.x + k % rect.width
                                            guard colors[p] != base[p] else { continue }
                                            let own = Self.error(colors[p], source, p)
                                            var slack = Self.slack(source, at: p, width: width, height: height,
                                                                   tolerance: tolerance, loose: loose)
                                            if base[p] != 0 {
                                                // A pixel refined in place only ever moves towards its source (see
                                                // ``ColorRefiner``): closer than the screen shows it, or it would shimmer.
                                                slack = min(slack, Self.error(base[p], source, p).nextDown)
                                            }
                                            let bound = max(own, slack)
                                            out.0.buffer[k] = bound
                                            out.1.buffer[k] = drawn[p]
                                            guard let (region, shown) = cleared else { continue }
                                            let (x, y) = (p % width - region.x, p / width - region.y)
                                            guard x >= 0, y >= 0, x < region.width, y < region.height else { continue }
                                            let color = shown[y * region.width + x]
                                            guard color != 0 else { continue }
                                            let before = nearest.index(for: UInt64(color)) {
                                                var best = 0, bestDistance = Int.max
                                                for entry in 0..<entries where entry != Int(transparent) {
                                                    let distance = Self.distance(table[entry], color)
                                                    if distance < bestDistance { (best, bestDistance) = (entry, distance) }
                                                }
                                                return UInt8(best)
                                            }
                                            if Self.error(table[Int(before)], source, p) <= bound { out.1.buffer[k] = before }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                target.source.withUnsafeBufferPointer { source in
                    canvas.withUnsafeBufferPointer { base in
                        table.withUnsafeBufferPointer { table in
                            bounds.withUnsafeBufferPointer { bounds in
                            first.withUnsafeBufferPointer { first in
                            LZWChooser.choose(count: rect.width * rect.height, minCodeSize: codeSize, preferred: { first[$0] },
                                              cost: { k, index in
                                let p = pixel(k)
                                if colors[p] == base[p] {
                                    let keeps = index == transparent || (base[p] != 0 && Int(index) < entries && table[Int(index)] == base[p])
                                    return keeps ? 0 : .infinity
                                }
                                guard index != transparent, Int(index) < entries,
                                      Self.error(table[Int(index)], source, p) <= bounds[k] else { return .infinity }
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

    /// How much error pixel `p` may be drawn with beyond its own (squared RGB distance to its
    /// source, times its visibility), at most the target's tolerance. A soft pixel is one dot of
    /// a pattern and gets the tolerance. An opaque pixel gets ``masking`` times the squared
    /// distance to the closest of its four neighbours: fire and grain, where every neighbour
    /// differs, mask a colour some levels off; a smooth gradient, a flat area or an outline
    /// (whose neighbours along it match) does not, and gets almost none.
    private static func slack(_ source: UnsafeBufferPointer<UInt8>, at p: Int, width: Int, height: Int,
                              tolerance: Float, loose: Bool) -> Float {
        let (x, y) = (p % width, p / width)
        if source[p * 4 + 3] != 255 {
            // A soft pixel away from opaque ones (smoke, a glow) is one dot of a pattern; one
            // within two pixels of an opaque pixel is the rim of a shape, treated as opaque.
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

    /// Squared RGB distance between two colours (`0xFFRRGGBB`).
    @inline(__always)
    private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
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


    /// The rectangle the previous frame's disposal will clear to transparent before a frame is drawn
    /// whose transparent pixels are those where `isTransparent(pixel)` holds, or `nil` when nothing
    /// needs clearing — the pixels in it must be drawn again if they are to stay.
    func regionCleared(where isTransparent: (Int) -> Bool) -> GIF.Rect? {
        guard let pending else { return nil }
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where canvas[y * width + x] != 0 && isTransparent(y * width + x) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Self.union(pending.rect, GIF.Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }

    /// The last frame.
    mutating func finish() -> GIF.IndexedFrame? {
        defer { pending = nil }
        return pending
    }

    /// The bounding box of the pixels where `predicate(target, screen)` holds, or `nil` when none does.
    private func bounds(_ target: [UInt32], _ screen: [UInt32], _ predicate: (UInt32, UInt32) -> Bool) -> GIF.Rect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        target.withUnsafeBufferPointer { target in
            screen.withUnsafeBufferPointer { screen in
                for y in 0..<height {
                    let row = y * width
                    var first = -1, last = -1
                    for x in 0..<width where predicate(target[row + x], screen[row + x]) {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    if minY == height { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return GIF.Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// `frame` with its rectangle grown to cover `rect`; the new area draws nothing.
    private func grown(_ frame: GIF.IndexedFrame, toInclude rect: GIF.Rect) -> GIF.IndexedFrame {
        let old = frame.rect
        let union = Self.union(old, rect)
        guard union != old else { return frame }
        let (x0, y0) = (union.x, union.y)
        let transparent = UInt8(frame.transparentIndex ?? 0)
        var indices = [UInt8](repeating: transparent, count: union.width * union.height)
        for y in 0..<old.height {
            for x in 0..<old.width {
                indices[(old.y - y0 + y) * union.width + old.x - x0 + x] = frame.indices[y * old.width + x]
            }
        }
        var result = frame
        result.rect = union
        result.indices = indices
        return result
    }

    /// The smallest rectangle holding both.
    private static func union(_ a: GIF.Rect, _ b: GIF.Rect) -> GIF.Rect {
        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
        return GIF.Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
