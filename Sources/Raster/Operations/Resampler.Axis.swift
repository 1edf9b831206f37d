import Foundation

extension Resampler {
    /// The taps along one axis of a resize, from `source` positions to a number of output
    /// positions: for each output position, the first source position it reads and the normalised
    /// weights from there on, taps outside the image folded onto the edge pixel (clamp).
    ///
    /// Weights are computed for one position when it is needed (``taps(at:_:)``), or for every
    /// position of an axis into one flat buffer (``Weights``) — never as an array per position, so
    /// the memory and time they take stay in proportion to the taps themselves: a 1 × 60 000 000
    /// output holds the weights of one row at a time, not 60 million arrays.
    struct Axis: Sendable {
        let filter: Filter
        /// Positions along the source axis.
        let source: Int
        /// Source positions per output position.
        let ratio: Double
        /// How much wider the filter is than its own support (the shrink factor, at least 1).
        let stretch: Double
        /// The filter's reach in source positions, on each side of a position's centre.
        let support: Double

        init(filter: Filter, from source: Int, to target: Int) {
            self.filter = filter
            self.source = source
            ratio = Double(source) / Double(target)
            stretch = max(ratio, 1)
            support = filter.support * stretch
        }

        /// The source position nearest output `position`'s centre (nearest neighbour).
        func nearest(_ position: Int) -> Int {
            min(Int((Double(position) + 0.5) * ratio), source - 1)
        }

        /// The source positions output `position` reads before folding (`first...last`, possibly
        /// outside the image) and after it (`low`, `count`: within the image).
        private func span(_ position: Int) -> (centre: Double, first: Int, last: Int, low: Int, count: Int) {
            let centre = (Double(position) + 0.5) * ratio - 0.5
            let first = Int((centre - support).rounded(.up)), last = Int((centre + support).rounded(.down))
            let low = min(max(first, 0), source - 1), high = min(max(last, 0), source - 1)
            return (centre, first, last, low, high - low + 1)
        }

        /// The number of weights of output `position` (source positions it reads, within the image).
        func count(at position: Int) -> Int {
            filter == .nearest ? 1 : span(position).count
        }

        /// Writes the weights of output `position` into `weights` (room for ``count(at:)``) and
        /// returns the source position the first one applies to.
        ///
        /// The arithmetic is the resampler's since its first version, step for step (the kernel's
        /// values summed in order, each divided by the sum, folded in order in `Double`, then
        /// converted to `Float`), so its outputs are the same bytes; the raw taps are evaluated
        /// twice instead of being held, so a wide shrink needs room only for the folded ones.
        @discardableResult
        func taps(at position: Int, _ weights: UnsafeMutablePointer<Float>) -> Int {
            if filter == .nearest {
                weights[0] = 1
                return nearest(position)
            }
            let (centre, first, last, low, count) = span(position)
            var total = 0.0
            for tap in first...last { total += filter.kernel((Double(tap) - centre) / stretch) }
            withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { folded in
                folded.initialize(repeating: 0)
                for tap in first...last {
                    var weight = filter.kernel((Double(tap) - centre) / stretch)
                    if total != 0 { weight /= total }
                    folded[min(max(tap, 0), source - 1) - low] += weight
                }
                for index in 0..<count { weights[index] = Float(folded[index]) }
            }
            return low
        }

        /// `body(first, weights)` with the weights of output `position`, in storage of its own.
        func withTaps<R>(at position: Int, _ body: (Int, UnsafeBufferPointer<Float>) -> R) -> R {
            withUnsafeTemporaryAllocation(of: Float.self, capacity: count(at: position)) { weights in
                let first = taps(at: position, weights.baseAddress!)
                return body(first, UnsafeBufferPointer(weights))
            }
        }
    }
}
