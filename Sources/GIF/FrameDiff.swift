/// Turns full-screen index images into the smallest frames that show them.
///
/// Keeps what the screen shows (in palette indices, with the reserved transparent index) and the
/// last frame not yet written, whose disposal is only known once the next frame is seen: it is set
/// to "restore to background" (and its rectangle grown) when the next frame needs pixels to become
/// transparent again. Each new frame is cropped to the rectangle that changed, and unchanged pixels
/// inside it are made transparent, which LZW compresses to almost nothing. A frame identical to
/// the screen is merged into the one before it by adding its delay.
struct FrameDiff {
    let width: Int
    let height: Int
    let transparent: UInt8
    private var canvas: [UInt8]
    private var pending: GIF.IndexedFrame?
    /// Input frames folded into their predecessor because nothing changed.
    private(set) var mergedFrames = 0

    init(width: Int, height: Int, transparent: UInt8) {
        self.width = width
        self.height = height
        self.transparent = transparent
        canvas = [UInt8](repeating: transparent, count: width * height)
    }

    /// Adds the next target image; returns the previous frame once it is final.
    mutating func add(_ target: [UInt8], delay: Int) -> GIF.IndexedFrame? {
        if pending != nil && target == canvas {
            pending!.delay += delay
            mergedFrames += 1
            return nil
        }
        var ready = pending
        var base = canvas
        if var previous = ready {
            let clear = bounds { target[$0] == transparent && canvas[$0] != transparent }
            if let clear {
                previous = grown(previous, toInclude: clear)
                previous.disposal = .background
                let rect = previous.rect
                for y in rect.y..<(rect.y + rect.height) {
                    for x in rect.x..<(rect.x + rect.width) { base[y * width + x] = transparent }
                }
            } else {
                previous.disposal = .keep
            }
            ready = previous
        }

        let rect = bounds { target[$0] != base[$0] } ?? GIF.Rect(x: 0, y: 0, width: 1, height: 1)
        var indices = [UInt8](repeating: transparent, count: rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let pixel = (rect.y + y) * width + rect.x + x
                if target[pixel] != base[pixel] {
                    indices[y * rect.width + x] = target[pixel]
                    base[pixel] = target[pixel]
                }
            }
        }
        pending = GIF.IndexedFrame(rect: rect, indices: indices, transparentIndex: Int(transparent), delay: delay, disposal: .keep)
        canvas = base
        return ready
    }

    /// The last frame.
    mutating func finish() -> GIF.IndexedFrame? {
        defer { pending = nil }
        return pending
    }

    /// The bounding box of the pixels where `predicate` holds, or `nil` when none does.
    private func bounds(_ predicate: (Int) -> Bool) -> GIF.Rect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where predicate(row + x) {
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                if y > maxY { maxY = y }
            }
        }
        guard maxX >= 0 else { return nil }
        return GIF.Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// `frame` with its rectangle grown to cover `rect`; the new area draws nothing.
    private func grown(_ frame: GIF.IndexedFrame, toInclude rect: GIF.Rect) -> GIF.IndexedFrame {
        let old = frame.rect
        let x0 = min(old.x, rect.x), y0 = min(old.y, rect.y)
        let x1 = max(old.x + old.width, rect.x + rect.width), y1 = max(old.y + old.height, rect.y + rect.height)
        let union = GIF.Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard union != old else { return frame }
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
}
