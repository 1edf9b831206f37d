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
/// `TextLayout.renderInk(scale:limits:)` (the ink past the layout's box included, as Pango draws it).
///
/// With a ``note``, the text sits in resizable chrome as `flipbook note` draws it (Text's `Note`:
/// the chrome image nine-sliced to the text's size plus its cap insets), and the layer draws the
/// whole note — a speech bubble, a button, a badge that grows around its text.
///
/// ```swift
/// let style = TextStyle(font: try Font.standard(), size: 25, color: .white)
/// let caption = TextContent(layout: try TextLayout("Tap anywhere", style: style, maxWidth: 300))
/// let layer = Layer(content: .text(caption), bounds: Rect(width: caption.width, height: caption.height),
///                   position: Point(160, 30))
/// ```
public struct TextContent: Sendable {
    /// The text as set: its lines, glyphs and style (inside the note's insets, for a note).
    public var layout: TextLayout { rasters.layout }
    /// The note whose chrome the text sits in, or nil for text alone.
    public var note: Note? { rasters.note }
    /// The layout, note and rasters, held by reference: a layer's content stays one word wide,
    /// so the renderer's recursion through deep trees keeps small stack frames.
    private let rasters: RasterCache

    /// Content drawing `layout`.
    public init(layout: TextLayout) {
        rasters = RasterCache(layout: layout, note: nil)
    }

    /// Content drawing `note`: its text in its chrome, grown to the text.
    /// - Throws: Text's `TextError` when the note's text cannot be set (its style, width or length).
    public init(note: Note) throws(TextError) {
        rasters = RasterCache(layout: try note.layout(), note: note)
    }

    /// The width it takes, in points: its max width when it was set to one (the box its lines are
    /// aligned in), else its widest line; for a note, the text's width rounded up to whole points
    /// and the chrome's insets — the size `Note.render(scale:limits:)` draws, so a layer of the
    /// note's own size shows its pixels unresampled (51.1 pt bounds drew a 52 px note resampled).
    public var width: Double {
        guard let note else {
            // A clipped line is drawn no wider than the max width: the layer is that wide (as wide as
            // the unclipped line, it was placed as if the text were, 70 pt off at its centre).
            if layout.style.lineBreakMode == .clipping, let maxWidth = layout.maxWidth { return maxWidth }
            return max(layout.maxWidth ?? layout.width, layout.width)
        }
        return layout.width.rounded(.up) + Self.finite(note.insets.left) + Self.finite(note.insets.right)
    }
    /// The height it takes, in points: its lines and the spacing between them (and, for a note,
    /// rounded up to whole points, with the chrome's insets).
    public var height: Double {
        guard let note else { return layout.height }
        return layout.height.rounded(.up) + Self.finite(note.insets.top) + Self.finite(note.insets.bottom)
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// The raster's size in pixels at `scale` (a note's text rounded up to whole points first, as
    /// `Note.render(scale:limits:)` sizes it: ``width`` and ``height``).
    func pixelSize(scale: Int) -> (width: Double, height: Double) {
        let points = Double(scale)
        return ((width * points).rounded(.up), (height * points).rounded(.up))
    }

    /// The layout drawn alone on a clear bitmap at `scale`, with its glyphs' ink past the layout's
    /// box (`TextLayout.renderInk(scale:limits:)`; a note's is inside its chrome), and where the
    /// box's corner lies on it in points; made once per scale and kept (spawned copies of a layer share it).
    func bitmap(scale: Int, limits: ResourceLimits) throws(TextError) -> Raster {
        if let kept = rasters.bitmap(scale: scale) { return kept }
        let made: Raster
        if let note { made = (try note.render(scale: scale, limits: limits), (0, 0)) } else { made = try layout.renderInk(scale: scale, limits: limits) }
        rasters.keep(made, scale: scale)
        return made
    }

    /// Where the raster made at `scale` lies when the layout's box is `bounds`, in points: the box
    /// and the ink past it (the hook of a J left of it). `nil` until ``bitmap(scale:limits:)`` has
    /// made it (a renderer makes every text's raster when it is made).
    func drawnRect(in bounds: Rect, scale: Int) -> Rect? {
        guard let (bitmap, origin) = rasters.bitmap(scale: scale) else { return nil }
        let points = Double(max(1, scale))
        return Rect(x: bounds.x - origin.x, y: bounds.y - origin.y, width: Double(bitmap.width) / points, height: Double(bitmap.height) / points)
    }

    /// A raster and where the layout's top-left corner lies on it, in points.
    typealias Raster = (bitmap: Bitmap, origin: (x: Double, y: Double))

    /// An identity for the raster cache, to count each raster once.
    var rasterIdentity: ObjectIdentifier { ObjectIdentifier(rasters) }
}

/// The layout and note of one text content and its rasters, by scale; frames drawn on several
/// threads share it.
private final class RasterCache: @unchecked Sendable {
    let layout: TextLayout
    let note: Note?
    private let lock = NSLock()
    private var byScale: [Int: TextContent.Raster] = [:]

    init(layout: TextLayout, note: Note?) {
        self.layout = layout
        self.note = note
    }

    func bitmap(scale: Int) -> TextContent.Raster? { lock.withLock { byScale[scale] } }
    func keep(_ raster: TextContent.Raster, scale: Int) { lock.withLock { byScale[scale] = raster } }
}
