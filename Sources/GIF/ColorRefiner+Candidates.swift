import Basics
import Raster

/// The first half of a frame's refining: which pixels are candidates, and their histogram. It
/// reads the screen row by row, so it can run beside the LZW choice that draws the frame before
/// (``FrameDiff/add(_:delay:next:side:beside:)``), each row once that choice has passed it.
extension ColorRefiner {
    /// What ``candidates(of:screen:cleared:rows:)`` found of a frame.
    struct Candidates {
        /// The frame is the one before, byte for byte: it draws nothing.
        var repeats = false
        /// Some pixel is a candidate.
        var any = false
        /// Whether the candidates were added to the full table's histogram (``fine``): instead of
        /// the small table's (``histogram``) when the frame is sure to get a full table, or beside
        /// it when the frame before outgrew its small table (``upgradedLast``).
        var fine = false
        /// The frame has no transparent pixel (``FrameFacts/drawsEveryPixel``).
        var drawsEveryPixel = false
    }

    /// Finds the candidates of `pixels` on `screen` (see ``target(for:screen:cleared:)``) and adds
    /// them to the histogram their table is fitted to first: the full table's when the frame is
    /// sure to get one (the first frame, `high`, texture a moment ago), else the small one's.
    /// With `rows`, the frame is gone through in bands of rows from the top, each once `rows`
    /// says the screen's rows in it are final; without, the candidates are found on all cores.
    /// The histogram takes its pixels in the same order either way. `facts`, when the workers
    /// found them, give the frame's digest instead of hashing it here.
    mutating func candidates(of pixels: [UInt8], screen: UnsafeBufferPointer<UInt32>, cleared: GIF.Rect?,
                             rows: ScreenRows?, facts: FrameFacts? = nil) -> Candidates {
        let digest = facts?.digest ?? Self.digest(pixels)
        guard digest != previous else { return Candidates(repeats: true) }
        let drawsEveryPixel = facts?.drawsEveryPixel == true
        previous = digest
        let size = palettesMade == 0 ? firstColors : colors
        let full = size == firstColors || (lastTexture.error >= Self.textureError && lastTexture.skipped < Self.textureSkips)
        // The frame before outgrew its small table: this one likely does too, and then needs the
        // full table's histogram as well, filled here in the same pass over the rows instead of
        // in a second pass over the frame alone on the encoding thread (``target(for:screen:cleared:_:)``).
        let both = !full && upgradedLast
        // Scratch kept from frame to frame (fresh pages cost more than clearing).
        selected.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        let (width, height) = (self.width, self.height)
        let any: Bool = pixels.withUnsafeBufferPointer { source in
            selected.withUnsafeMutableBufferPointer { selected in
                let (source, screen, out) = (UnsafeSendable(source), UnsafeSendable(screen), UnsafeMutableSendable(selected))
                guard rows == nil else { return false }
                ParallelLoop.chunks(height, minimum: Self.bandRows(width: width)) { rows in
                    _ = Self.select(rows: rows, of: source.buffer, screen: screen.buffer, cleared: cleared, width: width, into: out.buffer)
                }
                return out.buffer.contains(true)
            }
        }
        guard let rows else {
            if any { fill(of: pixels, screen: screen, cleared: cleared, rows: 0..<height, fine: full, both: both, removing: true) }
            return Candidates(any: any, fine: full || both, drawsEveryPixel: drawsEveryPixel)
        }
        var found = false
        let band = Self.bandRows(width: width)
        for top in stride(from: 0, to: height, by: band) {
            let bottom = min(height, top + band)
            rows.waitFor(rowsBelow: bottom)
            let some = pixels.withUnsafeBufferPointer { source in
                selected.withUnsafeMutableBufferPointer { selected in
                    Self.select(rows: top..<bottom, of: source, screen: screen, cleared: cleared, width: width, into: selected)
                }
            }
            found = found || some
            fill(of: pixels, screen: screen, cleared: cleared, rows: top..<bottom, fine: full, both: both, removing: top == 0)
        }
        return Candidates(any: found, fine: full || both, drawsEveryPixel: drawsEveryPixel)
    }

    /// Adds the candidates of `rows` to the full table's histogram or the small one's (to both
    /// with `both`), emptied first when `removing`.
    private mutating func fill(of pixels: [UInt8], screen: UnsafeBufferPointer<UInt32>, cleared: GIF.Rect?, rows: Range<Int>,
                               fine: Bool, both: Bool = false, removing: Bool) {
        if both {
            if removing { histogram.removeAll(); self.fine.removeAll() }
            Self.addCandidates(of: pixels, selected, screen: screen, cleared: cleared, width: width, rows: rows,
                               to: &histogram, alsoTo: &self.fine)
            return
        }
        if fine {
            if removing { self.fine.removeAll() }
            Self.addCandidates(of: pixels, selected, screen: screen, cleared: cleared, width: width, rows: rows, to: &self.fine)
        } else {
            if removing { histogram.removeAll() }
            Self.addCandidates(of: pixels, selected, screen: screen, cleared: cleared, width: width, rows: rows, to: &histogram)
        }
    }

