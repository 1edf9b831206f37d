import Animated
import Basics
import Raster
import Text

/// Why a scene file (``SceneFile``) could not be read: each case names the file and the key path
/// of the value at fault (`sky.json: layers[0].animations[1]: …`), so a caller can switch over the
/// stage and a user can find the line.
public enum SceneFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON, a key the scene does not have (with the nearest known key), a missing key, a value
    /// of the wrong type or out of range: Basics' `SchemaError`, naming the file and key path.
    case schema(SchemaError)
    /// An animation's or a layer's timing that Core Animation's model cannot give a meaning to (a
    /// negative duration, key times out of order, `repeatCount` with `repeatDuration`), at `path`.
    case timing(file: String, path: InputPath, TimingError)
    /// An image or sequence named by a path that leaves the scene's folder: absolute, with a `..`
    /// component, or a symbolic link (or a folder on the way) that leads out.
    case outsideFolder(file: String, path: InputPath, name: String)
    /// An image or sequence that is not there (at any `@Nx` scale).
    case missingFile(file: String, path: InputPath, name: String)
    /// An image that could not be decoded, or is larger than the pixel limit.
    case image(file: String, path: InputPath, PNG.DecodeError)
    /// A frame sequence that `Animation.load` could not read (no frames, a broken `sequence.json`,
    /// an unreadable GIF), or whose timing is out of range.
    case sequence(file: String, path: InputPath, Animation.LoadError)
    /// A frame sequence whose timing has no frame for some moment (a duration of 0).
    case playback(file: String, path: InputPath, Animation.PlaybackError)
    /// A text layer's font is not a font (or cannot be read, or is over
    /// `FontLoader.maximumBytes`), or its string is over ``SceneFile/maximumTextLength``:
    /// Text's `TextError` says which, at `path`.
    case text(file: String, path: InputPath, TextError)
    /// More layers in all (spawned copies included) than a scene may hold.
    case tooManyLayers(file: String, count: Int, maximum: Int)
    /// Sublayers or masks nested deeper than a scene may nest them.
    case tooDeep(file: String, path: InputPath, maximum: Int)
    /// A layer tree that cannot be drawn (a spawn of too many copies, a value out of range found
    /// when the tree is checked as a whole).
    case composition(file: String, CompositionError)
    /// The files given with a scene in memory name one file twice with different bytes, or in two
    /// Unicode normalisations (Animated's `Discovery.Error`): which one the scene means cannot be
    /// told, as every reader of an upload refuses it.
    case files(Discovery.Error)
    /// The scene asks for more than the resource limits allow: a canvas over `maxPixels`, more
    /// frames than `maxFrames`, frames × pixels over `maxOutputPixels`, path data over
    /// `maxPathSegments`.
    case limit(LimitError)

    /// `path` with each run of three or more equal steps (`.sublayers[0]`) given once, with its
    /// count: `layers[0].sublayers[0] ×63`.
    static func shortened(_ path: String) -> String {
        var steps: [Substring] = []
        var rest = Substring(path)
        while let dot = rest.dropFirst().firstIndex(of: ".") {
            steps.append(rest[..<dot])
            rest = rest[dot...]
        }
        steps.append(rest)
        var text = "", index = 0
        while index < steps.count {
            var run = 1
            while index + run < steps.count, steps[index + run] == steps[index] { run += 1 }
            text += run >= 3 ? "\(steps[index]) ×\(run)" : steps[index ..< index + run].joined()
            index += run
        }
        return text
    }

    /// What is wrong, naming the file and the key path.
    public var description: String {
        func at(_ file: String, _ path: InputPath) -> String { path.isRoot ? file : "\(file): \(path)" }
        switch self {
        case .schema(let error): return error.description
        case .timing(let file, let path, let error): return "\(at(file, path)): \(error.sceneDescription)"
        case .outsideFolder(let file, let path, let name) where name.isEmpty && path.components.last != .key("sequence")
            && path.components.last != .key("source"):
            // An empty image, font or chrome name: no file at all (a sequence's empty source is said below).
            return "\(at(file, path)): an empty name (\"\") names no file: give the file's name, relative to the scene's folder"
        case .outsideFolder(let file, let path, let name) where ["", ".", "./"].contains(name):
            // The scene's own folder is not outside it, but it holds the scene (and, often, the outputs).
            return "\(at(file, path)): \(InputPath.quote(name)) is the scene's own folder, which holds the scene itself: name a folder of "
                + "frames beside the scene, a prefix path in it, or a GIF, APNG or WebP"
        case .outsideFolder(let file, let path, let name):
            return "\(at(file, path)): \(InputPath.quote(name)) is outside the scene's folder (absolute, with .., or a link that leads out); "
                + "images and sequences are read only from the scene file's folder and the folders below it: copy it there"
        case .missingFile(let file, let path, let name):
            // One wording for a scene on disk and one in memory (RenderJob's files given with it).
            // Fonts have no @Nx variants to look for.
            let variants = path.components.last == .key("font") ? "" : " (nor any @Nx variant)"
            return "\(at(file, path)): \(InputPath.quote(name)) was not found beside the scene\(variants): "
                + "names are relative to the scene file's folder, or to the files given with a scene in memory"
        case .image(let file, let path, let error): return "\(at(file, path)): \(error)"
        // A scene has no setting to keep one of two files for a frame number: only renaming helps.
        case .sequence(let file, let path, let error):
            return "\(at(file, path)): " + "\(error)".replacingOccurrences(of: " " + Discovery.keepOneHint, with: "")
        case .playback(let file, let path, let error): return "\(at(file, path)): \(error)"
        case .text(let file, let path, .tooLong(let length, let maximum)):
            return "\(at(file, path)): the text is \(length) UTF-16 units long; a scene's text layer takes at most \(maximum): "
                + "split it over several layers"
        case .text(let file, let path, let error): return "\(at(file, path)): \(error)"
        case .tooManyLayers(let file, let count, let maximum):
            return "\(file): the scene holds \(count) layers (spawned copies included), more than the \(maximum) a scene may hold"
        case .tooDeep(let file, let path, let maximum):
            // A run of one step said once with its count (`sublayers[0]` 63 times made a line of 900 characters).
            return "\(file): \(Self.shortened(path.description)): layers nest more than \(maximum) deep"
        case .composition(let file, let error): return "\(file): \(error)"
        case .limit(let error): return error.description
        case .files(let error): return error.description
        }
    }

    /// The resource limit this error reports, if it is one: a caller may raise that limit and retry.
    public var limitError: LimitError? {
        switch self {
        case .limit(let error), .composition(_, .limit(let error)): error
        case .image(_, _, let error): error.limit
        case .text(_, _, .limit(let error)): error
        case .sequence(_, _, let error): error.limitError
        default: nil
        }
    }
}
