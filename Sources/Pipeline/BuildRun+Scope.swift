import Basics

/// What a build tells the output sets of one target's job (Basics' `OutputSet.Scope`).
extension BuildRun {
    /// The scope of `target`'s job: files it may replace, files it must leave, files it never
    /// touches. `previous`: its earlier build's outputs; `handed`: those and a deleted or renamed
    /// target's files of names it writes now.
    func outputScope(for target: Target, in project: Project, previous: [String: BuildState.FileRecord],
                     handed: [String: BuildState.FileRecord]) -> OutputSet.Scope {
        let claims = claims, earlierWriters = earlierWriters
        // The files its job's sets remove (a sheet's data moved, fewer pages) are said: those the job removed, not others meanwhile.
        // A file another target writes or names as its source stays where a set of this one leaves it.
        return OutputSet.Scope(writtenByOthers: { path in project.resolvedRelative(opened: path).map {
            claims.namesAsSource($0) || StaleOutputs.isAnotherTargets($0, besides: target.name, in: project) } ?? false
        }, ownEarlier: { path in project.resolvedRelative(opened: path).map { handed[$0] != nil } ?? false },
           // A file its earlier build wrote is replaced even if edited since (the build's outputs are the build's);
           // any other only with `overwrite`, one the build kept as the user's (``BuildState/keptAsUsers``) too.
           replaces: { path in project.resolvedRelative(opened: path).map { previous[$0] != nil } ?? false },
           // A scene of the user's (no build wrote it) that a render target reads: no target makes scenes, so it is
           // never an output to replace, --overwrite or not; nor a frame of the user's in a folder another target
           // reads. (A file of another kind a target reads by name, or in a folder a target writes, is that
           // target's output by the project's word: --overwrite replaces a stale copy of it.)
           protects: { path in project.resolvedRelative(opened: path).map {
               previous[$0] == nil && earlierWriters[$0] == nil
                   && (claims.scenes.contains($0) || claims.isInSourceFolder($0, besides: target.name)) } ?? false })
    }

    /// `paths` without repeats, in order, told apart by their bytes (`café.png` composed and
    /// decomposed are two files: a `Set<String>` kept one).
    static func distinct(_ paths: [String]) -> [String] {
        var seen = Set<NameSpelling.Exact>()
        return paths.filter { seen.insert(NameSpelling.Exact($0)).inserted }
    }

    /// The notes for the files `target`'s build removed (and those other targets' earlier builds
    /// wrote that it wrote over, two targets having swapped outputs): its own earlier files (`own`)
    /// as its earlier build's, the others — a deleted or renamed target's handed to it — as
    /// their writers'. `recorded`: its own last build's record.
    func removalNotes(_ removed: [String], own: (String) -> Bool, written: [String], by target: Target,
                      recorded: BuildState.TargetRecord?, handed: [String: BuildState.FileRecord]) -> [String] {
        let removed = Self.distinct(removed)
        return [StaleOutputs.note(removed.filter(own).sorted()),
                othersNote(written: written, removed: removed.filter { !own($0) }.sorted(), by: target, recorded: recorded, handed: handed)]
            .compactMap { $0 }
    }

    /// The note for files other targets' earlier builds wrote that `target` wrote over (two targets
    /// swapped outputs) or `removed`; `recorded`: its own last build's record; `handed`: the files
    /// it keeps from earlier builds, those a deleted or renamed target wrote with that target's name.
    func othersNote(written: [String], removed: [String], by target: Target, recorded: BuildState.TargetRecord?,
                    handed: [String: BuildState.FileRecord]) -> String? {
        let othersOf = { (path: String) in
            handed[path]?.writer.map { [$0] } ?? self.earlierWriters[path, default: []].filter { $0 != target.name }
        }
        let overwritten = written.filter { recorded?.outputs[$0] == nil && !othersOf($0).isEmpty && !goneAtStart.contains($0) }
        let writers = Set((overwritten + removed).flatMap(othersOf))
        let names = Set(job.project.targets.map(\.name))
        return StaleOutputs.othersNote(replaced: overwritten, removed: removed, writers: Array(writers), gone: writers.filter { !names.contains($0) })
    }
}
