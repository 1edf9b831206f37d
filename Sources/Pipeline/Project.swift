import Basics
import Foundation

/// A project file (`flipbook.json`): named targets, each a source and an output, built by
/// ``BuildJob`` in dependency order and only when something they read changed.
///
/// ```json
/// {
///   "defaults": { "assemble": { "fps": 24 } },
///   "targets": {
///     "explosion": { "assemble": "Sequences/explosion", "output": "build/explosion.gif" },
///     "fx-sheet": { "sheet": ["Sequences/explosion", "Sequences/fire"], "output": "build/fx.png", "engine": "phaser3" },
///     "check": { "validate": "Sequences", "output": "build/validation.sarif" }
///   }
/// }
/// ```
///
/// Paths are relative to the project file's folder and stay inside it, so a project builds the
/// same on every machine and its state (`.flipbook-build/state.json`) names files the same way everywhere. The
/// schema is strict: an unknown key is an error that suggests the nearest known one.
/// `docs/Pipelines.md` lists every key.
public struct Project: Sendable {
    /// The project file, as named when read.
    public var file: String
    /// The folder its paths are relative to (the project file's folder).
    public var folder: String
    /// The targets, by name (sorted).
    public var targets: [Target]

    /// The usual name of a project file.
    public static let fileName = "flipbook.json"
    /// The folder under ``folder`` where the build keeps its state.
    public static let stateFolder = ".flipbook-build"

    /// A project of `targets` whose paths are relative to `folder`.
    public init(file: String, folder: String, targets: [Target]) {
        self.file = file
        self.folder = folder
        self.targets = targets.sorted { $0.name < $1.name }
    }

    /// Reads the project file at `file` (its folder is the project's folder).
    public static func read(file: String) throws(ProjectError) -> Project {
        let bytes: [UInt8]
        do { bytes = try FileIO.readAll(file) } catch { throw .read(error) }
        return try Project(bytes: bytes, file: file, folder: FileIO.parentDirectory(of: file))
    }

    /// Reads the project file at the file URL `url`.
    public static func read(url: URL) throws(ProjectError) -> Project {
        try read(file: url.filePathForFlipbook)
    }

    /// The project file `bytes`, named `file` in messages, whose paths are relative to `folder`.
    public init(bytes: [UInt8], file: String, folder: String) throws(ProjectError) {
        var reader = ProjectReader(file: file, folder: folder)
        let targets = try reader.read(bytes)
        self.init(file: file, folder: folder, targets: targets)
        try BuildGraph.check(self)
    }

    /// The target named `name`, if any.
    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// `path`, relative to ``folder``, as a path to open from the working directory.
    public func onDisk(_ path: String) -> String {
        folder == "." || folder.isEmpty ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    }
}
