import Basics
import Foundation
import Raster
import Text

/// What a text layer draws, as `CATextLayer` draws its `string`: a `TextLayout` (Text's shaped,
/// wrapped and aligned lines) drawn at its own size from the top-left corner of the layer's
/// bounds, not stretched to them. It is rasterized once per scale, at the renderer's scale —
/// as Core Animation rasterizes a text layer at its `contentsScale` — so a `@2x` render draws the
/// glyphs at twice the pixels, and a layer scaled up by its transform shows that raster
/// resampled, as it does on a device. Placed on whole pixels, the pixels are exactly those of
/// `TextLayout.render(scale:limits:)`.
///
/// ```swift
/// let style = TextStyle(font: try Font.standard(), size: 25, color: .white)
/// let caption = TextContent(layout: try TextLayout("Tap anywhere", style: style, maxWidth: 300))
/// let layer = Layer(content: .text(caption), bounds: Rect(width: caption.width, height: caption.height),
///                   position: Point(160, 30))
/// ```
public struct TextContent: Sendable {
    /// The text as set: its lines, glyphs and style.
    public let layout: TextLayout
    private let rasters: RasterCache

    /// Content drawing `layout`.
    public init(layout: TextLayout) {
        self.layout = layout
        rasters = RasterCache()
    }

    /// The width it takes, in points: its max width when it was set to one (the box its lines are
    /// aligned in), else its widest line.
    public var width: Double { max(layout.maxWidth ?? layout.width, layout.width) }
    /// The height it takes, in points: its lines and the spacing between them.
    public var height: Double { layout.height }

    /// The raster's size in pixels at `scale`, as `TextLayout.render(scale:limits:)` makes it.
    func pixelSize(scale: Int) -> (width: Double, height: Double) {
        ((width * Double(scale)).rounded(.up), (height * Double(scale)).rounded(.up))
    }

    /// The layout drawn alone on a clear bitmap at `scale`, made once per scale and kept (spawned
    /// copies of a layer share it).
    func bitmap(scale: Int, limits: ResourceLimits) throws(TextError) -> Bitmap {
        if let kept = rasters.bitmap(scale: scale) { return kept }
        let made = try layout.render(scale: scale, limits: limits)
        rasters.keep(made, scale: scale)
        return made
    }

    /// An identity for the raster cache, to count each raster once.
    var rasterIdentity: ObjectIdentifier { ObjectIdentifier(rasters) }
}

/// The rasters of one text content, by scale; frames drawn on several threads share it.
private final class RasterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var byScale: [Int: Bitmap] = [:]

    func bitmap(scale: Int) -> Bitmap? { lock.withLock { byScale[scale] } }
    func keep(_ bitmap: Bitmap, scale: Int) { lock.withLock { byScale[scale] = bitmap } }
}
