import Basics
import Foundation
import Text

/// Reads the font files a scene names, by the rules images follow (``ImageLoader``): a name is
/// relative to the scene's folder, without `..`, and no link on the way leads out; a file over
/// ``maximumBytes`` is refused before it is read whole.
///
/// ```swift
/// let (fonts, paths) = try FontLoader.load(scene.fontNames, in: "Scenes")
/// let bitmap = try scene.render(images: images, fonts: fonts)
/// ```
public enum FontLoader {
    /// Why a font file was not read.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// No file by that name in the folder.
        case notFound(String, folder: String)
        /// Absolute, with a `..` component, or a link (or a folder on the way) that leads out.
        case outsideFolder(String)
        /// The file is a folder, cannot be read, is over ``FontLoader/maximumBytes``, or is not a
        /// scalable TrueType or OpenType font: Text's `TextError.fontUnreadable` says which.
        case unreadable(TextError)

        /// What went wrong, naming the font.
        public var description: String {
            switch self {
            case .notFound(let name, let folder): "font \(name) not found in \(folder) (font paths are relative to the scene file's folder)"
            case .outsideFolder(let name):
                "font \(name) is outside the scene's folder (absolute, with .., or a link that leads out); copy it beside the scene"
            case .unreadable(let error): error.description
            }
        }
    }

    /// The largest font file read, in bytes (64 MiB: the largest CJK fonts are about 20).
    public static let maximumBytes = 64 << 20

    /// The font file `name` in the folder at the file URL `directory`, as `load(_:in:)` reads it from a path (one font).
    public static func load(_ name: String, inFolderAt directory: URL) throws(Error) -> (font: Font, path: String) {
        try load(name, in: directory.filePathForFlipbook)
    }

    /// The font file `name` in `directory`, and its path.
    /// - Throws: ``Error`` as its cases say.
    public static func load(_ name: String, in directory: String) throws(Error) -> (font: Font, path: String) {
        guard !name.isEmpty, !name.utf8.contains(0), !name.hasPrefix("~"), ImageLoader.isInsideFolder(name) else { throw .outsideFolder(name) }
        let path = directory + "/" + name
        if FileIO.isDirectory(path) { throw .unreadable(.fontUnreadable(file: path, reason: "it is a folder; give a TTF or OTF file")) }
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(name, folder: directory) }
        // A link on the way (`fonts -> ../elsewhere`, `Inter.ttf -> /etc/…`) may not lead out either.
        if let realFolder = FileIO.resolvedPath(directory), let real = FileIO.resolvedPath(path),
           !real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/") {
            throw .outsideFolder(name)
        }
        let read: (bytes: [UInt8], fileSize: Int)
        do { read = try FileIO.readPrefix(path, limit: maximumBytes + 1) } catch {
            throw .unreadable(.fontUnreadable(file: path, reason: "cannot be read (\(error.reason))"))
        }
        guard read.fileSize <= maximumBytes, read.bytes.count <= maximumBytes else {
            throw .unreadable(.fontUnreadable(file: path, reason: "\(max(read.fileSize, read.bytes.count)) bytes, more than the "
                                              + "\(maximumBytes >> 20) MiB a font file may have"))
        }
        do { return (try Font(bytes: read.bytes, name: path), path) } catch { throw .unreadable(error) }
    }

    /// The fonts `scene`'s text ops name, read from `directory` (the scene file's folder) as
    /// `load(_:in:)` reads each, once by name, and the files read. An error names the scene file
    /// and the first op naming the font (`hero.json: ops[0].font: …`), as `render` names a layer's.
    /// - Throws: `SceneError.font(at:_:)` for the first font that cannot be read.
    public static func load(for scene: Scene, in directory: String) throws(SceneError) -> (fonts: [String: Font], paths: [String]) {
        var fonts: [String: Font] = [:], paths: [String] = []
        for (index, op) in scene.operations.enumerated() {
            guard case .text(let label) = op, let name = label.font, fonts[name] == nil else { continue }
            do {
                let loaded = try load(name, in: directory)
                fonts[name] = loaded.font
                paths.append(loaded.path)
            } catch {
                throw .font(at: "\(scene.file): ops[\(index)].font", error)
            }
        }
        return (fonts, paths)
    }

    /// The fonts `names` in `directory`, each read once, by name, and the files read.
    /// - Throws: ``Error`` for the first that cannot be read.
    public static func load(_ names: some Sequence<String>, in directory: String) throws(Error) -> (fonts: [String: Font], paths: [String]) {
        var fonts: [String: Font] = [:], paths: [String] = []
        for name in names where fonts[name] == nil {
            let loaded = try load(name, in: directory)
            fonts[name] = loaded.font
            paths.append(loaded.path)
        }
        return (fonts, paths)
    }
}
