import Animated
import Basics
import Foundation
import FrameGen
import Raster

/// An animated scene read from a JSON file (the format of `flipbook render`, specified in the
/// repository's `docs/Formats.md`, "Render scenes"): the canvas, how long it plays and at how many
/// frames a second, and a layer tree that maps one to one onto ``Layer`` and ``LayerAnimation``.
///
/// ```json
/// { "size": [320, 120], "background": "#87CEEB", "duration": 4, "fps": 25,
///   "layers": [ { "name": "gull", "sequence": { "source": "seagull", "duration": 1 },
///                 "bounds": [64, 32],
///                 "animations": [ { "property": "position", "from": [-40, 60], "to": [360, 60],
///                                   "duration": 4, "repeatCount": "infinity" } ] } ] }
/// ```
///
/// Reading is strict: a key the scene, a layer or an animation does not have is refused with the
/// nearest known key, a value of the wrong type or out of range names its key path, and a timing
/// Core Animation cannot give a meaning to is refused there too (``SceneFileError``). Images and
/// frame sequences are named by paths relative to the scene file's folder and read only from
/// inside it; from memory, they are files given beside the scene.
public struct SceneFile: Sendable {
    /// The canvas width in points (`size[0]`).
    public var width: Double
    /// The canvas height in points (`size[1]`).
    public var height: Double
    /// Pixels per point of the frames (`scale`, 1 by default, or the reader's `scale`).
    public var scale: Int
    /// What lies under the layers (`background`), or nil for clear.
    public var background: Color?
    /// Frames per second (`fps`, 30 by default, or the reader's `fps`).
    public var fps: Double
    /// How many frames are rendered: `frames`, or `duration × fps` rounded (at least 1). Frame `i`
    /// shows the scene at `i ÷ fps` seconds.
    public var frameCount: Int
    /// UIKit's repeat count of the animation written (`repeatCount`, 0 = forever by default).
    public var repeatCount: Int
    /// The tree: a layer the canvas's size at its centre, holding the file's `layers`.
    public var root: Layer
    /// The file the scene was read from (`scene.json` for data without a path), as errors name it.
    public var file: String
    /// The files the scene read (images, sequences, fonts), which no output may replace.
    public var inputFiles: [String]
    /// What its text layers read past, each said in a sentence naming the key: characters the font
    /// has no glyph for (drawn as its empty box), control characters (not drawn).
    public var warnings: [String] = []

    /// The most layers a scene holds in all, spawned copies included.
    public static let maximumLayers = 20_000
    /// The most bytes a scene file holds: far beyond a scene written by hand or by a tool (a
    /// keyframe list of 100 000 values is about 1 MiB), while reading it stays within a few
    /// hundred MiB of memory (a 6 MB file of 1 000 000 values takes 440 MB; a 40 MB one took 4 GB).
    public static let maximumFileBytes = 8 << 20
    /// The deepest the file's layers, sublayers and masks nest: one less than
    /// `LayerRenderer.maximumDepth`, as the canvas's root layer holds them.
    public static let maximumDepth = LayerRenderer.maximumDepth - 1
    /// The most frames per second (as `Animation.Timing` allows).
    public static let maximumFPS = 1000.0
    /// The most UTF-16 units one text layer's `string` holds: a caption, a label, a page of
    /// credits — far below what Text sets in one layout, so that a scene cannot hold the reader in
    /// shaping and line breaking for seconds.
    public static let maximumTextLength = 100_000
    /// The widest a text layer's `maxWidth` may be, in points.
    public static let maximumTextWidth = 100_000.0

    /// The scene in the file at `path`; its images and sequences are read from the file's folder.
    /// `scale` and `fps`, when given, replace the file's (the images are then read for that scale).
    /// - Throws: ``SceneFileError`` for the first problem found.
    public init(file path: String, scale: Int? = nil, fps: Double? = nil, limits: ResourceLimits = .default) throws(SceneFileError) {
        let read: (bytes: [UInt8], fileSize: Int)
        do throws(FileIO.Error) {
            // `/dev/stdin < scene.json` reads a file whose folder is unknown: its images would be looked for in /dev.
            if FileIO.namesDescriptor(path) { throw FileIO.descriptorNameError(path) }
            // No more than the most a scene holds, and one byte: a larger file is refused unread.
            read = try FileIO.readPrefix(path, limit: Self.maximumFileBytes + 1)
        } catch {
            throw .schema(SchemaError(file: path, path: .root, problem: .invalid(reason: "cannot be read (\(error.reason))")))
        }
        guard read.fileSize <= Self.maximumFileBytes, read.bytes.count <= Self.maximumFileBytes else {
            throw Self.tooLarge(file: path, bytes: max(read.fileSize, read.bytes.count))
        }
        let bytes = read.bytes
        let folder = FileIO.parentDirectory(of: path)
        try self.init(json: bytes, file: path, assets: .folder(folder.isEmpty ? "." : folder), scale: scale, fps: fps, limits: limits)
    }

