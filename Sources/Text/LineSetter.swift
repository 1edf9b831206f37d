/// Breaks a text into paragraphs and lines and shapes each line: the work behind ``TextLayout``.
/// Offsets are UTF-16 units of the text; widths are points.
struct LineSetter {
    /// A set line before alignment: glyph positions from the line's own left edge and baseline.
    struct SetLine {
        var range: Range<Int>
        var width: Double
        var isRightToLeft: Bool
        var glyphs: [(id: UInt32, x: Double, y: Double)]
    }

    let text: String
    let units: [UInt16]
    let style: TextStyle
    let maxWidth: Double?
    /// Characters without a glyph, in order, each once.
    private(set) var missing: [Character] = []
    private var missingSeen: Set<Character> = []
    private let pointsPerUnit: Double
    private let graphemes: [Int]

    init(text: String, units: [UInt16], style: TextStyle, maxWidth: Double?) {
        self.text = text
        self.units = units
        self.style = style
        self.maxWidth = maxWidth
        pointsPerUnit = style.font.pointsPerUnit(size: style.size)
        var boundaries = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        graphemes = boundaries
    }

    /// Every line of the text, top to bottom: one paragraph per mandatory break (a text ending
    /// in a newline ends with an empty line, as Pango sets it; an empty text is one empty line).
    mutating func setLines() throws(TextError) -> [SetLine] {
        let breaks = try ICU.lineBreaks(units)
        var ends = breaks.filter(\.mandatory).map(\.offset)
        if ends.last != units.count || breaks.last?.mandatory == true { ends.append(units.count) }
        var lines: [SetLine] = []
        var start = 0
        for end in ends {
            var contentEnd = end
            while contentEnd > start, Self.isNewline(units[contentEnd - 1]) { contentEnd -= 1 }
            let soft = breaks.lazy.map(\.offset).filter { $0 > start && $0 < contentEnd }
            lines += try setParagraph(start..<contentEnd, breaks: Array(soft) + [contentEnd])
            start = end
        }
        return lines
    }

    // MARK: Paragraphs

    private mutating func setParagraph(_ range: Range<Int>, breaks: [Int]) throws(TextError) -> [SetLine] {
        let bidi = try ICU.bidiLevels(Array(units[range]), base: nil)
        let levels = { (offset: Int) -> UInt8 in bidi.levels[offset - range.lowerBound] }
        let isRightToLeft = bidi.paragraph & 1 == 1
        // Each unit's share of the paragraph's advance (a cluster's advance on its first unit),
        // summed: the width of any range is a difference.
        var advances = [Double](repeating: 0, count: range.count + 1)
        for run in Self.levelRuns(range, levels: levels) {
            for glyph in style.font.shaper.shape(units, range: run.range, rightToLeft: run.level & 1 == 1)
            where range.contains(glyph.cluster) {
                advances[glyph.cluster - range.lowerBound + 1] += Double(glyph.advance) * pointsPerUnit
            }
        }
        for index in advances.indices.dropFirst() { advances[index] += advances[index - 1] }
        let measure = Measure(start: range.lowerBound, prefix: advances, units: units)

        let lineRanges: [Range<Int>]
        if let maxWidth, style.lineBreakMode.wraps {
            let opportunities = style.lineBreakMode == .charWrapping ? graphemes.filter { $0 > range.lowerBound && $0 <= range.upperBound } : breaks
            lineRanges = wrap(range, at: opportunities, width: maxWidth, measure: measure)
        } else {
            lineRanges = [range]
        }
        var lines: [SetLine] = []
        for lineRange in lineRanges {
            let shown = lineRange.lowerBound..<measure.trimmedEnd(lineRange.lowerBound, lineRange.upperBound)
            if let maxWidth, !style.lineBreakMode.wraps, style.lineBreakMode != .clipping,
               measure.width(shown) > maxWidth + Self.tolerance {
                lines.append(try truncate(shown, paragraph: lineRange, width: maxWidth, measure: measure, base: bidi.paragraph))
            } else {
                let set = shape(units, range: shown, levels: levels)
                lines.append(SetLine(range: lineRange, width: set.width, isRightToLeft: isRightToLeft, glyphs: set.glyphs))
            }
        }
        return lines
    }

