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
    /// A size to place, in pixels (padding is added by the packer).
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Where one input went.
    public struct Placement: Sendable, Hashable {
        /// Top-left corner on its page.
        public var x: Int
        public var y: Int
        /// `true` when it is stored turned 90°: it covers `height × width` on the page.
        public var rotated: Bool
        /// Which page (0-based).
        public var page: Int
    }

    /// The pages and where each input went.
    public struct Result: Sendable, Equatable {
        public var pages: [Size]
        /// In input order.
        public var placements: [Placement]

        /// The first page's width (the only one when nothing overflowed).
        public var width: Int { pages[0].width }
        public var height: Int { pages[0].height }
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
    /// Sprites may be turned 90° when that packs tighter.
    public var allowRotation: Bool
    /// More than one page when the sprites do not fit on one `maxSide` page.
    public var multipack: Bool

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
    public func pack(_ sizes: [Size]) -> Result? {
        guard !sizes.isEmpty else { return Result(pages: [Size(width: max(1, 2 * border), height: max(1, 2 * border))], placements: []) }
        let padded = sizes.map { Size(width: $0.width + padding, height: $0.height + padding) }
        if let single = smallestPage(for: padded, subset: Array(padded.indices)) {
            return Result(pages: [single.page], placements: single.placements.map { $0! })
        }
        guard multipack else { return nil }
        let usable = maxSide - (2 * border - padding)
        for size in padded where size.width > usable || size.height > usable { return nil }
        var placements = [Placement?](repeating: nil, count: sizes.count)
        var pages: [Size] = []
        var remaining = Array(padded.indices)
        while !remaining.isEmpty {
            // The rest fits on one page: make that page as small as possible.
            if let last = smallestPage(for: padded, subset: remaining) {
                for index in remaining { placements[index] = last.placements[index].map { Placement(x: $0.x, y: $0.y, rotated: $0.rotated, page: pages.count) } }
                pages.append(last.page)
                break
            }
            guard let full = fullestPage(for: padded, subset: remaining) else { return nil }
            for index in remaining {
                if let placement = full.placements[index] { placements[index] = Placement(x: placement.x, y: placement.y, rotated: placement.rotated, page: pages.count) }
            }
            pages.append(full.page)
            remaining.removeAll { placements[$0] != nil }
        }
        return Result(pages: pages, placements: placements.map { $0! })
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

    /// Runs `body` for every order on all cores and returns the results in order.
    private func eachOrder(_ body: @escaping @Sendable (Int) -> PageResult?) -> [PageResult?] {
        let results = ResultBox(count: Self.orders.count)
        DispatchQueue.concurrentPerform(iterations: Self.orders.count) { results.set($0, body($0)) }
        return results.values
    }

    /// The smallest page holding all of `subset`, or `nil` when it exceeds `maxSide`.
    private func smallestPage(for sizes: [Size], subset: [Int]) -> PageResult? {
        let area = subset.reduce(0) { $0 + sizes[$1].width * sizes[$1].height }
        let usable = maxSide - (2 * border - padding)
        guard area <= usable * usable else { return nil }
        var widest = 0, tallest = 0
        for index in subset {
            let size = sizes[index]
            widest = max(widest, allowRotation ? min(size.width, size.height) : size.width)
            tallest = max(tallest, allowRotation ? min(size.width, size.height) : size.height)
        }
        let bounds = (widest: widest, tallest: tallest)
        let results = eachOrder { order in
            let sequence = self.sorted(subset, sizes: sizes, by: Self.orders[order])
            return self.smallestPage(for: sizes, order: sequence, area: area, widest: bounds.widest, tallest: bounds.tallest)
        }
        // Ties go to the earlier order, so the choice does not depend on timing.
        var best: PageResult?
        for case let result? in results where best == nil || result.page.width * result.page.height < best!.page.width * best!.page.height {
            best = result
        }
        return best
    }

    /// A `maxSide` page filled as far as the best order gets (most sprite area), cropped.
    private func fullestPage(for sizes: [Size], subset: [Int]) -> PageResult? {
        let inset = 2 * border - padding
        let results = eachOrder { order in
            let sequence = self.sorted(subset, sizes: sizes, by: Self.orders[order])
            return self.placeAndCrop(sizes, order: sequence, width: self.maxSide - inset, height: self.maxSide - inset, skipping: true)
        }
        var best: PageResult?
        for case let result? in results where best == nil || result.area > best!.area { best = result }
        return best.flatMap { $0.area > 0 ? $0 : nil }
    }

    /// The smallest page found for one input order. From the area bound it grows both sides in
    /// turn; with few sprites it also tries fixed widths of several aspect ratios, growing only the
    /// height (uniform animation frames pack best as a wide grid, which alternate growth can miss).
    private func smallestPage(for sizes: [Size], order: [Int], area: Int, widest: Int, tallest: Int) -> PageResult? {
        var best = grow(sizes, order: order, width: max(widest, Int(Double(area).squareRoot().rounded(.up))),
                        area: area, tallest: tallest, fixedWidth: false)
        guard order.count <= 256 else { return best }
        for aspect in [0.8, 1.25, 1.6, 2.0, 2.5, 3.2] {
            let width = max(widest, Int((Double(area) * aspect).squareRoot().rounded(.up)))
            if let candidate = grow(sizes, order: order, width: width, area: area, tallest: tallest, fixedWidth: true),
               best == nil || candidate.page.width * candidate.page.height < best!.page.width * best!.page.height {
                best = candidate
            }
        }
        return best
    }

    /// Packs into `width` × (the area bound) and grows until everything fits.
    private func grow(_ sizes: [Size], order: [Int], width startWidth: Int, area: Int, tallest: Int, fixedWidth: Bool) -> PageResult? {
        // The page's usable area is inset by the border but gains back one padding (the last column
        // and row of sprites need none).
        let inset = 2 * border - padding
        var width = startWidth
        var height = max(tallest, (area + width - 1) / width)
        for attempt in 0..<200 {
            let (pageWidth, pageHeight) = pageSize(width + inset, height + inset)
            if pageWidth > maxSide || pageHeight > maxSide { return nil }
            if let result = placeAndCrop(sizes, order: order, width: pageWidth - inset, height: pageHeight - inset, skipping: false) {
                return result
            }
            // Grow by a few percent: the height only, or both sides in turn.
            if fixedWidth || attempt % 2 == 1 { height += max(1, height / 32) } else { width += max(1, width / 32) }
            if powerOfTwo || square { (width, height) = (pageWidth - inset + 1, pageHeight - inset + 1) }
        }
        return nil
    }

    /// MaxRects into a `width × height` bin, then the page cropped to the placed sprites (and made
    /// a power of two or square again when asked). Without `skipping`, `nil` when one does not fit.
    private func placeAndCrop(_ sizes: [Size], order: [Int], width: Int, height: Int, skipping: Bool) -> PageResult? {
        let inset = 2 * border - padding
        var free = [Rect(x: 0, y: 0, width: width, height: height)]
        var placements = [Placement?](repeating: nil, count: sizes.count)
        var usedWidth = 0, usedHeight = 0, area = 0
        for index in order {
            let size = sizes[index]
            var bestShort = Int.max, bestLong = Int.max
            var chosen: Rect?
            var rotated = false
            for rect in free {
                for turn in allowRotation && size.width != size.height ? [false, true] : [false] {
                    let w = turn ? size.height : size.width, h = turn ? size.width : size.height
                    guard rect.width >= w && rect.height >= h else { continue }
                    let leftoverX = rect.width - w, leftoverY = rect.height - h
                    let short = min(leftoverX, leftoverY), long = max(leftoverX, leftoverY)
                    if short < bestShort || (short == bestShort && long < bestLong) {
                        bestShort = short
                        bestLong = long
                        chosen = Rect(x: rect.x, y: rect.y, width: w, height: h)
                        rotated = turn
                    }
                }
            }
            guard let placed = chosen else {
                if skipping { continue }
                return nil
            }
            placements[index] = Placement(x: placed.x + border, y: placed.y + border, rotated: rotated, page: 0)
            usedWidth = max(usedWidth, placed.x + placed.width)
            usedHeight = max(usedHeight, placed.y + placed.height)
            area += size.width * size.height
            free = Self.split(free, around: placed)
        }
        let (pageWidth, pageHeight) = pageSize(usedWidth + inset, usedHeight + inset)
        return (Size(width: pageWidth, height: pageHeight), placements, area)
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
    typealias Value = (page: MaxRectsPacker.Size, placements: [MaxRectsPacker.Placement?], area: Int)
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value?) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
