import Basics
import Raster

/// Builds a ``SpriteSheet`` from named frames: trims transparent borders, makes identical frames
/// share one region, packs (MaxRects with optional rotation and multipack, or plain rows/columns),
/// draws the pages and extrudes the sprites' edges — at one scale, or at several with one layout.
public struct SheetBuilder: Sendable {
    /// How sprites are placed on the page (the CLI's `--layout`).
    public enum Layout: String, Sendable, CaseIterable {
        /// MaxRects, smallest page.
        case packed
        /// Left to right, wrapping at a width near the square root of the area.
        case rows
        /// One column.
        case columns
    }

    /// One frame to place.
    public struct Input: Sendable {
        /// The sprite's name in the data file (`walk0` for `walk0.png`); unique within a sheet.
        public var name: String
        /// The frame at each scale the sheet is built for, smallest first (one image for a
        /// single-scale sheet). Each must be its scale ÷ the first's times the first's size.
        public var bitmaps: [Bitmap]
        /// The sequence (animation) it belongs to.
        public var sequence: String?
        /// How long it shows, in seconds, as everywhere in Flipbook's Swift API (the sheet's data
        /// stores whole milliseconds: ``SpriteSheet/Sprite/duration``).
        public var duration: Double?

        /// A frame at a single scale.
        /// - Parameters:
        ///   - name: The sprite's name, unique within the sheet.
        ///   - bitmap: The frame.
        ///   - sequence: The animation it belongs to, or `nil`.
        ///   - duration: How long it shows, in seconds, or `nil`.
        public init(name: String, bitmap: Bitmap, sequence: String? = nil, duration: Double? = nil) {
            self.init(name: name, bitmaps: [bitmap], sequence: sequence, duration: duration)
        }

        /// A frame at several scales for ``SheetBuilder/buildScaled(_:)``: `bitmaps` smallest scale
        /// first, each its scale ÷ the first's times the first's size.
        /// - Parameters:
        ///   - name: The sprite's name, unique within the sheet.
        ///   - bitmaps: The frame at each scale, smallest first.
        ///   - sequence: The animation it belongs to, or `nil`.
        ///   - duration: How long it shows, in seconds, or `nil`.
        public init(name: String, bitmaps: [Bitmap], sequence: String? = nil, duration: Double? = nil) {
            self.name = name
            self.bitmaps = bitmaps
            self.sequence = sequence
            self.duration = duration
        }

        /// The smallest-scale image (an empty 0 × 0 bitmap when ``bitmaps`` is empty, which
        /// ``SheetBuilder/build(_:)`` refuses).
        public var bitmap: Bitmap { bitmaps.first ?? Bitmap(clearWidth: 0, height: 0) }
    }

    /// MaxRects packing (the default), rows or one column.
    public var layout: Layout
    /// Pixels between sprites (extruded edges are drawn inside it); 2 by default.
    public var padding: Int
    /// Pixels between the sprites and the page edge; 0 by default.
    public var border: Int
    /// Whether transparent borders are cut off (the data records where the rest sat in the frame).
    public var trim: Bool
    /// Transparent pixels kept around the trimmed content.
    public var trimMargin: Int
    /// Pixels of each sprite's edge repeated outward (inside the padding), against bleeding.
    public var extrude: Int
    /// Whether page sides are rounded up to powers of two, at every scale: the pages of a layout
    /// shared by scales whose ratio is not a power of two (@3x of @1x) are padded to one.
    public var powerOfTwo: Bool
    /// Whether pages are square.
    public var square: Bool
    /// The largest page side in pixels (4096 by default: what phones and WebGL 1 load); sprites
    /// beyond it go onto more pages.
    public var maxSide: Int
    /// Sprites may be stored turned 90° (packed layout only), the way `rotation` says.
    public var allowRotation: Bool
    /// Which way rotated sprites are turned: the way the data format's readers expect
    /// (``SheetExport/Format/rotation``).
    public var rotation: SpriteSheet.Rotation
    /// More pages when the sprites overflow one `maxSide` page (packed layout only).
    public var multipack: Bool
    /// A contact sheet for people: every frame gets its own cell (no aliasing, no rotation) with
    /// its name printed on a light strip below it. The data stays exact; the strips lie outside
    /// every sprite's region.
    public var labels: Bool
    /// What the pages store under transparency (``AlphaHandling/keep``: the source bytes).
    public var alphaHandling: AlphaHandling
    /// The most pixels one page may have at its largest scale, checked before a page is allocated
    /// (Basics' `ResourceLimits` default, 8192²; the CLI's `--max-pixels`): a huge `--border` or
    /// `--max-size` is refused, not an allocation of gigabytes.
    public var maxPagePixels: Int = ResourceLimits.default.maxPixels

