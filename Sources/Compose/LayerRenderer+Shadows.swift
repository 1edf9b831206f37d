import Animated
import Basics
import FrameGen
import Raster

/// A layer's shadow, as Core Animation casts it: from the whole layer — its content, sublayers and
/// their shadows, wherever they lie, on the output or past its edges — cut by the layer's mask and,
/// when it masks to bounds, by its bounds ("the shadow effect is clipped around the edges", Apple's
/// Core Animation guide).
extension LayerRenderer {
    /// Where a shadow's picture comes from.
    enum ShadowSource: Equatable {
        /// Nothing the layer draws can cast a shadow onto the output.
        case none
        /// The layer's own surface (the output's size) holds all it casts from: what it drew there
        /// is blurred, within `bound` pixels at most.
        case drawn(bound: Int)
        /// Part of what casts lies past the output's edges: the layer is drawn again, moved by the
        /// offset, on a surface covering `box` (pixels of the output, past its edges too).
        case redrawn(box: PixelRect)
    }

    /// Where `shadow` of `layer` (presented at its local `time`, drawn through `matrix`) is cast
    /// from on `canvas`, and so what it blurs.
    static func shadowSource(_ shadow: Shadow, of layer: Layer, time: Double, matrix: AffineTransform, on canvas: Canvas) -> ShadowSource {
        let k = Double(canvas.scale)
        let reach = Double(shadow.reach(on: canvas))
        let width = Double(canvas.pixelWidth), height = Double(canvas.pixelHeight)
        guard let extent = Self.extent(of: layer, time: time, matrix: matrix, scale: canvas.scale) else { return .none }
        // A blur spreading what casts so thin that no pixel of it reaches half a level: nothing to
        // draw (a shadow of radius 10 000 under a sprite cost a whole blur a frame for no pixel).
        // Blurred, a shape's alpha is at most its own times, along each axis, its extent over σ√2π.
        let sigma = shadow.radius / 2 * k
        if sigma > 0 {
            let spread = (2 * Double.pi).squareRoot() * sigma
            let peak = shadow.opacity * Double(shadow.color.a) / 255
                * min(1, (extent.maxX - extent.minX) / spread) * min(1, (extent.maxY - extent.minY) / spread)
            if peak < 0.5 / 255 { return .none }
        }
        if extent.minX - reach >= 0, extent.minY - reach >= 0, extent.maxX + reach <= width, extent.maxY + reach <= height {
            return .drawn(bound: shadow.blurredPixels(within: PixelRect(x: Int(extent.minX), y: Int(extent.minY),
                                                                          width: Int(extent.maxX - extent.minX),
                                                                          height: Int(extent.maxY - extent.minY)), on: canvas))
        }
        // What casts, moved by the offset, within the blur's reach of the output…
        let x0 = max(extent.minX + shadow.offset.x * k, -reach), x1 = min(extent.maxX + shadow.offset.x * k, width + reach)
        let y0 = max(extent.minY + shadow.offset.y * k, -reach), y1 = min(extent.maxY + shadow.offset.y * k, height + reach)
        guard x0 < x1, y0 < y1 else { return .none }
        // …and the reach around it that falls on the output.
        let left = min(x0, max(x0 - reach, 0)), right = max(x1, min(x1 + reach, width))
        let top = min(y0, max(y0 - reach, 0)), bottom = max(y1, min(y1 + reach, height))
        guard right > 0, left < width, bottom > 0, top < height else { return .none }
        let box = PixelRect(x: Int(left.rounded(.down)), y: Int(top.rounded(.down)),
                            width: Int(right.rounded(.up) - left.rounded(.down)), height: Int(bottom.rounded(.up) - top.rounded(.down)))
        return .redrawn(box: box)
    }

