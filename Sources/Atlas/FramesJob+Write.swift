import Animated
import Basics
import Raster

/// Writing a ``FramesJob``'s plan: the frames encoded and written as one set, or returned in memory.
extension FramesJob {
    /// Writes a plan made by ``plan(progress:cancellation:)`` of this job: the frames encoded (on
    /// at most ``threads`` threads) and written into ``output`` as one set with an animation's
    /// `sequence.json`, or returned in ``Outcome/frames`` when the job has no output. A plan may
    /// be written more than once; each run replaces the set the one before wrote. `progress`
    /// receives each frame written (phase `writing`, out of the frames the input declares), the
    /// last with a fraction of 1; a raised `cancellation` stops before the next frame
    /// (``FramesJobError/cancelled``): nothing is written, the earlier set stands.
    public func run(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil,
                    cancellation: CancellationFlag?) throws(FramesJobError) -> Outcome {
        try run(plan, reporter: JobProgress.Reporter(progress, phase: .writing), cancellation: cancellation)
    }

    /// ``run(_:progress:cancellation:)`` reporting to `reporter`'s `writing` phase.
    func run(_ plan: Plan, reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws(FramesJobError) -> Outcome {
        if cancellation?.isCancelled == true { throw .cancelled }
        if let error = settingError { throw .setting(error) }
        do {
            return try ThreadBudget.withLimit(threads) { try write(plan, reporter: reporter, cancellation: cancellation) }
        } catch {
            throw FramesJobError.from(error)
        }
    }

    private func write(_ plan: Plan, reporter: JobProgress.Reporter, cancellation: CancellationFlag?) throws -> Outcome {
        // The last count reported: a file cut short writes fewer frames than it declares, and the
        // run still ends at a fraction of 1.
        var last = (done: 0, total: 0)
        let report: (Int, Int) -> Void = { done, total in
            last = (done, total)
            reporter.report(.writing, done: done, total: total)
        }
        var outcome = Outcome(files: [], warnings: plan.warnings, manifest: nil, width: plan.width, height: plan.height,
                              repeatCount: plan.repeatCount, pages: plan.pages, prefix: nil)
        switch plan.content {
        case .sheet(let sheet, let timing, let writesTiming):
            let written = writesTiming ? timing : nil
            if let output {
                outcome.files = try sheet.unpack(into: output, source: plan.input, timing: written, overwrite: overwrite, limits: limits,
                                                 cancellation: cancellation, progress: report)
            } else {
                outcome.frames = try sheet.unpackedFrames(source: plan.input, timing: written, limits: limits, cancellation: cancellation,
                                                          progress: report)
                outcome.files = outcome.frames.map(\.name)
            }
            outcome.manifest = timing
        case .animation(let format, let bytes, let name, let scale):
            // A fresh decoder each run: a plan is written as often as wanted.
            let reader = try Self.open(format, bytes: bytes, file: plan.input, limits: limits)
            if let output {
                let writer = try SequenceWriter(folder: output, prefix: name, scale: scale, protecting: InputFiles([plan.input]), overwrite: overwrite)
                (outcome.manifest, outcome.files) = try reader.writeFrames(to: writer, cancellation: cancellation, progress: report)
                outcome.prefix = writer.prefix
            } else {
                let prefix = SequenceWriter.numberingPrefix(name)
                (outcome.manifest, outcome.frames) = try reader.encodedFrames(prefix: prefix, scale: scale, cancellation: cancellation, progress: report)
                outcome.files = outcome.frames.map(\.name)
                outcome.prefix = prefix
            }
            // The reader's warnings as the whole decode found them (the plan saw the header only).
            outcome.warnings = reader.warnings + [prefixWarning(inputScale: scale), plan.uploadNote].compactMap { $0 }
        }
        if last.total == 0 || last.done < last.total { reporter.finish(.writing) }
        return outcome
    }
}
