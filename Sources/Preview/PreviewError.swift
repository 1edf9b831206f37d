import Animated
import Basics
import Pipeline

/// Why `PreviewJob` made no page, or `PreviewServer` serves none: one case per stage, each with
/// the facts and a `description` that names the file and the fix.
public enum PreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source (a folder or a project file) is not there.
    case notFound(source: String)
    /// The source is neither a folder nor a project file (`flipbook.json`, or any `.json` with targets).
    case unsupportedSource(source: String)
    /// The project file could not be read or is wrong (Pipeline's `ProjectError`).
    case project(ProjectError)
    /// The source holds nothing to preview: no frame sequence, animated file or sprite sheet
    /// (findings alone make no page).
    case nothingToShow(source: String)
    /// The page may not be written where asked (Basics' `OutputError`: an input there, a folder, a
    /// file Flipbook did not write without `overwrite`); nothing was written.
    case output(OutputError)
    /// Writing the page failed (the system's reason).
    case write(path: String, reason: String)
    /// The caller cancelled (a raised `CancellationFlag`, or the `async` form's task); nothing was written.
    case cancelled
    /// The server could not listen on `port` of 127.0.0.1 (the system's reason: in use, not allowed).
    case serve(port: Int, reason: String)

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .notFound(let source):
            "\(source): no such folder or project file; give a folder of frames or a flipbook.json"
        case .unsupportedSource(let source):
            "\(source): not a folder or a project file; give a folder of frames (its sequences, sheets and animations are shown) or a flipbook.json"
        case .project(let error): error.description
        case .nothingToShow(let source):
            "\(source): nothing to preview (no frame sequence, GIF, APNG, WebP or sprite sheet found)"
        case .output(let error): error.description
        case .write(let path, let reason): "\(path): could not write the preview page: \(reason)"
        case .cancelled: "cancelled; the preview page was not written"
        case .serve(let port, let reason): "could not serve the preview on 127.0.0.1:\(port): \(reason); choose another port (PreviewServer.init(job:port:))"
        }
    }
}
