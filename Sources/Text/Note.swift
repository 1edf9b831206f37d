import Basics
import Raster

/// A string in resizable chrome, as UIKit's `Note` example draws it: the text set at its style,
/// wrapped to at most ``maxWidth`` points, and the chrome image nine-sliced by its cap
/// ``insets`` to the text's size plus the insets — so the chrome hugs any amount of text. The
/// chrome is usually squeezed to a 1 × 1 interior (Apple's advice for resizable images): with
/// insets (37, 12, 12, 12), a 25 × 50 point image.
///
/// ```swift
/// let chrome = try PNG.Decoder().decodeBitmap(file: "note-chrome@2x.png")
/// let note = Note(text: "Tap to explode.", style: TextStyle(font: try Font.standard(), size: 25),
///                 chrome: chrome, insets: NineSlice.Insets(top: 37, left: 12, bottom: 12, right: 12))
/// let bitmap = try note.render(scale: 2)
/// ```
public struct Note: Sendable {
    /// The text.
    public var text: String
    /// How it is set.
    public var style: TextStyle
    /// The chrome image, at its own scale (a `@2x` file is 2).
    public var chrome: Bitmap
    /// What errors call the chrome: its file name, when it has one.
    public var chromeName: String
    /// The chrome's cap insets in points: the text sits inside them.
    public var insets: NineSlice.Insets
    /// The widest the text may be, in points (the example's 300).
    public var maxWidth: Double
    /// Whether the chrome's edges and centre tile (UIKit's default) or stretch.
    public var mode: NineSlice.Mode

    /// A note; see the properties.
    public init(text: String, style: TextStyle, chrome: Bitmap, chromeName: String = "the chrome", insets: NineSlice.Insets,
                maxWidth: Double = 300, mode: NineSlice.Mode = .tile) {
        self.text = text
        self.style = style
        self.chrome = chrome
        self.chromeName = chromeName
        self.insets = insets
        self.maxWidth = maxWidth
        self.mode = mode
    }

    /// The text as set inside the note: wrapped to ``maxWidth``, then aligned within its own width.
    /// - Throws: ``TextError/emptyNote`` for a ``text`` that sets no width (empty, or only spaces
    ///   and line breaks: a note grows its chrome around its text), and the errors of
    ///   ``TextLayout/init(_:style:maxWidth:)``.
    public func layout() throws(TextError) -> TextLayout {
        guard !text.isEmpty else { throw .emptyNote }
        let measured = try TextLayout(text, style: style, maxWidth: maxWidth)
        // Only spaces and line breaks set no width either (`note " "` was 24 px from a 25 px chrome).
        guard measured.width > 0 else { throw .emptyNote }
        // Aligned again in the width the lines really take, so that centred and right-aligned lines
        // sit in the chrome's interior, not in the wider maxWidth; broken where they were (round 61:
        // set again in that width, "aaaa co-op" broke before "co-op", where draw and Pango break after "co-").
        return measured.aligned(within: max(measured.width, 1e-6).nextUp)
    }

    /// The note at `scale` pixels per point: the chrome resized to the text plus the insets (the
    /// text's size rounded up to whole points, so every scale's note is one size in points), the
    /// text drawn inside the insets. A chrome of another
    /// scale is resampled to this one first.
    /// - Throws: ``TextError/emptyNote`` for a ``text`` that sets no width, ``TextError/chrome(file:_:)`` when the chrome cannot be nine-sliced (insets larger than
    ///   the image, no centre to grow), ``TextError/limit(_:)`` over `limits`, and the errors of
    ///   ``TextLayout/init(_:style:maxWidth:)``.
    public func render(scale: Int, limits: ResourceLimits = .default) throws(TextError) -> Bitmap {
        if let error = ImageFileName.drawingScaleError(scale, of: nil) { throw .setting(error) }
        let layout = try layout()
        var source = chrome
        if chrome.scale != scale {
            let width = Int((Double(chrome.width) * Double(scale) / Double(chrome.scale)).rounded())
            let height = Int((Double(chrome.height) * Double(scale) / Double(chrome.scale)).rounded())
            do { source = try Resampler(filter: .lanczos3).resize(chrome, width: width, height: height, limits: limits) }
            catch { throw .limit(error) }
            source.scale = scale
        }
        // A note always grows its chrome, so the insets must leave a centre of at least one pixel
        // each way: left + right < the width (not ≤, as for a slice to the image's own size).
        func pixels(_ points: Double) -> Int { points.isFinite && points > 0 ? Int(min(points * Double(scale), 1e15).rounded()) : 0 }
        let horizontal = pixels(insets.left) + pixels(insets.right), vertical = pixels(insets.top) + pixels(insets.bottom)
        if horizontal >= source.width || vertical >= source.height {
            throw .chrome(file: chromeName, .insetsExceedImage(file: nil, width: source.width, height: source.height,
                                                                horizontal: horizontal, vertical: vertical))
        }
        // Whole points, as UIKit's `boundingRect` is used (its size rounded up with `ceil`): the note's
        // @1x, @2x and @3x images are then one size in points (77.5 pt at @2x beside 78 pt at @1x made a
        // view holding them change size from one screen to another).
        let textWidth = layout.width.rounded(.up), textHeight = layout.height.rounded(.up)
        // Aligned in that width, as a label of the ceiled size aligns them: right, centred and
        // right-to-left lines ended up to a point short of the right inset.
        let placed = textWidth > layout.width ? layout.aligned(within: textWidth) : layout
        // Its bytes against the limit before the chrome is sliced to it: with `maxPixels` raised, a long text at
        // 1000 pt asked for 465 GB and the process aborted in the allocator (round 64t2 #4).
        // The note in whole points too: fractional insets (12.25 pt) made notes of 42, 42.5 and 42.33 pt
        // at @1x, @2x and @3x; the fraction is the centre's, the text keeps its insets.
        let noteWidth = (textWidth + insets.left + insets.right - 1e-9).rounded(.up)
        let noteHeight = (textHeight + insets.top + insets.bottom - 1e-9).rounded(.up)
        let side = (width: (noteWidth * Double(scale)).rounded(), height: (noteHeight * Double(scale)).rounded())
        // Held twice on the way to a file: the note, and the straight pixels its PNG is encoded from (a note
        // counted once peaked at 3.1 GB under a 2 GiB limit: round 68t).
        let bytes = side.width * side.height * 4 * 2
        guard bytes <= Double(limits.maxDecodedBytes) else {
            throw .limit(LimitError(limit: .decodedBytes, subject: "the note", amount: bytes < 9e18 ? Int(bytes) : nil, maximum: limits.maxDecodedBytes,
                                    detail: "\(LimitError.format(side.width))×\(LimitError.format(side.height)) pixels at @\(scale)x, 4 bytes a pixel, "
                                        + "held twice (the note and the pixels its PNG is made from): less or smaller text, a smaller max width, or a lower scale needs less"))
        }
        var bitmap: Bitmap
        do {
            bitmap = try NineSlice(insets: insets, mode: mode).render(source, width: noteWidth, height: noteHeight, limits: limits)
        } catch .limit(var error) {
            // The note is what is too large, not the chrome file (round 65t F5: the error named
            // `note-chrome@2x.png`, as if the chrome were too big).
            error.subject = "the note"
            error.detail = (error.detail.map { $0 + "; " } ?? "") + "less or smaller text, a smaller max width, or a lower scale needs fewer"
            throw .limit(error)
        } catch {
            throw .chrome(file: chromeName, error)
        }
        try placed.draw(into: &bitmap, x: insets.left, y: insets.top)
        return bitmap
    }
}
