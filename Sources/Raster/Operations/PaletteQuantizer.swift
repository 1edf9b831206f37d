/// Reduces a bitmap to at most 256 straight RGBA colours, so ``PNG/Encoder`` writes it as an
/// 8-bit palette with per-entry alpha (`tRNS`): "PNG-8" sprite-sheet pages, a quarter of the RGBA
/// data before compression.
///
/// Colours are compared premultiplied — a colour error at a faint pixel shows as faintly as the
/// pixel does — with alpha as a fourth axis (`(Δ r·a)² + (Δ g·a)² + (Δ b·a)² + (Δ a)²`, in levels).
/// The palette is built by median cut over a histogram of the pixels (their exact colours, up to
/// 2¹⁸ of them; each cell keeps the mean of its pixels), splitting the box with the largest error,
/// then refined by k-means; every pixel takes its nearest entry, with no dithering: the same colour always
/// gives the same index (frames cut back out of a page stay identical where their sources were,
/// and pages compress well). Fully transparent pixels become entry (0, 0, 0, 0); pixels with alpha
/// 255 stay opaque. A bitmap that already has at most 256 colours is returned unchanged.
/// Deterministic: the same bitmap gives the same result.
public struct PaletteQuantizer: Sendable {
    /// Entries of the palette, 2…256 (one is kept for full transparency when the image has any).
    public var colors: Int
    /// k-means passes after the median cut (4 by default: later passes moved no entry on the
    /// real sheets measured).
    public var refinements: Int

    /// A quantizer to at most `colors` entries (clamped to 2…256), refined by `refinements` k-means passes.
    public init(colors: Int = 256, refinements: Int = 4) {
        self.colors = min(max(colors, 2), 256)
        self.refinements = max(0, refinements)
    }

    /// A point in premultiplied RGBA, in levels (0…255 each).
    struct Point {
        var r, g, b, a: Double
        static func - (x: Point, y: Point) -> Double {
            let (dr, dg, db, da) = (x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a)
            return dr * dr + dg * dg + db * db + da * da
        }
    }

    /// One histogram cell: how many pixels fell in it and the sum of their premultiplied values.
    struct Cell {
        var count: Double
        var sum: Point
        /// Every pixel in it has alpha 255 (opaque and translucent pixels never share a cell).
        var opaque: Bool
        var mean: Point { Point(r: sum.r / count, g: sum.g / count, b: sum.b / count, a: sum.a / count) }
    }

    /// `bitmap` with every pixel replaced by its palette entry.
    public func reduce(_ bitmap: Bitmap) -> Bitmap {
        if Self.hasAtMost(colors, colorsIn: bitmap) { return bitmap }
        let (cells, hasClear) = Self.histogram(bitmap)
        var palette = Self.medianCut(cells, boxes: colors - (hasClear ? 1 : 0))
        for _ in 0..<refinements { palette = Self.kMeansStep(cells, palette) }
        let entries = palette.map(Self.straight)
        // Opaque pixels take opaque entries (a box of opaque pixels has alpha exactly 255), so a
        // sprite's solid body never turns see-through.
        let opaqueSlots = entries.indices.filter { entries[$0] & 0xFF == 255 }
        let allSlots = Array(entries.indices)
        var pixels = bitmap.pixels
        pixels.withUnsafeMutableBufferPointer { pixels in
            var cache: [UInt32: UInt32] = [:]
            var index = 0
            while index < pixels.count {
                let a = pixels[index + 3]
                if a == 0 {
                    pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0
                    index += 4
                    continue
                }
                let key = UInt32(pixels[index]) << 24 | UInt32(pixels[index + 1]) << 16 | UInt32(pixels[index + 2]) << 8 | UInt32(a)
                let entry: UInt32
                if let known = cache[key] {
                    entry = known
                } else {
                    let point = Self.premultiplied(pixels[index], pixels[index + 1], pixels[index + 2], a)
                    var best = 0, bestDistance = Double.infinity
                    for slot in a == 255 && !opaqueSlots.isEmpty ? opaqueSlots : allSlots {
                        let distance = point - palette[slot]
                        if distance < bestDistance { (best, bestDistance) = (slot, distance) }
                    }
                    entry = entries[best]
                    cache[key] = entry
                }
                pixels[index] = UInt8(entry >> 24)
                pixels[index + 1] = UInt8(entry >> 16 & 0xFF)
                pixels[index + 2] = UInt8(entry >> 8 & 0xFF)
                pixels[index + 3] = UInt8(entry & 0xFF)
                index += 4
            }
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, scale: bitmap.scale, straight: pixels)!
    }

