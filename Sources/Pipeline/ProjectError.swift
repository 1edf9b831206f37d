import Basics

/// A project file that cannot be built: unreadable, not following the schema, or whose targets
/// do not form a graph that can be built in order.
public enum ProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The project file could not be read.
    case read(FileIO.Error)
    /// The project file does not follow the schema (an unknown key, a wrong value, a path that
    /// leaves the project's folder).
    case schema(SchemaError)
    /// Targets that depend on each other in a circle, in order (the first again at the end);
    /// `reason` says why a link holds when no source names the other target's output (a target
    /// reads a whole folder another writes into; a `frames` target reads the whole folder of sheet
    /// data no target writes; a target reads inside its own output).
    case cycle(file: String, targets: [String], reason: String? = nil)
    /// Two targets write the same path (or one writes inside the other's output folder).
    case sharedOutput(file: String, path: String, targets: [String])
    /// A target writes `inner`, inside `outer`, the output folder of another (`targets`: the
    /// one writing `inner`, then the other): the folder is all its target's.
    case nestedOutput(file: String, inner: String, outer: String, targets: [String])
    /// A target asked for by name that the project does not have; `suggestion` is the nearest name.
    case unknownTarget(file: String, name: String, suggestion: String?)

    /// What is wrong, naming the project file and what to change.
    public var description: String {
        switch self {
        case .read(let error): "cannot read the project file: \(error)"
        case .schema(let error): error.description
        case .cycle(let file, let targets, let reason):
            "\(file): the targets \(targets.map { "\"\($0)\"" }.joined(separator: " → ")) depend on each other in a circle"
                + (reason.map { " (\($0))" } ?? "") + "; "
                + "remove one of those links (an \"after\" entry, or a source that reads another target's output"
                + (reason == nil ? ")" : ", or an output written inside a folder a target reads: write it to a folder of its own)")
        case .sharedOutput(let file, let path, let targets):
            "\(file): the targets \(targets.map { "\"\($0)\"" }.joined(separator: " and ")) both write \(path); give each its own output"
        case .nestedOutput(let file, let inner, let outer, let targets):
            "\(file): the target \"\(targets.first ?? "")\" writes \(inner), inside \(outer), the output folder of the target "
                + "\"\(targets.last ?? "")\" (which is all that target's); give each its own output"
        case .unknownTarget(let file, let name, let suggestion):
            "\(file) has no target \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        }
    }
}
