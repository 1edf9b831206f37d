/// A monospaced one-bit bitmap font for labels (contact sheets, previews): printable ASCII, each
/// glyph `width × height` pixels stored as one byte per row, most significant used bit on the left.
/// Characters outside printable ASCII draw as `?`.
public struct PixelFont: Sendable {
    /// Width of every glyph in pixels (at most 8); also the advance from one character to the next.
    public let width: Int
    /// Height of every glyph in pixels; also the line height.
    public let height: Int
    private let rows: [UInt8]

    /// A font of `width × height` glyphs for the 95 printable ASCII characters (space to `~`), in order:
    /// `rows` holds `height` bytes per glyph, one per row, top first, the leftmost pixel in bit
    /// `width − 1`. `nil` unless `1 ≤ width ≤ 8`, `1 ≤ height ≤ 256` and `rows.count == 95 × height`.
    public init?(width: Int, height: Int, rows: [UInt8]) {
        guard (1...8).contains(width), (1...256).contains(height), rows.count == 95 * height else { return nil }
        self.init(checkedWidth: width, height: height, rows: rows)
    }

    /// A font whose sizes are known to be right (the built-in ones).
    init(checkedWidth width: Int, height: Int, rows: [UInt8]) {
        self.width = width
        self.height = height
        self.rows = rows
    }

    /// Whether every character of `text` has a glyph: printable ASCII. Any other (`é`, `爆`, a
    /// combining accent) draws as `?`.
    public func hasGlyphs(for text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 32 && $0.value < 127 }
    }

    /// The largest `scale` drawn: each font pixel a block of at most 4096 × 4096 pixels.
    static let largestScale = 4096

    /// The size of `text` drawn at `scale` (each font pixel a `scale × scale` block; a `scale`
    /// below 1 draws nothing, and one above 4096 is taken as 4096). A size past `Int.max` is `Int.max`.
    public func size(of text: String, scale: Int = 1) -> (width: Int, height: Int) {
        let scale = min(max(scale, 0), Self.largestScale)
        let (wide, overflow) = text.unicodeScalars.count.multipliedReportingOverflow(by: width * scale)
        return (overflow ? Int.max : wide, height * scale)
    }

    /// `text` cut to at most `width` pixels at `scale`, ending in `…`-like `~` when cut (`scale`
    /// as ``size(of:scale:)`` takes it).
    public func fitting(_ text: String, width maxWidth: Int, scale: Int = 1) -> String {
        let scale = min(max(scale, 0), Self.largestScale)
        guard scale > 0 else { return text }
        let columns = max(0, maxWidth) / (width * scale)
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "~" : "" }
        return String(String.UnicodeScalarView(scalars.prefix(columns - 1))) + "~"
    }

    /// Draws `text` with its top left at `(x, y)` in `color` (source-over), clipped to the bitmap
    /// (`scale` as ``size(of:scale:)`` takes it).
    public func draw(_ text: String, in bitmap: inout Bitmap, x: Int, y: Int, color: Color, scale: Int = 1) {
        let scale = min(max(scale, 0), Self.largestScale)
        // Text that starts past the bitmap, or below or right of it, draws nothing.
        guard scale > 0, x < bitmap.width, y < bitmap.height, x > Int.min / 2, y > Int.min / 2 else { return }
        var left = x
        for scalar in text.unicodeScalars {
            if left >= bitmap.width { break }
            let code = scalar.value >= 32 && scalar.value < 127 ? Int(scalar.value) : 63
            for row in 0..<height {
                let bits = rows[(code - 32) * height + row]
                guard bits != 0 else { continue }
                // Each font pixel is a scale × scale block, clipped to the bitmap before the loop.
                let top = y + row * scale
                let (y0, y1) = (max(0, top), min(bitmap.height, top + scale))
                guard y0 < y1 else { continue }
                for column in 0..<width where bits & (1 << (width - 1 - column)) != 0 {
                    let start = left + column * scale
                    let (x0, x1) = (max(0, start), min(bitmap.width, start + scale))
                    guard x0 < x1 else { continue }
                    for py in y0..<y1 {
                        for px in x0..<x1 { bitmap[px, py] = color.over(bitmap[px, py]) }
                    }
                }
            }
            left += width * scale
        }
    }
}
