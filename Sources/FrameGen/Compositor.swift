import Dispatch
import Foundation
import Raster

/// Turns queued paints into surface pixels and the surface into straight RGBA8, in bands of rows
/// on all cores for large canvases: the work behind ``Canvas``'s fills, strokes and
/// ``Canvas/makeBitmap()``.
enum Compositor {
    /// `paints`, in order, onto the `width × height` surface: bands of rows on all cores when the
    /// canvas is large (each band composites every paint over its own rows, so the result is the
    /// same whatever the number of bands).
    static func composite(_ paints: [PendingPaint], onto pixels: SurfacePointer, width: Int, height: Int,
                          bands: Int?, scratch: inout Rasterizer.Scratch) {
        let cores = width * height >= parallelArea ? ProcessInfo.processInfo.activeProcessorCount : 1
        let bands = max(1, min(height, bands ?? cores))
        guard bands > 1 else {
            for paint in paints { paint.composite(onto: pixels, width: width, height: height, band: nil, scratch: &scratch) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            var scratch = Rasterizer.Scratch()
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            for paint in paints { paint.composite(onto: pixels, width: width, height: height, band: rows, scratch: &scratch) }
        }
    }

    /// Canvases of at least this many pixels composite on all cores.
    static let parallelArea = 128 * 1024

    /// `count` copies of `value`, written on all cores for large surfaces.
    static func filled(_ value: SIMD4<Float>, count: Int) -> [SIMD4<Float>] {
        guard count > 0 else { return [] }
        return [SIMD4<Float>](unsafeUninitializedCapacity: count) { buffer, initialized in
            let target = SurfacePointer(base: buffer.baseAddress!)
            let chunks = count >= 1 << 16 ? ProcessInfo.processInfo.activeProcessorCount : 1
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let start = count * chunk / chunks, end = count * (chunk + 1) / chunks
                (target.base + start).initialize(repeating: value, count: end - start)
            }
            initialized = count
        }
    }

    /// Premultiplied float pixels → straight RGBA8, rounded to nearest; pixels with no alpha on
    /// the surface are left as they are in `out`.
    static func round(_ surface: UnsafePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt8>, pixels: Range<Int>) {
        // Adding 1.5 · 2²³ to a float in [0, 2²²) leaves it rounded to an integer in the low bits
        // of the significand: a conversion without a range check.
        let magic: Float = 12_582_912
        let bytes = UnsafeMutableRawPointer(out)
        for index in pixels {
            let p = surface[index]
            guard p.w > 0 else { continue }
            let alpha = Swift.min(p.w, 1) * 255
            // Rounds to alpha 0 (ties to even: 0.5 does too): transparent black, no colour left behind.
            if alpha <= 0.5 {
                bytes.storeBytes(of: 0, toByteOffset: index * 4, as: UInt32.self)
                continue
            }
            // Opaque pixels (the common case) need no division.
            let k: Float = p.w >= 1 ? 255 : 255 / p.w
            let r = Swift.min(Swift.max(p.x * k, 0), 255), g = Swift.min(Swift.max(p.y * k, 0), 255)
            let b = Swift.min(Swift.max(p.z * k, 0), 255)
            let bits = unsafeBitCast(SIMD4<Float>(r, g, b, alpha) + magic, to: SIMD4<UInt32>.self) & 0xFF
            let word = bits.x | bits.y << 8 | bits.z << 16 | bits.w << 24
            bytes.storeBytes(of: word.littleEndian, toByteOffset: index * 4, as: UInt32.self)
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
    func composite(onto pixels: SurfacePointer, width: Int, height: Int, band: Range<Int>?, scratch: inout Rasterizer.Scratch) {
        let source = self.source, opaque = self.opaque, clip = self.clip
        raster.fill(width: width, height: height, rule: rule, band: band, scratch: &scratch) { y, x, length, level in
            let row = pixels.base + (y * width + x)
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

/// The surface's first pixel, shared by the bands of one paint (each writes only its own rows).
struct SurfacePointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<SIMD4<Float>>
}

/// The surface, read by the chunks of `Canvas.makeBitmap()`.
struct SurfaceReader: @unchecked Sendable {
    let base: UnsafePointer<SIMD4<Float>>
}

/// The output bytes, written by the chunks of `Canvas.makeBitmap()` (each its own pixels).
struct ByteWriter: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
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

    mutating func intersect(_ other: ClipMask) {
        for i in values.indices { values[i] = UInt8(Canvas.div255(UInt32(values[i]) * UInt32(other.values[i]))) }
    }
}
