import Basics
import Foundation
import Raster

/// Turns queued paints into surface pixels and the surface into straight RGBA8, in bands of rows
/// on all cores for large canvases: the work behind ``Canvas``'s fills, strokes and
/// ``Canvas/makeBitmap()``.
enum Compositor {
    /// `paints`, in order, onto the `width × height` surface: bands of rows on all cores when the
    /// canvas is large (each band composites every paint over its own rows, so the result is the
    /// same whatever the number of bands).
    static func composite(_ paints: [PendingPaint], onto surface: UnsafeMutableSendable<SIMD4<Float>>, width: Int, height: Int,
                          bands: Int?, scratch: inout Rasterizer.Scratch) {
        let cores = width * height >= parallelArea ? ParallelLoop.machineCores : 1
        let bands = max(1, min(height, bands ?? cores))
        guard bands > 1 else {
            for paint in paints { paint.composite(onto: surface, width: width, height: height, band: nil, scratch: &scratch) }
            return
        }
        ParallelLoop.chunks(height, minimum: 0, most: bands) { rows in
            var scratch = Rasterizer.Scratch()
            for paint in paints { paint.composite(onto: surface, width: width, height: height, band: rows, scratch: &scratch) }
        }
    }

    /// Canvases of at least this many pixels composite, fill and round on all cores.
    static let parallelArea = 128 * 1024

    /// `count` copies of `value`.
    static func filled(_ value: SIMD4<Float>, count: Int) -> [SIMD4<Float>] {
        [SIMD4<Float>](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = UnsafeMutableSendable(buffer)
            ParallelLoop.chunks(count, minimum: parallelArea) { range in
                (target.buffer.baseAddress! + range.lowerBound).initialize(repeating: value, count: range.count)
            }
            initialized = count
        }
    }

    /// The surface rounded to straight RGBA8 into `pixels` (``PremultipliedFloat``, unit 1);
    /// pixels with no alpha on the surface keep the bytes `pixels` holds.
    static func round(_ surface: [SIMD4<Float>], into pixels: inout [UInt8]) {
        surface.withUnsafeBufferPointer { surface in
            pixels.withUnsafeMutableBufferPointer { out in
                let source = UnsafeSendable(surface), target = UnsafeMutableSendable(out)
                ParallelLoop.chunks(surface.count, minimum: parallelArea) { range in
                    source.buffer.withMemoryRebound(to: Float.self) { floats in
                        PremultipliedFloat.round(floats.baseAddress!, unit: 1, into: target.buffer.baseAddress!, pixels: range)
                    }
                }
            }
        }
    }
}

/// A fill or stroke waiting to be composited: its outline, premultiplied colour, rule and clip.
struct PendingPaint: Sendable {
    let raster: Rasterizer
    let source: SIMD4<Float>
    let opaque: Bool
    let rule: FillRule
    let clip: ClipMask?

    /// Source-over of the coverage onto the rows of `band` (all rows when `nil`).
    func composite(onto surface: UnsafeMutableSendable<SIMD4<Float>>, width: Int, height: Int, band: Range<Int>?,
                   scratch: inout Rasterizer.Scratch) {
        let source = self.source, opaque = self.opaque, clip = self.clip
        let pixels = surface.buffer.baseAddress!
        raster.fill(width: width, height: height, rule: rule, band: band, scratch: &scratch) { y, x, length, level in
            let row = pixels + (y * width + x)
            if let clip {
                clip.values.withUnsafeBufferPointer { mask in
                    let offset = y * width + x
                    for i in 0..<length {
                        let shown = level * UInt32(mask[offset + i])
                        if shown == 0 { continue }
                        let s = source * (Float(shown) * (1 / 65025))
                        row[i] = s + row[i] * (1 - s.w)
                    }
                }
            } else if level == 255 && opaque {
                row.update(repeating: source, count: length)
            } else {
                let s = level == 255 ? source : source * (Float(level) * (1 / 255))
                let inverse = 1 - s.w
                for i in 0..<length { row[i] = s + row[i] * inverse }
            }
        }
    }
}

/// Per-pixel clip coverage, 0 (hidden) … 255 (shown).
struct ClipMask: Sendable {
    let width: Int
    let height: Int
    var values: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [UInt8](repeating: 0, count: width * height)
    }

    /// Coverage times `other`'s, `round(a · b / 255)`.
    mutating func intersect(_ other: ClipMask) {
        for i in values.indices {
            let t = UInt32(values[i]) * UInt32(other.values[i]) + 128
            values[i] = UInt8((t + (t >> 8)) >> 8)
        }
    }
}
