import Basics
import Raster

/// Writing a plan: the sheet's files as bytes, or as one set on disk.
extension SheetJob {
    /// A plan's files as bytes, named by their paths (pages encoded as ``write(_:progress:cancellation:)``
    /// encodes them): a sheet made in memory, for a caller that stores or sends it itself.
    /// `progress` receives the files encoded (phase `writing`, ending at a fraction of 1), as
    /// `write` reports them; a raised `cancellation` stops before the next page is compressed
    /// (``SheetJobError/cancelled``). Without the argument, `encoded(_:progress:)` is the `async` form.
    public func encoded(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                        cancellation: CancellationFlag?) throws(SheetJobError) -> [InMemoryFile] {
        let reporter = JobProgress.Reporter(progress, phase: .writing)
        do {
            let files = try ThreadBudget.withLimit(threads) { () throws(SheetJobError) in try compressed(plan, reporter: reporter, cancellation: cancellation) }
            reporter.finish(.writing)
            return files.map { file in
                if case .data(let bytes) = file.content { InMemoryFile(name: file.path, bytes: bytes) } else { InMemoryFile(name: file.path, bytes: []) }
            }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
    }

    /// The plan's files with each page compressed (as `SheetExport.encode` compresses it), the flag
    /// checked before each, each file counted in `reporter`'s `writing` phase when one is given.
    private func compressed(_ plan: Plan, reporter: JobProgress.Reporter?, cancellation: CancellationFlag?) throws(SheetJobError) -> [SheetExport.File] {
        var files: [SheetExport.File] = []
        reporter?.report(.writing, done: 0, total: plan.files.count)
        do {
            for file in plan.files {
                if cancellation?.isCancelled == true { throw SheetJobError.cancelled }
                if case .image = file.content {
                    let bytes = try SheetExport.encode([file], pngLevel: pngLevel, png8: png8)
                    files.append(SheetExport.File(path: file.path, content: .data(bytes.first?.bytes ?? [])))
                } else {
                    files.append(file)
                }
                reporter?.report(.writing, done: files.count, total: plan.files.count)
            }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
        if cancellation?.isCancelled == true { throw .cancelled }
        return files
    }

    /// Writes a plan's files as one set (``SheetExport/write(_:owner:protecting:named:pngLevel:png8:replacingOtherShape:)``
    /// owned by ``output``): they replace the files this sheet was last written as, or nothing at
    /// all; none may be one of the frames read (Basics' `OutputError`, before anything is written),
    /// and only with ``overwrite`` may one replace a file Flipbook did not write (any of the sheet's
    /// files: its pages, and its data at ``data`` or the name made from ``output``).
    ///
    /// `progress` receives `JobProgress` reports of phase `writing`: none of the files written,
    /// then all of them at a fraction of 1 once the set is in place. A raised `cancellation` stops
    /// before the next page is compressed (``SheetJobError/cancelled``): nothing is written, the
    /// earlier set stands; once the set's files are renamed into place, it is written whole.
    /// Returns the files of the sheet's earlier writing that it removed (not written again: fewer
    /// pages or scales, another engine's shape, data moved), as opened.
    @discardableResult
    public func write(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                      cancellation: CancellationFlag?) throws(SheetJobError) -> [String] {
        try write(plan, reporter: JobProgress.Reporter(progress, phase: .writing), cancellation: cancellation)
    }

    /// ``write(_:progress:cancellation:)``, with the files written counted in `reporter`'s `writing` phase.
    @discardableResult
    func write(_ plan: Plan, reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws(SheetJobError) -> [String] {
        if cancellation?.isCancelled == true { throw .cancelled }
        reporter.report(.writing, done: 0, total: plan.files.count)
        let removed: [String]
        do {
            removed = try ThreadBudget.withLimit(threads) {
                // Each page compressed first (as `encoded` compresses it), the flag checked
                // before each; the set is then written from the bytes, whole (and only then reported).
                let files = try compressed(plan, reporter: nil, cancellation: cancellation)
                return try SheetExport.write(files, owner: output, protecting: InputFiles(plan.inputs),
                                             named: overwrite ? plan.files.map(\.path) : [], pngLevel: pngLevel, png8: png8)
            }
        } catch {
            throw SheetJobError.from(error, output: output)
        }
        reporter.finish(.writing)
        return removed
    }
}

extension SheetJob {
    /// The names the sheets are written under: ``output`` and ``data`` as given, but one scale of
    /// ``scales`` above 1 (`scales: [2]`) names its page and data as several scales name each
    /// (`s@2x.png`, `s@2x.json` for `s.png`), the name every reader takes the scale from. A name
    /// with its own `@Nx`, and SpriteKit's pages (named by scale inside the folder), stay as given.
    func scaledNames(_ sheets: [SpriteSheet]) -> (output: String, data: String?) {
        guard scales != nil, sheets.count == 1, sheets[0].scale > 1, format != .spritekit else { return (output, data) }
        func named(_ path: String) -> String {
            guard ImageFileName(path: path).scale == nil else { return path }
            let ext = OutputName.pathExtension(path)
            return ext.isEmpty ? path + "@\(sheets[0].scale)x" : String(path.dropLast(ext.count + 1)) + "@\(sheets[0].scale)x." + ext
        }
        return (named(output), data.map(named))
    }
}
