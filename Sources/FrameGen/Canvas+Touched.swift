import Basics
import Raster

/// Where a canvas has been drawn on: a canvas starts as one colour everywhere, and every drawing
/// operation adds the box of device pixels it may change to ``Canvas/touchedBoxes`` (a few boxes,
/// so a bird and a title far apart do not make one box of most of the canvas). Outside them the
/// surface still holds the colour it started with, so ``Canvas/makeBitmap()`` rounds only the
/// boxes (the rest is that colour's one rounded pixel, repeated; a pixel in two boxes is rounded
/// twice to the same bytes), and compositing a clear layer onto a canvas visits only the box
/// around what was drawn on the layer. The output is the same, byte for byte, as rounding and
/// compositing every pixel.
extension Canvas {
    /// A box of device pixels: columns `x0 ..< x1`, rows `y0 ..< y1`, within the canvas.
    struct Box: Sendable, Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int

        /// The box of `columns × rows`, nil when either is empty.
        init?(columns: Range<Int>, rows: Range<Int>) {
            guard !columns.isEmpty, !rows.isEmpty else { return nil }
            x0 = columns.lowerBound; x1 = columns.upperBound; y0 = rows.lowerBound; y1 = rows.upperBound
        }

        /// The smallest box holding both.
        func union(_ other: Box) -> Box {
            var box = self
            box.x0 = min(x0, other.x0); box.y0 = min(y0, other.y0); box.x1 = max(x1, other.x1); box.y1 = max(y1, other.y1)
            return box
        }

        /// The pixels in both, nil when none.
        func intersection(_ other: Box) -> Box? {
            Box(columns: max(x0, other.x0)..<max(max(x0, other.x0), min(x1, other.x1)),
                rows: max(y0, other.y0)..<max(max(y0, other.y0), min(y1, other.y1)))
        }

        /// Whether every pixel of `other` is in this box.
        func contains(_ other: Box) -> Bool { x0 <= other.x0 && y0 <= other.y0 && x1 >= other.x1 && y1 >= other.y1 }

        /// The number of pixels.
        var area: Int { (x1 - x0) * (y1 - y0) }

