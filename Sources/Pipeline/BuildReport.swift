/// What a build did, target by target, in the order they finished being decided.
public struct BuildReport: Sendable {
    /// One target's result.
    public struct Entry: Sendable, Equatable {
        /// What happened to the target.
        public enum Status: Sendable, Equatable {
            /// Nothing it reads, its settings or the tool changed, and its outputs are as written.
            case upToDate
            /// Built, for these reasons (`never built`, `input changed: fx/boom3.png`, …), writing
            /// these files (relative to the project's folder).
            case built(reasons: [String], files: [String])
            /// Found in the build's cache (``BuildJob/cache``), built before from the same tool,
            /// settings and input contents — here or on another machine — for these reasons, and
            /// its files written from there (checked against their digests): the same bytes a build
            /// would write.
            case restored(reasons: [String], files: [String])
            /// Failed; `reasons` are why it was being built.
            case failed(TargetFailure, reasons: [String])
            /// Not built because a target it depends on failed: `dependency` is the one that failed,
            /// directly or through targets skipped for it.
            case skipped(dependency: String)
        }

        /// The target's name.
        public var target: String
        /// What happened.
        public var status: Status
        /// What its job read past or wants the user to know (empty when up to date).
        public var warnings: [String]
        /// Notes of its job.
        public var notes: [String]
    }

    /// Every target the build considered (those asked for, their dependencies and the targets whose
    /// earlier outputs they read), in the order they were decided; a target decided a second time
    /// (it read a file a target it could not wait for removed) once, with its second decision.
    public var entries: [Entry]
    /// The targets other parts build, with ``BuildJob/shard``; empty without one.
    public var otherShards: [String] = []
    /// What the build wants the user to know beyond its targets: a cache it went on without
    /// (unreachable, too slow, failing), or could not store into.
    public var warnings: [String] = []
    /// Whether the build gave up on its cache (unreachable, silent past its timeout, failing): a
    /// watch then goes on without it rather than wait for it again at every save.
    package var cacheGaveUp = false
    /// The SHA-256 of each file the targets decided read (relative to the project's folder), as
    /// the build found it: a watch takes a later save that leaves one so for no change.
    package var inputDigests: [String: String] = [:]
    /// What the build did beyond its targets: the outputs of targets removed from the project,
    /// removed (those unchanged since built; edited ones kept and named).
    public var notes: [String] = []

    /// The targets that were built (not failed).
    public var built: [String] { entries.compactMap { if case .built = $0.status { $0.target } else { nil } } }
    /// The targets whose outputs were written from the cache.
    public var restored: [String] { entries.compactMap { if case .restored = $0.status { $0.target } else { nil } } }
    /// The targets found up to date.
    public var upToDate: [String] { entries.compactMap { if case .upToDate = $0.status { $0.target } else { nil } } }
    /// The failures, by target.
    public var failures: [(target: String, failure: TargetFailure)] {
        entries.compactMap { if case .failed(let failure, _) = $0.status { ($0.target, failure) } else { nil } }
    }
}
