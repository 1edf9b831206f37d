/// Sorting a row's edges and crossings by x: the sweep's inner loop (see ``Rasterizer``).
extension Rasterizer {
    /// Sorts `items` by x. Insertion sort while the order is nearly right, as it usually is: the
    /// order of edges changes little from one row, or sub-row, to the next. When that would take
    /// many moves (edges just admitted, or many edges crossing each other, as in a scribble of
    /// long random lines), a bucket pass over the range of the keys puts each near its place first,
    /// so a row costs about linear time rather than the number of swaps; Swift's sort is the last
    /// resort for keys the buckets cannot spread (all but a few crowded together). `spare` and
    /// `buckets` hold at least `items.count` and `items.count + 1` entries. `hint` carries over
    /// from one call to the next of a kind: after a bucket pass, the next 15 go straight to it.
    static func sortByX(_ items: UnsafeMutableBufferPointer<Keyed>, spare: UnsafeMutableBufferPointer<Keyed>,
                                    buckets: UnsafeMutableBufferPointer<Int32>, hint: inout Int) {
        let count = items.count
        guard count > 1 else { return }
        // Enough moves for an order that is nearly right.
        let budget = 4 * count + 64
        if hint > 0 {
            hint -= 1
        } else if insertionSort(items, budget: budget) {
            return
        } else {
            hint = 15
        }
        var low = Double.infinity, high = -Double.infinity
        for item in items where item.x.isFinite {
            low = min(low, item.x)
            high = max(high, item.x)
        }
        if low < high {
            // Counting sort on count buckets spread over [low, high] (infinities and NaN at the ends).
            let scale = Double(count) / (high - low)
            @inline(__always) func bucket(_ x: Double) -> Int {
                let t = (x - low) * scale
                return t >= 0 ? (t < Double(count) ? Int(t) : count - 1) : 0
            }
            for i in 0...count { buckets[i] = 0 }
            for item in items { buckets[bucket(item.x) + 1] += 1 }
            for i in 1...count { buckets[i] += buckets[i - 1] }
            for item in items {
                let b = bucket(item.x)
                spare[Int(buckets[b])] = item
                buckets[b] += 1
            }
            _ = items.update(fromContentsOf: UnsafeMutableBufferPointer(rebasing: spare[0..<count]))
            if insertionSort(items, budget: budget) { return }
        }
        var all = items
        all.sort { $0.x < $1.x }
    }

    /// Insertion sort of `items` by x; gives up (leaving them reordered but unsorted) after
    /// `budget` moves, returning whether they are sorted.
    private static func insertionSort(_ items: UnsafeMutableBufferPointer<Keyed>, budget: Int) -> Bool {
        var moves = 0
        for i in 1..<items.count {
            let item = items[i]
            var j = i
            while j > 0, items[j - 1].x > item.x {
                items[j] = items[j - 1]
                j -= 1
            }
            items[j] = item
            moves += i - j
            if moves > budget { return false }
        }
        return true
    }
}
