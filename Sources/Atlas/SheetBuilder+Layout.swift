/// Placing sprites on pages: the packed layout is MaxRects; rows and columns keep play order.
extension SheetBuilder {
    /// Where each sprite goes: MaxRects for `packed`, rows (or columns) in play order otherwise.
    func place(_ sizes: [MaxRectsPacker.Size]) -> MaxRectsPacker.Result? {
        switch layout {
        case .packed:
            // The settings are checked before (SheetBuilder.check): the packer accepts them.
            return try? MaxRectsPacker(padding: padding, border: border, powerOfTwo: powerOfTwo, square: square, maxSide: maxSide,
                                  allowRotation: allowRotation && !labels, multipack: multipack).pack(sizes)
        case .rows, .columns:
            // Columns are rows of the transposed sprites, turned back.
            let transposed = layout == .columns
            let lines = Self.lines(transposed ? sizes.map { .init(width: $0.height, height: $0.width) } : sizes,
                                   padding: padding, border: border, maxSide: maxSide)
            guard let lines else { return nil }
            guard transposed else { return lines }
            return MaxRectsPacker.Result(pages: lines.pages.map { .init(width: $0.height, height: $0.width) },
                                         placements: lines.placements.map { .init(x: $0.y, y: $0.x, rotated: false, page: $0.page) })
        }
    }

    /// Sprites in play order in rows about as wide as a square page of their area (at least the
    /// widest sprite, at most a `maxSide` page), wrapping to the next row and, when a page is full,
    /// to the next page. `nil` when a sprite does not fit a page.
    static func lines(_ sizes: [MaxRectsPacker.Size], padding: Int, border: Int, maxSide: Int) -> MaxRectsPacker.Result? {
        let room = maxSide - 2 * border
        guard sizes.allSatisfy({ $0.width <= room && $0.height <= room }) else { return nil }
        let area = sizes.reduce(0.0) { $0 + Double($1.width + padding) * Double($1.height + padding) }
        let limit = min(room, max(sizes.map(\.width).max() ?? 0, Int(area.squareRoot().rounded(.up))))
        var pages: [MaxRectsPacker.Size] = []
        var placements: [MaxRectsPacker.Placement] = []
        var x = border, y = border, rowHeight = 0, width = 0, bottom = border
        for size in sizes {
            // A sprite whose middle passes the limit starts the next row (so rows stay about as
            // long as the page is tall), as does one that would leave the page.
            if x > border && (x + size.width / 2 > border + limit || x + size.width > border + room) {
                x = border
                y += rowHeight + padding
                rowHeight = 0
            }
            if (x > border || y > border) && y + size.height > border + room {
                pages.append(.init(width: width + border, height: bottom + border))
                (x, y, rowHeight, width, bottom) = (border, border, 0, 0, border)
            }
            placements.append(.init(x: x, y: y, rotated: false, page: pages.count))
            x += size.width + padding
            rowHeight = max(rowHeight, size.height)
            width = max(width, x - padding)
            bottom = max(bottom, y + size.height)
        }
        pages.append(.init(width: max(width + border, 1), height: max(bottom + border, 1)))
        return MaxRectsPacker.Result(pages: pages, placements: placements)
    }
}

extension SheetBuilder {
    /// Bounds the pages laid out at `smallestScale` so that, drawn at `largestScale`, they stay
    /// within ``maxSide``: the bound divided by the ratio (1365 rounded up to 2048 made @3x pages of
    /// 6144 under a bound of 4096). With ``powerOfTwo`` the largest power of two within the bound,
    /// divided by the ratio rounded up to a power of two: a page drawn at a ratio that is not one
    /// (@3x of @1x) is padded to the next power of two (``pixelSide(_:factor:)``), 4 times its points.
    mutating func bound(smallestScale: Int, largestScale: Int) {
        let ratio = largestScale / max(smallestScale, 1)
        if powerOfTwo, maxSide >= 1 {
            maxSide = max(1, Self.powerOfTwo(atMost: maxSide) / Self.powerOfTwo(atLeast: ratio))
        } else {
            // At least 1: `--max-size 2` at scales 1 and 3 was refused as "--max-size is 0" (not what was given).
            maxSide = max(1, maxSide * smallestScale / largestScale)
        }
    }

    /// The side in pixels of a page side of `points` (pixels of the layout's scale) drawn `factor`
    /// times larger: `points × factor`, and with ``powerOfTwo`` the power of two at or above it
    /// (a 64-point page at @3x is 256 px, its sprites on the first 192: a power-of-two page at
    /// every scale, as engines that ask for one need).
    func pixelSide(_ points: Int, factor: Int) -> Int {
        let side = points * factor
        return powerOfTwo ? Self.powerOfTwo(atLeast: side) : side
    }

    /// The largest power of two at most `value` (1 for 1 or less).
    static func powerOfTwo(atMost value: Int) -> Int { value <= 1 ? 1 : 1 << (Int.bitWidth - 1 - value.leadingZeroBitCount) }

    /// The smallest power of two at least `value` (1 for 1 or less), `value` itself past the largest.
    static func powerOfTwo(atLeast value: Int) -> Int {
        let below = powerOfTwo(atMost: value)
        return value <= 1 ? 1 : below == value || below > Int.max / 2 ? value : below << 1
    }
}

extension SheetBuilder.Error {
    /// This refusal of a layout for `scales` (``SheetJob/scales``) said as the job's settings give
    /// sizes: a sprite too large in pixels at the largest scale (``atScale(_:laidOutAt:maxSide:)``).
    /// (Sizes that disagree between scales are said of the files before the layout:
    /// ``SheetJob/checkVariantSizes(_:names:images:scales:)``.)
    /// `requested`: ``SheetBuilder/maxSide`` as given, before ``SheetBuilder/bound(smallestScale:largestScale:)``.
    func forScales(_ scales: [Int]?, maxSide: Int, requested: Int, powerOfTwo: Bool = false) -> Self {
        guard let scales, let first = scales.first, let last = scales.last, last > first else { return self }
        let scaled = atScale(last, laidOutAt: first, maxSide: maxSide)
        // The side said is not the one given (`--max-size 256` at scales 1 and 3: 255 px): said why.
        guard let side = scaled.pageSide, side != requested else { return scaled }
        return .boundByScales(scaled, requestedSide: requested, scale: last, powerOfTwo: powerOfTwo)
    }

    /// This refusal of a layout made at scale `first` with pages of `maxSide`, said in pixels at
    /// scale `last`, as the bound was given (``SheetBuilder/bound(smallestScale:largestScale:)``):
    /// `'jump-1@3x' is 2040×1416, larger than a 1500×1500 page`, not the @1x sizes. The border and
    /// extrusion stay the settings as given (`--extrude 1`, 2 px at @2x: the description says both).
    func atScale(_ last: Int, laidOutAt first: Int, maxSide: Int) -> Self {
        let scaled = { (value: Int) in value * last / first }
        return switch self {
        case .doesNotFit: .doesNotFit(maxSide: scaled(maxSide))
        case let .spriteTooLarge(name, width, height, border, _):
            .spriteTooLarge(name: "\(name)@\(last)x", width: scaled(width), height: scaled(height), border: border, maxSide: scaled(maxSide))
        case let .extrudedSpriteTooLarge(name, width, height, extrude, border, _):
            .extrudedSpriteTooLarge(name: "\(name)@\(last)x", width: scaled(width), height: scaled(height), extrude: extrude,
                                    border: border, maxSide: scaled(maxSide))
        default: self
        }
    }
}