    /// Greedy line filling: each line takes as many break opportunities as fit; a piece between
    /// two opportunities wider than the line is broken between characters (as UIKit does), with
    /// at least one character per line.
    private func wrap(_ range: Range<Int>, at opportunities: [Int], width: Double, measure: Measure) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = range.lowerBound
        var lastFit: Int?
        var index = 0
        func fits(_ end: Int) -> Bool { measure.width(lineStart..<measure.trimmedEnd(lineStart, end)) <= width + Self.tolerance }
        while index < opportunities.count {
            let opportunity = opportunities[index]
            if fits(opportunity) {
                lastFit = opportunity
                index += 1
            } else if let fit = lastFit, fit > lineStart {
                lines.append(lineStart..<fit)
                lineStart = fit
                lastFit = nil
            } else {
                var cut = lineStart
                for boundary in graphemes[firstGrapheme(after: lineStart)...] where boundary <= opportunity {
                    guard fits(boundary) || cut == lineStart else { break }
                    cut = boundary
                    if !fits(boundary) { break }
                }
                guard cut < opportunity else {
                    lastFit = opportunity
                    index += 1
                    continue
                }
                lines.append(lineStart..<cut)
                lineStart = cut
            }
        }
        if lineStart < range.upperBound || lines.isEmpty { lines.append(lineStart..<range.upperBound) }
        return lines
    }

    // MARK: Truncation

    /// One line standing for `paragraph`, its hidden part replaced by an ellipsis at the head,
    /// middle or tail so that it fits `width`: whole characters are kept, white space included,
    /// as Pango keeps them.
    private mutating func truncate(_ shown: Range<Int>, paragraph: Range<Int>, width: Double, measure: Measure,
                                   base: UInt8) throws(TextError) -> SetLine {
        let ellipsis: [UInt16] = [0x2026]
        let ellipsisWidth = shape(ellipsis, range: 0..<1, levels: { _ in base }).width
        let budget = width - ellipsisWidth
        let cuts = graphemes.filter { shown.contains($0) || $0 == shown.upperBound }
        switch style.lineBreakMode {
        case .truncatingTail:
            let end = cuts.last { measure.width(shown.lowerBound..<$0) <= budget } ?? shown.lowerBound
            let kept = Array(units[shown.lowerBound..<end]) + ellipsis
            return try setConstructed(kept, paragraph: paragraph, base: base)
        case .truncatingHead:
            let start = cuts.first { measure.width($0..<shown.upperBound) <= budget } ?? shown.upperBound
            let kept = ellipsis + Array(units[start..<shown.upperBound])
            return try setConstructed(kept, paragraph: paragraph, base: base)
        default:
            // Middle: grow both ends one character at a time, the narrower side first.
            var left = 0, right = cuts.count - 1
            var leftEnd = shown.lowerBound, rightStart = shown.upperBound
            while left + 1 < right {
                let leftWidth = measure.width(shown.lowerBound..<leftEnd), rightWidth = measure.width(rightStart..<shown.upperBound)
                if leftWidth <= rightWidth {
                    let next = cuts[left + 1]
                    guard measure.width(shown.lowerBound..<next) + rightWidth <= budget else { break }
                    left += 1
                    leftEnd = next
                } else {
                    let next = cuts[right - 1]
                    guard leftWidth + measure.width(next..<shown.upperBound) <= budget else { break }
                    right -= 1
                    rightStart = next
                }
            }
            let kept = Array(units[shown.lowerBound..<leftEnd]) + ellipsis
                + Array(units[rightStart..<shown.upperBound])
            return try setConstructed(kept, paragraph: paragraph, base: base)
        }
    }

    /// A line of constructed text (kept pieces and an ellipsis), in the paragraph's direction.
    private mutating func setConstructed(_ kept: [UInt16], paragraph: Range<Int>, base: UInt8) throws(TextError) -> SetLine {
        let bidi = try ICU.bidiLevels(kept, base: base)
        let set = shape(kept, range: 0..<kept.count, levels: { bidi.levels[$0] })
        return SetLine(range: paragraph, width: set.width, isRightToLeft: base & 1 == 1, glyphs: set.glyphs)
    }

    // MARK: Shaping

    /// The glyphs of `source[range]` in visual order from x = 0 on the baseline, and their width.
    private mutating func shape(_ source: [UInt16], range: Range<Int>, levels: (Int) -> UInt8)
        -> (glyphs: [(id: UInt32, x: Double, y: Double)], width: Double) {
        let runs = Self.levelRuns(range, levels: levels)
        var glyphs: [(id: UInt32, x: Double, y: Double)] = []
        var pen = 0.0
        for index in ICU.visualOrder(runs.map(\.level)) {
            let run = runs[index]
            for glyph in style.font.shaper.shape(source, range: run.range, rightToLeft: run.level & 1 == 1) {
                glyphs.append((glyph.id, pen + Double(glyph.xOffset) * pointsPerUnit, -Double(glyph.yOffset) * pointsPerUnit))
                pen += Double(glyph.advance) * pointsPerUnit
                if glyph.id == 0 { noteMissing(source, at: glyph.cluster) }
            }
        }
        return (glyphs, pen)
    }

    private mutating func noteMissing(_ source: [UInt16], at cluster: Int) {
        guard source.indices.contains(cluster),
              let character = String(decoding: source[cluster..<min(cluster + 2, source.count)], as: UTF16.self).first,
              !character.isWhitespace, !(character.unicodeScalars.first?.properties.generalCategory == .control),
              missingSeen.insert(character).inserted else { return }
        missing.append(character)
    }

    /// Maximal runs of one bidi level, in logical order.
    private static func levelRuns(_ range: Range<Int>, levels: (Int) -> UInt8) -> [(range: Range<Int>, level: UInt8)] {
        var runs: [(range: Range<Int>, level: UInt8)] = []
        var start = range.lowerBound
        for offset in range where offset > start && levels(offset) != levels(start) {
            runs.append((start..<offset, levels(start)))
            start = offset
        }
        if start < range.upperBound { runs.append((start..<range.upperBound, levels(start))) }
        return runs
    }

    private func firstGrapheme(after offset: Int) -> Int {
        var low = 0, high = graphemes.count
        while low < high {
            let middle = (low + high) / 2
            if graphemes[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return min(low, graphemes.count - 1)
    }

    private static func isNewline(_ unit: UInt16) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(unit)
    }

    /// Widths are compared with this much slack, in points, so that sums of advances that equal
    /// the width fit.
    private static let tolerance = 1e-6
}

/// Widths of ranges of one paragraph, from its prefix sums of advances.
private struct Measure {
    let start: Int
    let prefix: [Double]
    let units: [UInt16]

    func width(_ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        return prefix[range.upperBound - start] - prefix[range.lowerBound - start]
    }

    /// `end` moved back over white space (which hangs past a line's end, not counted in its width).
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, let scalar = Unicode.Scalar(units[end - 1]), scalar.properties.isWhitespace { end -= 1 }
        return end
    }
}
