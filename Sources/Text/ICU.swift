import CICUShim

/// ICU, reached only here (through the `CICUShim` C target, which gives ICU's version-renamed
/// functions stable names): Unicode line breaking (UAX #14) and bidi levels (UAX #9) on UTF-16.
enum ICU {
    /// A place where a line may end: after `offset` UTF-16 units; `mandatory` after a newline.
    struct LineBreak: Equatable {
        var offset: Int
        var mandatory: Bool
    }

    /// Every line break opportunity of `text`, in order, the end of the text included.
    static func lineBreaks(_ text: [UInt16]) throws(TextError) -> [LineBreak] {
        guard !text.isEmpty else { return [] }
        var offsets = [Int32](repeating: 0, count: text.count + 1)
        var mandatory = [UInt8](repeating: 0, count: text.count + 1)
        var error: Int32 = 0
        let count = text.withUnsafeBufferPointer { units in
            fb_icu_line_breaks(units.baseAddress, Int32(units.count), &offsets, &mandatory, Int32(offsets.count), &error)
        }
        guard error <= 0, count <= offsets.count else { throw .unicode(operation: "line breaking", code: Int(error)) }
        return (0..<Int(count)).map { LineBreak(offset: Int(offsets[$0]), mandatory: mandatory[$0] != 0) }
    }

    /// The embedding level of each UTF-16 unit of one paragraph and the paragraph's own level;
    /// `base` nil takes the direction of the first strong character (left to right without one).
    static func bidiLevels(_ text: [UInt16], base: UInt8?) throws(TextError) -> (levels: [UInt8], paragraph: UInt8) {
        guard !text.isEmpty else { return ([], base ?? 0) }
        var levels = [UInt8](repeating: 0, count: text.count)
        var error: Int32 = 0
        let paragraph = text.withUnsafeBufferPointer { units in
            fb_icu_bidi_levels(units.baseAddress, Int32(units.count), base.map { Int32($0) } ?? -1, &levels, &error)
        }
        guard error <= 0 else { throw .unicode(operation: "bidi", code: Int(error)) }
        return (levels, UInt8(clamping: paragraph))
    }

    /// The visual order (left to right) of runs with these levels: indices into `levels`.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        guard !levels.isEmpty else { return [] }
        var order = [Int32](repeating: 0, count: levels.count)
        fb_icu_reorder_visual(levels, Int32(levels.count), &order)
        return order.map(Int.init)
    }
}
