/// A watch that could not start (a project that breaks later is reported as a
/// ``BuildWatch/Event`` and the watch goes on).
public enum WatchError: Error, Sendable, CustomStringConvertible {
    /// The project file could not be read, or names a target the project does not have, when
    /// the watch started.
    case project(ProjectError)
    /// The system does not let Flipbook watch files: `reason` is its answer (an inotify limit, an
    /// unsupported system).
    case unavailable(reason: String)
    /// A setting of the watch is out of range: `setting` names it, `found` is its value.
    case setting(setting: String, found: String, requirement: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .project(let error): error.description
        case .unavailable(let reason): "cannot watch the project's files: \(reason)"
        case .setting(let setting, let found, let requirement): "BuildWatch.\(setting) is \(found); it must be \(requirement)"
        }
    }
}