    /// Marks in `selected` the candidates of `rows`: drawn pixels the screen shows more than
    /// ``tolerance`` off, seen as strongly as their source alpha lets them be, or that must be
    /// drawn. Whether it marked any.
    @inline(__always)
    static func select(rows: Range<Int>, of source: UnsafeBufferPointer<UInt8>, screen: UnsafeBufferPointer<UInt32>,
                       cleared: GIF.Rect?, width: Int, into selected: UnsafeMutableBufferPointer<Bool>) -> Bool {
        var any = false
        let words = UnsafeRawPointer(source.baseAddress!)
        for y in rows {
            let clearedColumns = Self.clearedColumns(cleared, row: y)
            var start = 0
            while start < width {
                let end = min(width, start &+ 8)
                // Eight opaque pixels the screen shows exactly (a screencast's still parts) are
                // no candidates: skipped in one comparison. (A transparent pixel matches only a
                // transparent screen, and is skipped either way.)
                if clearedColumns.isEmpty && end &- start == 8 {
                    var differs: UInt32 = 0
                    for x in start..<end {
                        let pixel = y &* width &+ x
                        // RGBA bytes as 0xAARRGGBB, the screen's layout.
                        let swapped = words.loadUnaligned(fromByteOffset: pixel &* 4, as: UInt32.self).byteSwapped
                        differs |= screen[pixel] ^ (swapped >> 8 | swapped << 24)
                    }
                    if differs == 0 {
                        start = end
                        continue
                    }
                }
                for x in start..<end where source[(y * width + x) * 4 + 3] != 0 {
                    let pixel = y * width + x
                    let error = Self.shownError(source, pixel, shown: screen[pixel], cleared: clearedColumns.contains(x))
                    guard error == Quantizer.Sample.unlimited
                            || error * AlphaFlattener.visibility(source[pixel * 4 + 3]) > Float(Self.tolerance) else { continue }
                    selected[pixel] = true
                    any = true
                }
                start = end
            }
        }
        return any
    }

    /// ``addCandidates(of:_:screen:cleared:width:rows:to:)`` into `histogram` and `other` in one pass
    /// (``ColorHistogram/add(_:only:pixels:alsoTo:costs:)``).
    @inline(__always)
    static func addCandidates(of pixels: [UInt8], _ selected: [Bool], screen: UnsafeBufferPointer<UInt32>, cleared: GIF.Rect?,
                              width: Int, rows: Range<Int>, to histogram: inout ColorHistogram, alsoTo other: inout ColorHistogram) {
        pixels.withUnsafeBufferPointer { source in
            var (row, rowStart) = (rows.lowerBound, rows.lowerBound * width)
            var columns = Self.clearedColumns(cleared, row: row)
            histogram.add(pixels, only: selected, pixels: (rows.lowerBound * width)..<(rows.upperBound * width), alsoTo: &other) { pixel in
                if cleared != nil {
                    while pixel >= rowStart + width {
                        (row, rowStart) = (row + 1, rowStart + width)
                        columns = Self.clearedColumns(cleared, row: row)
                    }
                }
                return Self.shownError(source, pixel, shown: screen[pixel], cleared: columns.contains(pixel - rowStart))
            }
        }
    }

    /// Adds the candidates (`selected`) of `pixels` in `rows` to `histogram`, each with how far the screen
    /// shows it. Static, so that the histogram being filled is the refiner's only reference to it
    /// (a method on `self` would hold a copy of the refiner, and the histogram would copy its slots).
    @inline(__always)
    static func addCandidates(of pixels: [UInt8], _ selected: [Bool], screen: UnsafeBufferPointer<UInt32>, cleared: GIF.Rect?,
                              width: Int, rows: Range<Int>, to histogram: inout ColorHistogram) {
        pixels.withUnsafeBufferPointer { source in
            // The pixels come in increasing order: the row is followed along, not divided out
            // of each pixel's index (two divisions a pixel were a sixth of this pass).
            var (row, rowStart) = (rows.lowerBound, rows.lowerBound * width)
            var columns = Self.clearedColumns(cleared, row: row)
            histogram.add(pixels, only: selected, pixels: (rows.lowerBound * width)..<(rows.upperBound * width), costs: { pixel in
                if cleared != nil {
                    while pixel >= rowStart + width {
                        (row, rowStart) = (row + 1, rowStart + width)
                        columns = Self.clearedColumns(cleared, row: row)
                    }
                }
                return Self.shownError(source, pixel, shown: screen[pixel], cleared: columns.contains(pixel - rowStart))
            })
        }
    }
}
