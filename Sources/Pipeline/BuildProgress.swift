/// A build's progress: one report when a target starts being checked and one when it is decided.
public struct BuildProgress: Sendable, Equatable {
    /// What is happening to ``target``.
    public enum Event: Sendable, Equatable {
        /// Another build of the project (another process) holds its lock: this one waits for it to
        /// end before reading anything. ``BuildProgress/target`` is then the project file.
        case waiting
        /// Its inputs are being read and compared with the last build's.
        case checking
        /// It is being built.
        case building
        /// It was up to date.
        case upToDate
        /// It was built.
        case built
        /// Its outputs were written from the build's cache (``BuildJob/cache``).
        case restored
        /// It failed, or was skipped because a dependency failed.
        case failed
    }

    /// The target's name.
    public var target: String
    /// What is happening to it.
    public var event: Event
    /// Targets decided so far, and in all.
    public var done: Int, total: Int
    /// For a decided target (up to date, built, restored, failed), its report entry as the
    /// build's ``BuildReport`` will hold it — its reasons, files, warnings and notes — so a
    /// caller cut short by an interrupt can still say them; `nil` for the other events.
    public var entry: BuildReport.Entry?

    /// A report; see the properties.
    public init(target: String, event: Event, done: Int, total: Int) {
        self.target = target
        self.event = event
        self.done = done
        self.total = total
    }
}
