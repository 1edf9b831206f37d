import Basics
import Dispatch
import Foundation

/// Packs rectangles into pages with the MaxRects algorithm (Jylänki, "A Thousand Ways to Pack
/// the Bin"), best-short-side-fit: each rectangle goes where it leaves the smallest leftover along
/// its shorter side, optionally turned 90°. Several input orders are tried and the smallest page
/// kept; a page is cropped to what its sprites use.
///
/// When everything does not fit on one `maxSide` page, pages are filled one after another (each as
/// full as the best order gets it) and the last one is made as small as possible: automatic
/// multipack.
///
/// Deterministic: the same sizes give the same placements.
public struct MaxRectsPacker: Sendable {
    /// The largest ``maxSide``, ``padding`` and ``border`` the packer takes (2²⁰ pixels): far above any
    /// page a GPU loads, small enough that no sum or area of them overflows.
    public static let largestSide = 1 << 20

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
    /// Sprites may be turned 90° when that packs tighter.
    public var allowRotation: Bool
    /// More than one page when the sprites do not fit on one `maxSide` page.
    public var multipack: Bool

    /// A packer with the given spacing and page rules.
    /// - Parameters:
    ///   - padding: Pixels between sprites; 2 by default.
    ///   - border: Pixels between sprites and the page edge; 0 by default.
    ///   - powerOfTwo: Whether page sides are rounded up to powers of two.
    ///   - square: Whether pages are square.
    ///   - maxSide: The largest page side in pixels; 8192 by default.
    ///   - allowRotation: Whether sprites may be turned 90° when that packs tighter.
    ///   - multipack: Whether sprites that overflow one page go onto more pages (otherwise
    ///     ``pack(_:)`` returns `nil`).
    public init(padding: Int = 2, border: Int = 0, powerOfTwo: Bool = false, square: Bool = false, maxSide: Int = 8192,
                allowRotation: Bool = false, multipack: Bool = false) {
        self.padding = padding
        self.border = border
        self.powerOfTwo = powerOfTwo
        self.square = square
        self.maxSide = maxSide
        self.allowRotation = allowRotation
        self.multipack = multipack
    }

    /// Places every size, or `nil` when they cannot fit: on one `maxSide` page, or — with
    /// `multipack` — when a single size is larger than a page.
    /// - Throws: ``Error`` when a size has a negative side, or ``padding``, ``border`` or
    ///   ``maxSide`` is outside what the packer takes (negative, or over ``largestSide``).
    public func pack(_ sizes: [Size]) throws(Error) -> Result? {
        for (name, value, least) in [("padding", padding, 0), ("border", border, 0), ("maxSide", maxSide, 1)]
        where value < least || value > Self.largestSide {
            throw .invalidSetting(name: name, value: value, largest: Self.largestSide)
        }
        if let index = sizes.firstIndex(where: { $0.width < 0 || $0.height < 0 }) {
            throw .invalidSize(index: index, width: sizes[index].width, height: sizes[index].height)
        }
        // A size larger than a page never fits: refused here, before any sum of sizes can overflow.
        guard sizes.allSatisfy({ $0.width <= side && $0.height <= side }) else { return nil }
        guard !sizes.isEmpty else { return Result(pages: [Size(width: max(1, 2 * border), height: max(1, 2 * border))], placements: []) }
        let padded = sizes.map { Size(width: $0.width + padding, height: $0.height + padding) }
        let usable = side - (2 * border - padding)
        let everyOneFitsAPage = padded.allSatisfy { $0.width <= usable && $0.height <= usable }
        var placements = [Placement?](repeating: nil, count: sizes.count)
        var pages: [Size] = []
        func add(_ page: PageResult) {
            for (index, placement) in page.placements.enumerated() where placement != nil {
                placements[index] = placement
                placements[index]!.page = pages.count
            }
            pages.append(page.page)
        }
        var remaining = Array(padded.indices)
        while true {
            // The rest fits on one page: make that page as small as possible.
            if let last = smallestPage(for: padded, subset: remaining) {
                add(last)
                return Result(pages: pages, placements: placements.map { $0! })
            }
            guard multipack, everyOneFitsAPage, let full = fullestPage(for: padded, subset: remaining) else { return nil }
            add(full)
            remaining.removeAll { placements[$0] != nil }
            // A full page may take all that was left (the smallest page's coarse growth stepped
            // past `maxSide` where a page of `maxSide` holds them): nothing left for another.
            if remaining.isEmpty { return Result(pages: pages, placements: placements.map { $0! }) }
        }
    }

