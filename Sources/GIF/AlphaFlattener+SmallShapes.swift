extension AlphaFlattener {
    /// The most pixels (at 1 pixel per point; times the scale squared) a soft shape away from
    /// opaque pixels may cover to count as small (a spark, an ember, a droplet): such a shape is
    /// drawn as a solid core instead of dithered (``smallShapes(classes:shares:rim:levels:scale:)``).
    static let smallShapeLimit = 64

    /// Which soft pixels belong to small soft shapes, and which of those are kept.
    struct SmallShapes {
        /// One bit per pixel (as ``Prepared/kept``): the pixel lies in a small shape, whose
        /// decision below replaces the dither's.
        var members: [UInt64]
        /// One bit per pixel: kept, as part of its shape's core.
        var kept: [UInt64]

        @inline(__always)
        func isMember(_ pixel: Int) -> Bool { members[pixel >> 6] >> UInt64(pixel & 63) & 1 != 0 }
        @inline(__always)
        func keeps(_ pixel: Int) -> Bool { kept[pixel >> 6] >> UInt64(pixel & 63) & 1 != 0 }
    }

    /// Small soft shapes of a frame, each decided whole: a connected (8-neighbour) group of at
    /// most ``smallShapeLimit`` × scale² pixels whose alpha lies between ``faintest`` and 254, none
    /// within ``rimRadius`` of an opaque pixel. Dithered pixel by pixel, a spark of a few pixels
    /// becomes a hollow stipple that no longer reads as a spark (and a different one each frame
    /// as it moves); thresholded, faint sparks vanish. Instead each shape keeps as many pixels as
    /// its dots would cover on average — its summed ``ditherShare(alpha:_:_:_:)`` in pixels, the
    /// fraction rounded up or down by the Bayer level at its brightest pixel, as the dither would
    /// — and those are its brightest pixels: a solid core of the shape's own light, the same core
    /// wherever the shape holds still. `nil` when the frame has none.
    static func smallShapes(classes: AlphaClasses, shares: UnsafeBufferPointer<UInt16>,
                            rim: UnsafeBufferPointer<UInt64>, levels: [Int], scale: Int) -> SmallShapes? {
        let limit = smallShapeLimit * scale * scale
        let (width, height) = (classes.width, classes.height)
        let words = (width * height + 63) / 64
        // The soft pixels off the rim, as masks of the rows (``AlphaClasses``).
        var away = classes.soft
        if !rim.isEmpty {
            for index in away.indices { away[index] &= ~rim[index] }
        }
        // Runs of soft pixels along each row, joined (union–find) with the runs of the row above
        // that touch them, diagonals included: the runs read off the masks, then work per run.
        var runs: [(start: Int, end: Int)] = []      // pixel indices, end exclusive
        var parent: [Int32] = [], size: [Int32] = []
        func root(_ run: Int) -> Int {
            var run = run
            while Int(parent[run]) != run {
                parent[run] = parent[Int(parent[run])]
                run = Int(parent[run])
            }
            return run
        }
        var above = 0..<0                              // the runs of the row before
        away.withUnsafeBufferPointer { away in
            for y in 0..<height {
                let first = runs.count
                classes.forEachRun(in: away, row: y) { start, x in
                    let run = runs.count
                    runs.append((y * width + start, y * width + x))
                    parent.append(Int32(run))
                    size.append(Int32(x - start))
                    for other in above {
                        let (otherStart, otherEnd) = (runs[other].start - (y - 1) * width, runs[other].end - (y - 1) * width)
                        guard otherStart <= x && otherEnd >= start else { continue }   // overlap or touch diagonally
                        let (a, b) = (root(run), root(other))
                        if a != b {
                            parent[b] = Int32(a)
                            size[a] += size[b]
                        }
                    }
                }
                above = first..<runs.count
            }
        }
        var groups: [Int: [Int]] = [:]                 // small shape's root → its runs
        for run in runs.indices {
            let top = root(run)
            if Int(size[top]) <= limit { groups[top, default: []].append(run) }
        }
        var shapes: SmallShapes?
        var members: [(pixel: Int, share: Int)] = []
        for top in groups.keys.sorted() {
            members.removeAll(keepingCapacity: true)
            for run in groups[top]! {
                for p in runs[run].start..<runs[run].end { members.append((p, Int(shares[p]))) }
            }
            // Brightest first; equal shares in the dither's order of their places.
            @inline(__always) func level(_ p: Int) -> Int { levels[(p / width & 7) << 3 | (p % width & 7)] }
            members.sort {
                $0.share != $1.share ? $0.share > $1.share
                    : level($0.pixel) != level($1.pixel) ? level($0.pixel) < level($1.pixel) : $0.pixel < $1.pixel
            }
            let mass = members.reduce(0) { $0 + $1.share }   // alpha levels × 128
            let whole = mass / (255 * 128), rest = mass % (255 * 128)
            let count = min(members.count, whole + (rest > level(members[0].pixel) ? 1 : 0))
            if shapes == nil {
                shapes = SmallShapes(members: [UInt64](repeating: 0, count: words), kept: [UInt64](repeating: 0, count: words))
            }
            for (rank, member) in members.enumerated() {
                let (word, bit) = (member.pixel >> 6, UInt64(1) << UInt64(member.pixel & 63))
                shapes!.members[word] |= bit
                if rank < count { shapes!.kept[word] |= bit }
            }
        }
        return shapes
    }
}
