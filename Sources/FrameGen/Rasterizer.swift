/// How overlapping contours decide what is inside.
public enum FillRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Inside where the winding number is not zero (SVG/Core Graphics default).
    case nonzero
    /// Inside where the winding number is odd.
    case evenodd
}

/// Scan conversion: polygons (device pixels) → per-pixel coverage, delivered as runs.
///
/// Rows where every active edge spans the whole row and no two edges cross inside it (most rows
/// of large shapes) are done in one step, as Cairo's "full row" path does: each inside span adds
/// the area between its two edges (exactly for outlines of horizontal and vertical edges only; for
/// others each column gets the edge's height in it in whole fifteenths, as Cairo's `tor` scan
/// converter splits it). Other rows are sampled on sub-rows (16, or Cairo's 15 for outlines with a
/// slanted edge): on each, the crossings at the sub-row's centre are sorted and walked with the
/// fill rule, and inside spans add their exact horizontal coverage. Matching Cairo's grid keeps
/// curves and slanted edges within a few levels of Cairo's rendering, where the exact area is up
/// to 1/15 of a pixel from it. Either way the winding rule is exact even for overlapping contours of opposite
/// direction, and abutting shapes sum to full coverage without seams. Rows crossed by several
/// times more edges than they have pixels (a scribble of long random lines) are point-sampled
/// instead (``sampleCrowdedRow``), so that the work stays linear in the edges.
struct Rasterizer: Sendable {
    /// Sub-rows of a sampled row: 16 for outlines of horizontal and vertical edges only,
    /// ``cairoSubrows`` for the rest.
    static let subrows = 16
    /// Cairo's grid (its `tor` scan converter, `GRID_Y`): outlines with a slanted edge are
    /// sampled on 15 sub-rows and their full rows split on whole fifteenths, as Cairo does, so
    /// that curves and slanted edges get Cairo's coverage to within a few levels rather than
    /// the exact area (which differs from Cairo's by up to 1/15 of a pixel).
    static let cairoSubrows = 15

    struct Edge {
        var top: Double
        var bottom: Double
        var xAtTop: Double
        var slope: Double
        var winding: Int32
        /// Its slot in the sweep's ``Scratch/grid`` while active (Cairo's outlines only).
        var grid: Int32 = 0

        @inline(__always) func x(at y: Double) -> Double { xAtTop + (y - top) * slope }
    }

    // The outline's edges, bounds and kind: internal so that the rasterizer's extensions in files of
    // their own (Rasterizer+Clipping, Rasterizer+Sweep) reach them; nothing else changes them.
    var edges: [Edge] = []
    var minX = Double.infinity, maxX = -Double.infinity
    var minY = Double.infinity, maxY = -Double.infinity
    /// Every edge is vertical (horizontal ones are not kept): Cairo covers such outlines exactly,
    /// and so does this rasterizer (``subrows``); a slanted edge switches to Cairo's grid.
    var rectilinear = true
    /// The fill rules of the clip outlines added by ``addClip(_:rule:)``: their edges carry the
    /// clip's number (1, 2, …) in the upper half of their winding, and coverage is counted
    /// where the outline and every clip are inside — the outline intersected with the clips as
    /// Cairo intersects them (`_cairo_polygon_intersect`) before scan converting it once.
    var clipRules: [FillRule] = []
    /// The area within the polygons added since ``reset()``, each contour's counted whole
    /// (overlaps and holes add): what filling them covers, at most (``drawingCost(width:height:)``).
    var outlineArea = 0.0

    /// An x with what sits there: an edge's index, or a crossing's winding.
    struct Keyed {
        var x: Double
        var value: Int32
    }
    /// The edges are in `top` order (``fill`` sorts them once; adding a polygon unsorts them).
    var sorted = true

    init() {}

    /// An empty rasterizer with room for `edges` edges.
    init(reservingCapacity edges: Int) {
        self.edges.reserveCapacity(edges)
    }

    /// The number of edges loaded.
    var edgeCount: Int { edges.count }

    mutating func reset() {
        edges.removeAll(keepingCapacity: true)
        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
        sorted = true
        rectilinear = true
        clipRules.removeAll()
        outlineArea = 0
    }

    /// The rows the loaded outline touches, within `0..<height` (empty when none).
    func rows(height: Int) -> Range<Int> {
        guard !edges.isEmpty, height > 0 else { return 0..<0 }
        // Clamped on both sides before converting: an outline entirely far off the canvas (or
        // beyond Int's range) converts safely and yields no rows.
        let start = max(0, Int(min(max(minY, -1), 1e9).rounded(.down))), end = min(height, Int(max(min(maxY, 1e9), -1).rounded(.up)))
        return start < end ? start..<end : 0..<0
    }

    /// The columns the loaded outline touches, within `0..<width` (empty when none).
    func columns(width: Int) -> Range<Int> {
        guard !edges.isEmpty, width > 0 else { return 0..<0 }
        let start = max(0, Int(min(max(minX, -1), 1e9).rounded(.down))), end = min(width, Int(max(min(maxX, 1e9), -1).rounded(.up)))
        return start < end ? start..<end : 0..<0
    }

    /// What drawing the loaded outline costs on a `width × height` canvas, in pixels' worth
    /// (``DrawingMeter``): the pixels it covers (the area within its contours, at most the box
    /// around it on the canvas) and, for scan converting, each pixel row an edge crosses within the
    /// canvas (at least one an edge) and each edge.
    func drawingCost(width: Int, height: Int) -> Int {
        let bottomRow = Double(max(0, height))
        var crossed = 0
        for edge in edges {
            let rows = min(edge.bottom, bottomRow).rounded(.up) - max(edge.top, 0).rounded(.down)
            crossed += rows > 1 ? Int(min(rows, bottomRow)) : 1
        }
        return DrawingMeter.cost(pixels: coveredPixels(width: width, height: height), crossedRows: crossed, edges: edges.count)
    }

    /// The pixels of a `width × height` canvas the loaded outline covers, at most: the area within
    /// its contours, or the box around it on the canvas when that is less.
    func coveredPixels(width: Int, height: Int) -> Int {
        let box = rows(height: height).count * columns(width: width).count
        return outlineArea < Double(box) ? Int(outlineArea.rounded(.up)) : box
    }

    /// Puts the edges in `top` order, so copies made for bands of rows share one sorted list.
    mutating func sortEdges() {
        guard !sorted else { return }
        edges.sort { $0.top < $1.top }
        sorted = true
    }

    /// Adds the closed polygon through `points` (the last point joins the first).
    mutating func addPolygon<C: Collection>(_ points: C) where C.Element == Point {
        guard points.count >= 2 else { return }
        for point in points where !(point.x.isFinite && point.y.isFinite) { return }
        sorted = false
        var previous = points[points.index(points.endIndex, offsetBy: -1)]
        var twiceArea = 0.0
        for point in points {
            addEdge(previous, point)
            twiceArea += previous.x * point.y - point.x * previous.y
            previous = point
        }
        outlineArea += abs(twiceArea) / 2
    }

    mutating func addEdge(_ a: Point, _ b: Point) {
        // On Cairo's 24.8 fixed-point grid, where Cairo puts every vertex of a polygon.
        let a = Self.onGrid(a), b = Self.onGrid(b)
        guard a.y != b.y else { return }
        let (upper, lower, winding): (Point, Point, Int32) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        if a.x != b.x { rectilinear = false }
        edges.append(Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                          slope: (lower.x - upper.x) / (lower.y - upper.y), winding: winding))
        minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
        minY = min(minY, upper.y); maxY = max(maxY, lower.y)
    }

}
