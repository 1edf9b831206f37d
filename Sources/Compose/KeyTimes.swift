/// Core Animation's rules for key times, and finding the segment a moment falls in.
enum KeyTimes {
    /// The key times to use: `given` checked against the mode's rules, or even (or, for `paced`,
    /// proportional to `segmentLengths`) ones. There is one more value than segment lengths.
    static func resolve(_ given: [Double]?, timingFunctions: [TimingFunction]?, mode: CalculationMode,
                        segmentLengths: [Double]) throws(TimingError) -> [Double] {
        let valueCount = segmentLengths.count + 1
        switch mode {
        case .paced:
            if given != nil { throw .ignored(property: "keyTimes", because: "by the paced calculation mode") }
            if timingFunctions != nil { throw .ignored(property: "timingFunctions", because: "by the paced calculation mode") }
            return paced(segmentLengths)
        case .discrete:
            if timingFunctions != nil { throw .ignored(property: "timingFunctions", because: "by the discrete calculation mode") }
            guard let given else { return even(valueCount + 1) }
            guard given.count == valueCount + 1 || given.count == valueCount else {
                throw .wrongCount(property: "keyTimes", count: given.count, expected: valueCount + 1,
                                  why: "discrete key times are one more than the values (or as many)")
            }
            try checkOrder(given, endsAtOne: given.count == valueCount + 1)
            return given
        case .linear, .cubic:
            if let timingFunctions, timingFunctions.count != valueCount - 1 {
                throw .wrongCount(property: "timingFunctions", count: timingFunctions.count, expected: valueCount - 1,
                                  why: "one timing function per segment between values")
            }
            guard let given else { return even(valueCount) }
            guard given.count == valueCount else {
                throw .wrongCount(property: "keyTimes", count: given.count, expected: valueCount,
                                  why: "one key time per value")
            }
            try checkOrder(given, endsAtOne: valueCount > 1)
            return given
        }
    }

    /// `count` times spread evenly from 0 to 1 (one time: 0).
    static func even(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { $0 == count - 1 ? 1 : Double($0) / Double(count - 1) }
    }

    /// Times proportional to the distance travelled; even when nothing moves.
    static func paced(_ lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        guard total > 0, total.isFinite else { return even(lengths.count + 1) }
        var times = [0.0], run = 0.0
        for length in lengths.dropLast() {
            run += length
            times.append(run / total)
        }
        if !lengths.isEmpty { times.append(1) }
        return times
    }

    /// Checks that times are finite, start at 0, never decrease, stay within 0…1 and (when asked) end at 1.
    static func checkOrder(_ times: [Double], endsAtOne: Bool) throws(TimingError) {
        for (index, time) in times.enumerated() {
            guard time.isFinite else { throw .notFinite(property: "keyTimes[\(index)]", value: time) }
            let previous = index == 0 ? 0 : times[index - 1]
            if (index == 0 && time != 0) || time < previous || time > 1 {
                throw .keyTimesOutOfOrder(index: index, value: time)
            }
        }
        if endsAtOne, let last = times.last, last != 1 {
            throw .keyTimesOutOfOrder(index: times.count - 1, value: last)
        }
    }

    /// The segment `fraction` falls in and how far along it (0…1); a segment of no length gives its end.
    static func segment(at fraction: Double, in times: [Double]) -> (index: Int, local: Double) {
        let index = lastReached(fraction, in: times, atMost: times.count - 2)
        let span = times[index + 1] - times[index]
        guard span > 0 else { return (index, 1) }
        return (index, min(max((fraction - times[index]) / span, 0), 1))
    }

    /// Which value a discrete animation shows at `fraction`: the last one whose key time has come.
    static func heldIndex(at fraction: Double, in times: [Double], valueCount: Int) -> Int {
        lastReached(fraction, in: times, atMost: valueCount - 1)
    }

    /// The last index from 0 to `bound` whose time `fraction` has reached (index 0 always counts),
    /// by halving: times never decrease, so those reached come first. A walk from the start cost
    /// the whole list at every frame (10 000 000 values drawn for 1 000 frames).
    private static func lastReached(_ fraction: Double, in times: [Double], atMost bound: Int) -> Int {
        var low = 0, high = max(bound, 0)
        while low < high {
            let middle = low + (high - low + 1) / 2
            if fraction >= times[middle] { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
