extension Resampler {
    /// The weights of every output position of an ``Axis`` in one contiguous buffer: position
    /// `p`'s are `values[offsets[p]..<offsets[p + 1]]`, applying from source position `firsts[p]`.
    /// For the horizontal pass, which applies each position's weights to every row.
    struct Weights: Sendable {
        let firsts: [Int]
        let offsets: [Int]
        let values: [Float]

        init(_ axis: Axis, count target: Int) {
            var offsets = [Int](repeating: 0, count: target + 1)
            for position in 0..<target { offsets[position + 1] = offsets[position] + axis.count(at: position) }
            var firsts = [Int](repeating: 0, count: target)
            var values = [Float](repeating: 0, count: offsets[target])
            values.withUnsafeMutableBufferPointer { values in
                for position in 0..<target {
                    firsts[position] = axis.taps(at: position, values.baseAddress! + offsets[position])
                }
            }
            self.firsts = firsts
            self.offsets = offsets
            self.values = values
        }
    }
}
