import Basics
import Foundation
import Raster

/// Loads art for a canvas of a given scale the way UIKit's `UIImage(named:)` does: `rock.png`
/// means `rock@2x.png` on a 2x canvas when that file exists (else the nearest lower scale, else the
/// nearest higher one), and the bitmap keeps the scale of the file it came from.
public enum ImageLoader {
    /// Why art could not be loaded.
    public enum Error: Swift.Error, Sendable, CustomStringConvertible {
        /// No file for the name (as the scene gives it) at any scale, in `folder` (the scene's).
        case notFound(String, folder: String)
        /// The file could not be decoded.
        case unreadable(PNG.DecodeError)
        /// A folder without PNG images.
        case emptyFolder(String)
        /// No folder at this path (nothing there, or a file): it used to be reported as a folder
        /// without PNG images.
        case missingFolder(String)
        /// The name is absolute, climbs out of the folder with `..`, or its file (at the scale
        /// chosen) is a symbolic link, or lies in a linked folder, that leads out of it: a scene may
        /// only use art beside it (a scene from a pull request must not read other files of the machine).
        case outsideFolder(String)
        /// An image in a folder of images named at a scale no image is drawn at (`rock@9x.png`:
        /// Basics' `ImageFileName.drawingScaleRange`, 1…8): never taken as another scale.
        case scaleOutOfRange(path: String, scale: Int)
        /// The image a scene's operation names at `keyPath` (`ops[2].image`) in `file` could not be
        /// loaded, for `error` (``Scene/loadImages(in:maxPixels:)``).
        indirect case inScene(file: String, keyPath: String, Error)
        /// The image `name` of a folder of images (``loadFolder(_:scale:maxPixels:)``) is a
        /// symbolic link that leads out of `folder`: not read.
        case linkLeavesFolder(name: String, folder: String)

        /// What went wrong, naming the image.
        public var description: String {
            switch self {
            case .notFound(let name, let folder):
                let file = ImageFileName(path: name)
                return "\(folder == "." ? "" : folder + "/")\(name): image not found, nor \(file.stem)@2x.\(file.pathExtension.isEmpty ? "png" : file.pathExtension) "
                    + "or another @Nx variant; put the PNG beside the scene or correct the name the scene gives"
            case .unreadable(let error): return "\(error)"
            case .emptyFolder(let folder): return "no PNG images in \(folder)"
            case .missingFolder(let folder): return "\(folder) does not exist or is not a folder: give a folder of PNG images"
            case .outsideFolder(let name): return "image \(name) is outside the scene's folder (absolute, a URL, with .. however written, or a link that leads out); copy it beside the scene"
            case .inScene(let file, let keyPath, let error): return "\(file): \(keyPath): \(error)"
            case .linkLeavesFolder(let name, let folder):
                return "\(folder)/\(name) is a symbolic link that leads out of \(folder): images are read only from the folder given; copy the image into it"
            case .scaleOutOfRange(let path, let scale):
                let range = ImageFileName.drawingScaleRange
                return "\(path) is named @\(scale)x: images are drawn at @\(range.lowerBound)x…@\(range.upperBound)x; rename it or move it out of the folder"
            }
        }
    }

    /// Whether `name` stays inside the folder it is looked up in: relative, no URL, no `..`
    /// however written (`..\`, `%2e%2e/`), no drive (`c:s.png`) — the rule sheet pages keep
    /// (Basics' `WrittenPath`; round 66b: scenes took `..\secret\s.png` and `file:///…` as names).
    public static func isInsideFolder(_ name: String) -> Bool {
        WrittenPath.leaving(name) == nil
    }

    /// The file for `name` (relative to `directory`) best suited to `scale`; `nil` also for a name
    /// outside the folder (see ``isInsideFolder(_:)``).
    public static func path(for name: String, in directory: String, scale: Int) -> String? {
        guard isInsideFolder(name) else { return nil }
        let full = directory + "/" + name
        let file = ImageFileName(path: full)
        let folder = (full as NSString).deletingLastPathComponent
        let ext = file.pathExtension.isEmpty ? "png" : file.pathExtension
        // Each variant as spelt on disk: `café@2x.png` decomposed beside a composed `café.png` is
        // the @2x a scene naming `café.png` means (macOS finds it whatever the spelling; Linux
        // compares bytes, and upscaled the @1x without a word).
        var listing: [String]?
        func onDisk(_ path: String) -> String? {
            if FileManager.default.fileExists(atPath: path) { return path }
            let name = (path as NSString).lastPathComponent
            if listing == nil { listing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }
            // Swift's String == is canonical equivalence: one name in either normalisation.
            return listing?.first { $0 == name }.map { folder + "/" + $0 }
        }
        func variant(_ s: Int) -> String { folder + "/" + file.stem + (s == 1 ? "" : "@\(s)x") + "." + ext }
        // A name that already says its scale is taken as written.
        if file.scale != nil { return onDisk(full) }
        var found: [Int: String] = [:]
        for s in ImageFileName.drawingScaleRange { found[s] = onDisk(variant(s)) }
        return ImageFileName.scaleFallbackOrder(for: scale, available: found.keys.sorted()).first.flatMap { found[$0] }
    }

