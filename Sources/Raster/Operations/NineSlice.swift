import Basics

/// A resizable image with cap insets, as `UIImage.resizableImage(withCapInsets:resizingMode:)`:
/// the four corners are copied as they are, the edges and the centre are tiled (UIKit's default) or
/// stretched to fill the target size.
public struct NineSlice: Sendable {
    /// Cap insets in points (multiplied by the bitmap's scale for pixels).
    public struct Insets: Sendable, Equatable {
        /// The cap on each side, in points: `top`, `left`, `bottom` and `right` are the widths of the
        /// border strips that are copied as they are (UIKit's `UIEdgeInsets` order: top, left, bottom, right).
        public var top, left, bottom, right: Double
        /// Insets of `top`, `left`, `bottom` and `right` points (each ≥ 0; `flipbook slice --insets T,L,B,R`).
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// How the edges and the centre fill the new size (UIKit's `UIImage.ResizingMode`).
    public enum Mode: String, Sendable, CaseIterable {
        /// `tile` repeats each edge strip and the centre from their top-left corner (UIKit's default);
        /// `stretch` resamples them bilinearly to the new size.
        case tile, stretch
    }

    /// Why an image cannot be sliced to a size.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The insets (`horizontal` = left + right, `vertical` = top + bottom, in pixels) take more than the
        /// `width × height` pixels of the image, the file `file` when the caller named it.
        case insetsExceedImage(file: String?, width: Int, height: Int, horizontal: Int, vertical: Int)
        /// The target of `width × height` pixels is smaller than the caps, which need
        /// `minimumWidth × minimumHeight` pixels.
        case targetSmallerThanCaps(width: Int, height: Int, minimumWidth: Int, minimumHeight: Int)
        /// The insets leave no centre along `axis` ("horizontal" or "vertical") of the image (the
        /// file `file` when the caller named it) while the target is larger along it: the caps
        /// (left + right or top + bottom, `caps` pixels) take the whole `image` pixels of that side,
        /// and there is nothing to tile or stretch to `target` pixels.
        case noCentre(file: String?, axis: String, caps: Int, image: Int, target: Int)
        /// An inset is negative, NaN or infinite (each must be a finite number of points ≥ 0).
        case invalidInsets(Insets)
        /// The target of `width × height` points is NaN, infinite or negative.
        case invalidSize(width: Double, height: Double)
        /// The target is larger than the limits allow (`ResourceLimits.maxPixels`).
        case limit(LimitError)

        /// What is wrong, in pixels, as the CLI prints it.
        public var description: String {
            switch self {
            case .insetsExceedImage(let file, let width, let height, let horizontal, let vertical):
                "\(file.map { "\($0): " } ?? "")cap insets take \(horizontal)×\(vertical) px (left + right × top + bottom) of a "
                    + "\(width)×\(height) px image, more than it has; give insets whose left + right is less than \(width) px and "
                    + "top + bottom less than \(height) px, so a centre is left to grow (in points: divided by the image's scale)"
            case .targetSmallerThanCaps(let width, let height, let minimumWidth, let minimumHeight):
                "target \(width)×\(height) px is "
                    + [width < minimumWidth ? "\(width) px wide, narrower than the left + right caps' \(minimumWidth) px" : nil,
                       height < minimumHeight ? "\(height) px high, lower than the top + bottom caps' \(minimumHeight) px" : nil]
                    .compactMap { $0 }.joined(separator: " and ")
                    + "; the caps need at least \(minimumWidth)×\(minimumHeight) px"
            case .noCentre(let file, let axis, let caps, let image, let target):
                "\(file.map { "\($0): " } ?? "")the insets leave no \(axis) centre to \(axis == "horizontal" ? "widen" : "heighten") the image with: "
                    + "\(axis == "horizontal" ? "left + right" : "top + bottom") take \(caps) px, the image's whole "
                    + "\(axis == "horizontal" ? "width" : "height") (\(image) px), and it is to be \(target) px; give insets whose "
                    + "\(axis == "horizontal" ? "left + right" : "top + bottom") is less than \(image) px (in points: divided by the image's "
                    + "scale, each rounded to whole pixels)"
            case .invalidInsets(let insets):
                "cap insets must be finite and at least 0 points (got top \(insets.top), left \(insets.left), "
                    + "bottom \(insets.bottom), right \(insets.right))"
            case .invalidSize(let width, let height):
                "the target size must be finite and at least 0 points (got \(width)×\(height))"
            case .limit(let error): error.description
            }
        }
    }

