import Animated
import Atlas
import Basics
import Compose

/// Why one target of a build failed: its job's own typed error, or problems its work found.
public enum TargetFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The assemble job failed.
    case assemble(AssembleError)
    /// The sheet job failed.
    case sheet(SheetJobError)
    /// The frames job failed.
    case frames(FramesJobError)
    /// The render job failed.
    case render(RenderError)
    /// A validation could not run (a folder missing, a configuration wrong).
    case validation(Validator.Error)
    /// A validation configuration file could not be read or is wrong.
    case validationConfig(ValidationConfig.Error)
    /// The validation report was refused by the output contract (over an input, over a file
    /// Flipbook did not write); nothing was written.
    case reportRefused(OutputError)
    /// The validation report could not be written (the disk, permissions).
    case report(path: String, reason: String)
    /// The validation ran and found errors (the report is written): `summary` is its summary line.
    case problemsFound(summary: String)
    /// A byte budget (`maxBytes`) that no setting met; the smallest result is written.
    case budgetNotMet(bytes: Int, maxBytes: Int)
    /// The build was cancelled before this target finished; nothing of it was written.
    case cancelled
    /// The target would write over or remove `path` (as opened), a file target `writer`'s build
    /// wrote, which was edited since and which an earlier build kept as the user's (kept when the
    /// target stopped writing it, or refused where its job would have removed it): no build
    /// replaces it (``BuildJob/overwrite`` lets a target write over it).
    case keptForUser(path: String, writer: String)
    /// The target would write over `path` (as opened), a scene no build wrote that the render
    /// target `reader` reads (a hand-written scene where a sheet target's data goes), or a file
    /// no build wrote in a folder of sources `reader` reads (`art/coin/gold_1.png` of an
    /// `assemble` of `art/coin`): an input of the build, never replaced, ``BuildJob/overwrite`` or
    /// not. `readers`: the targets that read it, in the project's order.
    case readByAnotherTarget(path: String, readers: [String])
    /// The target would write over `path` (as opened), a file no build wrote (or one changed since
    /// a build wrote it) that the targets `readers` read: refused without ``BuildJob/overwrite``,
    /// which would replace what they read.
    case replacesWhatAnotherReads(path: String, readers: [String])

    /// The job's own message.
    public var description: String {
        switch self {
        case .assemble(let error): error.description
        case .sheet(let error): error.description
        case .frames(let error): error.description
        case .render(let error): error.description
        case .validation(let error): error.description
        case .validationConfig(let error): error.description
        case .reportRefused(let error): error.description
        case .report(let path, let reason): "cannot write the report \(path): \(reason)"
        case .problemsFound(let summary): summary
        case .budgetNotMet(let bytes, let maxBytes): "the smallest result is \(bytes) bytes, over maxBytes \(maxBytes); it is written anyway"
        case .cancelled: "cancelled"
        case .keptForUser(let path, let writer):
            "\(path) was changed after \(writer)'s build wrote it, and an earlier build kept it as yours (said then: kept, or refused so "
                + "your changes are kept); move it away (or delete it) and build again"
        case .readByAnotherTarget(let path, let readers):
            "\(path) is a file of yours that \(Self.targets(readers)) \(readers.count == 1 ? "reads" : "read"), where this target would write its output: "
                + "give this target another output (or move the file away); a build never writes over a scene a target reads, nor over a "
                + "file in a folder of sources a target reads, --overwrite or not"
        case .replacesWhatAnotherReads(let path, let readers):
            "\(path) exists and Flipbook did not write it (or it changed since), and \(Self.targets(readers)) \(readers.count == 1 ? "reads" : "read") it: "
                + "give this target another output, or allow overwriting it (overwrite: true) if \(readers.count == 1 ? readers[0] + " is" : "they are") "
                + "to read what this target writes"
        }
    }

    /// `the target "a"`, `the targets "a" and "b"`, `the targets "a", "b" and "c"`.
    private static func targets(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return "the target " + (quoted.first ?? "") }
        return "the targets " + quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
