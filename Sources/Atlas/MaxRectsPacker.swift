import Dispatch
import Foundation

/// Packs rectangles into one page with the MaxRects algorithm (Jylänki, "A Thousand Ways to Pack
/// the Bin"), best-short-side-fit: each rectangle goes where it leaves the smallest leftover along
/// its shorter side. Several input orders are tried and the smallest page kept.
///
/// Deterministic: the same sizes give the same placements.
public struct MaxRectsPacker: Sendable {
    /// A size to place, in pixels (padding is added by the packer).
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Where each input went, and the page size that holds them.
    public struct Result: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// Top-left corner of each input, in input order.
        public var positions: [(x: Int, y: Int)]

        public static func == (lhs: Result, rhs: Result) -> Bool {
            lhs.width == rhs.width && lhs.height == rhs.height
                && lhs.positions.elementsEqual(rhs.positions) { $0.x == $1.x && $0.y == $1.y }
        }
    }

    /// Pixels between sprites.
    public var padding: Int
    /// Pixels between sprites and the page edge.
    public var border: Int
    /// Page sides are powers of two.
    public var powerOfTwo: Bool
    /// Page is square.
    public var square: Bool
    /// The largest page side.
    public var maxSide: Int

    public init(padding: Int = 2, border: Int = 0, powerOfTwo: Bool = false, square: Bool = false, maxSide: Int = 8192) {
        self.padding = padding
        self.border = border
        self.powerOfTwo = powerOfTwo
        self.square = square
        self.maxSide = maxSide
    }

    /// Places every size on the smallest page found, or `nil` when they cannot fit within `maxSide`.
    public func pack(_ sizes: [Size]) -> Result? {
        guard !sizes.isEmpty else { return Result(width: max(1, 2 * border), height: max(1, 2 * border), positions: []) }
        let padded = sizes.map { Size(width: $0.width + padding, height: $0.height + padding) }
        let orders: [@Sendable (Size, Size) -> Bool] = [
            { $0.width * $0.height > $1.width * $1.height },
            { max($0.width, $0.height) > max($1.width, $1.height) },
            { $0.height > $1.height },
            { $0.width > $1.width },
            { $0.width + $0.height > $1.width + $1.height },
        ]
        let area = padded.reduce(0) { $0 + $1.width * $1.height }
        let widest = padded.map(\.width).max()!, tallest = padded.map(\.height).max()!
        // The orders are independent: try them on all cores, then keep the smallest page (ties go
        // to the earlier order, so the choice does not depend on timing).
        let results = ResultBox(count: orders.count)
        DispatchQueue.concurrentPerform(iterations: orders.count) { index in
            let order = orders[index]
            // Stable: ties keep input order, so the result is deterministic.
            let sequence = padded.indices.sorted { order(padded[$0], padded[$1]) || (!order(padded[$1], padded[$0]) && $0 < $1) }
            results.set(index, smallestPage(for: padded, order: sequence, area: area, widest: widest, tallest: tallest))
        }
        var best: Result?
        for case let result? in results.values where best == nil || result.width * result.height < best!.width * best!.height {
            best = result
        }
        return best
    }

    /// The smallest page found for one input order. From the area bound it grows both sides in
    /// turn; with few sprites it also tries fixed widths of several aspect ratios, growing only the
    /// height (uniform animation frames pack best as a wide grid, which alternate growth can miss).
    private func smallestPage(for sizes: [Size], order: [Int], area: Int, widest: Int, tallest: Int) -> Result? {
        var best = grow(sizes, order: order, width: max(widest, Int(Double(area).squareRoot().rounded(.up))),
                        area: area, tallest: tallest, fixedWidth: false)
        guard sizes.count <= 256 else { return best }
        for aspect in [0.8, 1.25, 1.6, 2.0, 2.5, 3.2] {
            let width = max(widest, Int((Double(area) * aspect).squareRoot().rounded(.up)))
            if let candidate = grow(sizes, order: order, width: width, area: area, tallest: tallest, fixedWidth: true),
               best == nil || candidate.width * candidate.height < best!.width * best!.height {
                best = candidate
            }
        }
        return best
    }

    /// Packs into `width` × (the area bound) and grows until everything fits.
    private func grow(_ sizes: [Size], order: [Int], width startWidth: Int, area: Int, tallest: Int, fixedWidth: Bool) -> Result? {
        // The page's usable area is inset by the border but gains back one padding (the last column
        // and row of sprites need none).
        let inset = 2 * border - padding
        var width = startWidth
        var height = max(tallest, (area + width - 1) / width)
        for attempt in 0..<200 {
            let (pageWidth, pageHeight) = pageSize(width + inset, height + inset)
            if pageWidth > maxSide || pageHeight > maxSide { return nil }
            if let positions = place(sizes, order: order, width: pageWidth - inset, height: pageHeight - inset) {
                return Result(width: pageWidth, height: pageHeight,
                              positions: positions.map { ($0.x + border, $0.y + border) })
            }
            // Grow by a few percent: the height only, or both sides in turn.
            if fixedWidth || attempt % 2 == 1 { height += max(1, height / 32) } else { width += max(1, width / 32) }
            if powerOfTwo || square { (width, height) = (pageWidth - inset + 1, pageHeight - inset + 1) }
        }
        return nil
    }

    private func pageSize(_ width: Int, _ height: Int) -> (Int, Int) {
        var (w, h) = (max(width, 1), max(height, 1))
        if square { w = max(w, h); h = w }
        if powerOfTwo {
            var p = 1
            while p < w { p *= 2 }
            w = p
            p = 1
            while p < h { p *= 2 }
            h = p
            if square { w = max(w, h); h = w }
        }
        return (w, h)
    }

    private struct Rect {
        var x, y, width, height: Int
        func contains(_ other: Rect) -> Bool {
            other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
        }
    }

    /// MaxRects with best-short-side-fit into a `width × height` bin; `nil` when something does not fit.
    private func place(_ sizes: [Size], order: [Int], width: Int, height: Int) -> [(x: Int, y: Int)]? {
        var free = [Rect(x: 0, y: 0, width: width, height: height)]
        var positions = [(x: Int, y: Int)](repeating: (0, 0), count: sizes.count)
        for index in order {
            let size = sizes[index]
            var bestShort = Int.max, bestLong = Int.max
            var chosen: Rect?
            for rect in free where rect.width >= size.width && rect.height >= size.height {
                let leftoverX = rect.width - size.width, leftoverY = rect.height - size.height
                let short = min(leftoverX, leftoverY), long = max(leftoverX, leftoverY)
                if short < bestShort || (short == bestShort && long < bestLong) {
                    bestShort = short
                    bestLong = long
                    chosen = Rect(x: rect.x, y: rect.y, width: size.width, height: size.height)
                }
            }
            guard let placed = chosen else { return nil }
            positions[index] = (placed.x, placed.y)
            free = Self.split(free, around: placed)
        }
        return positions
    }

    /// Free rectangles after `used` is taken: every overlapping one is cut into up to four maximal
    /// pieces; a piece inside another free rectangle is dropped. (Old rectangles need no check: they
    /// were not inside each other, and a piece lies inside the rectangle it came from.)
    private static func split(_ free: [Rect], around used: Rect) -> [Rect] {
        var kept: [Rect] = []
        var pieces: [Rect] = []
        for rect in free {
            guard used.x < rect.x + rect.width, used.x + used.width > rect.x,
                  used.y < rect.y + rect.height, used.y + used.height > rect.y else {
                kept.append(rect)
                continue
            }
            if used.x > rect.x { pieces.append(Rect(x: rect.x, y: rect.y, width: used.x - rect.x, height: rect.height)) }
            if used.x + used.width < rect.x + rect.width {
                pieces.append(Rect(x: used.x + used.width, y: rect.y, width: rect.x + rect.width - used.x - used.width, height: rect.height))
            }
            if used.y > rect.y { pieces.append(Rect(x: rect.x, y: rect.y, width: rect.width, height: used.y - rect.y)) }
            if used.y + used.height < rect.y + rect.height {
                pieces.append(Rect(x: rect.x, y: used.y + used.height, width: rect.width, height: rect.y + rect.height - used.y - used.height))
            }
        }
        for (i, piece) in pieces.enumerated() {
            if kept.contains(where: { $0.contains(piece) }) { continue }
            // Among pieces, drop one inside another (the first of identical ones stays).
            let inside = pieces.enumerated().contains { j, other in j != i && other.contains(piece) && (!piece.contains(other) || j < i) }
            if !inside { kept.append(piece) }
        }
        return kept
    }
}

/// One slot per sort order, written from concurrent iterations.
private final class ResultBox: @unchecked Sendable {
    private var slots: [MaxRectsPacker.Result?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: MaxRectsPacker.Result?) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [MaxRectsPacker.Result?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