    /// The input orders tried. Stable: ties keep input order, so results are deterministic.
    private static let orders: [@Sendable (Size, Size) -> Bool] = [
        { $0.width * $0.height > $1.width * $1.height },
        { max($0.width, $0.height) > max($1.width, $1.height) },
        { $0.height > $1.height },
        { $0.width > $1.width },
        { $0.width + $0.height > $1.width + $1.height },
    ]

    private func sorted(_ subset: [Int], sizes: [Size], by order: (Size, Size) -> Bool) -> [Int] {
        subset.sorted { order(sizes[$0], sizes[$1]) || (!order(sizes[$1], sizes[$0]) && $0 < $1) }
    }

    /// One page's outcome: its size and, per input index, where it went (`nil`: not on this page).
    private typealias PageResult = (page: Size, placements: [Placement?], area: Int)

    /// A page that fits, with the bin and order that made it: `height` fits, `low` is known not to.
    private struct Candidate: Sendable {
        var result: PageResult
        var order: [Int]
        var width: Int
        var height: Int
        var low: Int
        var pageArea: Int { result.page.width * result.page.height }
    }

    /// Runs `body` for `count` indices on all cores and returns the results in index order.
    private func concurrently<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Value?) -> [Value?] {
        let results = ParallelSlots<Value>(count: count)
        ParallelLoop.perform(count) { results.store(body($0), at: $0) }
        return results.values
    }

    /// The smallest page holding all of `subset`, or `nil` when it exceeds `maxSide`. Every order
    /// is packed coarsely (page growing a few percent at a time); the two best are then tightened.
    private func smallestPage(for sizes: [Size], subset: [Int]) -> PageResult? {
        var total = 0
        for index in subset {
            let (sum, overflow) = total.addingReportingOverflow(sizes[index].width * sizes[index].height)
            if overflow { return nil }
            total = sum
        }
        let area = total
        let usable = side - (2 * border - padding)
        guard usable > 0, area <= usable * usable else { return nil }
        var widest = 0, tallest = 0
        for index in subset {
            let size = sizes[index]
            widest = max(widest, allowRotation ? min(size.width, size.height) : size.width)
            tallest = max(tallest, allowRotation ? min(size.width, size.height) : size.height)
        }
        let bounds = (widest: widest, tallest: tallest)
        let coarse = concurrently(Self.orders.count) { order -> Candidate? in
            let sequence = self.sorted(subset, sizes: sizes, by: Self.orders[order])
            return self.smallestPage(for: sizes, order: sequence, area: area, widest: bounds.widest, tallest: bounds.tallest)
        }
        // Best first; ties go to the earlier order, so the choice does not depend on timing.
        let ranked = coarse.compactMap { $0 }.enumerated().sorted { ($0.element.pageArea, $0.offset) < ($1.element.pageArea, $1.offset) }.map(\.element)
        guard !ranked.isEmpty else { return nil }
        if powerOfTwo || square { return ranked[0].result }
        let finalists = Array(ranked.prefix(2))
        let refined = concurrently(finalists.count) { self.tighten(sizes, finalists[$0]) }.map { $0! }
        return refined.enumerated().min { ($0.element.pageArea, $0.offset) < ($1.element.pageArea, $1.offset) }!.element.result
    }

    /// A `maxSide` page filled as far as the best order gets (most sprite area), cropped.
    private func fullestPage(for sizes: [Size], subset: [Int]) -> PageResult? {
        let inset = 2 * border - padding
        let results = concurrently(Self.orders.count) { order -> PageResult? in
            let sequence = self.sorted(subset, sizes: sizes, by: Self.orders[order])
            return self.placeAndCrop(sizes, order: sequence, width: self.side - inset, height: self.side - inset, skipping: true)
        }
        var best: PageResult?
        for case let result? in results where best == nil || result.area > best!.area { best = result }
        return best.flatMap { $0.area > 0 ? $0 : nil }
    }

    /// The smallest page found for one input order. From the area bound it grows both sides in
    /// turn; with few sprites it also tries fixed widths of several aspect ratios, growing only the
    /// height (uniform animation frames pack best as a wide grid, which alternate growth can miss).
    private func smallestPage(for sizes: [Size], order: [Int], area: Int, widest: Int, tallest: Int) -> Candidate? {
        var best = grow(sizes, order: order, width: max(widest, Int(Double(area).squareRoot().rounded(.up))),
                        area: area, tallest: tallest, fixedWidth: false)
        guard order.count <= 256 else { return best }
        for aspect in [0.8, 1.25, 1.6, 2.0, 2.5, 3.2] {
            let width = max(widest, Int((Double(area) * aspect).squareRoot().rounded(.up)))
            if let candidate = grow(sizes, order: order, width: width, area: area, tallest: tallest, fixedWidth: true),
               best == nil || candidate.pageArea < best!.pageArea {
                best = candidate
            }
        }
        return best
    }

    /// Packs into `width` × (the area bound) and grows until everything fits.
    private func grow(_ sizes: [Size], order: [Int], width startWidth: Int, area: Int, tallest: Int, fixedWidth: Bool) -> Candidate? {
        // The page's usable area is inset by the border but gains back one padding (the last column
        // and row of sprites need none).
        let inset = 2 * border - padding
        var width = startWidth
        var height = max(tallest, (area + width - 1) / width)
        for attempt in 0..<200 {
            let (pageWidth, pageHeight) = pageSize(width + inset, height + inset)
            if pageWidth > side || pageHeight > side { return nil }
            if let result = placeAndCrop(sizes, order: order, width: pageWidth - inset, height: pageHeight - inset, skipping: false) {
                return Candidate(result: result, order: order, width: pageWidth - inset, height: pageHeight - inset,
                                 low: max(tallest, (area + width - 1) / width) - 1)
            }
            // Grow by a few percent: the height only, or both sides in turn.
            if fixedWidth || attempt % 2 == 1 { height += max(1, height / 32) } else { width += max(1, width / 32) }
            if powerOfTwo || square { (width, height) = (pageWidth - inset + 1, pageHeight - inset + 1) }
        }
        return nil
    }

    /// The growth steps are a few percent: the lowest bin height that still fits, to within 0.4 %,
    /// by bisection (a page 3 % too tall is 3 % of occupancy lost).
    private func tighten(_ sizes: [Size], _ candidate: Candidate) -> Candidate {
        var best = candidate
        var low = candidate.low, high = candidate.height
        while high - low > max(1, high / 256) {
            let middle = (low + high) / 2
            if let tighter = placeAndCrop(sizes, order: candidate.order, width: candidate.width, height: middle, skipping: false) {
                best.result = tighter
                high = middle
            } else {
                low = middle
            }
        }
        best.height = high
        // Then the width, at that height: the growth steps overshoot it too.
        var lowWidth = max(1, best.width * 7 / 8), highWidth = best.width
        while highWidth - lowWidth > max(1, highWidth / 256) {
            let middle = (lowWidth + highWidth) / 2
            if let tighter = placeAndCrop(sizes, order: candidate.order, width: middle, height: best.height, skipping: false),
               tighter.page.width * tighter.page.height <= best.result.page.width * best.result.page.height {
                best.result = tighter
                highWidth = middle
            } else {
                lowWidth = middle
            }
        }
        best.width = highWidth
        return best
    }

    /// MaxRects into a `width × height` bin, then the page cropped to the placed sprites (and made
    /// a power of two or square again when asked). Without `skipping`, `nil` when one does not fit.
    private func placeAndCrop(_ sizes: [Size], order: [Int], width: Int, height: Int, skipping: Bool) -> PageResult? {
        let inset = 2 * border - padding
        var free = [Rect(x: 0, y: 0, width: width, height: height)]
        var pieces: [Rect] = []
        free.reserveCapacity(256)
        pieces.reserveCapacity(64)
        var placements = [Placement?](repeating: nil, count: sizes.count)
        var usedWidth = 0, usedHeight = 0, area = 0
        // The smallest width and height still to come: a free rectangle narrower or lower than
        // those can never be used again and is dropped, which keeps the free list short.
        var smallestWidth = [Int](repeating: Int.max, count: order.count + 1)
        var smallestHeight = smallestWidth
        for position in order.indices.reversed() {
            let size = sizes[order[position]]
            let (w, h) = allowRotation ? (min(size.width, size.height), min(size.width, size.height)) : (size.width, size.height)
            smallestWidth[position] = min(smallestWidth[position + 1], w)
            smallestHeight[position] = min(smallestHeight[position + 1], h)
        }
        for (position, index) in order.enumerated() {
            let size = sizes[index]
            var bestShort = Int.max, bestLong = Int.max
            var chosen = Rect(x: 0, y: 0, width: 0, height: 0)
            var rotated = false
            let tryTurned = allowRotation && size.width != size.height
            for rect in free {
                // Upright, then turned: the fit leaving the least along its shorter side wins.
                if rect.width >= size.width && rect.height >= size.height {
                    let leftoverX = rect.width - size.width, leftoverY = rect.height - size.height
                    let short = min(leftoverX, leftoverY), long = max(leftoverX, leftoverY)
                    if short < bestShort || (short == bestShort && long < bestLong) {
                        (bestShort, bestLong, rotated) = (short, long, false)
                        chosen = Rect(x: rect.x, y: rect.y, width: size.width, height: size.height)
                    }
                }
                if tryTurned && rect.width >= size.height && rect.height >= size.width {
                    let leftoverX = rect.width - size.height, leftoverY = rect.height - size.width
                    let short = min(leftoverX, leftoverY), long = max(leftoverX, leftoverY)
                    if short < bestShort || (short == bestShort && long < bestLong) {
                        (bestShort, bestLong, rotated) = (short, long, true)
                        chosen = Rect(x: rect.x, y: rect.y, width: size.height, height: size.width)
                    }
                }
            }
            guard bestShort != Int.max else {
                if skipping { continue }
                return nil
            }
            placements[index] = Placement(x: chosen.x + border, y: chosen.y + border, rotated: rotated, page: 0)
            usedWidth = max(usedWidth, chosen.x + chosen.width)
            usedHeight = max(usedHeight, chosen.y + chosen.height)
            area += size.width * size.height
            Self.split(&free, around: chosen, pieces: &pieces,
                       minimumWidth: smallestWidth[position + 1], minimumHeight: smallestHeight[position + 1])
        }
        let (pageWidth, pageHeight) = pageSize(usedWidth + inset, usedHeight + inset)
        return (Size(width: pageWidth, height: pageHeight), placements, area)
    }

    /// The largest page side packed: ``maxSide``, or with ``powerOfTwo`` the largest power of two
    /// within it (a page rounded up to 128 under a `maxSide` of 100 was written larger than asked).
    private var side: Int {
        powerOfTwo && maxSide >= 1 ? 1 << (Int.bitWidth - 1 - maxSide.leadingZeroBitCount) : maxSide
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

    /// Takes `used` out of the free rectangles: every overlapping one is cut into up to four maximal
    /// pieces; a piece inside another free rectangle is dropped. (Untouched rectangles need no check:
    /// they were not inside each other, and a piece lies inside the rectangle it came from.)
    /// Rectangles narrower than `minimumWidth` or lower than `minimumHeight` are dropped: nothing
    /// left to place fits them. `pieces` is scratch space, kept between calls to save allocations.
    private static func split(_ free: inout [Rect], around used: Rect, pieces: inout [Rect], minimumWidth: Int, minimumHeight: Int) {
        pieces.removeAll(keepingCapacity: true)
        var kept = 0
        for i in free.indices {
            let rect = free[i]
            if rect.width < minimumWidth || rect.height < minimumHeight { continue }
            guard used.x < rect.x + rect.width, used.x + used.width > rect.x,
                  used.y < rect.y + rect.height, used.y + used.height > rect.y else {
                free[kept] = rect
                kept += 1
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
        free.removeLast(free.count - kept)
        for i in pieces.indices {
            let piece = pieces[i]
            var redundant = piece.width < minimumWidth || piece.height < minimumHeight
            if redundant { continue }
            for j in 0..<kept where free[j].contains(piece) {
                redundant = true
                break
            }
            if redundant { continue }
            // Among pieces, drop one inside another (the first of identical ones stays).
            for j in pieces.indices where j != i && pieces[j].contains(piece) && (!piece.contains(pieces[j]) || j < i) {
                redundant = true
                break
            }
            if !redundant { free.append(piece) }
        }
    }
}
