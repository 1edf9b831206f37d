/// Reduces a bitmap to at most 256 straight RGBA colours, so ``PNG/Encoder`` writes it as an
/// 8-bit palette with per-entry alpha (`tRNS`): "PNG-8" sprite-sheet pages, a quarter of the RGBA
/// data before compression.
///
/// Colours are compared premultiplied — a colour error at a faint pixel shows as faintly as the
/// pixel does — with alpha as a fourth axis (`(Δ r·a)² + (Δ g·a)² + (Δ b·a)² + (Δ a)²`, in levels).
/// The palette is built by median cut over a histogram of the pixels (their exact colours, up to
/// 2¹⁸ of them; each cell keeps the mean of its pixels), splitting the box with the largest error,
/// then refined by k-means. Opaque and translucent pixels are kept apart in the histogram, the
/// boxes and the k-means, and opaque pixels only take opaque entries, so a sprite's solid body
/// never turns see-through (translucent pixels may take any entry). Every histogram cell then takes its nearest entry and every pixel its cell's, with
/// no dithering: the same colour always gives the same index (frames cut back out of a page stay
/// identical where their sources were, and pages compress well). Fully transparent pixels become
/// (0, 0, 0, 0). Visible pixels of at most `colors` colours (pixel art) are kept as they are.
/// Deterministic: the same bitmap gives the same result.
public struct PaletteQuantizer: Sendable {
    /// Entries of the palette, 2…256 (one is kept for full transparency when the image has any).
    public var colors: Int
    /// k-means passes after the median cut (4 by default: 12 gained 0.1–0.3 dB on the real
    /// sheets measured for about three times the time), at most ``maximumRefinements``; the passes
    /// stop early once one changes no colour.
    public var refinements: Int

    /// The most k-means passes ``reduce(_:)`` makes, whatever ``refinements`` says: far past the
    /// point where passes change anything (`refinements: Int.max` never returned).
    public static let maximumRefinements = 100

    /// A quantizer to at most `colors` entries (clamped to 2…256), refined by `refinements` k-means
    /// passes (clamped to 0…``maximumRefinements``).
    public init(colors: Int = 256, refinements: Int = 4) {
        self.colors = min(max(colors, 2), 256)
        self.refinements = min(max(0, refinements), Self.maximumRefinements)
    }

    /// A point in premultiplied RGBA, in levels (0…255 each).
    struct Point: Equatable {
        var r = 0.0, g = 0.0, b = 0.0, a = 0.0

        static func - (x: Point, y: Point) -> Double {
            let (dr, dg, db, da) = (x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a)
            return dr * dr + dg * dg + db * db + da * da
        }

        static func += (x: inout Point, y: Point) {
            x.r += y.r; x.g += y.g; x.b += y.b; x.a += y.a
        }

        static func / (x: Point, y: Double) -> Point { Point(r: x.r / y, g: x.g / y, b: x.b / y, a: x.a / y) }

        /// Axis 0…3: r, g, b, a.
        subscript(axis: Int) -> Double {
            switch axis {
            case 0: r
            case 1: g
            case 2: b
            default: a
            }
        }
    }

    /// One histogram cell: how many pixels fell in it and the sum of their premultiplied values.
    struct Cell {
        var count = 0.0
        var sum = Point()
        /// Every pixel in it has alpha 255 (opaque and translucent pixels never share a cell).
        var opaque: Bool
        var mean: Point { sum / count }
    }

    /// `bitmap` with every pixel replaced by its palette entry.
    public func reduce(_ bitmap: Bitmap) -> Bitmap {
        let histogram = Histogram(bitmap)
        let cells = histogram.cells
        // Few enough colours: each cell is one exact colour, its own entry.
        let exact = histogram.dropped == 0 && cells.count + (histogram.hasClear ? 1 : 0) <= colors
        var palette = exact ? cells.map(\.mean) : Self.medianCut(cells, boxes: colors - (histogram.hasClear ? 1 : 0))
        if !exact {
            for _ in 0..<min(max(0, refinements), Self.maximumRefinements) {
                let next = Self.kMeansStep(cells, palette)
                if next == palette { break }
                palette = next
            }
        }
        let entries = palette.map(Self.straight)
        let entryOfCell: [UInt32] = exact ? [] : cells.map {
            // Opaque pixels stay opaque; a translucent one may take an opaque entry (a rim pixel of alpha 250).
            entries[Self.nearest($0.mean, among: $0.opaque ? .opaque : .all, in: palette)]
        }
        var pixels = bitmap.pixels
        pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                defer { index += 4 }
                guard pixels[index + 3] != 0 else {
                    pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0
                    continue
                }
                guard !exact else { continue }
                let entry = entryOfCell[histogram.cell(pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])]
                pixels[index] = UInt8(entry >> 24)
                pixels[index + 1] = UInt8(entry >> 16 & 0xFF)
                pixels[index + 2] = UInt8(entry >> 8 & 0xFF)
                pixels[index + 3] = UInt8(entry & 0xFF)
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

