import Raster

/// Builds a ``SpriteSheet`` from named frames: trims transparent borders, makes identical frames
/// share one region, packs (MaxRects, or plain rows/columns) and draws the page.
public struct SheetBuilder: Sendable {
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
        public var name: String
        public var bitmap: Bitmap
        /// The sequence (animation) it belongs to.
        public var sequence: String?
        /// Milliseconds.
        public var duration: Int?

        public init(name: String, bitmap: Bitmap, sequence: String? = nil, duration: Int? = nil) {
            self.name = name
            self.bitmap = bitmap
            self.sequence = sequence
            self.duration = duration
        }
    }

    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        case doesNotFit(maxSide: Int)
        case duplicateName(String)
        case mixedScales

        public var description: String {
            switch self {
            case .doesNotFit(let maxSide): "the sprites do not fit on one \(maxSide)×\(maxSide) page; raise --max-size"
            case .duplicateName(let name): "two frames are both named '\(name)'"
            case .mixedScales: "frames of different scales cannot share a sheet; pack each scale separately"
            }
        }
    }

    public var layout: Layout
    public var padding: Int
    public var border: Int
    public var trim: Bool
    /// Transparent pixels kept around the trimmed content.
    public var trimMargin: Int
    public var powerOfTwo: Bool
    public var square: Bool
    public var maxSide: Int

    public init(layout: Layout = .packed, padding: Int = 2, border: Int = 0, trim: Bool = false, trimMargin: Int = 0,
                powerOfTwo: Bool = false, square: Bool = false, maxSide: Int = 8192) {
        self.layout = layout
        self.padding = padding
        self.border = border
        self.trim = trim
        self.trimMargin = trimMargin
        self.powerOfTwo = powerOfTwo
        self.square = square
        self.maxSide = maxSide
    }

    public func build(_ inputs: [Input]) throws(Error) -> SpriteSheet {
        var names = Set<String>()
        for input in inputs where !names.insert(input.name).inserted { throw .duplicateName(input.name) }
        let scale = inputs.first?.bitmap.scale ?? 1
        guard inputs.allSatisfy({ $0.bitmap.scale == scale }) else { throw .mixedScales }

        // Trim, then give identical trimmed images one region.
        let regions = inputs.map { trim ? Self.opaqueBounds($0.bitmap, margin: trimMargin) : SpriteSheet.Rect(x: 0, y: 0, width: $0.bitmap.width, height: $0.bitmap.height) }
        var unique: [Int] = []                 // input index of each distinct image
        var slotOfInput = [Int](repeating: 0, count: inputs.count)
        var seen: [[UInt8]: Int] = [:]
        for (index, input) in inputs.enumerated() {
            let pixels = input.bitmap.cropped(to: regions[index]).pixels
            if let slot = seen[pixels] {
                slotOfInput[index] = slot
            } else {
                seen[pixels] = unique.count
                slotOfInput[index] = unique.count
                unique.append(index)
            }
        }
        let sizes = unique.map { MaxRectsPacker.Size(width: max(regions[$0].width, 1), height: max(regions[$0].height, 1)) }
        guard let placement = place(sizes) else { throw .doesNotFit(maxSide: maxSide) }

        var page = Bitmap(width: placement.width, height: placement.height, scale: scale)
        for (slot, index) in unique.enumerated() {
            page.copy(inputs[index].bitmap, from: regions[index], toX: placement.positions[slot].x, y: placement.positions[slot].y)
        }
        let sprites = inputs.enumerated().map { index, input in
            let region = regions[index], position = placement.positions[slotOfInput[index]]
            return SpriteSheet.Sprite(
                name: input.name, frame: .init(x: position.x, y: position.y, width: region.width, height: region.height),
                trimmed: region.width != input.bitmap.width || region.height != input.bitmap.height, spriteSourceSize: region,
                sourceWidth: input.bitmap.width, sourceHeight: input.bitmap.height, duration: input.duration)
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
        return SpriteSheet(page: page, sprites: sprites, animations: animations)
    }

    private func place(_ sizes: [MaxRectsPacker.Size]) -> MaxRectsPacker.Result? {
        switch layout {
        case .packed:
            return MaxRectsPacker(padding: padding, border: border, powerOfTwo: powerOfTwo, square: square, maxSide: maxSide).pack(sizes)
        case .rows, .columns:
            let area = sizes.reduce(0) { $0 + ($1.width + padding) * ($1.height + padding) }
            let limit = layout == .columns ? 0 : max(sizes.map(\.width).max() ?? 0, Int(Double(area).squareRoot().rounded(.up)))
            var x = border, y = border, rowHeight = 0, width = 0
            var positions: [(x: Int, y: Int)] = []
            for size in sizes {
                if x > border && x + size.width > border + limit {
                    x = border
                    y += rowHeight + padding
                    rowHeight = 0
                }
                positions.append((x, y))
                x += size.width + padding
                rowHeight = max(rowHeight, size.height)
                width = max(width, x - padding)
            }
            let height = y + rowHeight + border
            guard width + border <= maxSide, height <= maxSide else { return nil }
            return MaxRectsPacker.Result(width: max(width + border, 1), height: max(height, 1), positions: positions)
        }
    }

    /// The smallest rectangle holding every pixel with alpha > 0, grown by `margin` (clamped), or a
    /// 1×1 rectangle at the origin for a fully transparent image.
    public static func opaqueBounds(_ bitmap: Bitmap, margin: Int = 0) -> SpriteSheet.Rect {
        var minX = bitmap.width, minY = bitmap.height, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixels[(y * bitmap.width + x) * 4 + 3] != 0 {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return .init(x: 0, y: 0, width: 1, height: 1) }
        minX = max(0, minX - margin); minY = max(0, minY - margin)
        maxX = min(bitmap.width - 1, maxX + margin); maxY = min(bitmap.height - 1, maxY + margin)
        return .init(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
