import Testing
@testable import FrameGen

/// Rows crossed by many more edges than they have pixels are sampled instead of sorted
/// (``Rasterizer/sampleCrowdedRow``): checked against an independent supersampled winding count.
@Suite("Crowded rows")
struct CrowdedRowTests {
    /// A closed polyline through `count` pseudo-random points over a `size`² canvas (a fixed LCG:
    /// the same path on every run), the shape of a scribble of long random lines.
    static func scribble(count: Int, size: Double, seed: UInt64) -> [Point] {
        var state = seed
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { _ in Point(next() * size, next() * size) }
    }

    /// Coverage of each pixel of row `y` (`width` pixels) by `rows` × 16 point samples, the winding
    /// at each sample counted edge by edge: every edge that crosses the sample's sub-row left of it
    /// (the crossings sorted once per sub-row and swept left to right).
    static func reference(_ points: [Point], y: Int, width: Int, rule: FillRule, rows: Int) -> [Double] {
        var inside = [Int](repeating: 0, count: width)
        for sy in 0..<rows {
            let py = Double(y) + (Double(sy) + 0.5) / Double(rows)
            // Where each edge crosses the sub-row, and which way (the same for every pixel of the row).
            var crossings: [(x: Double, winding: Int)] = []
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                guard a.y != b.y else { continue }
                let (upper, lower, winding) = a.y < b.y ? (a, b, 1) : (b, a, -1)
                guard upper.y <= py, lower.y > py else { continue }
                crossings.append((upper.x + (py - upper.y) * (lower.x - upper.x) / (lower.y - upper.y), winding))
            }
            // Samples left to right: the winding at each is that of the crossings left of it.
            crossings.sort { $0.x < $1.x }
            var next = 0, winding = 0
            for x in 0..<width {
                for sx in 0..<16 {
                    let px = Double(x) + (Double(sx) + 0.5) / 16
                    while next < crossings.count && crossings[next].x < px {
                        winding += crossings[next].winding
                        next += 1
                    }
                    if rule == .nonzero ? winding != 0 : winding & 1 != 0 { inside[x] += 1 }
                }
            }
        }
        return inside.map { Double($0) / Double(rows * 16) }
    }

    @Test("a scribble whose rows are crowded matches a supersampled reference", arguments: FillRule.allCases)
    func matchesReference(rule: FillRule) {
        let size = 24
        // About a third of the segments cross a given row: ~530, over the crowding threshold (4 × 24 + 256).
        // On the rasterizer's 1/256 grid (where it puts every vertex, as Cairo does), so that the
        // reference samples the same lines; on odd 256ths, so that no vertex sits on a sample.
        let points = Self.scribble(count: 1600, size: Double(size), seed: 7).map { p in
            Point(((p.x * 128).rounded(.down) * 2 + 1) / 256, ((p.y * 128).rounded(.down) * 2 + 1) / 256)
        }
        var rasterizer = Rasterizer()
        rasterizer.addPolygon(points)
        rasterizer.sortEdges()
        var scratch = Rasterizer.Scratch()
        var coverage = [Double](repeating: 0, count: size * size)
        rasterizer.fill(width: size, height: size, rule: rule, scratch: &scratch) { y, x, length, level in
            for i in x..<(x + length) { coverage[y * size + i] = Double(level) / 255 }
        }
        var crowdedRows = 0, worst = 0.0, totalError = 0.0
        for y in 0..<size {
            let active = points.indices.filter { i in
                let a = points[i], b = points[(i + 1) % points.count]
                return min(a.y, b.y) < Double(y + 1) && max(a.y, b.y) > Double(y) && a.y != b.y
            }.count
            guard Rasterizer.isCrowded(active: active, span: size) else { continue }
            crowdedRows += 1
            // The same 4 × 16 sample grid: the same answer, to the 8-bit rounding; against 16 × 16
            // samples only the coarser vertical sampling differs.
            let sameGrid = Self.reference(points, y: y, width: size, rule: rule, rows: Rasterizer.crowdedSubrows)
            let fine = Self.reference(points, y: y, width: size, rule: rule, rows: 16)
            for x in 0..<size {
                worst = max(worst, abs(coverage[y * size + x] - sameGrid[x]))
                totalError += abs(coverage[y * size + x] - fine[x])
            }
        }
        #expect(crowdedRows >= size / 2, "the test must exercise the sampled path (\(crowdedRows) crowded rows)")
        // Vertices on the 1/256 grid can put a crossing exactly on a sample, where the order of
        // the floating-point steps decides its side: one sample of 64 either way.
        #expect(worst <= 1.0 / 64 + 0.5 / 255 + 1e-9, "worst pixel error against the same sample grid: \(worst)")
        #expect(totalError / Double(crowdedRows * size) < 0.055, "mean coverage error against 16 × 16 samples \(totalError / Double(crowdedRows * size))")
    }

    @Test("a crowded row of a plain square is still exact: full inside, empty outside, half on a half-pixel edge")
    func crowdedSquare() {
        // 600 copies of a square from x = 2.5 to 9.5: every row is crowded (1200 edges > 4 × 12 + 256).
        var rasterizer = Rasterizer()
        for _ in 0..<600 { rasterizer.addPolygon([Point(2.5, 0), Point(9.5, 0), Point(9.5, 12), Point(2.5, 12)]) }
        rasterizer.sortEdges()
        var scratch = Rasterizer.Scratch()
        var levels = [UInt32](repeating: 0, count: 12 * 12)
        rasterizer.fill(width: 12, height: 12, rule: .nonzero, scratch: &scratch) { y, x, length, level in
            for i in x..<(x + length) { levels[y * 12 + i] = level }
        }
        for y in 0..<12 {
            #expect(Array(levels[(y * 12)..<(y * 12 + 12)]) == [0, 0, 128, 255, 255, 255, 255, 255, 255, 128, 0, 0], "row \(y)")
        }
        // Even-odd: 600 windings is even, so nothing is inside.
        var evenOdd = [UInt32](repeating: 0, count: 12 * 12)
        rasterizer.fill(width: 12, height: 12, rule: .evenodd, scratch: &scratch) { y, x, length, level in
            for i in x..<(x + length) { evenOdd[y * 12 + i] = level }
        }
        #expect(evenOdd.allSatisfy { $0 == 0 })
    }
}