    /// The labels' font and strip height (one pixel above and below the text), in base pixels.
    static let labelFont = PixelFont.fixed6x13
    static var labelHeight: Int { labelFont.height + 2 }

    /// A builder with the options of `flipbook sheet`; every default is the CLI's.
    /// - Parameters:
    ///   - layout: MaxRects packing, rows or one column; `nil` (the default) packs, or lays a
    ///     contact sheet (`labels`) out in rows, so that it reads in play order.
    ///   - padding: Pixels between sprites.
    ///   - border: Pixels around the page edge.
    ///   - trim: Whether transparent borders are cut off.
    ///   - trimMargin: Transparent pixels kept around trimmed content.
    ///   - extrude: Pixels of each sprite's edge repeated outward.
    ///   - powerOfTwo: Whether page sides are powers of two.
    ///   - square: Whether pages are square.
    ///   - maxSide: The largest page side in pixels.
    ///   - allowRotation: Whether sprites may be turned 90° (packed layout only).
    ///   - rotation: Which way turned sprites are stored.
    ///   - multipack: Whether overflowing sprites go onto more pages.
    ///   - labels: Whether to make a contact sheet with each frame's name printed below it.
    ///   - alphaHandling: What the pages store under transparency.
    public init(layout: Layout? = nil, padding: Int = 2, border: Int = 0, trim: Bool = false, trimMargin: Int = 0,
                extrude: Int = 0, powerOfTwo: Bool = false, square: Bool = false, maxSide: Int = 4096,
                allowRotation: Bool = false, rotation: SpriteSheet.Rotation = .clockwise, multipack: Bool = true, labels: Bool = false,
                alphaHandling: AlphaHandling = .keep) {
        self.layout = layout ?? (labels ? .rows : .packed)
        self.padding = padding
        self.border = border
        self.trim = trim
        self.trimMargin = trimMargin
        self.extrude = extrude
        self.powerOfTwo = powerOfTwo
        self.square = square
        self.maxSide = maxSide
        self.allowRotation = allowRotation
        self.rotation = rotation
        self.multipack = multipack
        self.labels = labels
        self.alphaHandling = alphaHandling
    }

    /// The longest frame duration a sheet's data holds, in seconds (2³¹ − 1 milliseconds, about 24.8 days).
    public static let longestDuration = Double(Int32.max) / 1000

    /// The first of ``padding``, ``border``, ``extrude``, ``trimMargin`` and ``maxSide`` outside
    /// the values the packer takes (0…`MaxRectsPacker.largestSide`, 1… for `maxSide`), with that
    /// range; `nil` when all are in it. The one rule: the builder throws it as
    /// ``Error/invalidSetting(name:value:largest:)``, `SheetJob` as its setting error.
    package var spacingOutOfRange: (setting: SettingError.Setting, value: Int, range: ClosedRange<Int>)? {
        let largest = MaxRectsPacker.largestSide
        let settings: [(SettingError.Setting, Int, ClosedRange<Int>)] = [
            (.padding, padding, 0...largest), (.border, border, 0...largest), (.extrude, extrude, 0...largest),
            (.trimMargin, trimMargin, 0...largest), (.maxSide, maxSide, 1...largest)]
        return settings.first { !$0.2.contains($0.1) }.map { (setting: $0.0, value: $0.1, range: $0.2) }
    }

    /// Refuses settings no sheet can be built with (negative spacing overlaps sprites) and inputs
    /// without an image or with a duration that is not a number of seconds.
    private func check(_ inputs: [Input]) throws(Error) {
        if let (setting, value, range) = spacingOutOfRange {
            throw .invalidSetting(name: setting.name, value: value, largest: range.upperBound)
        }
        for input in inputs {
            if input.bitmaps.isEmpty { throw .noBitmaps(name: input.name) }
            if let duration = input.duration, !(duration >= 0 && duration <= Self.longestDuration) {
                throw .invalidDuration(name: input.name, duration: duration)
            }
        }
    }

