import Basics
import Raster

/// Counts of drawn colours in 6-bit-per-channel bins, with each bin's exact colour sums, so a
/// palette can be built from many frames without keeping them.
///
/// Storage is sparse: a slot number per bin (1 MB) and an entry only for each bin in use — a
/// frame of smoke touches a few hundred of the 262 144 bins, and dense per-bin sums took 11 MB.
struct ColorHistogram: Sendable {
    static let binCount = 1 << 18

    /// One bin in use: its pixel count, colour sums, summed ``AlphaFlattener/visibility(_:)``
    /// (each pixel's weight) and summed squared distance its pixels are already shown at (see
    /// ``Quantizer/Sample/limit``; 0 unless `add` was given costs).
    private struct Entry {
        var count: UInt64 = 0
        var r: UInt64 = 0, g: UInt64 = 0, b: UInt64 = 0
        var visibility = 0.0
        var cost = 0.0
    }

    /// Per bin, 1 + its index in `entries`, or 0 when empty: zeroed pages, so only the bins a
    /// frame's colours fall in cost memory (the 2²¹ bins of a 7-bit histogram are 8 MB).
    private var slots: ZeroedBuffer
    private var entries: [Entry] = []
    /// Whether `add` was ever given costs (samples then carry limits).
    private var hasCosts = false
    /// The exact colours seen (0xRRGGBB), while there are at most ``exactLimit`` of them; `nil` after.
    private(set) var exactColors: Set<UInt32>? = []
    /// Of ``exactColors``, those drawn by fully opaque pixels (visibility 1: they stay exact in a
    /// lossless table, see ``PalettePlanner/fit(_:samples:colors:refinements:)``).
    private(set) var opaqueColors: Set<UInt32> = []
    static let exactLimit = 256
    /// The bins that are not empty, in the order they were first filled.
    private(set) var touched: [Int] = []

    /// Bits of each channel a bin keeps: 6 (``binCount`` bins, the layout of ``bin(_:_:_:)``) or 7.
    let bits: Int