    /// The caps, in points.
    public var insets: Insets
    /// Whether edges and centre are tiled (the default) or stretched.
    public var mode: Mode

    /// A nine-slice of `insets` that tiles (or, with `.stretch`, stretches) its edges and centre.
    public init(insets: Insets, mode: Mode = .tile) {
        self.insets = insets
        self.mode = mode
    }

    /// `bitmap` resized to `width × height` points (at the bitmap's scale).
    /// - Parameters:
    ///   - bitmap: The image whose corners are kept and whose edges and centre tile or stretch.
    ///   - width: The target's width in points.
    ///   - height: The target's height in points.
    ///   - limits: The target's pixels must be within `ResourceLimits.maxPixels`.
    ///   - file: The image's file, named in ``Error/insetsExceedImage(file:width:height:horizontal:vertical:)``;
    ///     `nil` for an image made in memory.
    /// - Throws: ``Error``: insets or a size that are not finite and ≥ 0 (``Error/invalidInsets(_:)``,
    ///   ``Error/invalidSize(width:height:)``), a target over `limits` (``Error/limit(_:)``), or
    ///   insets and a target that do not fit the image.
    public func render(_ bitmap: Bitmap, width: Double, height: Double, limits: ResourceLimits = .default,
                       file: String? = nil) throws(Error) -> Bitmap {
        let sides = [insets.top, insets.left, insets.bottom, insets.right]
        guard sides.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw .invalidInsets(insets) }
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
        do { try limits.checkPixels(width: width, height: height, scale: bitmap.scale, of: "the nine-sliced image") } catch { throw .limit(error) }
        let scale = Double(bitmap.scale)
        // Finite and ≥ 0; past 10¹⁵ pixels an inset is "more than the image" all the same.
        func pixels(_ points: Double) -> Int { Int(min(points * scale, 1e15).rounded()) }
        let top = pixels(insets.top), left = pixels(insets.left)
        let bottom = pixels(insets.bottom), right = pixels(insets.right)
        let targetWidth = pixels(width), targetHeight = pixels(height)
        guard left + right <= bitmap.width, top + bottom <= bitmap.height else {
            throw .insetsExceedImage(file: file, width: bitmap.width, height: bitmap.height, horizontal: left + right, vertical: top + bottom)
        }
        guard targetWidth >= left + right, targetHeight >= top + bottom else {
            throw .targetSmallerThanCaps(width: targetWidth, height: targetHeight, minimumWidth: left + right, minimumHeight: top + bottom)
        }
        let centreWidth = bitmap.width - left - right, centreHeight = bitmap.height - top - bottom
        if centreWidth == 0 && targetWidth > left + right {
            throw .noCentre(file: file, axis: "horizontal", caps: left + right, image: bitmap.width, target: targetWidth)
        }
        if centreHeight == 0 && targetHeight > top + bottom {
            throw .noCentre(file: file, axis: "vertical", caps: top + bottom, image: bitmap.height, target: targetHeight)
        }

        // Source and target spans along each axis: cap, centre, cap.
        let columns = [(0, left, 0, left), (left, centreWidth, left, targetWidth - left - right),
                       (bitmap.width - right, right, targetWidth - right, right)]
        let rows = [(0, top, 0, top), (top, centreHeight, top, targetHeight - top - bottom),
                    (bitmap.height - bottom, bottom, targetHeight - bottom, bottom)]
        var out = Bitmap(clearWidth: targetWidth, height: targetHeight, scale: bitmap.scale)
        for row in rows where row.3 > 0 && row.1 > 0 {
            for column in columns where column.3 > 0 && column.1 > 0 {
                let patch = bitmap.cropped(to: PixelRect(x: column.0, y: row.0, width: column.1, height: row.1))
                let filled: Bitmap
                if column.1 == column.3 && row.1 == row.3 {
                    filled = patch
                } else if mode == .stretch {
                    do { filled = try Resampler(filter: .bilinear).resize(patch, width: column.3, height: row.3, limits: limits) }
                    catch { throw .limit(error) }
                } else {
                    filled = Self.tile(patch, width: column.3, height: row.3)
                }
                out.copy(filled, toX: column.2, y: row.2)
            }
        }
        return out
    }

    /// `patch` repeated from its top-left corner to fill `width × height`.
    static func tile(_ patch: Bitmap, width: Int, height: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let source = ((y % patch.height) * patch.width + x % patch.width) * 4
                let target = (y * width + x) * 4
                for channel in 0..<4 { pixels[target + channel] = patch.pixels[source + channel] }
            }
        }
        return Bitmap(width: width, height: height, scale: patch.scale, straight: pixels)!
    }
}
