import Basics
import Dispatch
import Foundation
import Raster

/// Builds a palette that minimises the squared RGB error of the colours it will stand for.
///
/// Median cut splits the box with the largest weighted squared error, at the weighted mean along
/// its widest-variance axis; k-means (Lloyd) iterations then move each entry to the mean of the
/// colours nearest to it. Squared RGB error is what PSNR measures, so the objective and the
/// benchmark agree.
enum Quantizer {
    struct Sample {
        var r, g, b, weight: Double
        /// The squared distance this colour is already shown at: an entry further away than that
        /// would not be used for it, so it does not pull entries towards itself. Infinite when the
        /// colour has to be drawn.
        var limit: Double = .infinity
        /// The mean ``AlphaFlattener/visibility(_:)`` of the pixels this colour stands for (1 = opaque):
        /// how strongly a viewer sees an error in it.
        var visibility: Double = 1

        /// The cost that marks a pixel which must be drawn whatever the palette.
        static let unlimited: Float = 1e9
    }

    /// Where splitting stops counting a colour's remaining error (see ``palette(for:count:refinements:)``):
    /// measured on the opaque benchmark sequence, +0.2 dB for the `high` preset against plain weights.
    static let initialCap = 100.0

    /// Up to `count` colours (RGB triples) for `samples`; fewer when there are fewer distinct colours.
    static func palette(for samples: [Sample], count: Int, refinements: Int) -> [UInt8] {
        palette(for: samples, count: count, refinements: refinements, giveUp: nil)!
    }

    /// The palette of ``palette(for:count:refinements:)``, or `nil` when `giveUp.test` holds for
    /// the palette as it stands after `giveUp.rounds` iterations: a caller that only wants a table
    /// fitting within some error learns early that this one will not (the last iterations move the
    /// error a few per cent).
    static func palette(for samples: [Sample], count: Int, refinements: Int,
                        giveUp: (rounds: Int, test: ([UInt8]) -> Bool)?) -> [UInt8]? {
        guard !samples.isEmpty, count > 0 else { return [0, 0, 0] }
        // Boxes are split by the error that can still be removed: a colour already shown within
        // `limit` weighs in proportion, up to ``initialCap``. (Lloyd iterations then use the true limits.)
        var pool = samples.map { sample in
            var scaled = sample
            if sample.limit < Self.initialCap { scaled.weight *= sample.limit / Self.initialCap }
            return scaled
        }
        var boxes: [Box] = []
        // Where each pooled sample came from in `samples`.
        var origin = (0..<Int32(samples.count)).map { $0 }
        let assigned = Assignments(count: samples.count)
        pool.withUnsafeMutableBufferPointer { pool in
            origin.withUnsafeMutableBufferPointer { origin in
                let scratch = Box.Scratch(count: pool.count)
                defer { scratch.deallocate() }
                boxes = [Box(pool, 0..<pool.count)]
                while boxes.count < count {
                    guard let index = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                          boxes[index].error > 0,
                          let (low, high) = boxes[index].split(pool, origin, scratch: scratch) else { break }
                    boxes[index] = low
                    boxes.append(high)
                }
                // Each sample starts at its box's centre: mostly its nearest already, which the
                // first iteration then proves with one distance instead of a search.
                for (box, contents) in boxes.enumerated() {
                    for k in contents.range { assigned.values[Int(origin[k])] = Int32(box) }
                }
            }
        }
        var centers = boxes.map { [$0.mean.r, $0.mean.g, $0.mean.b] }
        for round in 0..<refinements {
            if let giveUp, round == giveUp.rounds, giveUp.test(rounded(centers)) { return nil }
            guard let moved = refine(centers, samples: samples, assigned: assigned) else { break }
            centers = moved
        }
        return rounded(centers)
    }

