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
    /// Control characters (not tabs, not line breaks) in the text, in order, each once: not drawn.
    private(set) var controls: [Character] = []
    private var controlsSeen: Set<Character> = []
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
        var start = 0, next = 0
        // A line separator (U+2028) ends a line, not its bidi paragraph (UAX #9: it is no paragraph
        // separator): the lines it joins take the direction of all of them together.
        var base: UInt8?
        // The breaks are in order: each paragraph takes its own from where the last one stopped
        // (filtering all of them for each paragraph took time growing with the square of the text).
        for (index, end) in ends.enumerated() {
            if start == 0 || units[start - 1] != Self.lineSeparator { base = nil }
            if base == nil, units[start..<end].last == Self.lineSeparator {
                let whole = ends[index...].first { $0 == units.count || units[$0 - 1] != Self.lineSeparator } ?? units.count
                base = try ICU.bidiLevels(Array(units[start..<whole]), base: nil).paragraph & 1
            }
            var contentEnd = end
            while contentEnd > start, Self.isNewline(units[contentEnd - 1]) { contentEnd -= 1 }
            var soft: [Int] = []
            while next < breaks.count, breaks[next].offset <= end {
                if breaks[next].offset > start && breaks[next].offset < contentEnd { soft.append(breaks[next].offset) }
                next += 1
            }
            lines += try setParagraph(start..<contentEnd, breaks: soft + [contentEnd], base: base)
            start = end
        }
        return lines
    }

    // MARK: Paragraphs

    private mutating func setParagraph(_ range: Range<Int>, breaks: [Int], base: UInt8?) throws(TextError) -> [SetLine] {
        let bidi = try ICU.bidiLevels(Array(units[range]), base: base)
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
        // A control character takes no width (see shape()), nor a tab here: where its stop lies
        // depends on where its line starts (``Measure``).
        var tabs: [Int] = []
        for index in advances.indices.dropFirst() {
            let unit = units[range.lowerBound + index - 1]
            if unit == Self.tab { tabs.append(range.lowerBound + index - 1) }
            advances[index] = unit == Self.tab || Self.isControl(unit) ? advances[index - 1] : advances[index] + advances[index - 1]
        }
        let measure = Measure(start: range.lowerBound, prefix: advances, tabs: tabs, units: units)

        let lineRanges: [Range<Int>]
        if let maxWidth, style.lineBreakMode.wraps {
            let opportunities = style.lineBreakMode == .charWrapping ? Array(graphemes(from: range.lowerBound + 1, through: range.upperBound)) : breaks
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
        // Not even the ellipsis fits: nothing is drawn, as Core Text makes no truncated line then (it
        // was drawn whole, past the box: round 71t).
        guard ellipsisWidth <= width else { return SetLine(range: paragraph, width: 0, isRightToLeft: base & 1 == 1, glyphs: []) }
        // The pieces kept are measured as they were in the paragraph; set again beside the ellipsis
        // they may take another shape (an Arabic letter cut from its neighbour is wider alone): the
        // line is cut further until it fits (round 71t: "مرحبا ب…" 7 pt past a 56 pt box).
        var budget = width - ellipsisWidth
        while true {
            let line = try truncate(shown, paragraph: paragraph, budget: budget, ellipsis: ellipsis, measure: measure, base: base)
            if line.width <= width + 1e-9 || budget < 0 { return line }
            budget -= max(line.width - width, 0.01)
        }
    }

    /// ``truncate(_:paragraph:width:measure:base:)`` keeping what fits `budget` as the paragraph measures it.
    private mutating func truncate(_ shown: Range<Int>, paragraph: Range<Int>, budget: Double, ellipsis: [UInt16], measure: Measure,
                                   base: UInt8) throws(TextError) -> SetLine {
        let cuts = Array(graphemes(from: shown.lowerBound, through: shown.upperBound))
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
    /// A tab advances the pen to the next tab stop (``tabInterval``) and draws nothing; any other
    /// control character takes no width and draws nothing — as UIKit sets them.
    private mutating func shape(_ source: [UInt16], range: Range<Int>, levels: (Int) -> UInt8)
        -> (glyphs: [(id: UInt32, x: Double, y: Double)], width: Double) {
        let runs = Self.levelRuns(range, levels: levels)
        var glyphs: [(id: UInt32, x: Double, y: Double)] = []
        var pen = 0.0
        for index in ICU.visualOrder(runs.map(\.level)) {
            let run = runs[index]
            let shaped = style.font.shaper.shape(source, range: run.range, rightToLeft: run.level & 1 == 1)
            let clusterStarts = Set(shaped.map(\.cluster)).sorted()
            for glyph in shaped {
                let unit = source.indices.contains(glyph.cluster) ? source[glyph.cluster] : 0x20
                if unit == Self.tab {
                    pen = Self.nextTabStop(after: pen)
                    continue
                }
                if Self.isControl(unit) {
                    noteControl(unit)
                    continue
                }
                glyphs.append((glyph.id, pen + Double(glyph.xOffset) * pointsPerUnit, -Double(glyph.yOffset) * pointsPerUnit))
                pen += Double(glyph.advance) * pointsPerUnit
                if glyph.id == 0 {
                    let end = clusterStarts.first { $0 > glyph.cluster } ?? run.range.upperBound
                    noteMissing(source, cluster: glyph.cluster..<max(end, glyph.cluster + 1))
                }
            }
        }
        return (glyphs, pen)
    }

    /// Records the characters of a cluster drawn as the missing-glyph box that the font has no
    /// glyph for — each scalar by itself, so a base letter the font has is not blamed for the
    /// combining mark it lacks (white space and controls are never reported).
    private mutating func noteMissing(_ source: [UInt16], cluster: Range<Int>) {
        guard source.indices.contains(cluster.lowerBound) else { return }
        let scalars = String(decoding: source[cluster.lowerBound..<min(cluster.upperBound, source.count)], as: UTF16.self).unicodeScalars
        let reportable: [Unicode.Scalar] = scalars.filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
        let lacking: [Unicode.Scalar] = reportable.filter { !style.font.shaper.hasGlyph($0) }
        // Every scalar has a glyph of its own but the cluster still came out missing (a sequence
        // the font cannot compose): name the cluster's first character.
        for scalar in lacking.isEmpty ? Array(reportable.prefix(1)) : lacking {
            let character = Character(scalar)
            if missingSeen.insert(character).inserted { missing.append(character) }
        }
    }

    private mutating func noteControl(_ unit: UInt16) {
        guard let scalar = Unicode.Scalar(unit) else { return }
        let character = Character(scalar)
        if controlsSeen.insert(character).inserted { controls.append(character) }
    }

    /// Points between tab stops: `NSParagraphStyle`'s default tab stops are every 28 points.
    static let tabInterval = 28.0
    private static let tab: UInt16 = 0x09

    /// The first tab stop after `x` points from the line's start.
    static func nextTabStop(after x: Double) -> Double {
        ((x + tolerance) / tabInterval).rounded(.down) * tabInterval + tabInterval
    }

    /// A C0 or C1 control character other than a tab or a line break (those end a paragraph
    /// before lines are shaped).
    static func isControl(_ unit: UInt16) -> Bool {
        (unit < 0x20 || (0x7F...0x9F).contains(unit)) && unit != tab && !isNewline(unit)
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

    /// The grapheme boundaries from `lower` through `upper` (none when `lower` is past `upper`, an
    /// empty paragraph's); binary searched: asked for once per paragraph, where filtering all of
    /// them took time growing with the square of the text.
    private func graphemes(from lower: Int, through upper: Int) -> ArraySlice<Int> {
        var low = 0, high = graphemes.count
        while low < high {
            let middle = (low + high) / 2
            if graphemes[middle] < lower { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < graphemes.count, graphemes[end] <= upper { end += 1 }
        return graphemes[low..<end]
    }

    private func firstGrapheme(after offset: Int) -> Int {
        var low = 0, high = graphemes.count
        while low < high {
            let middle = (low + high) / 2
            if graphemes[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return min(low, graphemes.count - 1)
    }

    /// U+2028 LINE SEPARATOR.
    private static let lineSeparator: UInt16 = 0x2028

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
    /// The advances of the paragraph's units summed, tabs taking none.
    let prefix: [Double]
    /// Where the paragraph's tabs are (offsets into `units`), in order.
    let tabs: [Int]
    let units: [UInt16]

    /// The width of `range` set as a line of its own: each tab to the next stop from the range's
    /// start, as ``LineSetter`` draws a line (the stop a tab reaches depends on where its line starts).
    func width(_ range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        func plain(_ from: Int, _ to: Int) -> Double { prefix[to - start] - prefix[from - start] }
        var low = 0, high = tabs.count
        while low < high {
            let middle = (low + high) / 2
            if tabs[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var x = 0.0, from = range.lowerBound
        for tab in tabs[low...] {
            guard tab < range.upperBound else { break }
            x = LineSetter.nextTabStop(after: x + plain(from, tab))
            from = tab + 1
        }
        return x + plain(from, range.upperBound)
    }

    /// `end` moved back over white space (which hangs past a line's end, not counted in its width).
    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, let scalar = Unicode.Scalar(units[end - 1]), scalar.properties.isWhitespace { end -= 1 }
        return end
    }
}
