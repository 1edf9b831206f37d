import CHarfBuzz

/// HarfBuzz, reached only here: shapes runs of UTF-16 text with a font's own rules (kerning,
/// ligatures, Arabic joining, mark positioning) into glyphs and positions in font units.
final class HarfBuzzFont: @unchecked Sendable {
    /// One shaped glyph: its id in the font, the UTF-16 offset of the cluster it belongs to, and
    /// its advance and offset in font units (y up).
    struct Glyph: Equatable {
        var id: UInt32
        var cluster: Int
        var advance: Int
        var xOffset: Int
        var yOffset: Int
    }

    // Made immutable once built (`hb_font_make_immutable`): HarfBuzz documents immutable fonts
    // as safe to shape with from several threads at once; buffers are per call.
    private let face: OpaquePointer
    private let font: OpaquePointer
    /// Font units per em.
    let unitsPerEm: Int
    /// Ascender (up, positive), descender (down, positive) and line gap, in font units.
    let ascender: Int, descender: Int, lineGap: Int

    /// A font over `bytes`, which must outlive it (``Font`` owns both).
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(TextError) {
        guard bytes.count <= Int(UInt32.max), let base = bytes.baseAddress else { throw .fontUnreadable(file: file, reason: "empty or too large") }
        let blob = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
            hb_blob_create($0, UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
        }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, 0), hb_face_get_glyph_count(face) > 0 else {
            throw .fontUnreadable(file: file, reason: "not a TrueType or OpenType font (no glyphs in it)")
        }
        self.face = face
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.font = font
        unitsPerEm = Int(hb_face_get_upem(face))
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = Int(-extents.descender)
        lineGap = Int(extents.line_gap)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Whether the font maps `scalar` to a glyph of its own (its `cmap` has it).
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// The glyphs of `text[range]` (the rest of `text` is context, for joining across the range's
    /// ends) shaped in one direction, in visual order. The range is shaped one script at a time:
    /// a run of one direction may hold two scripts (Hebrew then Arabic, both right to left), and
    /// HarfBuzz shapes a buffer by one script's rules — the first it meets — so Arabic after Hebrew
    /// came out in unjoined letters.
    func shape(_ text: [UInt16], range: Range<Int>, rightToLeft: Bool) -> [Glyph] {
        let runs = Self.scriptRuns(text, range: range)
        // Visual order: right to left, the later script run comes first.
        return (rightToLeft ? runs.reversed() : runs).flatMap { shape(text, range: $0.range, script: $0.script, rightToLeft: rightToLeft) }
    }

    /// `text[range]` cut where its script changes. Characters of no script of their own (spaces,
    /// digits, punctuation: Common; combining marks: Inherited) belong to the run before them, or
    /// to the first run when they lead; a range of no script at all is one run HarfBuzz guesses.
    static func scriptRuns(_ text: [UInt16], range: Range<Int>) -> [(range: Range<Int>, script: hb_script_t?)] {
        let unicode = hb_unicode_funcs_get_default()
        var runs: [(range: Range<Int>, script: hb_script_t?)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            var scalar = UInt32(text[index]), width = 1
            if UTF16.isLeadSurrogate(text[index]), index + 1 < range.upperBound, UTF16.isTrailSurrogate(text[index + 1]) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
                width = 2
            }
            let script = hb_unicode_script(unicode, scalar)
            let own = script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
            if let last = runs.last, !own || last.script == nil || last.script == script {
                // A run of no script yet takes the first script that comes.
                runs[runs.count - 1] = (last.range.lowerBound..<index + width, own && last.script == nil ? script : last.script)
            } else {
                runs.append((index..<index + width, own ? script : nil))
            }
            index += width
        }
        return runs
    }

    /// The glyphs of `text[range]`, all of `script` (`nil`: HarfBuzz guesses), in visual order.
    private func shape(_ text: [UInt16], range: Range<Int>, script: hb_script_t?, rightToLeft: Bool) -> [Glyph] {
        guard !range.isEmpty else { return [] }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return []
        }
        return (0..<Int(count)).map { index in
            Glyph(id: infos[index].codepoint, cluster: Int(infos[index].cluster), advance: Int(positions[index].x_advance),
                  xOffset: Int(positions[index].x_offset), yOffset: Int(positions[index].y_offset))
        }
    }
}
