import Basics

/// The build's bookkeeping of files a target no longer names in its record: kept known as the
/// build's (``BuildState/formerOutputs``) until a build removes them, or a target takes them over.
extension BuildState {
    /// Sets `name`'s former outputs to `files` (none: forgets them).
    mutating func setFormer(_ files: [String: FileRecord], of name: String) {
        var former = formerOutputs ?? [:]
        former[name] = files.isEmpty ? nil : files
        formerOutputs = former.isEmpty ? nil : former
    }

    /// Records `name` as built (`record`), and keeps `previous`'s files that the record does not name
    /// known as its former outputs until its stale files are removed: a build killed in between
    /// leaves them to the next build (removed there, or set aside by the target taking their folder),
    /// never unknown files in another set's way.
    mutating func record(_ name: String, as record: TargetRecord, previous: [String: FileRecord]) {
        targets[name] = record
        setFormer(previous.filter { record.outputs[$0.key] == nil }, of: name)
        release(record.outputs.keys)
        unfinished?[name] = nil
    }

    /// Records `name` as not built (`reason` says why, for the next build's reasons), its files
    /// `files` (written by this build or earlier ones) kept known as the build's.
    mutating func unrecord(_ name: String, keeping files: [String: FileRecord], because reason: String) {
        targets[name] = nil
        var unfinished = self.unfinished ?? [:]
        unfinished[name] = reason
        self.unfinished = unfinished
        setFormer(files, of: name)
        release(files.keys)
    }

    /// Drops the records of targets not among `names` (targets the project no longer has).
    mutating func keepOnly(_ names: Set<String>) {
        targets = targets.filter { names.contains($0.key) }
        formerOutputs = formerOutputs?.filter { names.contains($0.key) }
        unfinished = unfinished?.filter { names.contains($0.key) }
        if formerOutputs?.isEmpty == true { formerOutputs = nil }
    }
}