    /// One sheet from single-scale frames.
    /// - Throws: ``Error``, before any page is drawn: settings out of range
    ///   (``Error/invalidSetting(name:value:largest:)``), a frame without an image or with a
    ///   duration that is not a number of seconds, frames that do not fit or disagree.
    public func build(_ inputs: [Input]) throws(Error) -> SpriteSheet {
        try check(inputs)
        let scale = inputs.first?.bitmap.scale ?? 1
        guard inputs.allSatisfy({ $0.bitmaps.count == 1 && $0.bitmap.scale == scale }) else { throw .mixedScales }
        if inputs.isEmpty {
            if 4 * border * border > maxPagePixels {
                throw .pageTooLarge(width: max(1, 2 * border), height: max(1, 2 * border), maxPixels: maxPagePixels)
            }
            return SpriteSheet(pages: [Bitmap(clearWidth: max(1, 2 * border), height: max(1, 2 * border), scale: scale)], sprites: [], animations: [],
                               rotation: rotation)
        }
        return try buildScaled(inputs)[0]
    }

    /// One sheet per scale (`sheet.png`, `sheet@2x.png`…) with the same layout: the larger sheets'
    /// coordinates are the smallest's times the scale ratio. Trimming keeps what is visible at any
    /// scale, and frames are aliased only when identical at every scale.
    /// - Throws: ``Error``, before any page is drawn (see ``build(_:)``).
    public func buildScaled(_ inputs: [Input]) throws(Error) -> [SpriteSheet] {
        try check(inputs)
        guard let first = inputs.first else { throw .noInput }
        let scales = first.bitmaps.map(\.scale)
        if let (first, second) = NameSpelling.normalizationClash(in: inputs.map(\.name))
            ?? NameSpelling.normalizationClash(in: inputs.compactMap(\.sequence)) {
            throw .namesDifferInNormalization(first: first, second: second)
        }
        var names = Set<String>()
        for input in inputs {
            if !names.insert(input.name).inserted { throw .duplicateName(input.name) }
            guard input.bitmaps.map(\.scale) == scales else { throw .mixedScales }
        }
        for scale in scales where scale % scales[0] != 0 { throw .scaleNotMultiple(scale, of: scales[0]) }
        let factors = scales.map { $0 / scales[0] }
        for input in inputs {
            for (k, bitmap) in input.bitmaps.enumerated().dropFirst() {
                let (expectedWidth, wide) = input.bitmap.width.multipliedReportingOverflow(by: factors[k])
                let (expectedHeight, tall) = input.bitmap.height.multipliedReportingOverflow(by: factors[k])
                guard wide || tall || bitmap.width != expectedWidth || bitmap.height != expectedHeight else { continue }
                throw .variantSize(name: input.name, scale: scales[k], width: bitmap.width, height: bitmap.height,
                                   expectedWidth: wide ? Int.max : expectedWidth, expectedHeight: tall ? Int.max : expectedHeight)
            }
        }

        // Trim (in base pixels), then give images identical at every scale one region.
        let regions = inputs.map { input in
            trim ? Self.visibleBounds(input.bitmaps, factors: factors, margin: trimMargin)
                : PixelRect(x: 0, y: 0, width: input.bitmap.width, height: input.bitmap.height)
        }
        var unique: [Int] = []                 // input index of each distinct image
        var slotOfInput = [Int](repeating: 0, count: inputs.count)
        // Only `keep` stores the colour under alpha 0: otherwise frames that differ only there look alike.
        let clearHidden = alphaHandling != .keep
        // Each frame's pixels by a fast 64-bit digest on all cores, compared in full on a match.
        var digests = [UInt64](repeating: 0, count: inputs.count)
        digests.withUnsafeMutableBufferPointer { out in
            let out = UnsafeMutableSendable(out)
            ParallelLoop.run(inputs.count) { index in
                var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
                for (k, bitmap) in inputs[index].bitmaps.enumerated() {
                    hash = Self.digest(bitmap, Self.scaled(regions[index], by: factors[k]), clearHidden: clearHidden, seed: hash)
                }
                out.buffer[index] = hash
            }
        }
        var seen: [UInt64: [(slot: Int, index: Int)]] = [:]
        for index in inputs.indices {
            let digest = digests[index]
            if !labels, let match = seen[digest]?.first(where: {
                Self.samePixels(inputs[$0.index], regions[$0.index], inputs[index], regions[index], factors: factors, clearHidden: clearHidden)
            }) {
                slotOfInput[index] = match.slot
            } else {
                seen[digest, default: []].append((unique.count, index))
                slotOfInput[index] = unique.count
                unique.append(index)
            }
        }
        // A labelled cell is at least ten characters wide, and the name is cut to fit it.
        let font = Self.labelFont
        let captions = unique.map { index -> String in
            labels ? font.fitting(inputs[index].name, width: max(regions[index].width + 2 * extrude, 10 * font.width)) : ""
        }
        let sizes = unique.enumerated().map { slot, index in
            let region = regions[index]
            return labels
                ? MaxRectsPacker.Size(width: max(region.width + 2 * extrude, font.size(of: captions[slot]).width + 2),
                                      height: region.height + 2 * extrude + Self.labelHeight)
                : MaxRectsPacker.Size(width: max(region.width, 1) + 2 * extrude, height: max(region.height, 1) + 2 * extrude)
        }
        if let slot = sizes.indices.first(where: { max(sizes[$0].width, sizes[$0].height) + 2 * border > maxSide }) {
            let name = inputs[unique[slot]].name, (width, height) = (sizes[slot].width, sizes[slot].height)
            // The extrusion is the cause when the sprite fits without it: name it, not the page size.
            if extrude > 0, max(width, height) - 2 * extrude + 2 * border <= maxSide {
                throw .extrudedSpriteTooLarge(name: name, width: width, height: height, extrude: extrude, border: border, maxSide: maxSide)
            }
            // Too large without its extrusion: said at the size the user knows (`c1.png` is 64×64), not as placed.
            throw .spriteTooLarge(name: name, width: width - 2 * extrude, height: height - 2 * extrude, border: border, maxSide: maxSide)
        }
        guard let placement = place(sizes) else { throw .doesNotFit(maxSide: maxSide) }
        let largest = factors.max() ?? 1
        for page in placement.pages {
            let (points, wide) = page.width.multipliedReportingOverflow(by: largest)
            let (rows, tall) = page.height.multipliedReportingOverflow(by: largest)
            let (width, height) = wide || tall ? (points, rows) : (pixelSide(page.width, factor: largest), pixelSide(page.height, factor: largest))
            let (pixels, over) = width.multipliedReportingOverflow(by: height)
            if wide || tall || over || pixels > maxPagePixels {
                throw .pageTooLarge(width: wide ? Int.max : width, height: tall ? Int.max : height, maxPixels: maxPagePixels)
            }
        }

        var animations: [SpriteSheet.Animation] = []
        for input in inputs {
            guard let sequence = input.sequence else { continue }
            if let index = animations.firstIndex(where: { $0.name == sequence }) {
                animations[index].frames.append(input.name)
            } else {
                animations.append(SpriteSheet.Animation(name: sequence, frames: [input.name]))
            }
        }
        return factors.enumerated().map { k, factor in
            var pages = placement.pages.map {
                Bitmap(clearWidth: pixelSide($0.width, factor: factor), height: pixelSide($0.height, factor: factor), scale: scales[k])
            }
            // Where each slot's image sits (turned, without the extrusion), in this sheet's pixels.
            let frames = unique.enumerated().map { slot, index -> PixelRect in
                let p = placement.placements[slot], region = regions[index]
                let (w, h) = p.rotated ? (region.height, region.width) : (region.width, region.height)
                return PixelRect(x: (p.x + extrude) * factor, y: (p.y + extrude) * factor, width: w * factor, height: h * factor)
            }
            for (slot, index) in unique.enumerated() {
                let p = placement.placements[slot], frame = frames[slot]
                let source = Self.scaled(regions[index], by: factor)
                if p.rotated {
                    let turned = inputs[index].bitmaps[k].cropped(to: source).rotated90(clockwise: rotation == .clockwise)
                    pages[p.page].copy(turned, toX: frame.x, y: frame.y)
                } else {
                    pages[p.page].copy(inputs[index].bitmaps[k], from: source, toX: frame.x, y: frame.y)
                }
                pages[p.page].extrude(frame, by: extrude * factor)
                if labels {
                    let top = (p.y + sizes[slot].height - Self.labelHeight) * factor
                    let strip = PixelRect(x: p.x * factor, y: top, width: sizes[slot].width * factor, height: Self.labelHeight * factor)
                    pages[p.page].fill(strip, with: Color(r: 240, g: 240, b: 240))
                    font.draw(captions[slot], in: &pages[p.page], x: (p.x + 1) * factor, y: top + factor, color: Color(r: 32, g: 32, b: 32), scale: factor)
                }
            }
            let sprites = inputs.enumerated().map { index, input in
                let region = regions[index], slot = slotOfInput[index], bitmap = input.bitmaps[k]
                return SpriteSheet.Sprite(
                    name: input.name, frame: frames[slot], page: placement.placements[slot].page, rotated: placement.placements[slot].rotated,
                    trimmed: region.width != input.bitmap.width || region.height != input.bitmap.height,
                    spriteSourceSize: Self.scaled(region, by: factor), sourceWidth: bitmap.width, sourceHeight: bitmap.height,
                    duration: input.duration.map { max(1, Int(($0 * 1000).rounded())) })
            }
            return SpriteSheet(pages: pages.map(alphaHandling.apply), sprites: sprites, animations: animations, rotation: rotation,
                               premultipliedAlpha: alphaHandling == .premultiply)
        }
    }

