import Basics
import Raster

/// How far a palette leaves a frame's samples: the measures the refiner compares palettes by.
extension ColorRefiner {
    /// Weighted summed squared distance from `samples` to their nearest entries of `rgb`, counting
    /// no sample as further than it is already shown.
    static func totalError(_ samples: [Quantizer.Sample], _ rgb: [UInt8]) -> Double {
        let (total, _) = errorSums(samples, rgb)
        return total
    }

    /// Weighted mean squared distance from `samples` to their nearest entries of `rgb`, counting no
    /// sample as further than it is already shown.
    static func meanError(_ samples: [Quantizer.Sample], _ rgb: [UInt8]) -> Double {
        let (total, weight) = errorSums(samples, rgb)
        return weight > 0 ? total / weight : 0
    }

    /// The summed weighted squared distance (see ``meanError(_:_:)``) and the summed weight. The
    /// searches for the nearest entries run on all cores for many samples (they were 5 % of the
    /// 400² explosion's instructions, on the encoding thread); the sums are taken in sample order
    /// as before, so they are the same to the last bit.
    private static func errorSums(_ samples: [Quantizer.Sample], _ rgb: [UInt8]) -> (total: Double, weight: Double) {
        let search = NearestCenter(rgb.map(Double.init))
        var distances = [Double](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { samples in
            distances.withUnsafeMutableBufferPointer { distances in
                let (samples, out) = (UnsafeSendable(samples), UnsafeMutableSendable(distances))
                ParallelLoop.chunks(samples.buffer.count, minimum: 1 << 11) { range in
                    search.withLookup { lookup in
                        // Samples come in bin order, so the one before's nearest is mostly near this
                        // one's too: as the search's first guess it stops the walk sooner (the answer
                        // is the same: the nearest distance, whatever the guess).
                        var guess = -1
                        for index in range {
                            let sample = samples.buffer[index]
                            let found = lookup.nearest(sample.r, sample.g, sample.b, guess: guess)
                            out.buffer[index] = found.distance
                            guess = found.index
                        }
                    }
                }
            }
        }
        var total = 0.0, weight = 0.0
        for (sample, distance) in zip(samples, distances) {
            total += min(distance, sample.limit) * sample.weight
            weight += sample.weight
        }
        return (total, weight)
    }
}
