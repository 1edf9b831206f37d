import Animated
import Basics
import Foundation
import FrameGen
import Raster
import Text

/// Where a scene's images and sequences come from: the scene file's folder on disk, or files in
/// memory named relative to the scene. Either way a name that leaves the folder is refused.
enum SceneAssets: Sendable {
    /// The folder of the scene file.
    case folder(String)
    /// Files given beside the scene, by name.
    case memory([InMemoryFile])

    /// Why an asset was not found or read.
    enum Failure: Error {
        /// Outside the scene's folder: `file`, when another file than the name given leads out
        /// (`rock@2x.png`, a link, read at scale 2 for `rock.png`).
        case outside(file: String? = nil)
        case missing
        case image(PNG.DecodeError)
        case sequence(Animation.LoadError)
        /// A font file that cannot be read or is not a font.
        case font(TextError)
    }

    /// Whether `name` stays inside the folder by its spelling: relative, without `..`, naming a file.
    static func isInside(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains(0) && ImageLoader.isInsideFolder(name) && !name.hasPrefix("~")
    }

    /// The image `name` for `scale` (`rock.png` is `rock@2x.png` at scale 2 when that exists) and the file it came from.
    func image(_ name: String, scale: Int, limits: ResourceLimits) throws(Failure) -> (bitmap: Bitmap, path: String) {
        guard Self.isInside(name) else { throw .outside() }
        switch self {
        case .folder(let folder):
            do {
                let bitmap = try ImageLoader.load(name, in: folder, scale: scale, maxPixels: limits.maxPixels)
                return (bitmap, ImageLoader.path(for: name, in: folder, scale: scale) ?? folder + "/" + name)
            } catch {
                switch error {
                case .outsideFolder(let file): throw .outside(file: file)
                case .unreadable(let error): throw .image(error)
                default: throw .missing
                }
            }
        case .memory(let files):
            let byName = Dictionary(files.map { (InMemoryFile.normalizedName($0.name), $0) }, uniquingKeysWith: { first, _ in first })
            let wanted = InMemoryFile.normalizedName(name)
            let file = ImageFileName(path: wanted)
            let ext = file.pathExtension.isEmpty ? "png" : file.pathExtension
            let folder = (wanted as NSString).deletingLastPathComponent
            func variant(_ s: Int) -> String { (folder.isEmpty ? "" : folder + "/") + file.stem + (s == 1 ? "" : "@\(s)x") + "." + ext }
            let chosen: String?
            if file.scale != nil {
                chosen = byName[wanted] == nil ? nil : wanted
            } else {
                let present = (1...9).filter { byName[variant($0)] != nil }
                chosen = ImageFileName.scaleFallbackOrder(for: scale, available: present).first.map(variant)
            }
            guard let chosen, let found = byName[chosen] else { throw .missing }
            do {
                return (try PNG.Decoder(maxPixels: limits.maxPixels).decodeStillBitmap(found.bytes, file: found.name), found.name)
            } catch {
                throw .image(error)
            }
        }
    }

    /// The decoded frames of one GIF, APNG or WebP a scene holds in memory: up to this many bytes
    /// (and `limits.maxDecodedBytes`) they are decoded once and kept (a sequence loops and is drawn
    /// again and again); a larger file is streamed, each frame decoded as it is drawn and not held
    /// (Animated's `FrameStream`).
    static let heldFrameBytes = 64 << 20

    /// The frame sequence `name` (a folder, a prefix, a GIF, APNG or WebP) read as `Animation.load`
    /// reads it, for `scale`; an animated file's frames decoded and held up to ``heldFrameBytes``,
    /// else streamed. `files` are the files on disk it was read from — the frames, or the GIF,
    /// APNG or WebP — which an output must never replace.
    func sequence(_ name: String, scale: Int, limits: ResourceLimits) throws(Failure) -> (animation: Animation, files: [String]) {
        let animation = try loadSequence(name, scale: scale, limits: limits)
        var files = animation.sourceFiles
        if case .folder = self, case .streamed(let stream, _)? = animation.frames.first { files.append(stream.file) }
        let budget = Double(min(Self.heldFrameBytes, limits.maxDecodedBytes))
        guard case .streamed(let stream, _)? = animation.frames.first,
              Double(stream.count) * Double(stream.width) * Double(stream.height) * 4 <= budget else {
            return (animation, files)
        }
        var held = animation
        do { held.frames = try animation.frames.map { frame throws(PNG.DecodeError) in .bitmap(try frame.load()) } } catch { throw .image(error) }
        stream.release()
        return (held, files)
    }

    private func loadSequence(_ name: String, scale: Int, limits: ResourceLimits) throws(Failure) -> Animation {
        guard Self.isInside(name) else { throw .outside() }
        switch self {
        case .folder(let folder):
            let path = folder == "." ? Self.trimmed(name) : folder + "/" + Self.trimmed(name)
            // A link on the way may not lead out: the file or folder itself, else the folder holding a prefix.
            if let realFolder = FileIO.resolvedPath(folder) {
                let inside = realFolder.hasSuffix("/") ? realFolder : realFolder + "/"
                let real = FileIO.resolvedPath(path) ?? FileIO.resolvedPath(FileIO.parentDirectory(of: path)).map { $0 + "/" }
                if let real, !real.hasPrefix(inside) { throw .outside() }
                // A frame of the folder that links out is refused by Discovery, naming the frame
                // (`seq/gold_3.png is a symbolic link to …`), not the folder.
            }
            do { return try Animation.load([path], scale: scale, limits: limits, streaming: true) } catch { throw .sequence(error) }
        case .memory(let files):
            let wanted = InMemoryFile.normalizedName(Self.trimmed(name))
            if let file = files.first(where: { InMemoryFile.normalizedName($0.name) == wanted }) {
                do { return try Animation.load(files: [file], scale: scale, limits: limits, streaming: true) } catch { throw .sequence(error) }
            }
            let inFolder = files.compactMap { file -> InMemoryFile? in
                let normal = InMemoryFile.normalizedName(file.name)
                guard normal.hasPrefix(wanted + "/") else { return nil }
                return InMemoryFile(name: String(normal.dropFirst(wanted.count + 1)), bytes: file.bytes)
            }
            guard !inFolder.isEmpty else { throw .missing }
            do { return try Animation.load(files: inFolder, scale: scale, limits: limits, streaming: true) } catch { throw .sequence(error) }
        }
    }

    /// The font file `name` (as ``FontLoader`` reads it from a folder) and the file it came from.
    func font(_ name: String) throws(Failure) -> (font: Font, path: String) {
        guard Self.isInside(name) else { throw .outside() }
        switch self {
        case .folder(let folder):
            do { return try FontLoader.load(name, in: folder) } catch {
                switch error {
                case .outsideFolder: throw .outside()
                case .notFound: throw .missing
                case .unreadable(let error): throw .font(error)
                }
            }
        case .memory(let files):
            let wanted = InMemoryFile.normalizedName(name)
            guard let file = files.first(where: { InMemoryFile.normalizedName($0.name) == wanted }) else { throw .missing }
            guard file.bytes.count <= FontLoader.maximumBytes else {
                throw .font(.fontUnreadable(file: file.name, reason: "\(file.bytes.count) bytes, more than the "
                                            + "\(FontLoader.maximumBytes >> 20) MiB a font file may have"))
            }
            do { return (try Font(bytes: file.bytes, name: file.name), file.name) } catch { throw .font(error) }
        }
    }

    /// `name` without a trailing slash (`explosion/` is the folder `explosion`).
    private static func trimmed(_ name: String) -> String {
        var name = name
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        return name
    }
}