    /// `centers` as RGB bytes, each colour once.
    private static func rounded(_ centers: [[Double]]) -> [UInt8] {
        var palette: [UInt8] = []
        var seen = Set<UInt32>()
        for center in centers {
            let rgb = center.map { UInt8(min(max($0.rounded(), 0), 255)) }
            // Identical entries waste a slot and break index comparisons in frame differencing.
            if seen.insert(UInt32(rgb[0]) << 16 | UInt32(rgb[1]) << 8 | UInt32(rgb[2])).inserted { palette += rgb }
        }
        return palette
    }

    /// One Lloyd iteration; `nil` when nothing moved. `assigned` holds each sample's centre from
    /// the iteration before: centres move little, so most samples are still closest to theirs,
    /// which one distance can prove (``NearestCenter/quarterGaps()``) — the same answers as a search.
    private static func refine(_ centers: [[Double]], samples: [Sample], assigned: Assignments) -> [[Double]]? {
        // Samples are split into fixed chunks summed on all cores, then added in chunk order, so
        // the result does not depend on scheduling.
        let chunkCount = samples.count < 4096 ? 1 : min(ParallelLoop.machineCores * 2, 16)
        let chunkSize = (samples.count + chunkCount - 1) / chunkCount
        let search = NearestCenter(centers.flatMap { $0 })
        let gaps = search.quarterGaps()
        // First each sample's nearest centre, on all cores in bands of any size (each answer
        // depends only on its sample, its centre before and the centres); then the sums, in the
        // fixed chunks above, each in sample order, so the sums are the same to the last bit.
        // (Searched inside the chunks, fewer than 4 096 samples — one chunk — were all searched
        // on the encoding thread.)
        let distances = Assignments.Distances(count: samples.count)
        samples.withUnsafeBufferPointer { samples in
            let samples = UnsafeSendable(samples)
            ParallelLoop.chunks(samples.buffer.count, minimum: 1 << 10) { range in
                search.withLookup { lookup in
                    gaps.withUnsafeBufferPointer { gaps in
                        for index in range {
                            let sample = samples.buffer[index]
                            var best = Int(assigned.values[index]), bestDistance = Double.infinity
                            if best >= 0 { bestDistance = lookup.distance(best, sample.r, sample.g, sample.b) }
                            if best < 0 || bestDistance >= gaps[best] {
                                (best, bestDistance) = lookup.nearest(sample.r, sample.g, sample.b, guess: best)
                                assigned.values[index] = Int32(best)
                            }
                            distances.values[index] = bestDistance
                        }
                    }
                }
            }
        }
        let partials = Partials(count: chunkCount, size: centers.count * 4)
        ParallelLoop.perform(chunkCount) { chunk in
            var sums = [Double](repeating: 0, count: centers.count * 4)
            let range = (chunk * chunkSize)..<min(samples.count, (chunk + 1) * chunkSize)
            samples.withUnsafeBufferPointer { samples in
                for index in range {
                    let sample = samples[index]
                    let best = Int(assigned.values[index])
                    guard distances.values[index] < sample.limit else { continue }
                    sums[best * 4] += sample.r * sample.weight
                    sums[best * 4 + 1] += sample.g * sample.weight
                    sums[best * 4 + 2] += sample.b * sample.weight
                    sums[best * 4 + 3] += sample.weight
                }
            }
            partials.store(sums, at: chunk)
        }
        var sums = [Double](repeating: 0, count: centers.count * 4)
        for chunk in partials.values { for index in sums.indices { sums[index] += chunk[index] } }
        var moved = false
        var next = centers
        for index in 0..<centers.count where sums[index * 4 + 3] > 0 {
            let weight = sums[index * 4 + 3]
            let center = [sums[index * 4] / weight, sums[index * 4 + 1] / weight, sums[index * 4 + 2] / weight]
            if zip(center, centers[index]).contains(where: { abs($0 - $1) > 0.01 }) { moved = true }
            next[index] = center
        }
        return moved ? next : nil
    }