    static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Point {
        let alpha = Double(a) / 255
        return Point(r: Double(r) * alpha, g: Double(g) * alpha, b: Double(b) * alpha, a: Double(a))
    }

    /// The straight RGBA8 colour (packed R, G, B, A from the top byte) nearest to `point`: alpha
    /// rounded (at least 1: the entry stands for visible pixels), colour divided by it.
    static func straight(_ point: Point) -> UInt32 {
        let a = min(255, max(1, point.a.rounded()))
        func channel(_ value: Double) -> UInt32 { UInt32(min(255, max(0, (value * 255 / a).rounded()))) }
        return channel(point.r) << 24 | channel(point.g) << 16 | channel(point.b) << 8 | UInt32(a)
    }

    private static func hasAtMost(_ limit: Int, colorsIn bitmap: Bitmap) -> Bool {
        var seen = Set<UInt32>()
        var index = 0
        let pixels = bitmap.pixels
        while index < pixels.count {
            let color = UInt32(pixels[index]) << 24 | UInt32(pixels[index + 1]) << 16 | UInt32(pixels[index + 2]) << 8 | UInt32(pixels[index + 3])
            if seen.insert(color).inserted && seen.count > limit { return false }
            index += 4
        }
        return true
    }

    /// Most distinct colours the histogram keeps; beyond it, colours are merged by dropping their
    /// lowest bits (alpha 255 always kept apart from 254).
    static let maximumCells = 1 << 18

    /// Visible pixels by colour — exact when there are at most ``maximumCells`` colours, else with
    /// the lowest 1, 2… bits of each channel dropped — and whether any pixel is clear.
    static func histogram(_ bitmap: Bitmap) -> (cells: [Cell], hasClear: Bool) {
        var dropped: UInt32 = 0
        while true {
            if let result = histogram(bitmap, dropping: dropped) { return result }
            dropped += 1
        }
    }