        /// The columns of the box.
        var columns: Range<Int> { x0..<x1 }
        /// The rows of the box.
        var rows: Range<Int> { y0..<y1 }
    }

    /// Whether the surface started clear (all zero) and not from a bitmap: outside ``touched`` it
    /// is still all zero.
    var startsClear: Bool { base == nil && startColor == SIMD4<Float>() }

    /// The most boxes ``touchedBoxes`` keeps: past it the two whose union adds the fewest pixels
    /// are merged.
    static let maximumTouchedBoxes = 8

    /// One box around every pixel drawing may have changed (nil: none).
    var touched: Box? {
        guard var box = touchedBoxes.first else { return nil }
        for other in touchedBoxes.dropFirst() { box = box.union(other) }
        return box
    }

    /// Adds `columns × rows` (clamped to the canvas) to ``touchedBoxes``.
    mutating func touch(columns: Range<Int>, rows: Range<Int>) {
        guard var box = Box(columns: columns.clamped(to: 0..<pixelWidth), rows: rows.clamped(to: 0..<pixelHeight)) else { return }
        guard !touchedBoxes.contains(where: { $0.contains(box) }) else { return }
        // Boxes that overlap so much that one box around both holds no more pixels than the two
        // are one box (four stripes across the canvas are one box, not four rounded in turn).
        while let index = touchedBoxes.firstIndex(where: { box.union($0).area <= box.area + $0.area }) {
            box = box.union(touchedBoxes.remove(at: index))
        }
        touchedBoxes.append(box)
        guard touchedBoxes.count > Self.maximumTouchedBoxes else { return }
        var best = (0, 1), added = Int.max
        for i in touchedBoxes.indices {
            for j in touchedBoxes.indices where j > i {
                let union = touchedBoxes[i].union(touchedBoxes[j])
                let extra = union.area - touchedBoxes[i].area - touchedBoxes[j].area
                if extra < added { added = extra; best = (i, j) }
            }
        }
        let merged = touchedBoxes[best.0].union(touchedBoxes[best.1])
        touchedBoxes.remove(at: best.1)
        touchedBoxes[best.0] = merged
        touchedBoxes.removeAll { $0 != merged && merged.contains($0) }
    }

    /// Marks the whole canvas as drawn on.
    mutating func touchAll() { touch(columns: 0..<pixelWidth, rows: 0..<pixelHeight) }

    /// The surface rounded to straight RGBA8 (``PremultipliedFloat``, unit 1) for a canvas that
    /// started as one colour: that colour's rounded pixel everywhere, then the ``touchedBoxes``
    /// boxes rounded pixel by pixel from transparent black — the bytes rounding every pixel into
    /// zeros gives (a pixel drawn clear is transparent black, not the start colour).
    func roundTouched(_ surface: [SIMD4<Float>]) -> [UInt8] {
        var start: UInt32 = 0
        withUnsafeBytes(of: startColor) { color in
            withUnsafeMutableBytes(of: &start) { word in
                PremultipliedFloat.round(color.baseAddress!.assumingMemoryBound(to: Float.self), unit: 1,
                                         into: word.baseAddress!.assumingMemoryBound(to: UInt8.self), pixels: 0..<1)
            }
        }
        let count = surface.count
        var pixels: [UInt8]
        if start == 0 {
            pixels = [UInt8](repeating: 0, count: count * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { bytes, initialized in
                UnsafeMutableRawPointer(bytes.baseAddress!).bindMemory(to: UInt32.self, capacity: count).initialize(repeating: start, count: count)
                initialized = count * 4
            }
        }
        let width = pixelWidth, clearsFirst = start != 0
        surface.withUnsafeBufferPointer { surface in
            pixels.withUnsafeMutableBufferPointer { out in
                let source = UnsafeSendable(surface), target = UnsafeMutableSendable(out)
                for box in touchedBoxes {
                    let columns = box.columns
                    ParallelLoop.chunks(box.rows.count, minimum: max(1, Compositor.parallelArea / max(1, columns.count))) { chunk in
                        source.buffer.withMemoryRebound(to: Float.self) { floats in
                            for y in (box.y0 + chunk.lowerBound)..<(box.y0 + chunk.upperBound) {
                                // A drawn pixel left with no alpha (a copy of a clear layer) is
                                // transparent black, as on a canvas rounded from zeros.
                                if clearsFirst {
                                    (target.buffer.baseAddress! + (y * width + columns.lowerBound) * 4).update(repeating: 0, count: columns.count * 4)
                                }
                                Canvas.round(floats.baseAddress!, into: target.buffer.baseAddress!,
                                             pixels: (y * width + columns.lowerBound)..<(y * width + columns.upperBound))
                            }
                        }
                    }
                }
            }
        }
        return pixels
    }

    /// `PremultipliedFloat.round` (unit 1) of `pixels`, four pixels at a time: the same operations
    /// on each pixel in the lanes of SIMD vectors — each `Swift.min`/`Swift.max` written as the
    /// comparison it is, so NaN and signed zeros come out as they do there — and the same bytes.
    static func round(_ source: UnsafePointer<Float>, into target: UnsafeMutablePointer<UInt8>, pixels: Range<Int>) {
        let magic = SIMD4<Float>(repeating: 12_582_912)
        let words = UnsafeMutableRawPointer(target)
        var pixel = pixels.lowerBound
        while pixel + 4 <= pixels.upperBound {
            let p = UnsafeRawPointer(source + pixel * 4)
            let p0 = p.loadUnaligned(as: SIMD4<Float>.self), p1 = p.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self)
            let p2 = p.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self), p3 = p.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self)
            let w = SIMD4(p0.w, p1.w, p2.w, p3.w)
            // `guard w > 0 else { continue }`: those pixels keep their bytes.
            let drawn = w .> 0
            if !any(drawn) { pixel += 4; continue }
            // `alpha = min(w, 1) * 255`: `min(x, y)` is `y < x ? y : x`.
            let alpha = w.replacing(with: 1, where: 1 .< w) * 255
            let cleared = alpha .<= 0.5
            // `k = alpha >= 255 ? 255 : 255 / w`.
            let k = (255 / w).replacing(with: 255, where: alpha .>= 255)
            // `min(max(c · k, 0), 255)`: `max(x, y)` is `y >= x ? y : x`.
            @inline(__always) func clamped(_ c: SIMD4<Float>) -> SIMD4<UInt32> {
                var v = c * k
                v.replace(with: 0, where: 0 .>= v)
                v.replace(with: 255, where: 255 .< v)
                return unsafeBitCast(v + magic, to: SIMD4<UInt32>.self) & 0xFF
            }
            let r = clamped(SIMD4(p0.x, p1.x, p2.x, p3.x)), g = clamped(SIMD4(p0.y, p1.y, p2.y, p3.y))
            let b = clamped(SIMD4(p0.z, p1.z, p2.z, p3.z))
            let a = unsafeBitCast(alpha + magic, to: SIMD4<UInt32>.self) & 0xFF
            var word = (r | g &<< 8 | b &<< 16 | a &<< 24).replacing(with: 0, where: cleared)
            let old = words.loadUnaligned(fromByteOffset: pixel * 4, as: SIMD4<UInt32>.self)
            word.replace(with: old, where: .!drawn)
            words.storeBytes(of: word, toByteOffset: pixel * 4, as: SIMD4<UInt32>.self)
            pixel += 4
        }
        if pixel < pixels.upperBound { PremultipliedFloat.round(source, unit: 1, into: target, pixels: pixel..<pixels.upperBound) }
    }
}
