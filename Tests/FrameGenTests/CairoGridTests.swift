import Testing
@testable import FrameGen

/// Cairo's fixed-point arithmetic as the sweep does it (CairoGrid.swift): the values an edge keeps
/// from the row it is admitted on must be the ones worked out afresh on every row.
@Suite("Cairo's grid")
struct CairoGridTests {
    /// Pseudo-random doubles in `-range...range` (a fixed LCG: the same values on every run).
    static func values(_ count: Int, range: Double, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * range
        }
    }

    /// An edge from (x0, y0) to (x1, y1) on the 1/256 grid, as the rasterizer keeps it.
    static func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rasterizer.Edge {
        let a = Rasterizer.onGrid(Point(x0, y0)), b = Rasterizer.onGrid(Point(x1, y1))
        let (upper, lower) = a.y < b.y ? (a, b) : (b, a)
        return Rasterizer.Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                               slope: (lower.x - upper.x) / (lower.y - upper.y), winding: 1)
    }

    @Test("A row's step from x at one sub-row centre is x worked out at the centre a row down")
    func rowStep() {
        let coordinates = Self.values(4_000, range: 3000, seed: 3)
        var checked = 0
        for i in stride(from: 0, to: coordinates.count - 3, by: 4) {
            let edge = Self.edge(coordinates[i], abs(coordinates[i + 1]), coordinates[i + 2], abs(coordinates[i + 3]))
            var grid = GridEdge(edge)
            grid.prepare(edge)
            guard grid.fits, !grid.vertical else { continue }
            #expect(grid.from == Rasterizer.gridRow(edge.top) && grid.to == Rasterizer.gridRow(edge.bottom))
            for s in stride(from: grid.from, to: grid.to, by: 331) {
                let stepped = grid.nextRow(grid.x(atSubrow: s)), direct = grid.x(atSubrow: s + 15)
                #expect(stepped.q == direct.q && stepped.r == direct.r, "edge \(i / 4) sub-row \(s)")
                #expect(direct.r >= 0 && direct.r < grid.ey)
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }
}
