import Basics
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
        /// Which pixels lie within two of an opaque one (``AlphaFlattener/rim(of:)``'s bits, rows of
        /// ``AlphaFlattener/rimWords(width:)`` words; empty: none does), when `source` is
        /// flattened without a matte (so its opaque pixels are the frame's); `nil`: found from
        /// `source` pixel by pixel.
        var nearOpaque: [UInt64]?
        /// No entry of `colors` is 0 (the frame has no transparent pixel, ``FrameFacts``): no
        /// pixel of the screen is cleared for it. `false` when not known.
        var drawsEveryPixel = false
    }

    let width: Int
    let height: Int
    /// What a decoder shows after the last added frame: `0xFFRRGGBB`, or 0 for transparent.
    private(set) var canvas: [UInt32]
    private var pending: GIF.IndexedFrame?
    /// The region the previous frame's disposal clears before the frame being added, and what it
    /// showed before, as entries of that frame's table (while that frame is added).
    private(set) var cleared: (rect: GIF.Rect, shown: [UInt8])?
    /// Input frames folded into their predecessor because nothing changed.
    private(set) var mergedFrames = 0

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Adds the next frame; returns the previous one once it is final.
    mutating func add(_ target: Target, delay: Int) -> GIF.IndexedFrame? {
        add(target, delay: delay, next: nil, side: nil) { _, _, _ in }
    }

    /// ``add(_:delay:)``, then `beside(screen, cleared, rows)` for the `next` frame's flattened
    /// pixels, when given: the screen as this frame leaves it, and the region the disposal
    /// clears before `next` (``regionCleared(transparentIn:)``). With a `side` thread, a frame
    /// whose indices LZW chooses (``chosenIndices(_:in:)``, the serial walk) is chosen and drawn
    /// there while `beside` runs here, reading each row of the screen once `rows` says it is final
    /// (``ScreenRows``): the two serial stages of a frame and the next on two cores, with what each
    /// reads unchanged. `nextDrawsEveryPixel`: `next` has no transparent pixel (``FrameFacts``),
    /// so the disposal clears nothing before it, and the frame is not scanned for such pixels.
    mutating func add(_ target: Target, delay: Int, next: [UInt8]?, nextDrawsEveryPixel: Bool = false, side: SideThread?,
                      beside: (_ screen: UnsafeBufferPointer<UInt32>, _ cleared: GIF.Rect?, _ rows: ScreenRows?) -> Void)
        -> GIF.IndexedFrame? {
        let colors = target.colors
        // Folded only while the sum still fits a GIF delay (a long frame stays split).
        if pending != nil && colors == canvas && pending!.delay + delay <= GIF.Timing.maximumDelay {
            pending!.delay += delay
            mergedFrames += 1
            if let next {
                let cleared = nextDrawsEveryPixel ? nil : regionCleared(transparentIn: next)
                canvas.withUnsafeBufferPointer { beside($0, cleared, nil) }
            }
            return nil
        }
        // The screen is updated in place (it was a copy per frame: 3.7 MB at 720p).
        let width = self.width
        var ready = pending
        if var previous = ready {
            // A target that draws every pixel (no 0 among its colours) clears none.
            if let clear = target.drawsEveryPixel ? nil : bounds(colors, canvas, .clearing) {
                previous = grown(previous, toInclude: clear)
                previous.disposal = .background
                let rect = previous.rect
                // What the cleared pixels showed, as the entries of this frame's table nearest to
                // it, for a redraw that keeps their colours where it may.
                let keep = target.tolerance > 0
                var shown = [UInt8](repeating: target.transparent, count: keep ? rect.width * rect.height : 0)
                let table = keep ? Self.table(target) : []
                let transparent = target.transparent
                // In bands of rows on all cores (the whole frame, for a fading cloud).
                canvas.withUnsafeMutableBufferPointer { canvas in
                    shown.withUnsafeMutableBufferPointer { shown in
                        let (canvas, shown) = (UnsafeMutableSendable(canvas), UnsafeMutableSendable(shown))
                        ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                            var nearest = NearestCache()
                            for y in (rect.y + rows.lowerBound)..<(rect.y + rows.upperBound) {
                                for x in rect.x..<(rect.x + rect.width) {
                                    let color = canvas.buffer[y * width + x]
                                    if keep && color != 0 {
                                        shown.buffer[(y - rect.y) * rect.width + x - rect.x] = nearest.index(for: UInt64(color)) {
                                            Self.nearestEntry(to: color, in: table, skipping: transparent)
                                        }
                                    }
                                    canvas.buffer[y * width + x] = 0
                                }
                            }
                        }
                    }
                }
                if keep { cleared = (rect, shown) }
            } else {
                previous.disposal = .keep
            }
            ready = previous
        }
        defer { cleared = nil }

        let rect = bounds(colors, canvas, .any) ?? GIF.Rect(x: 0, y: 0, width: 1, height: 1)
        // After this frame the screen is transparent exactly where `colors` is: a pixel it draws
        // takes an entry (never the transparent one), a pixel it clears was cleared above, and
        // the others show `colors` already. So the region cleared before `next` is known now.
        let nextCleared = nextDrawsEveryPixel ? nil : next.flatMap { next in
            colors.withUnsafeBufferPointer { Self.clearedRegion(transparentIn: next, shown: $0, width: width, height: height) }
                .map { Self.union(rect, $0) }
        }
        let choosing = target.tolerance > 0 && !target.source.isEmpty
        let indices: [UInt8]
        var codes: LZWEncoder.Codes?
        if choosing, next != nil, let side {
            let (width, height, cleared) = (self.width, self.height, self.cleared)
            (indices, codes) = canvas.withUnsafeMutableBufferPointer { screen in
                Self.chooseBeside(target, in: rect, width: width, height: height, cleared: cleared, screen: screen,
                                  side: side) { beside($0, nextCleared, $1) }
            }
        } else {
            if choosing { (indices, codes) = chosenIndices(target, in: rect) } else { indices = ownIndices(target, in: rect) }
            draw(indices, of: target, in: rect)
            if next != nil { canvas.withUnsafeBufferPointer { beside($0, nextCleared, nil) } }
        }
        pending = GIF.IndexedFrame(rect: rect, indices: indices, localPalette: target.isLocal ? target.palette : nil,
                                   transparentIndex: Int(target.transparent), delay: delay, disposal: .keep)
        pending!.lzwCodes = codes
        return ready
    }

    /// The screen gets what `indices` draw in `rect` (the colours themselves, except for a kept
    /// static colour the palette lacks, which is then drawn as its nearest, and colours chosen for LZW).
    private mutating func draw(_ indices: [UInt8], of target: Target, in rect: GIF.Rect) {
        // In bands of rows on all cores (it was serial: about 3 % of the 720p film's instructions).
        let (width, transparent) = (self.width, target.transparent)
        target.palette.withUnsafeBufferPointer { palette in
            indices.withUnsafeBufferPointer { indices in
                canvas.withUnsafeMutableBufferPointer { base in
                    let (palette, indices, base) = (UnsafeSendable(palette), UnsafeSendable(indices), UnsafeMutableSendable(base))
                    ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                        let (palette, indices, base) = (palette.buffer, indices.buffer, base.buffer)
                        for y in rows {
                            let row = (rect.y + y) * width + rect.x
                            for x in 0..<rect.width where indices[y * rect.width + x] != transparent {
                                let p = Int(indices[y * rect.width + x]) * 3
                                base[row + x] = 0xFF00_0000 | UInt32(palette[p]) << 16 | UInt32(palette[p + 1]) << 8 | UInt32(palette[p + 2])
                            }
                        }
                    }
                }
            }
        }
    }

    /// Each pixel of `rect` drawn with its own index where it changes, transparent where not.
    private func ownIndices(_ target: Target, in rect: GIF.Rect) -> [UInt8] {
        var indices = [UInt8](repeating: target.transparent, count: rect.width * rect.height)
        let width = self.width
        // In bands of rows on all cores (it was serial: about 3 % of the 720p film's instructions).
        target.colors.withUnsafeBufferPointer { colors in
            target.indices.withUnsafeBufferPointer { drawn in
                canvas.withUnsafeBufferPointer { base in
                    indices.withUnsafeMutableBufferPointer { indices in
                        let shared = (UnsafeSendable(colors), UnsafeSendable(drawn), UnsafeSendable(base))
                        let out = UnsafeMutableSendable(indices)
                        ParallelLoop.chunks(rect.height, minimum: max(2, (1 << 15) / rect.width)) { rows in
                            let (colors, drawn, base, indices) = (shared.0.buffer, shared.1.buffer, shared.2.buffer, out.buffer)
                            for y in rows {
                                let row = (rect.y + y) * width + rect.x
                                for x in 0..<rect.width where colors[row + x] != base[row + x] {
                                    indices[y * rect.width + x] = drawn[row + x]
                                }
                            }
                        }
                    }
                }
            }
        }
        return indices
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

    /// ``regionCleared(where:)`` for a frame of flattened `pixels` (RGBA8, alpha 0 = transparent):
    /// the same rectangle, scanned in bands of rows on all cores (it was a serial pass over every
    /// pixel through a closure: 3 % of the 720p film's instructions, all on the encoding thread).
    func regionCleared(transparentIn pixels: [UInt8]) -> GIF.Rect? {
        guard let pending else { return nil }
        let found = canvas.withUnsafeBufferPointer { Self.clearedRegion(transparentIn: pixels, shown: $0, width: width, height: height) }
        return found.map { Self.union(pending.rect, $0) }
    }

    /// The bounding box of the pixels `shown` (a screen) holds and `pixels` makes transparent, or
    /// `nil`, in bands of rows on all cores.
    private static func clearedRegion(transparentIn pixels: [UInt8], shown canvas: UnsafeBufferPointer<UInt32>,
                                      width: Int, height: Int) -> GIF.Rect? {
        let bands = height * width >= 1 << 15 ? ParallelLoop.machineCores : 1
        var found = [Int](repeating: 0, count: bands * 4)
        pixels.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { found in
                let (pixels, canvas, out) = (UnsafeSendable(pixels), UnsafeSendable(canvas), UnsafeMutableSendable(found))
                ParallelLoop.chunks(bands, minimum: 1) { range in
                    for band in range {
                        var minX = width, minY = height, maxX = -1, maxY = -1
                        for y in (height * band / bands)..<(height * (band + 1) / bands) {
                            let row = y * width
                            // The row's first and last such pixel, each found from its end.
                            @inline(__always) func clears(_ x: Int) -> Bool { canvas.buffer[row + x] != 0 && pixels.buffer[(row + x) * 4 + 3] == 0 }
                            var first = 0
                            while first < width && !clears(first) { first += 1 }
                            guard first < width else { continue }
                            var last = width - 1
                            while !clears(last) { last -= 1 }
                            minX = min(minX, first)
                            maxX = max(maxX, last)
                            if minY == height { minY = y }
                            maxY = y
                        }
                        out.buffer[band * 4] = minX
                        out.buffer[band * 4 + 1] = maxX
                        out.buffer[band * 4 + 2] = minY
                        out.buffer[band * 4 + 3] = maxY
                    }
                }
            }
        }
        return Self.bounds(ofBands: found, count: bands, width: width, height: height)
    }

    /// The last frame.
    mutating func finish() -> GIF.IndexedFrame? {
        defer { pending = nil }
        return pending
    }

    /// Which pixels ``bounds(_:_:_:)`` looks for.
    private enum Change {
        /// The target differs from the screen.
        case any
        /// The target is transparent where the screen is not.
        case clearing

        @inline(__always)
        func holds(_ target: UInt32, _ screen: UInt32) -> Bool {
            switch self {
            case .any: target != screen
            case .clearing: target == 0 && screen != 0
            }
        }
    }

    /// The bounding box of the pixels where `predicate` holds between target and screen, or `nil`
    /// when none does; bands of rows are scanned on all cores.
    private func bounds(_ target: [UInt32], _ screen: [UInt32], _ predicate: Change) -> GIF.Rect? {
        let (width, height) = (self.width, self.height)
        let bands = height * width >= 1 << 15 ? ParallelLoop.machineCores : 1
        // Per band: minX, maxX, minY, maxY (minY == height: nothing found).
        var found = [Int](repeating: 0, count: bands * 4)
        target.withUnsafeBufferPointer { target in
            screen.withUnsafeBufferPointer { screen in
                found.withUnsafeMutableBufferPointer { found in
                    let (target, screen, out) = (UnsafeSendable(target), UnsafeSendable(screen), UnsafeMutableSendable(found))
                    ParallelLoop.chunks(bands, minimum: 1) { range in
                        for band in range {
                            var minX = width, minY = height, maxX = -1, maxY = -1
                            for y in (height * band / bands)..<(height * (band + 1) / bands) {
                                let row = y * width
                                // One loop per kind, so each compiles to a plain comparison. Only a row's
                                // first and last such pixel matter: found from each end, the middle of a
                                // changed row is not read (this pass was 4–7 % of the CPU on the smoke and
                                // the screencast); an unchanged row is compared 8 pixels at a time.
                                let first: Int, last: Int
                                switch predicate {
                                case .any:
                                    let (t, s) = (target.buffer.baseAddress! + row, screen.buffer.baseAddress! + row)
                                    first = Self.firstDifference(t, s, width)
                                    guard first < width else { continue }
                                    last = Self.lastDifference(t, s, width)
                                case .clearing:
                                    var x = 0
                                    while x < width && !Change.clearing.holds(target.buffer[row + x], screen.buffer[row + x]) { x += 1 }
                                    guard x < width else { continue }
                                    first = x
                                    x = width - 1
                                    while !Change.clearing.holds(target.buffer[row + x], screen.buffer[row + x]) { x -= 1 }
                                    last = x
                                }
                                minX = min(minX, first)
                                maxX = max(maxX, last)
                                if minY == height { minY = y }
                                maxY = y
                            }
                            out.buffer[band * 4] = minX
                            out.buffer[band * 4 + 1] = maxX
                            out.buffer[band * 4 + 2] = minY
                            out.buffer[band * 4 + 3] = maxY
                        }
                    }
                }
            }
        }
        return Self.bounds(ofBands: found, count: bands, width: width, height: height)
    }

    /// The rectangle covering what `count` bands of rows found (each band's minX, maxX, minY, maxY
    /// in `found`, maxY -1 when it found nothing), or nil when none did.
    private static func bounds(ofBands found: [Int], count: Int, width: Int, height: Int) -> GIF.Rect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for band in 0..<count where found[band * 4 + 3] >= 0 {
            minX = min(minX, found[band * 4])
            maxX = max(maxX, found[band * 4 + 1])
            minY = min(minY, found[band * 4 + 2])
            maxY = max(maxY, found[band * 4 + 3])
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
