import Raster

/// How a frame's units become its zlib stream: the filtering that compresses best, judged cheaply
/// (on bands of rows for a large frame), and the compression the effort asks for.
extension APNGEncoding {
    /// A cheap measure of how well units compress: the default filters, libdeflate at a low level.
    /// A large frame's size is estimated from its judged rows (``judgedRows(_:width:plan:type:)``).
    func trialSize(_ units: [UInt8], width: Int, plan: ColorPlan) -> Int {
        let level = settings.effort == .fast ? 1 : settings.effort == .standard ? 3 : 6
        return judgedSize(units, width: width, plan: plan, type: plan.filtersByDefault ? -1 : 0, level: level)
    }

    /// The compressed size of `units` filtered by `type` (as ``filteredRows(_:width:plan:type:)``
    /// takes it), judged on the rows ``judgedRows(_:width:plan:type:)`` picks and scaled to the whole.
    func judgedSize(_ units: [UInt8], width: Int, plan: ColorPlan, type: Int, level: Int) -> Int {
        let (rows, scale) = judgedRows(units, width: width, plan: plan, type: type)
        guard let size = rows.withUnsafeBufferPointer({ LibDeflate.zlibStream($0, level: level)?.count }) else { return .max }
        return scale == 1 ? size : Int((Double(size) * scale).rounded())
    }

    /// The rows of `units` a frame is judged on, filtered by `type`, and the factor from their size
    /// to the whole frame's: every row of a frame of at most ``judgedBytes`` filtered rows, else
    /// ``judgedBands`` bands of whole rows, about ``judgedBytes`` in all, spread evenly from the
    /// top (each band's first row filtered on the row above it, as in the frame).
    func judgedRows(_ units: [UInt8], width: Int, plan: ColorPlan, type: Int) -> (rows: [UInt8], scale: Double) {
        let unitRow = width * plan.unitBytes, rowBytes = plan.bytesPerRow(width: width) + 1
        let height = unitRow == 0 ? 0 : units.count / unitRow
        guard height * rowBytes > Self.judgedBytes, height > Self.judgedBands else {
            return (filteredRows(units, width: width, plan: plan, type: type), 1)
        }
        // Fewer rows a band than the bands' spacing (height / bands > judgedBytes / bands / rowBytes): bands never overlap.
        let bandRows = max(1, Self.judgedBytes / Self.judgedBands / rowBytes)
        var rows: [UInt8] = []
        rows.reserveCapacity(Self.judgedBands * bandRows * rowBytes)
        var judged = 0
        for band in 0..<Self.judgedBands {
            let start = band * height / Self.judgedBands, end = min(height, start + bandRows), above = max(0, start - 1)
            let filtered = filteredRows(Array(units[(above * unitRow)..<(end * unitRow)]), width: width, plan: plan, type: type)
            rows += filtered[((start - above) * rowBytes)...]
            judged += end - start
        }
        return (rows, Double(height) / Double(judged))
    }

    /// The zlib stream of a placed frame, as strong as the effort asks.
    func finalStream(_ frame: PlacedFrame, plan: ColorPlan) -> [UInt8]? {
        let width = frame.rect.width
        switch settings.effort {
        case .fast:
            return stream(frame.units, width: width, plan: plan, level: 6)
        case .standard, .max:
            if settings.effort == .standard {
                // A small animation's trial made this stream already (the same filtering, the same level).
                if let stream = frame.stream { return stream }
                return bestFiltered(frame.units, width: width, plan: plan).withUnsafeBufferPointer { LibDeflate.zlibStream($0, level: 12) }
            }
            // Small frames are cheap for zopfli: every filtering, more rounds, the smallest kept.
            let rows = plan.bytesPerRow(width: width) * frame.rect.height
            guard rows <= Self.zopfliEveryFiltering else {
                return bestFiltered(frame.units, width: width, plan: plan).withUnsafeBufferPointer { Zopfli.zlibStream($0, iterations: 15) }
            }
            return ([-1] + (0...4)).map { type in
                filteredRows(frame.units, width: width, plan: plan, type: type).withUnsafeBufferPointer { Zopfli.zlibStream($0, iterations: 50) }
            }.min { $0.count < $1.count }
        }
    }

    /// The rows filtered the way that compresses best (libpng's rule, or one type on every row),
    /// judged at a middle level (a large frame on its judged rows, ``judgedRows(_:width:plan:type:)``).
    func bestFiltered(_ units: [UInt8], width: Int, plan: ColorPlan) -> [UInt8] {
        let types = [-1] + Array(0...4)
        let judged = types.map { judgedRows(units, width: width, plan: plan, type: $0) }
        let sizes = judged.map { rows, _ in rows.withUnsafeBufferPointer { LibDeflate.zlibStream($0, level: 6)?.count ?? .max } }
        let best = sizes.indices.min { sizes[$0] < sizes[$1] }!
        return judged[best].scale == 1 ? judged[best].rows : filteredRows(units, width: width, plan: plan, type: types[best])
    }

    /// Rows filtered with one type on every row (0…4), or (-1) each row's own by libpng's rule.
    func filteredRows(_ units: [UInt8], width: Int, plan: ColorPlan, type: Int) -> [UInt8] {
        let packed = plan.packed(units, width: width)
        return packed.withUnsafeBufferPointer {
            type < 0 ? PNGWriter.filtered($0, bytesPerRow: plan.bytesPerRow(width: width), bytesPerPixel: plan.filterBytesPerPixel, adaptive: true)
                : PNGWriter.filtered($0, bytesPerRow: plan.bytesPerRow(width: width), bytesPerPixel: plan.filterBytesPerPixel, type: type)
        }
    }

    /// The zlib stream of units filtered by libpng's rule for the colour type, at `level`.
    func stream(_ units: [UInt8], width: Int, plan: ColorPlan, level: Int) -> [UInt8]? {
        filteredRows(units, width: width, plan: plan, type: plan.filtersByDefault ? -1 : 0).withUnsafeBufferPointer {
            LibDeflate.zlibStream($0, level: level)
        }
    }
}
