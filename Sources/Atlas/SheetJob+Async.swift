import Basics

extension SheetJob {
    /// Plans and writes without blocking the caller's thread: the work runs on a thread of its own
    /// (never on Swift's cooperative pool), and cancelling the calling task stops the decoding
    /// before its next frame (``SheetJobError/cancelled``; nothing is written, the earlier set
    /// stands). `progress` receives `JobProgress` reports from the working threads, the frames
    /// decoded (phase `reading`) then the files written (phase `writing`): hop to your actor
    /// before touching its state. Returns the plan written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(SheetJobError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: SheetJobError.cancelled) { flag throws(SheetJobError) in
            try job.run(progress: progress, cancellation: flag)
        }
    }

    /// Plans and writes on the caller's thread, as `AssembleJob.run(progress:cancellation:)`
    /// does: `progress` as for the `async` `run(progress:)`; a raised `cancellation` stops the
    /// decoding before its next frame (``SheetJobError/cancelled``; nothing is written, the earlier
    /// set stands). Returns the plan written.
    public func run(progress: (@Sendable (JobProgress) -> Void)? = nil, cancellation: CancellationFlag?) throws(SheetJobError) -> Plan {
        // Decoding is most of the work; the pages' compression is the rest.
        let reporter = JobProgress.Reporter(progress, phases: [(.reading, 3), (.writing, 1)])
        // The folders read are held until the job has read them (``FolderReads``): never a mix of two runs.
        return try FolderReads.reading { () throws(SheetJobError) -> Plan in
            let plan = try plan(counting: reporter.counter(.reading), cancellation: cancellation)
            try write(plan, reporter: reporter, cancellation: cancellation)
            return plan
        }
    }

    /// ``plan(progress:cancellation:)`` without blocking the caller's thread: the frames are read,
    /// decoded and packed on a thread of its own (never on Swift's cooperative pool); cancelling
    /// the calling task stops the decoding before its next frame (``SheetJobError/cancelled``).
    /// Pack once, then write for several engines:
    ///
    /// ```swift
    /// let sheet = SheetJob(sources: ["walk"], output: "out/walk.png")
    /// let packed = try await sheet.plan()
    /// for (engine, output) in [(SheetEngine.phaser3, "out/phaser/walk.png"), (.godot4, "out/godot/walk.png")] {
    ///     let job = sheet.forEngine(engine, output: output)
    ///     try await job.write(try job.plan(reusing: packed))
    /// }
    /// ```
    public func plan(progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(SheetJobError) -> Plan {
        let job = self
        return try await BackgroundThread.run(cancelled: SheetJobError.cancelled) { flag throws(SheetJobError) in
            let plan = try job.plan(progress: progress, cancellation: flag)
            if flag.isCancelled { throw .cancelled }
            return plan
        }
    }

    /// ``encoded(_:progress:cancellation:)`` without blocking the caller's thread: the pages are
    /// compressed on a thread of its own; a task cancelled before the next page is compressed throws
    /// ``SheetJobError/cancelled``. `progress` receives the files encoded (phase `writing`).
    public func encoded(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(SheetJobError) -> [InMemoryFile] {
        let job = self
        return try await BackgroundThread.run(cancelled: SheetJobError.cancelled) { flag throws(SheetJobError) in
            try job.encoded(plan, progress: progress, cancellation: flag)
        }
    }

    /// ``write(_:progress:cancellation:)`` without blocking the caller's thread: the pages are
    /// compressed and the set written on a thread of its own. A task cancelled before its next
    /// page is compressed throws ``SheetJobError/cancelled`` and writes nothing; once the set's
    /// files are renamed into place, it is written whole (a set is never left half-replaced).
    /// `progress` receives the files written (phase `writing`). Returns the files of the sheet's
    /// earlier writing that it removed, as the synchronous form does.
    @discardableResult
    public func write(_ plan: Plan, progress: (@Sendable (JobProgress) -> Void)? = nil) async throws(SheetJobError) -> [String] {
        let job = self
        return try await BackgroundThread.run(cancelled: SheetJobError.cancelled) { flag throws(SheetJobError) in
            try job.write(plan, progress: progress, cancellation: flag)
        }
    }
}
