import Basics

/// Lossless frames laid out exactly as libwebp's animation encoder lays them out (no
/// `minimize_size`, no key frames: what `img2webp -lossless` writes), but with each frame's
/// rectangle compressed on a core of its own.
///
/// libwebp's encoder decides, frame by frame: the rectangle that changed (snapped to even
/// offsets), whether the last frame is disposed to the background (when that makes the rectangle
/// smaller), whether the new one is blended over the canvas (when every changed pixel in the
/// rectangle is opaque; pixels that did not change are then made transparent), and a 1×1
/// transparent frame where a frame would last 2²⁴ ms or more. None of this depends on how the
/// rectangle is compressed, and each rectangle is compressed on its own (`WebPEncode` of a still
/// picture): so the rectangles are laid out here, in order, and compressed a batch at a time on all
/// cores — the same bytes, frame for frame, in a fraction of the wall time. Memory: the last
/// canvas and the frames of one batch.
struct WebPFramePlanner {
    /// A frame's rectangle on the canvas.
    struct Rect: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var area: Int { width * height }
    }

    /// One frame laid out: its rectangle, how it is drawn, how long it shows, and its pixels
    /// (straight RGBA of the rectangle) until they are compressed into `image`.
    private struct Frame {
        var rect: Rect
        var blend: Bool
        var disposeToBackground = false
        var duration = 0
        var pixels: [UInt8]
        var image: [UInt8]? = nil
    }

    /// libwebp's 1×1 fully transparent lossless image (its `VP8L` chunk), for the frame that
    /// splits a duration of 2²⁴ ms or more.
    private static let transparentPixel: [UInt8] = [0x56, 0x50, 0x38, 0x4C, 0x08, 0x00, 0x00, 0x00,
                                                    0x2F, 0x00, 0x00, 0x00, 0x10, 0x88, 0x88, 0x08]
    /// libwebp's `MAX_DURATION`: a frame's duration must stay below it.
    private static let maxDuration = 1 << 24

    let width: Int, height: Int
    let settings: LibWebP.FrameSettings
    /// The canvas after the last frame (each pixel's RGBA bytes as one `UInt32`: little-endian on
    /// every platform Swift runs Flipbook on, so alpha is the top byte, as in libwebp's ARGB).
    private var canvas: [UInt32]
    private var lastRect: Rect? = nil
    private var lastTime = 0
    private var frames: [Frame] = []

    init(width: Int, height: Int, settings: LibWebP.FrameSettings) {
        self.width = width
        self.height = height
        self.settings = settings
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds `pixels` (straight RGBA of the whole canvas) shown from `milliseconds` on.
    mutating func add(_ pixels: [UInt8], at milliseconds: Int) {
        if lastRect != nil { extendLast(by: milliseconds - lastTime) }
        lastTime = milliseconds
        var current = [UInt32](repeating: 0, count: width * height)
        current.withUnsafeMutableBytes { out in pixels.withUnsafeBytes { out.copyMemory(from: $0) } }
        let full = Rect(x: 0, y: 0, width: width, height: height)
        guard let last = lastRect else {
            // The first frame: what is not transparent, over a blank canvas.
            let rect = Self.snapped(changed(from: canvas, to: current, within: full) ?? Rect(x: 0, y: 0, width: 1, height: 1))
            frames.append(Frame(rect: rect, blend: false, pixels: cut(current, rect, blendingOver: nil)))
            (canvas, lastRect) = (current, rect)
            return
        }
        // Nothing changed: the last frame shows longer.
        guard let kept = changed(from: canvas, to: current, within: full).map(Self.snapped) else { return }
        var disposed = canvas
        Self.clear(&disposed, last, width: width)
        let cleared = Self.snapped(changed(from: disposed, to: current, within: full) ?? Rect(x: 0, y: 0, width: 1, height: 1))
        let dispose = cleared.area < kept.area
        let rect = dispose ? cleared : kept
        let base = dispose ? disposed : canvas
        let blend = Self.canBlend(over: base, current, rect, width: width)
        if dispose { frames[frames.count - 1].disposeToBackground = true }
        frames.append(Frame(rect: rect, blend: blend, pixels: cut(current, rect, blendingOver: blend ? base : nil)))
        (canvas, lastRect) = (current, rect)
    }

    /// Compresses the frames laid out so far, on all cores, and returns the `ANMF` chunks of every
    /// frame but the last (whose duration and disposal the next frame decides); `nil` when
    /// libwebp fails.
    mutating func flush() -> [UInt8]? {
        guard compress() else { return nil }
        let done = frames.dropLast()
        frames.removeFirst(done.count)
        return done.reduce(into: []) { $0 += Self.chunk($1) }
    }

    /// The `ANMF` chunks of the frames left, the last one ending at `milliseconds`; `nil` when
    /// libwebp fails.
    mutating func finish(endingAt milliseconds: Int) -> [UInt8]? {
        if lastRect != nil { extendLast(by: milliseconds - lastTime) }
        lastTime = milliseconds
        guard compress() else { return nil }
        defer { frames = [] }
        return frames.reduce(into: []) { $0 += Self.chunk($1) }
    }

    /// The last frame shows `milliseconds` longer; past 2²⁴ ms, a 1×1 transparent frame blended
    /// over it shows for them instead (as libwebp does).
    private mutating func extendLast(by milliseconds: Int) {
        let last = frames.count - 1
        if frames[last].duration + milliseconds < Self.maxDuration {
            frames[last].duration += milliseconds
            return
        }
        let pixel = Rect(x: 0, y: 0, width: 1, height: 1)
        frames.append(Frame(rect: pixel, blend: true, duration: milliseconds, pixels: [], image: Self.transparentPixel))
        lastRect = pixel
    }

    /// Compresses every frame not yet compressed, side by side; `false` when libwebp fails.
    private mutating func compress() -> Bool {
        let waiting = frames.indices.filter { frames[$0].image == nil }
        guard !waiting.isEmpty else { return true }
        let jobs = waiting.map { (frames[$0].pixels, frames[$0].rect) }
        let settings = settings
        var images = [[UInt8]?](repeating: nil, count: jobs.count)
        images.withUnsafeMutableBufferPointer { out in
            let out = UnsafeMutableSendable(out)
            ParallelLoop.perform(jobs.count) { i in
                let (pixels, rect) = jobs[i]
                out.buffer[i] = LibWebP.encodeStill(pixels, width: rect.width, height: rect.height, settings: settings).flatMap(Self.imageChunk)
            }
        }
        for (index, image) in zip(waiting, images) {
            guard let image else { return false }
            frames[index].image = image
            frames[index].pixels = []
        }
        return true
    }

    /// The image chunk (`VP8L`, padding included) of a still WebP file libwebp wrote.
    private static func imageChunk(of file: [UInt8]) -> [UInt8]? {
        guard file.count >= 20, file[0..<4].elementsEqual("RIFF".utf8), file[8..<12].elementsEqual("WEBP".utf8),
              file[12..<16].elementsEqual("VP8L".utf8) else { return nil }
        return Array(file[12...])
    }

    /// A frame's `ANMF` chunk: X and Y ÷ 2, width − 1, height − 1, duration (3 bytes each), flags
    /// (bit 1: do not blend; bit 0: dispose to the background), then the image.
    private static func chunk(_ frame: Frame) -> [UInt8] {
        let image = frame.image ?? []
        let flags: UInt8 = (frame.blend ? 0 : 0x02) | (frame.disposeToBackground ? 0x01 : 0)
        let header = le24(frame.rect.x / 2) + le24(frame.rect.y / 2) + le24(frame.rect.width - 1) + le24(frame.rect.height - 1)
            + le24(frame.duration) + [flags]
        let size = header.count + image.count
        return Array("ANMF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
            + header + image + (size & 1 == 1 ? [0] : [])
    }

    private static func le24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    /// The smallest rectangle inside `rect` outside which `old` and `new` are equal (libwebp's
    /// `MinimizeChangeRectangle`: columns from the left, then the right, rows from the top, then
    /// the bottom); `nil` when nothing changed.
    private func changed(from old: [UInt32], to new: [UInt32], within rect: Rect) -> Rect? {
        let width = width
        return old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b -> Rect? in
                var r = rect
                func columnSame(_ x: Int) -> Bool {
                    var i = r.y * width + x
                    for _ in 0..<r.height {
                        if a[i] != b[i] { return false }
                        i += width
                    }
                    return true
                }
                func rowSame(_ y: Int) -> Bool {
                    let start = y * width + r.x
                    for i in start..<(start + r.width) where a[i] != b[i] { return false }
                    return true
                }
                while r.width > 0, columnSame(r.x) { r.x += 1; r.width -= 1 }
                while r.width > 0, columnSame(r.x + r.width - 1) { r.width -= 1 }
                guard r.width > 0 else { return nil }
                while r.height > 0, rowSame(r.y) { r.y += 1; r.height -= 1 }
                while r.height > 0, rowSame(r.y + r.height - 1) { r.height -= 1 }
                return r.height > 0 ? r : nil
            }
        }
    }

    /// `rect` grown left and up to even offsets (the `ANMF` header stores them halved).
    private static func snapped(_ rect: Rect) -> Rect {
        Rect(x: rect.x & ~1, y: rect.y & ~1, width: rect.width + (rect.x & 1), height: rect.height + (rect.y & 1))
    }

    /// `canvas` with `rect` made transparent (libwebp's transparent is all zeros).
    private static func clear(_ canvas: inout [UInt32], _ rect: Rect, width: Int) {
        canvas.withUnsafeMutableBufferPointer { c in
            for y in rect.y..<(rect.y + rect.height) {
                let start = y * width + rect.x
                for i in start..<(start + rect.width) { c[i] = 0 }
            }
        }
    }

    /// Whether `current` can be drawn blended over `base` in `rect`: every pixel that changed is
    /// opaque (libwebp's `IsLosslessBlendingPossible`).
    private static func canBlend(over base: [UInt32], _ current: [UInt32], _ rect: Rect, width: Int) -> Bool {
        base.withUnsafeBufferPointer { a in
            current.withUnsafeBufferPointer { b in
                for y in rect.y..<(rect.y + rect.height) {
                    let start = y * width + rect.x
                    for i in start..<(start + rect.width) where b[i] >> 24 != 0xFF && a[i] != b[i] { return false }
                }
                return true
            }
        }
    }

    /// The RGBA bytes of `rect` in `current`; when blending over `base`, each pixel equal to the
    /// one beneath it (and not already transparent) becomes transparent (libwebp's
    /// `IncreaseTransparency`).
    private func cut(_ current: [UInt32], _ rect: Rect, blendingOver base: [UInt32]?) -> [UInt8] {
        var out = [UInt32](repeating: 0, count: rect.area)
        let width = width
        out.withUnsafeMutableBufferPointer { o in
            current.withUnsafeBufferPointer { c in
                for row in 0..<rect.height {
                    let start = (rect.y + row) * width + rect.x
                    for column in 0..<rect.width { o[row * rect.width + column] = c[start + column] }
                }
            }
            if let base {
                base.withUnsafeBufferPointer { b in
                    for row in 0..<rect.height {
                        let start = (rect.y + row) * width + rect.x
                        for column in 0..<rect.width {
                            let i = row * rect.width + column
                            if b[start + column] == o[i] && o[i] != 0 { o[i] = 0 }
                        }
                    }
                }
            }
        }
        return out.withUnsafeBytes { Array($0) }
    }
}