    /// The scene in the file at the file URL `url` (see ``init(file:scale:fps:limits:)``).
    public init(url: URL, scale: Int? = nil, fps: Double? = nil, limits: ResourceLimits = .default) throws(SceneFileError) {
        try self.init(file: url.filePathForFlipbook, scale: scale, fps: fps, limits: limits)
    }

    /// The scene in `json`, named `file` in errors, its images and sequences taken from `files` by
    /// their names relative to the scene (`seagull/seagull1.png`, `boom.gif`), as they would lie
    /// beside it on disk; nothing is read from disk.
    /// - Throws: ``SceneFileError`` for the first problem found: ``SceneFileError/files(_:)`` for a
    ///   name given twice with different bytes, or in two Unicode normalisations.
    public init(json: [UInt8], file: String = "scene.json", files: [InMemoryFile], scale: Int? = nil, fps: Double? = nil,
                limits: ResourceLimits = .default) throws(SceneFileError) {
        let files = try Result { () throws(Discovery.Error) in try Upload.normalized(files) }.mapError(SceneFileError.files).get()
        try self.init(json: json, file: file, assets: .memory(files), scale: scale, fps: fps, limits: limits)
    }

    init(json: [UInt8], file: String, assets: SceneAssets, scale: Int?, fps: Double?, limits: ResourceLimits) throws(SceneFileError) {
        guard json.count <= Self.maximumFileBytes else { throw Self.tooLarge(file: file, bytes: json.count) }
        var reader = SceneReader(file: file, assets: assets, limits: limits)
        self = try reader.read(json, scale: scale, fps: fps)
    }

    init(width: Double, height: Double, scale: Int, background: Color?, fps: Double, frameCount: Int, repeatCount: Int, root: Layer,
         file: String, inputFiles: [String], warnings: [String] = []) {
        self.width = width; self.height = height; self.scale = scale; self.background = background; self.fps = fps
        self.frameCount = frameCount; self.repeatCount = repeatCount; self.root = root; self.file = file; self.inputFiles = inputFiles
        self.warnings = warnings
    }

    /// The renderer of the tree on the canvas, for ``frameCount`` frames (``LayerRenderer/frameCount``).
    /// - Throws: ``SceneFileError/composition(file:_:)`` for a tree `LayerRenderer` refuses.
    public func renderer(limits: ResourceLimits = .default) throws(SceneFileError) -> LayerRenderer {
        do {
            var renderer = try LayerRenderer(root: root, width: width, height: height, scale: scale, background: background, limits: limits)
            renderer.frameCount = frameCount   // each frame's share of limits.maxDrawingWork
            renderer.frameInterval = 1 / fps   // what a streamed sequence's frames are charged by
            return renderer
        } catch .limit(var error) {
            // Named by the scene's file, and what in it to change: its size, its scale.
            error.subject = "\(file): \(error.subject)"
            error.detail = error.detail?.replacingOccurrences(of: "a smaller size or scale needs less",
                                                              with: "a smaller size in the scene or a lower scale (RenderJob.scale) needs less")
            throw .limit(error)
        } catch {
            throw .composition(file: file, error)
        }
    }

    /// The moment frame `index` shows, in seconds.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The error for a scene file of `bytes` bytes, over ``maximumFileBytes``.
    private static func tooLarge(file: String, bytes: Int) -> SceneFileError {
        .schema(SchemaError(file: file, path: .root, problem: .invalid(
            reason: "is \(bytes) bytes: a scene file holds at most \(maximumFileBytes >> 20) MiB, far beyond any scene written by hand "
                + "or by a tool; split long keyframe lists or spawn copies instead of listing them")))
    }
}
