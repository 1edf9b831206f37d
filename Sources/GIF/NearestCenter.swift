/// Nearest of a few hundred RGB centres (Double), exact, without measuring every one.
///
/// The centres are sorted along the axis where they spread most; a search starts where the colour
/// falls on that axis and walks outwards both ways, stopping on each side once the distance along
/// the axis alone exceeds the best full distance found (nothing further can be closer). Ties go to
/// the lowest index, so the answer is the one a scan of every centre in order would give.
struct NearestCenter {
    private let keys: [Double]
    private let order: [Int]
    private let centers: [Double]
    private let axis: Int

    /// `centers`: RGB triples.
    init(_ centers: [Double]) {
        self.centers = centers
        let count = centers.count / 3
        var spread = [0.0, 0.0, 0.0]
        for channel in 0..<3 where count > 0 {
            var low = Double.infinity, high = -Double.infinity
            for index in 0..<count {
                low = min(low, centers[index * 3 + channel])
                high = max(high, centers[index * 3 + channel])
            }
            spread[channel] = high - low
        }
        let axis = spread[0] >= spread[1] && spread[0] >= spread[2] ? 0 : spread[1] >= spread[2] ? 1 : 2
        let order = (0..<count).sorted { (centers[$0 * 3 + axis], $0) < (centers[$1 * 3 + axis], $1) }
        self.axis = axis
        self.order = order
        self.keys = order.map { centers[$0 * 3 + axis] }
    }

    /// Per centre, a quarter of the squared distance to the nearest other centre: a colour closer
    /// than that (squared) to a centre is nearer to it than to any other (triangle inequality), so
    /// a colour that stays that close to the centre it had needs no search.
    func quarterGaps() -> [Double] {
        withLookup { lookup in
            (0..<centers.count / 3).map { a in
                lookup.nearest(centers[a * 3], centers[a * 3 + 1], centers[a * 3 + 2], skipping: a).distance / 4
            }
        }
    }

    /// Runs `body` with a lookup over this set's storage. The lookup borrows it (no reference
    /// counting per query, which threads sharing the arrays would otherwise contend on); it must
    /// not escape `body`.
    func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
        try keys.withUnsafeBufferPointer { keys in
            try order.withUnsafeBufferPointer { order in
                try centers.withUnsafeBufferPointer { centers in
                    try body(Lookup(keys: keys, order: order, centers: centers, axis: axis))
                }
            }
        }
    }

    /// Queries on borrowed storage (see ``withLookup(_:)``).
    struct Lookup {
        let keys: UnsafeBufferPointer<Double>
        let order: UnsafeBufferPointer<Int>
        let centers: UnsafeBufferPointer<Double>
        let axis: Int

        /// The squared distance from centre `index` to (r, g, b).
        @inline(__always)
        func distance(_ index: Int, _ r: Double, _ g: Double, _ b: Double) -> Double {
            let dr = r - centers[index * 3], dg = g - centers[index * 3 + 1], db = b - centers[index * 3 + 2]
            return dr * dr + dg * dg + db * db
        }

        /// The index of the centre nearest to (r, g, b) and its squared distance. `guess`, a centre
        /// likely to be near (the one it had before), lets the search stop sooner; the centre
        /// `skipping` is not considered (a centre's nearest other, for ``NearestCenter/quarterGaps()``).
        @inline(__always)
        func nearest(_ r: Double, _ g: Double, _ b: Double, guess: Int = -1, skipping: Int = -1) -> (index: Int, distance: Double) {
            let value = axis == 0 ? r : axis == 1 ? g : b
            // First key ≥ value.
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < value { low = middle + 1 } else { high = middle }
            }
            var best = Double.infinity, bestIndex = Int.max
            if guess >= 0 {
                best = distance(guess, r, g, b)
                bestIndex = guess
            }
            var up = low
            while up < keys.count {
                let d = keys[up] - value
                if d * d > best { break }
                let index = order[up], distance = distance(index, r, g, b)
                if index != skipping && (distance < best || (distance == best && index < bestIndex)) {
                    best = distance
                    bestIndex = index
                }
                up += 1
            }
            var down = low - 1
            while down >= 0 {
                let d = value - keys[down]
                if d * d > best { break }
                let index = order[down], distance = distance(index, r, g, b)
                if index != skipping && (distance < best || (distance == best && index < bestIndex)) {
                    best = distance
                    bestIndex = index
                }
                down -= 1
            }
            return (bestIndex == Int.max ? 0 : bestIndex, best)
        }
    }
}
