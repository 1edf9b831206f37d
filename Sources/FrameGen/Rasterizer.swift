/// How overlapping contours decide what is inside.
public enum FillRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Inside where the winding number is not zero (SVG/Core Graphics default).
    case nonzero
    /// Inside where the winding number is odd.
    case evenodd
}

/// Scan conversion: polygons (device pixels) → per-pixel coverage in 0…1.
///
/// Each pixel row is sampled on 16 sub-rows; on each, the exact crossings of the edges are sorted
/// and walked with the fill rule, and every inside span adds its exact horizontal coverage
/// (fractional at both ends) through a difference buffer — so coverage has 16 levels vertically and
/// is continuous horizontally, the winding rule is exact even for overlapping contours of opposite
/// direction, and abutting shapes sum to full coverage without seams.
struct Rasterizer: Sendable {
    static let subrows = 16

    private struct Edge {
        var top: Double
        var bottom: Double
        var xAtTop: Double
        var slope: Double
        var winding: Int32
    }

    private var edges: [Edge] = []
    private var minX = Double.infinity, maxX = -Double.infinity
    private var minY = Double.infinity, maxY = -Double.infinity
    private var cover: [Float] = []
    private var area: [Float] = []
    private var coverage: [Float] = []
    private var active: [Int] = []
    private var crossingX: [Double] = []
    private var crossingWinding: [Int32] = []

    init() {}

    var isEmpty: Bool { edges.isEmpty }

    mutating func reset() {
        edges.removeAll(keepingCapacity: true)
        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
    }

    /// Adds the closed polygon through `points` (the last point joins the first).
    mutating func addPolygon(_ points: [Point]) {
        guard points.count >= 2 else { return }
        for point in points where !(point.x.isFinite && point.y.isFinite) { return }
        var previous = points[points.count - 1]
        for point in points {
            addEdge(previous, point)
            previous = point
        }
    }

    mutating func addEdge(_ a: Point, _ b: Point) {
        guard a.y != b.y else { return }
        let (upper, lower, winding): (Point, Point, Int32) = a.y < b.y ? (a, b, 1) : (b, a, -1)
        edges.append(Edge(top: upper.y, bottom: lower.y, xAtTop: upper.x,
                          slope: (lower.x - upper.x) / (lower.y - upper.y), winding: winding))
        minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
        minY = min(minY, upper.y); maxY = max(maxY, lower.y)
    }

    /// The device rectangle the added edges can touch inside `width × height`, as pixel bounds.
    var bounds: (x0: Int, y0: Int, x1: Int, y1: Int) {
        (Int(max(minX, -1).rounded(.down)), Int(max(minY, -1).rounded(.down)),
         Int(min(maxX, 1e9).rounded(.up)), Int(min(maxY, 1e9).rounded(.up)))
    }