    /// A 64-bit digest of `region` of `bitmap` (pixels with alpha 0 counted as 0,0,0,0 when
    /// `clearHidden`), continuing from `seed`: multiply-xorshift mixing, not cryptographic.
    static func digest(_ bitmap: Bitmap, _ region: PixelRect, clearHidden: Bool, seed: UInt64) -> UInt64 {
        var hash = seed ^ UInt64(region.width) << 32 ^ UInt64(region.height)
        bitmap.pixels.withUnsafeBytes { raw in
            for y in region.y..<(region.y + region.height) {
                let row = (y * bitmap.width + region.x) * 4
                for x in 0..<region.width {
                    var pixel = raw.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                    if clearHidden && pixel >> 24 == 0 { pixel = 0 }   // little-endian: alpha is the top byte
                    hash = (hash ^ UInt64(pixel)) &* 0xBF58_476D_1CE4_E5B9
                    hash ^= hash >> 31
                }
            }
        }
        return hash ^ (hash >> 29)
    }

    /// Whether two frames show the same pixels in their regions at every scale (hidden colour
    /// ignored when `clearHidden`).
    static func samePixels(_ a: Input, _ regionA: PixelRect, _ b: Input, _ regionB: PixelRect, factors: [Int], clearHidden: Bool) -> Bool {
        guard regionA.width == regionB.width, regionA.height == regionB.height else { return false }
        for (k, factor) in factors.enumerated() {
            let (ra, rb) = (scaled(regionA, by: factor), scaled(regionB, by: factor))
            let (pa, pb) = (a.bitmaps[k].pixels, b.bitmaps[k].pixels)
            let (wa, wb) = (a.bitmaps[k].width, b.bitmaps[k].width)
            for y in 0..<ra.height {
                let rowA = ((ra.y + y) * wa + ra.x) * 4, rowB = ((rb.y + y) * wb + rb.x) * 4
                if !clearHidden {
                    if pa[rowA..<(rowA + ra.width * 4)] != pb[rowB..<(rowB + ra.width * 4)] { return false }
                    continue
                }
                for x in 0..<ra.width {
                    let i = rowA + x * 4, j = rowB + x * 4
                    if pa[i + 3] != pb[j + 3] { return false }
                    if pa[i + 3] != 0 && (pa[i] != pb[j] || pa[i + 1] != pb[j + 1] || pa[i + 2] != pb[j + 2]) { return false }
                }
            }
        }
        return true
    }

    /// The greatest common divisor of two scales.
    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private static func scaled(_ rect: PixelRect, by factor: Int) -> PixelRect {
        PixelRect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
    }
}
