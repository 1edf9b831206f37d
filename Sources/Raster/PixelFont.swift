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
    /// `width − 1`. Traps unless `width ≤ 8` and `rows.count == 95 × height`.
    public init(width: Int, height: Int, rows: [UInt8]) {
        precondition(width <= 8 && rows.count == 95 * height, "95 glyphs of up to 8 columns")
        self.width = width
        self.height = height
        self.rows = rows
    }

    /// The size of `text` drawn at `scale` (each font pixel a `scale × scale` block).
    public func size(of text: String, scale: Int = 1) -> (width: Int, height: Int) {
        (text.unicodeScalars.count * width * scale, height * scale)
    }

    /// `text` cut to at most `width` pixels at `scale`, ending in `…`-like `~` when cut.
    public func fitting(_ text: String, width maxWidth: Int, scale: Int = 1) -> String {
        let columns = maxWidth / (width * scale)
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "~" : "" }
        return String(String.UnicodeScalarView(scalars.prefix(columns - 1))) + "~"
    }

    /// Draws `text` with its top left at `(x, y)` in `color` (source-over), clipped to the bitmap.
    public func draw(_ text: String, in bitmap: inout Bitmap, x: Int, y: Int, color: Color, scale: Int = 1) {
        var left = x
        for scalar in text.unicodeScalars {
            let code = scalar.value >= 32 && scalar.value < 127 ? Int(scalar.value) : 63
            for row in 0..<height {
                let bits = rows[(code - 32) * height + row]
                guard bits != 0 else { continue }
                for column in 0..<width where bits & (1 << (width - 1 - column)) != 0 {
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            let px = left + column * scale + dx, py = y + row * scale + dy
                            guard px >= 0, py >= 0, px < bitmap.width, py < bitmap.height else { continue }
                            bitmap[px, py] = color.over(bitmap[px, py])
                        }
                    }
                }
            }
            left += width * scale
        }
    }
}
