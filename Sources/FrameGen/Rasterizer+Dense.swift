/// Rows crowded with edges (a scribble of long random lines, a stroke of 300 000 segments across
/// the canvas): sampling instead of sorting (see ``Rasterizer``).
extension Rasterizer {
    /// Samples down a pixel in a crowded row (the sorted path uses ``Rasterizer/subrows``).
    static let crowdedSubrows = 4
    /// Samples across a pixel in a crowded row: 4 × 16 samples, 64 coverage levels, where every
    /// pixel is crossed by several edges anyway.
    static let crowdedSamples = 16

    /// Whether a row with `active` edges over `span` columns is cheaper sampled than sorted. The
    /// sorted path costs a few passes over 16 crossings per edge (most of them out of cache when
    /// edges number in the tens of thousands); sampling costs one add per crossing of its 4
    /// sub-rows plus a pass over the row's 64 samples per pixel, so it wins once edges outnumber
    /// pixels several times over.
    @inline(__always) static func isCrowded(active: Int, span: Int) -> Bool {
        active > crowdingLimit(span: span)
    }

    /// The most edges a row of `span` columns has and is still sorted.
    @inline(__always) static func crowdingLimit(span: Int) -> Int {
        4 * span + 256
    }

    /// Coverage of one crowded row by point sampling: each edge adds its winding at the first
    /// sample right of where it crosses each sub-row, a running sum along the sub-row gives each
    /// sample's winding number, and the fill rule counts the samples inside each pixel. No sort,
    /// so the work is linear in the edges. The winding rule stays exact (windings are summed
    /// modulo 2¹⁶: only a point encircled 65 536 times over would read as outside); positions
    /// are kept to 1/16 px across and 1/4 px down. Adds the coverage to `acc` as differences from
    /// pixel to pixel (what the sweep integrates), for columns `0..<span` relative to `left`.
    static func sampleCrowdedRow(_ active: UnsafeMutableBufferPointer<Edge>, top: Double, left: Double, span: Int,
                                 evenOdd: Bool, scratch: inout DenseScratch, acc: UnsafeMutableBufferPointer<Float>) {
        let samples = crowdedSamples, subrows = crowdedSubrows
        let cells = span * samples, stride = cells + 1
        if scratch.windings.count < subrows * stride { scratch.windings = [Int16](repeating: 0, count: subrows * stride) }
        if scratch.inside.count < span { scratch.inside = [Int32](repeating: 0, count: span) }
        let weight = 1 / Double(subrows), scale = Double(samples), limit = Double(cells)
        let bottom = top + 1
        scratch.windings.withUnsafeMutableBufferPointer { windings in
        scratch.inside.withUnsafeMutableBufferPointer { inside in
            /// The first sample right of `x`, sample k sitting at (k + 0.5) / 16 (NaN counts as
            /// left of the row, beyond it as past its end).
            @inline(__always) func cell(_ x: Double) -> Int {
                let v = (x - left) * scale + 0.5
                return v > 0 ? (v < limit ? Int(v) : cells) : 0
            }
            for edge in active {
                let winding = Int16(truncatingIfNeeded: edge.winding)
                if edge.top <= top, edge.bottom >= bottom {
                    // Spans the row (most edges of a crowded one): every sub-row, x stepping on.
                    var x = edge.x(at: top + 0.5 * weight)
                    let step = edge.slope * weight
                    for subrow in 0..<subrows {
                        windings[subrow * stride + cell(x)] &+= winding
                        x += step
                    }
                    continue
                }
                for subrow in 0..<subrows {
                    let y = top + (Double(subrow) + 0.5) * weight
                    guard edge.top <= y, edge.bottom > y else { continue }
                    windings[subrow * stride + cell(edge.x(at: y))] &+= winding
                }
            }
            for pixel in 0..<span { inside[pixel] = 0 }
            for subrow in 0..<subrows {
                let base = subrow * stride
                var winding: Int16 = 0
                for pixel in 0..<span {
                    var count: Int32 = 0
                    let first = base + pixel * samples
                    for cell in first..<(first + samples) {
                        winding &+= windings[cell]
                        windings[cell] = 0
                        count &+= (evenOdd ? winding & 1 != 0 : winding != 0) ? 1 : 0
                    }
                    inside[pixel] &+= count
                }
                windings[base + cells] = 0
            }
            var previous: Float = 0
            let unit = 1 / Float(samples * subrows)
            for pixel in 0..<span {
                let coverage = Float(inside[pixel]) * unit
                acc[pixel] += coverage - previous
                previous = coverage
            }
            acc[span] -= previous
        }
        }
    }

    /// Working buffers of ``sampleCrowdedRow``: each sub-row's winding changes per sample, and
    /// each pixel's count of samples inside.
    struct DenseScratch: Sendable {
        fileprivate var windings: [Int16] = []
        fileprivate var inside: [Int32] = []
        init() {}
    }
}