    /// The histogram with the lowest `dropping` bits of each channel cleared, or `nil` when it has
    /// more than ``maximumCells`` cells. An open-addressing table of keys (0 never occurs: a
    /// visible pixel's key has alpha bits).
    private static func histogram(_ bitmap: Bitmap, dropping: UInt32) -> (cells: [Cell], hasClear: Bool)? {
        let capacity = maximumCells * 2, mask = capacity - 1
        var keys = [UInt32](repeating: 0, count: capacity)
        var slotOf = [Int32](repeating: 0, count: capacity)
        var cells: [Cell] = []
        var hasClear = false
        let channelMask = UInt32(truncatingIfNeeded: 0xFF << dropping) & 0xFF
        let keep = channelMask << 24 | channelMask << 16 | channelMask << 8
        let pixels = bitmap.pixels
        var index = 0
        while index < pixels.count {
            let (r, g, b, a) = (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
            index += 4
            guard a != 0 else { hasClear = true; continue }
            // Alpha keeps its 255 apart and at least 1, so keys stay non-zero and opaque stays opaque.
            let alpha = a == 255 ? 255 : max(1, UInt32(a) & channelMask)   // masked alphas are even: never 255
            let key = (UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8) & keep | alpha
            var probe = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
            while keys[probe] != 0 && keys[probe] != key { probe = (probe + 1) & mask }
            if keys[probe] == 0 {
                guard cells.count < maximumCells else { return nil }
                keys[probe] = key
                slotOf[probe] = Int32(cells.count)
                cells.append(Cell(count: 0, sum: Point(r: 0, g: 0, b: 0, a: 0), opaque: a == 255))
            }
            let slot = Int(slotOf[probe])
            let point = premultiplied(r, g, b, a)
            cells[slot].count += 1
            cells[slot].sum.r += point.r
            cells[slot].sum.g += point.g
            cells[slot].sum.b += point.b
            cells[slot].sum.a += point.a
        }
        return (cells, hasClear)
    }

    /// Median cut: opaque and translucent cells start in boxes of their own; the box with the
    /// largest summed squared error is split across its most spread axis at the weighted median,
    /// until there are `boxes` (or every box is one cell). Each box's entry is its weighted mean.
    static func medianCut(_ cells: [Cell], boxes: Int) -> [Point] {
        guard !cells.isEmpty else { return [] }
        let means = cells.map(\.mean)
        struct Box { var members: [Int]; var error: Double; var axis: Int }
        func describe(_ members: [Int]) -> Box {
            var weight = 0.0, sum = [0.0, 0.0, 0.0, 0.0], squares = [0.0, 0.0, 0.0, 0.0]
            for member in members {
                let (p, w) = (means[member], cells[member].count)
                let values = [p.r, p.g, p.b, p.a]
                weight += w
                for axis in 0..<4 {
                    sum[axis] += values[axis] * w
                    squares[axis] += values[axis] * values[axis] * w
                }
            }
            let variances = (0..<4).map { squares[$0] - sum[$0] * sum[$0] / weight }
            let axis = variances.indices.max { variances[$0] < variances[$1] }!
            return Box(members: members, error: members.count > 1 ? variances.reduce(0, +) : 0, axis: axis)
        }
        // Opaque and translucent pixels are never merged: an entry between them would be slightly
        // see-through, and opaque pixels may only take opaque entries.
        let opaque = cells.indices.filter { cells[$0].opaque }, translucent = cells.indices.filter { !cells[$0].opaque }
        var list = [opaque, translucent].filter { !$0.isEmpty }.map(describe)
        while list.count < boxes {
            guard let worst = list.indices.max(by: { (list[$0].error, $1) < (list[$1].error, $0) }), list[worst].error > 0 else { break }
            let box = list.remove(at: worst)
            func value(_ member: Int) -> Double {
                let p = means[member]
                return [p.r, p.g, p.b, p.a][box.axis]
            }
            let sorted = box.members.sorted { (value($0), $0) < (value($1), $1) }
            let total = sorted.reduce(0.0) { $0 + cells[$1].count }
            var running = 0.0, cut = 1
            for (position, member) in sorted.enumerated() {
                running += cells[member].count
                if running >= total / 2 { cut = max(1, min(sorted.count - 1, position + 1)); break }
            }
            list.append(describe(Array(sorted[..<cut])))
            list.append(describe(Array(sorted[cut...])))
        }
        return list.map { box in
            var weight = 0.0, sum = Point(r: 0, g: 0, b: 0, a: 0)
            for member in box.members {
                weight += cells[member].count
                sum.r += cells[member].sum.r; sum.g += cells[member].sum.g; sum.b += cells[member].sum.b; sum.a += cells[member].sum.a
            }
            return Point(r: sum.r / weight, g: sum.g / weight, b: sum.b / weight, a: sum.a / weight)
        }
    }

    /// One Lloyd step over the cells: each entry moves to the weighted mean of the cells nearest to
    /// it among the entries of their kind (opaque or translucent), so each kind keeps its entries.
    static func kMeansStep(_ cells: [Cell], _ palette: [Point]) -> [Point] {
        var sums = [Point](repeating: Point(r: 0, g: 0, b: 0, a: 0), count: palette.count)
        var weights = [Double](repeating: 0, count: palette.count)
        for cell in cells {
            let point = cell.mean
            var best = 0, bestDistance = Double.infinity
            for (slot, candidate) in palette.enumerated() where (candidate.a == 255) == cell.opaque {
                let distance = point - candidate
                if distance < bestDistance { (best, bestDistance) = (slot, distance) }
            }
            weights[best] += cell.count
            sums[best].r += cell.sum.r; sums[best].g += cell.sum.g; sums[best].b += cell.sum.b; sums[best].a += cell.sum.a
        }
        return palette.indices.map { slot in
            weights[slot] > 0 ? Point(r: sums[slot].r / weights[slot], g: sums[slot].g / weights[slot],
                                      b: sums[slot].b / weights[slot], a: sums[slot].a / weights[slot]) : palette[slot]
        }
    }
}