    /// Each sample's nearest centre, written from worker threads at disjoint indices.
    private final class Assignments: @unchecked Sendable {
        let values: UnsafeMutableBufferPointer<Int32>
        init(count: Int) {
            values = .allocate(capacity: count)
            values.initialize(repeating: -1)
        }
        deinit { values.deallocate() }

        /// Each sample's squared distance to its nearest centre, written as ``Assignments/values`` is.
        final class Distances: @unchecked Sendable {
            let values: UnsafeMutableBufferPointer<Double>
            init(count: Int) {
                values = .allocate(capacity: count)
                values.initialize(repeating: 0)
            }
            deinit { values.deallocate() }
        }
    }

    /// Per-chunk sums written from worker threads, one slot each.
    private final class Partials: @unchecked Sendable {
        private(set) var values: [[Double]]
        private let lock = NSLock()
        init(count: Int, size: Int) { values = Array(repeating: [], count: count) }
        func store(_ sums: [Double], at chunk: Int) {
            lock.lock()
            values[chunk] = sums
            lock.unlock()
        }
    }

    /// A box of samples in RGB — a range of a shared pool, split in place — with its weighted mean
    /// and squared error.
    private struct Box {
        var range: Range<Int>
        var mean: (r: Double, g: Double, b: Double)
        var variance: (r: Double, g: Double, b: Double)
        var error: Double

        init(_ pool: UnsafeMutableBufferPointer<Sample>, _ range: Range<Int>) {
            self.range = range
            var weight = 0.0, r = 0.0, g = 0.0, b = 0.0
            for index in range {
                let sample = pool[index]
                weight += sample.weight
                r += sample.r * sample.weight
                g += sample.g * sample.weight
                b += sample.b * sample.weight
            }
            mean = (r / weight, g / weight, b / weight)
            var vr = 0.0, vg = 0.0, vb = 0.0
            for index in range {
                let sample = pool[index]
                vr += (sample.r - mean.r) * (sample.r - mean.r) * sample.weight
                vg += (sample.g - mean.g) * (sample.g - mean.g) * sample.weight
                vb += (sample.b - mean.b) * (sample.b - mean.b) * sample.weight
            }
            variance = (vr, vg, vb)
            error = range.count > 1 ? vr + vg + vb : 0
        }

        /// Room for the samples (and their origins) a split moves aside.
        struct Scratch {
            let samples: UnsafeMutableBufferPointer<Sample>
            let origin: UnsafeMutableBufferPointer<Int32>
            init(count: Int) {
                samples = .allocate(capacity: count)
                origin = .allocate(capacity: count)
            }
            func deallocate() {
                samples.deallocate()
                origin.deallocate()
            }
        }

        /// Splits at the mean along the axis of largest variance: the samples at or below it first,
        /// then the others, each in the order they had (a stable partition through `scratch`;
        /// `origin` moves with the samples).
        func split(_ pool: UnsafeMutableBufferPointer<Sample>, _ origin: UnsafeMutableBufferPointer<Int32>,
                   scratch: Scratch) -> (Box, Box)? {
            let axis = variance.r >= variance.g && variance.r >= variance.b ? 0 : variance.g >= variance.b ? 1 : 2
            let cut = axis == 0 ? mean.r : axis == 1 ? mean.g : mean.b
            var low = range.lowerBound, high = 0
            for index in range {
                let sample = pool[index]
                if (axis == 0 ? sample.r : axis == 1 ? sample.g : sample.b) <= cut {
                    pool[low] = sample
                    origin[low] = origin[index]
                    low += 1
                } else {
                    scratch.samples[high] = sample
                    scratch.origin[high] = origin[index]
                    high += 1
                }
            }
            for index in 0..<high {
                pool[low + index] = scratch.samples[index]
                origin[low + index] = scratch.origin[index]
            }
            guard low > range.lowerBound, high > 0 else { return nil }
            return (Box(pool, range.lowerBound..<low), Box(pool, low..<range.upperBound))
        }
    }
}
