import Basics

/// How a build runs one target's job.
extension BuildRun {
    /// Runs `target`'s job. When the job refuses a file of a set that this target's last build
    /// wrote under another name (`previous`: its recorded outputs; a source renamed), that set is
    /// set aside into `earlier` and the job runs again (``EarlierSet``); if it fails all the same,
    /// the files are put back.
    func runJob(_ target: Target, overwrite: Bool, threads: Int?, previous: [String: BuildState.FileRecord],
                earlier: inout EarlierSet, scope: OutputSet.Scope) throws(TargetFailure) -> TargetRunner.Result {
        // One set aside a try: a folder holds few sets of one target (its scales at most).
        var attempts = 0
        while true {
            // A set whose name changed hands (`b` now writes `out/a.png`) leaves the files other targets write now.
            // The folders the target reads are held until it has read them (``FolderReads``).
            let run = OutputSet.$scope.withValue(scope) {
                Result { () throws(TargetFailure) in
                    try FolderReads.reading { () throws(TargetFailure) in
                        try TargetRunner.run(target.job, overwrite: overwrite, threads: threads, reportWording: job.reportWording, cancellation: cancellation)
                    }
                }
            }
            do { return try run.get() } catch {
                attempts += 1
                if attempts <= 4, earlier.setAside(for: error, previous: previous, of: target, in: job.project) { continue }
                earlier.restore(in: job.project)
                throw error
            }
        }
    }
}
