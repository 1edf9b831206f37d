import Basics

/// The build's bookkeeping of files it kept as the user's (``BuildState/keptAsUsers``): a file a
/// target's build wrote, edited since, that the target no longer writes — kept, and said
/// (`kept build/d/s.json: … changed since`), or refused where the job would have removed it
/// (`… was changed after Flipbook wrote it; move it away …`). Such a file is no longer the build's
/// to replace: a target that writes its name again is refused unless `overwrite`, with words that
/// say why, never replacing an edit the build said it kept.
extension BuildState {
    /// Keeps `paths`, written by target `name`'s builds, as the user's.
    mutating func keep(_ paths: [String], asUsersFrom name: String) {
        guard !paths.isEmpty else { return }
        var kept = keptAsUsers ?? [:]
        for path in paths { kept[path] = name }
        keptAsUsers = kept
    }

    /// Forgets `paths` as files kept for the user (a target wrote over them with `overwrite`).
    mutating func release(_ paths: some Sequence<String>) {
        for path in paths { keptAsUsers?[path] = nil }
        if keptAsUsers?.isEmpty == true { keptAsUsers = nil }
    }

    /// Forgets the files kept for the user that are gone (deleted or moved away by hand).
    mutating func forgetGoneKept(in project: Project) {
        release((keptAsUsers ?? [:]).keys.filter { FileIO.fingerprint(of: project.onDisk($0)) == nil })
    }

    /// `failure` of target `name` as the build reports it, and what the target's earlier files
    /// (`previous`) are after it: a refusal of a file kept for the user says so; an earlier file
    /// the job refused to remove because it was edited (``OutputError/changedAndLeft(path:)``,
    /// "so your changes are kept") is the user's from now on, never replaced by a later build.
    mutating func failure(_ failure: TargetFailure, of name: String, previous: [String: FileRecord],
                          in project: Project) -> (failure: TargetFailure, previous: [String: FileRecord]) {
        guard let refusal = EarlierSet.refusal(failure), let path = project.resolvedRelative(opened: refusal.path) else { return (failure, previous) }
        switch refusal {
        case .overwritesInput(let output, let input) where output == input:
            // A file of the user's another target reads (OutputSet.Scope.protects): said with its reader,
            // or, when an earlier build kept it as the user's, as that (the more exact words).
            if let writer = keptAsUsers?[path] { return (.keptForUser(path: refusal.path, writer: writer), previous) }
            let named = project.targets.filter { $0.name != name && $0.sources.contains(path) }.map(\.name)
            let readers = named + BuildGraph.readers(of: path, besides: name, in: project).filter { !named.contains($0) }
            guard !readers.isEmpty else { return (failure, previous) }
            return (.readByAnotherTarget(path: refusal.path, readers: readers), previous)
        case .changedSinceWritten, .changedAndLeft, .notWrittenByFlipbook, .replacesUsersFile, .twinOfUsersFile:
            if let writer = keptAsUsers?[path] { return (.keptForUser(path: refusal.path, writer: writer), previous) }
            guard case .changedAndLeft = refusal else {
                // A file of the user's where this target writes, which another target reads: the
                // refusal names that reader, so that allowing the overwrite is an informed choice.
                let readers = BuildGraph.readers(of: path, besides: name, in: project)
                guard !readers.isEmpty else { return (failure, previous) }
                return (.replacesWhatAnotherReads(path: refusal.path, readers: readers), previous)
            }
            guard previous[path] != nil else { return (failure, previous) }
            keep([path], asUsersFrom: name)
            return (failure, previous.filter { $0.key != path })
        default:
            return (failure, previous)
        }
    }
}
