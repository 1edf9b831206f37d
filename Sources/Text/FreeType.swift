import CFreeType
import Synchronization

/// FreeType, reached only here: one face over a font's bytes, rendering a glyph's outline to 8-bit
/// coverage without hinting (the outline as designed), as Cairo does with hinting off.
final class FreeTypeFace: Sendable {
    /// A glyph's coverage: `width × height` bytes, row-major, 255 = fully inside; its top-left
    /// pixel sits `left` pixels right of the pen and `top` pixels above the baseline.
    struct Image: Sendable {
        var width: Int
        var height: Int
        var left: Int
        var top: Int
        var coverage: [UInt8]
    }

    private struct Handles: @unchecked Sendable {
        var library: FT_Library
        var face: FT_Face
    }

    /// FreeType's objects are not thread-safe: every use goes through this lock.
    private let handles: Mutex<Handles>
    /// Glyphs already rendered, by id and size: a text drawn again (every frame of a scene, every
    /// note of a batch) reuses them, as Cairo keeps a scaled font's glyphs. Emptied when its
    /// coverage passes ``cacheBytes``.
    private let rendered = Mutex(RenderedGlyphs())

    private struct RenderedGlyphs {
        struct Key: Hashable {
            var glyph: UInt32
            /// The size as FreeType is given it: 26.6 fixed point.
            var size: Int
        }
        var images: [Key: Image?] = [:]
        var bytes = 0
    }

    /// The most coverage the glyph cache keeps, in bytes (a few thousand glyphs at text sizes).
    static let cacheBytes = 8 << 20

    /// The coverage the glyph cache holds now, in bytes.
    var cachedBytes: Int { rendered.withLock { $0.bytes } }
    /// The family name the font gives itself.
    let familyName: String
    /// The style the font gives itself ("Regular", "Book", "Bold Italic").
    let styleName: String
    /// Glyphs in the font.
    let glyphCount: Int
    /// Whether glyph 0, drawn for characters the font has no glyph for (`.notdef`), has an outline:
    /// most fonts draw it as a box, some (URW's Nimbus) leave it blank, so those characters show as nothing.
    let drawsMissingGlyph: Bool

    /// A face over `bytes`, which must outlive it (``Font`` owns both).
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(TextError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .fontUnreadable(file: file, reason: "FreeType could not start") }
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), 0, &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)
            throw .fontUnreadable(file: file, reason: "not a TrueType or OpenType font (FreeType error \(status))")
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .fontUnreadable(file: file, reason: "a bitmap font: only scalable (outline) fonts can be drawn at any size")
        }
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? file
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        glyphCount = Int(face.pointee.num_glyphs)
        if FT_Load_Glyph(face, 0, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            drawsMissingGlyph = slot.pointee.outline.n_points > 0
        } else {
            drawsMissingGlyph = true   // not an outline to look at (FreeType could not load it): said as a box, as before
        }
        handles = Mutex(Handles(library: library, face: face))
    }

    deinit {
        handles.withLock { handles in
            FT_Done_Face(handles.face)
            FT_Done_FreeType(handles.library)
        }
    }

    /// Glyph `id` at `pixelSize` pixels per em, its origin on a pixel corner; nil when FreeType
    /// cannot load it (drawn as nothing). Rendered once and kept (``cacheBytes``).
    func image(glyph id: UInt32, pixelSize: Double) -> Image? {
        let key = RenderedGlyphs.Key(glyph: id, size: Int((pixelSize * 64).rounded()))
        if let kept = rendered.withLock({ $0.images[key] }) { return kept }
        let image = render(glyph: id, size: key.size)
        rendered.withLock { cache in
            let bytes = image?.coverage.count ?? 0
            if cache.bytes + bytes > Self.cacheBytes { cache = RenderedGlyphs() }
            cache.images[key] = image
            cache.bytes += bytes
        }
        return image
    }

    /// Glyph `id` rendered by FreeType at `size` (26.6 fixed-point pixels per em).
    private func render(glyph id: UInt32, size: Int) -> Image? {
        handles.withLock { handles -> Image? in
            let face = handles.face
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72) == 0 else { return nil }
            let flags = FT_Int32(FT_LOAD_NO_HINTING) | FT_Int32(FT_LOAD_NO_BITMAP)
            guard FT_Load_Glyph(face, FT_UInt(id), flags) == 0, let slot = face.pointee.glyph,
                  FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            var coverage = [UInt8](repeating: 0, count: width * height)
            if width > 0, height > 0, let buffer = bitmap.buffer {
                let pitch = Int(bitmap.pitch)
                for row in 0..<height {
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                    for column in 0..<width { coverage[row * width + column] = source[column] }
                }
            }
            return Image(width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                         coverage: coverage)
        }
    }
}