    /// The pixel box (unclamped, on a canvas of `scale`) everything `layer` draws through `matrix`
    /// lies in — content, sublayers and their shadows — or nil when it draws nothing; an infinite
    /// box when a number is too large to place.
    static func extent(of layer: Layer, time: Double, matrix: AffineTransform, scale: Int)
        -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        // `rect` (grown by `margin`) through `matrix`, in pixels, with a pixel of anti-aliasing around it.
        func pixels(_ rect: Rect, through matrix: AffineTransform, margin: Double = 0) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            let corners = [Point(rect.x - margin, rect.y - margin), Point(rect.x + rect.width + margin, rect.y - margin),
                           Point(rect.x - margin, rect.y + rect.height + margin),
                           Point(rect.x + rect.width + margin, rect.y + rect.height + margin)].map { matrix.apply($0) }
            let k = Double(scale)
            return (corners.map(\.x).min()! * k - 1, corners.map(\.y).min()! * k - 1, corners.map(\.x).max()! * k + 1, corners.map(\.y).max()! * k + 1)
        }
        func add(_ part: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
            box = box.map { (min($0.minX, part.minX), min($0.minY, part.minY), max($0.maxX, part.maxX), max($0.maxY, part.maxY)) } ?? part
        }
        func add(_ rect: Rect, through matrix: AffineTransform, margin: Double = 0) {
            guard rect.width > 0 || rect.height > 0 || margin > 0 else { return }
            add(pixels(rect, through: matrix, margin: margin))
        }
        if layer.backgroundColor != nil || layer.backdrop != nil { add(layer.bounds, through: matrix) }
        switch layer.content {
        case .none: break
        case .image, .sequence, .gradient: add(layer.bounds, through: matrix)
        case .text(let text):
            // The ink past the layout's box too (a J's hook), whose shadow was cut at the box.
            let size = text.pixelSize(scale: scale)
            add(text.drawnRect(in: layer.bounds, scale: scale)
                ?? Rect(x: layer.bounds.x, y: layer.bounds.y, width: size.width / Double(scale), height: size.height / Double(scale)), through: matrix)
        case .shape(let shape):
            if let hull = shape.path.controlPointBounds {
                let pen = shape.strokeStyle
                // A miter reaches miterLimit half-widths from its corner, a square cap √2.
                let margin = shape.strokeColor == nil ? 0 : pen.width / 2 * max(pen.miterLimit, 1.5)
                add(Rect(x: hull.minX, y: hull.minY, width: hull.maxX - hull.minX, height: hull.maxY - hull.minY), through: matrix, margin: margin)
            }
        }
        for sublayer in layer.sublayers {
            if let added = sublayer.addedAt, time < added - Animation.boundaryTolerance { continue }
            let local = sublayer.timing.localTime(time)
            let shown = sublayer.presentation(at: local)
            guard !shown.isHidden, !shown.opacity.isNaN, shown.opacity > 0 else { continue }
            let inner = matrix.concatenating(shown.matrixInParent)
            guard var part = extent(of: shown, time: local, matrix: inner, scale: scale) else { continue }
            if let shadow = shown.shadow, shadow.opacity > 0 {
                let reach = (shadow.radius / 2 * 3 + 2) * Double(scale)
                let dx = shadow.offset.x * Double(scale), dy = shadow.offset.y * Double(scale)
                part = (min(part.minX, part.minX + dx - reach), min(part.minY, part.minY + dy - reach),
                        max(part.maxX, part.maxX + dx + reach), max(part.maxY, part.maxY + dy + reach))
            }
            add(part)
        }
        if layer.masksToBounds, let drawn = box {
            let bounds = pixels(layer.bounds, through: matrix)
            let cut = (max(drawn.minX, bounds.minX), max(drawn.minY, bounds.minY), min(drawn.maxX, bounds.maxX), min(drawn.maxY, bounds.maxY))
            guard cut.0 < cut.2, cut.1 < cut.3 else { return nil }
            box = cut
        }
        // NaN from an infinite product stands for "anywhere".
        if let found = box, [found.minX, found.minY, found.maxX, found.maxY].contains(where: \.isNaN) {
            return (-.infinity, -.infinity, .infinity, .infinity)
        }
        return box
    }

    /// `source` with each pixel's alpha raised to that of `surface`'s pixel `shift` away (pixel
    /// `(x, y)` of `source` shows `surface`'s `(x + shift.x, y + shift.y)`), where there is one.
    static func merged(_ source: Bitmap, under surface: Bitmap, shift: (x: Int, y: Int)) -> Bitmap {
        var pixels = source.pixels
        for y in 0..<source.height {
            let sy = y + shift.y
            guard sy >= 0, sy < surface.height else { continue }
            for x in 0..<source.width {
                let sx = x + shift.x
                guard sx >= 0, sx < surface.width else { continue }
                let index = (y * source.width + x) * 4 + 3
                pixels[index] = max(pixels[index], surface.pixels[(sy * surface.width + sx) * 4 + 3])
            }
        }
        return Bitmap(width: source.width, height: source.height, scale: source.scale, straight: pixels) ?? source
    }

    /// Draws `layer`'s shadow under it on `canvas` (the layer's parent), at `opacity`: cast from
    /// `drawn` (the layer's own surface) when that holds all of it, else from the layer drawn again
    /// past the output's edges; cut by `mask` (the layer's mask, drawn) and, when it masks to
    /// bounds, by its bounds.
    func drawShadow(_ shadow: Shadow, of layer: Layer, path: String, time: Double, previous: Before?, matrix: AffineTransform,
                    drawn: Canvas, mask: Canvas?, opacity: Double, on canvas: inout Canvas) throws(CompositionError) {
        let k = Double(canvas.scale)
        let image: (bitmap: Bitmap, x: Double, y: Double, width: Double, height: Double)
        switch Self.shadowSource(shadow, of: layer, time: time, matrix: matrix, on: canvas) {
        case .none:
            return
        case .drawn:
            guard let cast = shadow.image(of: drawn) else { return }
            image = (cast.bitmap, cast.x + shadow.offset.x, cast.y + shadow.offset.y, cast.width, cast.height)
        case .redrawn(let box):
            // The surface's pixels are the output's, moved to the box's corner: the layer is drawn
            // there moved by the offset, so its shadow lands on whole pixels.
            let bytes = Double(box.width) * Double(box.height) * 16
            guard bytes <= Double(limits.maxDecodedBytes) else {
                throw .limit(LimitError(limit: .decodedBytes, subject: "layer \(path)'s shadow", amount: bytes < 9e18 ? Int(bytes) : nil,
                                        maximum: limits.maxDecodedBytes,
                                        detail: "\(box.width)×\(box.height) pixels past the output's edges at 16 bytes a pixel: a smaller shadow radius needs less"))
            }
            let shifted = AffineTransform(translationX: shadow.offset.x - Double(box.x) / k, y: shadow.offset.y - Double(box.y) / k)
                .concatenating(matrix)
            var source = Canvas(trustedWidth: Double(box.width) / k, height: Double(box.height) / k, scale: canvas.scale)
            source.meter = canvas.meter
            source.state.strokeStyle = canvas.state.strokeStyle
            // Its backdrop here reads the clear surface (a tint alone): past the output's edges
            // nothing was drawn below it; where it lies on the output, its own surface is merged below.
            try drawContents(layer, path: path, time: time, previous: previous, matrix: shifted, on: &source)
            if let maskLayer = layer.mask {
                var cut = Canvas(trustedWidth: source.width, height: source.height, scale: canvas.scale)
                cut.meter = canvas.meter
                cut.state.transform = shifted
                try draw(maskLayer, path: path + "/mask", parentTime: time, previous: previous?.time, on: &cut)
                cut.flush()
                source.mask(by: cut)
            }
            source.flush()
            var alpha = source.makeBitmap()
            if layer.backdrop != nil {
                // A backdrop is what lies below, which only the output holds: where the layer lies
                // on it, its own surface (backdrop and all) casts, as when it lies within.
                alpha = Self.merged(alpha, under: drawn.makeBitmap(), shift: (box.x - Int((shadow.offset.x * k).rounded()),
                                                                               box.y - Int((shadow.offset.y * k).rounded())))
            }
            guard let cast = shadow.image(ofWhole: alpha) else { return }
            image = (cast, Double(box.x) / k, Double(box.y) / k, Double(box.width) / k, Double(box.height) / k)
        }
        let saved = canvas.state
        canvas.state.transform = .identity
        var under = layerCanvas(like: canvas)
        if layer.masksToBounds {
            under.state.transform = matrix
            under.clip(to: layer.boundsPath)
            under.state.transform = .identity
        }
        under.draw(image.bitmap, in: image.x, image.y, image.width, image.height)
        under.flush()
        if let mask { under.mask(by: mask) }
        canvas.composite(under, opacity: Float(opacity)) { BlendMode.normal.blend($0, onto: $1) }
        layerCanvases.put(under)
        canvas.state = saved
    }
}