    init(bits: Int = 6) {
        precondition(bits == 6 || bits == 7)
        self.bits = bits
        slots = ZeroedBuffer(count: 1 << (3 * bits))
    }

    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 2) << 12 | Int(g >> 2) << 6 | Int(b >> 2)
    }

    /// The bin of a colour in this histogram's layout (``bits`` per channel).
    @inline(__always)
    func binIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let shift = 8 - bits
        return Int(r >> shift) << (2 * bits) | Int(g >> shift) << bits | Int(b >> shift)
    }

    /// ``binIndex(_:_:_:)`` for a histogram of `bits` (6 or 7) and `shift` = 8 − `bits`, with
    /// masking shifts: the amounts are variables, and Swift's checked shifts branched on each
    /// one (for amounts past the width) in the histogram's loop over every candidate pixel.
    @inline(__always)
    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8, shift: Int, bits: Int) -> Int {
        Int(r &>> UInt8(truncatingIfNeeded: shift)) &<< (2 &* bits) | Int(g &>> UInt8(truncatingIfNeeded: shift)) &<< bits
            | Int(b &>> UInt8(truncatingIfNeeded: shift))
    }

    /// The coarse cells (``PaletteMap/coarseCell(ofBin:)``) of the bins in use.
    func coarseCells() -> [Int] {
        let drop = bits - 4, mask = (1 << bits) - 1
        return touched.map { bin in
            (bin >> (2 * bits + drop)) << 8 | ((bin >> bits & mask) >> drop) << 4 | (bin & mask) >> drop
        }
    }

    /// Adds the drawn pixels of flattened `pixels` (alpha 0 = transparent, else the pixel's
    /// visibility, see ``AlphaFlattener``), every `step`-th one, or
    /// only those where `selected` is `true`, with, optionally, what each pixel is shown at now
    /// (`costs(pixel)`: squared distance; ``Quantizer/Sample/unlimited`` when it must be drawn).
    /// `times` counts the frame that many times (a frame and its repeats), in one pass.
    mutating func add(_ pixels: [UInt8], step: Int = 1, only selected: [Bool]? = nil, times: Int = 1) {
        accumulate(pixels, step: step, only: selected, withCosts: false, times: times) { _ in 0 }
    }

    /// ``add(_:step:only:)`` for the `selected` pixels, each with `costs(pixel)`. Inlined with the
    /// closure, so the cost is computed in the loop (an optional closure was an indirect call a
    /// pixel: +15 % CPU on the 720p film). Only the pixels numbered `range`, when given: adding a
    /// frame's pixels range after range, in order, gives the same histogram as adding them at once.
    @inline(__always)
    mutating func add(_ pixels: [UInt8], only selected: [Bool], pixels range: Range<Int>? = nil, costs: (Int) -> Float) {
        accumulate(pixels, step: 1, only: selected, range: range, withCosts: true, costs: costs)
    }

    @inline(__always)
    private mutating func accumulate(_ pixels: [UInt8], step: Int, only selected: [Bool]?, range: Range<Int>? = nil,
                                     withCosts: Bool, times: Int = 1, costs: (Int) -> Float) {
        let range = range ?? 0..<(pixels.count / 4)
        collectExactColors(pixels, only: selected, range: range)
        if withCosts { hasCosts = true }
        var touched = self.touched, entries = self.entries
        (self.touched, self.entries) = ([], [])   // keeps the arrays uniquely referenced while they are filled
        defer { (self.touched, self.entries) = (touched, entries) }
        let shift = 8 - bits, bits = self.bits
        let weight = UInt64(max(times, 1)), weightValue = Double(max(times, 1))
        if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
        do {
            let slots = self.slots.buffer
            // (`selected` through a buffer pointer: the optional array's checked subscript was
            // a branch more a pixel.)
            let picks = selected != nil
            (selected ?? []).withUnsafeBufferPointer { selected in pixels.withUnsafeBufferPointer { source in
                var index = range.lowerBound * 4
                let end = range.upperBound * 4
                let stride = 4 * max(step, 1)
                // The sums of the bin the last pixel fell in are kept in registers while the pixels
                // that follow fall in it too (neighbours mostly do), and written back when another bin
                // comes: each sum still takes the same additions in the same order, so the totals
                // are the same to the last bit, without a load and a store per sum and pixel.
                // (The bin's slot is looked up only when the bin changes: the 2²¹ slots of a 7-bit
                // histogram are 8 MB, where a lookup of a film's colours may miss the cache.)
                var current = -1, currentBin = -1
                var sums = Entry()
                while index < end {
                    if source[index + 3] != 0 && (!picks || selected[index >> 2]) {
                        let r = source[index], g = source[index + 1], b = source[index + 2]
                        let bin = Self.bin(r, g, b, shift: shift, bits: bits)
                        if bin != currentBin {
                            if slots[bin] == 0 {
                                touched.append(bin)
                                entries.append(Entry())
                                slots[bin] = Int32(entries.count)
                            }
                            if current >= 0 { entries[current] = sums }
                            (current, currentBin) = (Int(slots[bin]) - 1, bin)
                            sums = entries[current]
                        }
                        sums.count &+= weight
                        sums.r &+= UInt64(r) &* weight
                        sums.g &+= UInt64(g) &* weight
                        sums.b &+= UInt64(b) &* weight
                        // (Opaque pixels' visibility is exactly 1: no division for them.)
                        let alpha = source[index + 3]
                        sums.visibility += (alpha == 255 ? 1 : Double(AlphaFlattener.visibility(alpha))) * weightValue
                        if withCosts { sums.cost += Double(costs(index >> 2)) }
                    }
                    index += stride
                }
                if current >= 0 { entries[current] = sums }
            } }
        }
    }

    /// ``add(_:only:pixels:costs:)`` into this histogram and `other` at once, in one pass over the
    /// pixels: each gets the very additions, in the same order, that its own call would make, so
    /// both end as they would have (`other` has been given the same pixels as this one so far, so
    /// it has the same exact colours; its bins may be finer). Filling a frame's small-table and
    /// full-table histograms so, the pixels, their selection and their costs are read once, not twice.
    @inline(__always)
    mutating func add(_ pixels: [UInt8], only selected: [Bool], pixels range: Range<Int>, alsoTo other: inout ColorHistogram,
                      costs: (Int) -> Float) {
        collectExactColors(pixels, only: selected, range: range)
        (other.exactColors, other.opaqueColors) = (exactColors, opaqueColors)
        (hasCosts, other.hasCosts) = (true, true)
        var touched = self.touched, entries = self.entries, otherTouched = other.touched, otherEntries = other.entries
        (self.touched, self.entries, other.touched, other.entries) = ([], [], [], [])
        defer { (self.touched, self.entries, other.touched, other.entries) = (touched, entries, otherTouched, otherEntries) }
        let (shift, bits, otherShift, otherBits) = (8 - self.bits, self.bits, 8 - other.bits, other.bits)
        if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
        if !isKnownUniquelyReferenced(&other.slots) { other.slots = other.slots.copy() }
        let (slots, otherSlots) = (self.slots.buffer, other.slots.buffer)
        pixels.withUnsafeBufferPointer { source in
            selected.withUnsafeBufferPointer { selected in
                var index = range.lowerBound * 4
                let end = range.upperBound * 4
                // Each histogram's last bin is kept in registers, as `accumulate` keeps it.
                var current = -1, currentBin = -1, otherCurrent = -1, otherCurrentBin = -1
                var sums = Entry(), otherSums = Entry()
                while index < end {
                    if source[index + 3] != 0 && selected[index >> 2] {
                        let r = source[index], g = source[index + 1], b = source[index + 2]
                        let bin = Self.bin(r, g, b, shift: shift, bits: bits)
                        if bin != currentBin {
                            if slots[bin] == 0 {
                                touched.append(bin)
                                entries.append(Entry())
                                slots[bin] = Int32(entries.count)
                            }
                            if current >= 0 { entries[current] = sums }
                            (current, currentBin) = (Int(slots[bin]) - 1, bin)
                            sums = entries[current]
                        }
                        let otherBin = Self.bin(r, g, b, shift: otherShift, bits: otherBits)
                        if otherBin != otherCurrentBin {
                            if otherSlots[otherBin] == 0 {
                                otherTouched.append(otherBin)
                                otherEntries.append(Entry())
                                otherSlots[otherBin] = Int32(otherEntries.count)
                            }
                            if otherCurrent >= 0 { otherEntries[otherCurrent] = otherSums }
                            (otherCurrent, otherCurrentBin) = (Int(otherSlots[otherBin]) - 1, otherBin)
                            otherSums = otherEntries[otherCurrent]
                        }
                        let alpha = source[index + 3]
                        // As `accumulate` adds them with a weight of 1.
                        let visibility = (alpha == 255 ? 1 : Double(AlphaFlattener.visibility(alpha))) * 1.0
                        let cost = Double(costs(index >> 2))
                        sums.count &+= 1
                        sums.r &+= UInt64(r)
                        sums.g &+= UInt64(g)
                        sums.b &+= UInt64(b)
                        sums.visibility += visibility
                        sums.cost += cost
                        otherSums.count &+= 1
                        otherSums.r &+= UInt64(r)
                        otherSums.g &+= UInt64(g)
                        otherSums.b &+= UInt64(b)
                        otherSums.visibility += visibility
                        otherSums.cost += cost
                    }
                    index += 4
                }
                if current >= 0 { entries[current] = sums }
                if otherCurrent >= 0 { otherEntries[otherCurrent] = otherSums }
            }
        }
    }

    /// Empties the histogram, touching only the bins in use (cheaper than a new one per frame).
    mutating func removeAll() {
        if !isKnownUniquelyReferenced(&slots) { slots = slots.copy() }
        for bin in touched { slots.buffer[bin] = 0 }
        touched.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        hasCosts = false
        exactColors = []
        opaqueColors = []
    }

    /// Keeps the set of exact colours while it is small, so few-colour art can be encoded
    /// losslessly, and which of them opaque pixels draw. The colours are gathered in a small
    /// open-addressing table (``ExactColorTable``), not a `Set`: a grey smoke has at most 256
    /// colours, so nearly every pixel of every frame was a hashed `Set` insertion — 3.4 % of the
    /// encoder's CPU on Benchmarks/gif-real's long wispy smoke (2.3 % with the table), on the
    /// encoding thread.
    private mutating func collectExactColors(_ pixels: [UInt8], only selected: [Bool]?, range: Range<Int>) {
        guard let known = exactColors else { return }
        var exact = ExactColorTable(known), opaque = ExactColorTable(opaqueColors)
        (exactColors, opaqueColors) = (nil, [])
        var last: UInt32 = .max, lastOpaque: UInt32 = .max
        let overflowed: Bool = pixels.withUnsafeBufferPointer { pixels in
            @inline(__always) func scan(_ isSelected: (Int) -> Bool) -> Bool {
                var index = range.lowerBound * 4
                while index < range.upperBound * 4 {
                    if pixels[index + 3] != 0 && isSelected(index >> 2) {
                        let color = UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
                        if color != last {
                            last = color
                            if exact.insert(color) && exact.count > Self.exactLimit { return true }
                        }
                        if pixels[index + 3] == 255 && color != lastOpaque {
                            lastOpaque = color
                            _ = opaque.insert(color)
                        }
                    }
                    index += 4
                }
                return false
            }
            guard let selected else { return scan { _ in true } }
            return selected.withUnsafeBufferPointer { selected in scan { selected[$0] } }
        }
        guard !overflowed else { return }
        (exactColors, opaqueColors) = (exact.colors, opaque.colors)
    }

    /// At most ``exactLimit`` + 1 colours (0xRRGGBB) in 1 024 slots with linear probing: an
    /// insertion is a multiply, a shift and a probe or two.
    private struct ExactColorTable {
        /// A slot no colour fills (colours are 24-bit).
        static let empty = UInt32.max
        private var slots = [UInt32](repeating: empty, count: 1024)
        private(set) var count = 0

        init(_ colors: Set<UInt32>) {
            for color in colors { _ = insert(color) }
        }

        /// Whether `color` was not in the table before.
        @inline(__always)
        mutating func insert(_ color: UInt32) -> Bool {
            var slot = Int((color &* 0x9E37_79B1) >> 22)
            while true {
                let held = slots[slot]
                if held == color { return false }
                if held == Self.empty {
                    slots[slot] = color
                    count += 1
                    return true
                }
                slot = (slot + 1) & 1023
            }
        }

        /// The colours held.
        var colors: Set<UInt32> { Set(slots.lazy.filter { $0 != Self.empty }) }
    }

    /// The non-empty bins as mean colours, weighted by their pixels' visibility, in bin order.
    func samples() -> [Quantizer.Sample] {
        Self.sortedBins(touched, bits: 3 * bits).map { bin in
            let entry = entries[Int(slots.buffer[bin]) - 1]
            let count = Double(entry.count)
            return Quantizer.Sample(
                r: Double(entry.r) / count, g: Double(entry.g) / count, b: Double(entry.b) / count,
                weight: entry.visibility, limit: hasCosts ? entry.cost / count : .infinity,
                visibility: entry.visibility / count)
        }
    }

    /// `bins` (distinct, below `1 << bits`) in increasing order: a radix sort in two passes, where
    /// `sorted()` (a merge sort) was 2 % of the encoder's time on a 256² explosion.
    static func sortedBins(_ bins: [Int], bits: Int) -> [Int] {
        guard bins.count > 64 else { return bins.sorted() }
        let low = (bits + 1) / 2, mask = (1 << low) - 1
        var counts = [Int](repeating: 0, count: (1 << low) + 1)
        var buffer = [Int](repeating: 0, count: bins.count), result = bins
        for (shift, digitMask) in [(0, mask), (low, (1 << (bits - low)) - 1)] {
            for k in counts.indices { counts[k] = 0 }
            for bin in result { counts[(bin >> shift & digitMask) + 1] += 1 }
            for k in 1..<counts.count { counts[k] += counts[k - 1] }
            for bin in result {
                let digit = bin >> shift & digitMask
                buffer[counts[digit]] = bin
                counts[digit] += 1
            }
            swap(&result, &buffer)
        }
        return result
    }
}
