import Basics

/// A build that could not run at all (a target's own failure is in the ``BuildReport`` instead).
public enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project asks for a target it does not have, or its targets form a circle.
    case project(ProjectError)
    /// The build's state could not be saved under `.flipbook-build/`: found before any target is
    /// built (the state as read is written back first), so nothing is written.
    case state(FileIO.Error)
    /// The build was cancelled; targets finished before are recorded, the one running wrote nothing.
    case cancelled
    /// A setting of the job out of range (``BuildJob/threads`` below 1), named as every job's
    /// settings are; nothing is read or written.
    case setting(SettingError)

    /// What went wrong.
    public var description: String {
        switch self {
        case .project(let error): error.description
        case .state(let error): "cannot save the build's state: \(error)"
        case .cancelled: "the build was cancelled"
        case .setting(let error): error.description
        }
    }
}