    /// Which entries a point may take.
    enum Entries {
        /// Those with alpha exactly 255 (every opaque box's).
        case opaque
        /// The others.
        case translucent
        /// Any.
        case all
    }

    /// The entry of `palette` nearest to `point` among `allowed`.
    static func nearest(_ point: Point, among allowed: Entries, in palette: [Point]) -> Int {
        var best = 0, bestDistance = Double.infinity
        for (slot, candidate) in palette.enumerated() where allowed == .all || (candidate.a == 255) == (allowed == .opaque) {
            let distance = point - candidate
            if distance < bestDistance { (best, bestDistance) = (slot, distance) }
        }
        return best
    }

    /// Visible pixels by colour — exact when there are at most ``maximumCells`` colours, else with
    /// the lowest 1, 2… bits of each channel dropped (alpha 255 always apart from 254) — in an
    /// open-addressing table that also finds each pixel's cell again for the mapping.
    struct Histogram {
        /// Most distinct colours kept before bits are dropped.
        static let maximumCells = 1 << 18
        private static let capacity = maximumCells * 2

        private(set) var cells: [Cell] = []
        private(set) var hasClear = false
        /// Low bits dropped from each channel.
        private(set) var dropped: UInt32 = 0
        private var keys: [UInt32] = []
        private var slots: [Int32] = []

        init(_ bitmap: Bitmap) {
            while !fill(bitmap) { dropped += 1 }
        }

        /// The key of a visible colour (never 0: alpha is at least 1). Masked alphas are even, so
        /// only alpha 255 itself has 255.
        private func key(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
            let mask = UInt32(truncatingIfNeeded: 0xFF << dropped) & 0xFF
            let alpha = a == 255 ? 255 : max(1, UInt32(a) & mask)
            return (UInt32(r) & mask) << 24 | (UInt32(g) & mask) << 16 | (UInt32(b) & mask) << 8 | alpha
        }

        /// Where `key` is in the table, or the empty place it would go.
        private func probe(_ key: UInt32) -> Int {
            var place = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 40) & (Self.capacity - 1)
            while keys[place] != 0 && keys[place] != key { place = (place + 1) & (Self.capacity - 1) }
            return place
        }

        /// The cell of a visible pixel of the bitmap the histogram was made from.
        func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> Int { Int(slots[probe(key(r, g, b, a))]) }

        /// Counts every pixel at the current `dropped`; `false` when that makes too many cells.
        private mutating func fill(_ bitmap: Bitmap) -> Bool {
            keys = [UInt32](repeating: 0, count: Self.capacity)
            slots = [Int32](repeating: 0, count: Self.capacity)
            cells = []
            hasClear = false
            let pixels = bitmap.pixels
            var index = 0
            while index < pixels.count {
                let (r, g, b, a) = (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
                index += 4
                guard a != 0 else { hasClear = true; continue }
                let key = key(r, g, b, a)
                let place = probe(key)
                if keys[place] == 0 {
                    guard cells.count < Self.maximumCells else { return false }
                    keys[place] = key
                    slots[place] = Int32(cells.count)
                    cells.append(Cell(opaque: a == 255))
                }
                let slot = Int(slots[place])
                cells[slot].count += 1
                cells[slot].sum += premultiplied(r, g, b, a)
            }
            return true
        }
    }

    /// Median cut: opaque and translucent cells start in boxes of their own; the box with the
    /// largest summed squared error is split across its most spread axis at the weighted median,
    /// until there are `boxes` (or every box is one cell). Each box's entry is its weighted mean.
    static func medianCut(_ cells: [Cell], boxes: Int) -> [Point] {
        guard !cells.isEmpty else { return [] }
        let means = cells.map(\.mean)
        struct Box { var members: [Int]; var error: Double; var axis: Int }
        func describe(_ members: [Int]) -> Box {
            var weight = 0.0, sum = Point(), squares = Point()
            for member in members {
                let (p, w) = (means[member], cells[member].count)
                weight += w
                sum += Point(r: p.r * w, g: p.g * w, b: p.b * w, a: p.a * w)
                squares += Point(r: p.r * p.r * w, g: p.g * p.g * w, b: p.b * p.b * w, a: p.a * p.a * w)
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
            let sorted = box.members.sorted { (means[$0][box.axis], $0) < (means[$1][box.axis], $1) }
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
            var weight = 0.0, sum = Point()
            for member in box.members {
                weight += cells[member].count
                sum += cells[member].sum
            }
            return sum / weight
        }
    }

    /// One Lloyd step over the cells: each entry moves to the weighted mean of the cells nearest to
    /// it among the entries of their kind (opaque or translucent), so each kind keeps its entries.
    static func kMeansStep(_ cells: [Cell], _ palette: [Point]) -> [Point] {
        var sums = [Point](repeating: Point(), count: palette.count)
        var weights = [Double](repeating: 0, count: palette.count)
        for cell in cells {
            let best = nearest(cell.mean, among: cell.opaque ? .opaque : .translucent, in: palette)
            weights[best] += cell.count
            sums[best] += cell.sum
        }
        return palette.indices.map { weights[$0] > 0 ? sums[$0] / weights[$0] : palette[$0] }
    }
}