    /// The bitmap for `name` (relative to `directory`) best suited to `scale` (see ``path(for:in:scale:)``);
    /// a file of more than `maxPixels` pixels is refused before it is decoded.
    public static func load(_ name: String, in directory: String, scale: Int, maxPixels: Int = PNG.defaultMaxPixels) throws(Error) -> Bitmap {
        guard isInsideFolder(name) else { throw .outsideFolder(name) }
        guard let path = path(for: name, in: directory, scale: scale) else { throw .notFound(name, folder: directory) }
        // A link on the way (`art -> ../elsewhere`, `rock@2x.png -> /etc/…`) may not lead out either.
        if let realFolder = FileIO.resolvedPath(directory), let real = FileIO.resolvedPath(path),
           !(real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")) {
            // Named as the file that leads out (`rock@2x.png` for `rock.png` at scale 2).
            throw .outsideFolder(path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : name)
        }
        do {
            return try PNG.Decoder(maxPixels: maxPixels).decodeStillBitmap(file: path)   // an APNG is refused, not its first frame taken
        } catch {
            throw .unreadable(error)
        }
    }

    /// Refuses an output that ``loadFolder(_:scale:maxPixels:)`` of `folder` would read back as an
    /// image on the next run (`generate scatter --images rocks -o rocks/out.png` scattered its own
    /// earlier picture, and its `@2x`, as rocks): a PNG written into the folder, or frames written
    /// to the folder itself (`writesFolder`). Compared as the folders resolve (links, `./`).
    public static func checkNotReadBack(output: String, writesFolder: Bool, byLoading folder: String) throws(OutputError) {
        guard output != OutputName.standardOutput else { return }
        let written = writesFolder ? output : FileIO.parentDirectory(of: output)
        guard writesFolder || OutputName.pathExtension(output) == "png" else { return }
        guard written == folder || FileIO.isSameFile(written, folder) else { return }
        throw .unsupportedName(path: output, reason: "it would be written into \(folder), the folder of images read, and read back as "
                               + "an image by the next run; write it to another folder")
    }

    /// The bitmap for `name` in the folder at the file URL `directory`, as ``load(_:in:scale:maxPixels:)`` loads it from a path.
    public static func load(_ name: String, inFolderAt directory: URL, scale: Int, maxPixels: Int = PNG.defaultMaxPixels) throws(Error) -> Bitmap {
        try load(name, in: directory.filePathForFlipbook, scale: scale, maxPixels: maxPixels)
    }

    /// The images of the folder at the file URL `folder`, as ``loadFolder(_:scale:maxPixels:)`` loads them from a path.
    public static func loadFolder(url folder: URL, scale: Int, maxPixels: Int = PNG.defaultMaxPixels) throws(Error) -> (bitmaps: [Bitmap], paths: [String]) {
        try loadFolder(folder.filePathForFlipbook, scale: scale, maxPixels: maxPixels)
    }

    /// One bitmap per image in `folder` (variants of a name count once), in name order, and every
    /// PNG file of the folder (so a caller can refuse to overwrite one of them); each within
    /// `maxPixels`. An image named at a scale outside 1…8 (`rock@9x.png`) is refused
    /// (``Error/scaleOutOfRange(path:scale:)``).
    public static func loadFolder(_ folder: String, scale: Int, maxPixels: Int = PNG.defaultMaxPixels) throws(Error) -> (bitmaps: [Bitmap], paths: [String]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { throw .missingFolder(folder) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.lowercased().hasSuffix(".png") }
        if let odd = names.sorted().first(where: { ImageFileName(path: $0).scale.map { !ImageFileName.drawingScaleRange.contains($0) } ?? false }) {
            throw .scaleOutOfRange(path: "\(folder)/\(odd)", scale: ImageFileName(path: odd).scale ?? 0)
        }
        let stems = Set(names.map { ImageFileName(path: $0).stem }).sorted()
        guard !stems.isEmpty else { throw .emptyFolder(folder) }
        var images: [Bitmap] = []
        for stem in stems {
            do { images.append(try load(stem + ".png", in: folder, scale: scale, maxPixels: maxPixels)) } catch .outsideFolder(let name) {
                throw .linkLeavesFolder(name: name, folder: folder)
            }
        }
        return (images, names.sorted().map { "\(folder)/\($0)" })
    }
}
