import Animated
import Basics
import Foundation

/// What a render into a folder is made from, apart from its scale: recorded with its frames
/// (Basics' `OutputSet.origin`), so that a run at one scale tells the frames another scale's run
/// left from another version of the scene (fresh eyes 43 #3: `render --scale 2`, the scene
/// changed, `render --scale 1` left the old @2x frames, same count and size, without a word).
extension RenderJob {
    /// A digest of the scene file `path` (without its `scale`, which only picks the @Nx of one
    /// drawing), every file it reads (`inputs`), and the timing written (`fps`, `repeatCount`);
    /// `nil` when one of them cannot be read (the render itself says why).
    static func origin(scene path: String, inputs: [String], fps: Double, repeatCount: Int) -> String? {
        guard let bytes = try? FileIO.readAll(path) else { return nil }
        var scene = bytes
        if var object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] {
            object["scale"] = nil
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) { scene = Array(data) }
        }
        var crc: UInt32 = 0, length = 0
        func add(_ piece: [UInt8]) {
            crc = piece.withUnsafeBufferPointer { Zlib.crc32($0, start: crc) }
            length += piece.count
        }
        add(scene)
        // Every scale's variant of each file read, whichever scale read it: `img@2x.png` at @2x,
        // `img.png` at @1x — one version of the files gives one origin at every scale.
        // A sequence's timing is read with its frames: its folder's sequence.json counts too.
        let timings = inputs.filter { FrameFile(path: $0).map { !$0.numberText.isEmpty } == true }
            .map { FileIO.parentDirectory(of: $0) + "/" + SequenceManifest.fileName }.filter { FileIO.fingerprint(of: $0) != nil }
        for input in Set(inputs.flatMap(Self.scaleVariants(of:)) + timings).sorted() {
            guard let file = try? FileIO.readAll(input) else { return nil }
            add(Array(FileIO.lastComponent(of: input).utf8) + [0])
            add(file)
        }
        add(Array("fps \(fps) repeat \(repeatCount)".utf8))
        return "crc32 " + String(crc, radix: 16) + " " + String(length)
    }

    /// `path` and its @1x…@3x variants beside it that exist (`img.png`, `img@2x.png`, `img@3x.png`).
    static func scaleVariants(of path: String) -> [String] {
        let name = ImageFileName(path: path), folder = FileIO.parentDirectory(of: path)
        let variants = ImageFileName.scaleRange.map { scale in
            (folder == "." && !path.hasPrefix("./") ? "" : folder + "/") + name.stem + (scale == 1 ? "" : "@\(scale)x")
                + (name.device.map { "~" + $0 } ?? "") + (name.pathExtension.isEmpty ? "" : "." + name.pathExtension)
        }
        return [path] + variants.filter { $0 != path && FileIO.fingerprint(of: $0) != nil }
    }

    /// The warnings for frames at other scales in `folder` (of the sequence `owner`, this run's
    /// set) that a run from another `origin` wrote: read with these by every reader of the
    /// folder at their scale, though they show another version of the scene.
    static func otherScalesWarnings(folder: String, owner: String, origin: String, scene: String) -> [String] {
        OutputSet.origins(ofOtherScalesOf: owner, in: folder).sorted { $0.key < $1.key }.compactMap { scale, other in
            guard let other, other != origin else { return nil }
            return "\(folder) still holds its frames at @\(scale)x from an earlier render of another scene than \(scene) is now "
                + "(or of other files it reads), which readers take at @\(scale)x: render it at @\(scale)x again, or remove them"
        }
    }
}
