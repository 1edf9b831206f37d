import Basics
import Raster

/// Writing a plan: the sheet's files as bytes, or as one set on disk.
extension SheetJob {
    /// A plan's files as bytes, named by their paths (pages encoded as ``write(_:)`` encodes them):
    /// a sheet made in memory, for a caller that stores or sends it itself.
    public func encoded(_ plan: Plan) throws(SheetJobError) -> [InMemoryFile] {
        do {
            return try ThreadBudget.withLimit(threads) { () throws(PNG.EncodeError) in
                try SheetExport.encode(plan.files, pngLevel: pngLevel, png8: png8)
            }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
    }

    /// Writes a plan's files as one set (``SheetExport/write(_:owner:protecting:named:pngLevel:png8:)``
    /// owned by ``output``): they replace the files this sheet was last written as, or nothing at
    /// all; none may be one of the frames read (Basics' `OutputError`, before anything is written),
    /// and only with ``overwrite`` may one replace a file Flipbook did not write (any of the sheet's
    /// files: its pages, and its data at ``data`` or the name made from ``output``).
    public func write(_ plan: Plan) throws(SheetJobError) {
        do {
            try ThreadBudget.withLimit(threads) {
                try SheetExport.write(plan.files, owner: output, protecting: InputFiles(plan.inputs),
                                      named: overwrite ? plan.files.map(\.path) : [], pngLevel: pngLevel, png8: png8)
            }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
    }

    /// ``write(_:)``, with the files written counted in `reporter`'s `writing` phase.
    func write(_ plan: Plan, reporter: JobProgress.Reporter) throws(SheetJobError) {
        reporter.report(.writing, done: 0, total: plan.files.count)
        try write(plan)
        reporter.finish(.writing)
    }
}
