import Foundation

extension OutputSet {
    /// What a build tells the sets of one target's job, and learns from them: bound as a task-local
    /// (``scope``) around the job.
    package final class Scope: @unchecked Sendable {
        /// Whether another writer writes the file at a path now: a commit never removes such a file
        /// where it replaces or leaves its owner's earlier set (the set's name may have changed hands:
        /// a build's target now writing `out/a.png`, whose earlier set also held data another target
        /// writes now); the record keeps it as this set's while unchanged, so that writer takes it over as Flipbook's.
        package let writtenByOthers: @Sendable (String) -> Bool
        /// Whether the file at a path is this target's own earlier output, or one the build handed
        /// it (a deleted target's file of a name it writes now): the set named by it is this
        /// target's to replace, whatever its shape (one file or several), as a rerun's is.
        package let ownEarlier: @Sendable (String) -> Bool
        /// Whether the file at a path is one the target's own earlier build wrote: replaced even if
        /// edited since (the build's outputs are the build's), where any other file there is
        /// replaced only when the caller names it outright (`overwrite`).
        package let replaces: @Sendable (String) -> Bool
        /// Whether the file at a path is one the job may never replace, named or not: a file of the
        /// user's that another target of the build reads (a hand-written scene named as a sheet's
        /// data): refused as an input is, `overwrite` or not.
        package let protects: @Sendable (String) -> Bool
        private var removals: [String] = []
        private let lock = NSLock()

        package init(writtenByOthers: @escaping @Sendable (String) -> Bool, ownEarlier: @escaping @Sendable (String) -> Bool = { _ in false },
                     replaces: @escaping @Sendable (String) -> Bool = { _ in false }, protects: @escaping @Sendable (String) -> Bool = { _ in false }) {
            self.writtenByOthers = writtenByOthers
            self.ownEarlier = ownEarlier
            self.replaces = replaces
            self.protects = protects
        }

        /// The files the job's commits removed (earlier files of its sets), as opened.
        package var removed: [String] { lock.withLock { removals } }

        func didRemove(_ paths: [String]) { lock.withLock { removals += paths } }
    }

    /// The build's scope of the job running on this task or thread, if any.
    @TaskLocal package static var scope: Scope?
}