    /// Sweeps the edges over rows `0..<height`, columns `0..<width`, calling `blit(y, x, coverage)`
    /// once per row that has coverage, with the coverages of columns `x ..< x + coverage.count`.
    mutating func fill(width: Int, height: Int, rule: FillRule,
                       _ blit: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) {
        guard !edges.isEmpty, width > 0, height > 0 else { return }
        let b = bounds
        let columnStart = max(0, b.x0), columnEnd = min(width, b.x1)
        let rowStart = max(0, b.y0), rowEnd = min(height, b.y1)
        guard columnStart < columnEnd, rowStart < rowEnd else { return }
        edges.sort { $0.top < $1.top }
        let span = columnEnd - columnStart
        if cover.count < span + 2 {
            cover = [Float](repeating: 0, count: span + 2)
            area = [Float](repeating: 0, count: span + 2)
            coverage = [Float](repeating: 0, count: span + 2)
        }
        // Scratch moved into locals for the sweep (no overlapping access to `self`), back after.
        var active = self.active, crossingX = self.crossingX, crossingWinding = self.crossingWinding
        self.active = []; self.crossingX = []; self.crossingWinding = []
        defer { (self.active, self.crossingX, self.crossingWinding) = (active, crossingX, crossingWinding) }
        active.removeAll(keepingCapacity: true)
        let weight = Float(1) / Float(Self.subrows)
        let left = Double(columnStart), right = Double(columnEnd)
        let evenOdd = rule == .evenodd
        var nextEdge = 0
        // Skip edges that end above the first row.
        let firstSample = Double(rowStart) + 0.5 / Double(Self.subrows)
        var cover = self.cover, area = self.area, coverage = self.coverage
        self.cover = []; self.area = []; self.coverage = []
        defer { (self.cover, self.area, self.coverage) = (cover, area, coverage) }
        edges.withUnsafeBufferPointer { edges in
            cover.withUnsafeMutableBufferPointer { cover in
                area.withUnsafeMutableBufferPointer { area in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        while nextEdge < edges.count, edges[nextEdge].top <= firstSample, edges[nextEdge].bottom <= firstSample {
                            nextEdge += 1
                        }
                        for row in rowStart..<rowEnd {
                            var touchedLow = Int.max, touchedHigh = Int.min
                            for subrow in 0..<Self.subrows {
                                let y = Double(row) + (Double(subrow) + 0.5) / Double(Self.subrows)
                                while nextEdge < edges.count, edges[nextEdge].top <= y {
                                    active.append(nextEdge)
                                    nextEdge += 1
                                }
                                // Crossings of this sub-row, kept sorted by insertion.
                                crossingX.removeAll(keepingCapacity: true)
                                crossingWinding.removeAll(keepingCapacity: true)
                                var kept = 0
                                for slot in 0..<active.count {
                                    let index = active[slot]
                                    let edge = edges[index]
                                    if edge.bottom <= y { continue }
                                    active[kept] = index
                                    kept += 1
                                    let x = edge.xAtTop + (y - edge.top) * edge.slope
                                    var at = crossingX.count
                                    crossingX.append(x)
                                    crossingWinding.append(edge.winding)
                                    while at > 0, crossingX[at - 1] > x {
                                        crossingX[at] = crossingX[at - 1]
                                        crossingWinding[at] = crossingWinding[at - 1]
                                        at -= 1
                                    }
                                    crossingX[at] = x
                                    crossingWinding[at] = edge.winding
                                }
                                active.removeLast(active.count - kept)
                                var winding: Int32 = 0
                                var spanStart = 0.0
                                for i in 0..<crossingX.count {
                                    let wasInside = evenOdd ? winding & 1 != 0 : winding != 0
                                    winding &+= crossingWinding[i]
                                    let isInside = evenOdd ? winding & 1 != 0 : winding != 0
                                    if wasInside == isInside { continue }
                                    if isInside {
                                        spanStart = crossingX[i]
                                        continue
                                    }
                                    // The span [spanStart, x) clamped to the columns.
                                    let a = min(max(spanStart, left), right) - left
                                    let z = min(max(crossingX[i], left), right) - left
                                    guard a < z else { continue }
                                    let ai = Int(a), zi = Int(z)
                                    cover[ai] += weight
                                    area[ai] -= Float(a - Double(ai)) * weight
                                    cover[zi] -= weight
                                    area[zi] += Float(z - Double(zi)) * weight
                                    touchedLow = min(touchedLow, ai)
                                    touchedHigh = max(touchedHigh, zi)
                                }
                            }
                            guard touchedLow <= touchedHigh else {
                                if nextEdge >= edges.count && active.isEmpty { return }
                                continue
                            }
                            var accumulated: Float = 0
                            let high = min(touchedHigh, span - 1)
                            for i in touchedLow...touchedHigh {
                                accumulated += cover[i]
                                coverage[i] = accumulated + area[i]
                                cover[i] = 0
                                area[i] = 0
                            }
                            if touchedLow <= high {
                                blit(row, columnStart + touchedLow,
                                     UnsafeBufferPointer(rebasing: coverage[touchedLow...high]))
                            }
                        }
                    }
                }
            }
        }
    }
}
