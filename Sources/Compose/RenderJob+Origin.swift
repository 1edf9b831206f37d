import Animated
import Basics
import Foundation

/// What a render into a folder is made from, apart from its scale: recorded with its frames
/// (Basics' `OutputSet.origin`), so that a run at one scale tells the frames another scale's run
/// left from another version of the scene (fresh eyes 43 #3: `render --scale 2`, the scene
/// changed, `render --scale 1` left the old @2x frames, same count and size, without a word).
///
/// The record is text: a first line `render-origin 2 <crc> <length>`, a digest of what every
/// scale shares (the scene without its `scale`, the timing written, the `sequence.json` of each
/// sequence read), then one line `<crc> <length> <path>` for each file this scale read, its path
/// from the output folder. Another scale's frames are from another version when the first line
/// differs or one of the files they read changed since — not when a file only another scale
/// reads changed (`rock@3x.png` leaves the @1x and @2x frames as they are: fresh eyes 46 E).
extension RenderJob {
    /// The record's first word and version; a record without it (an earlier version's digest)
    /// is compared with nothing.
    static let originHeader = "render-origin 2"

    /// The origin of a render of the scene file `path` into `folder`, which read `inputs` (as
    /// opened) and writes `fps` and `repeatCount`; `nil` when one of them cannot be read (the
    /// render itself says why).
    static func origin(scene path: String, inputs: [String], fps: Double, repeatCount: Int, folder: String) -> String? {
        guard let bytes = try? FileIO.readAll(path) else { return nil }
        var scene = bytes
        if var object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] {
            object["scale"] = nil
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) { scene = Array(data) }
        }
        var shared = Digest()
        shared.add(scene)
        // A sequence's timing is read with its frames at every scale: its folder's sequence.json counts for all.
        let timings = Set(inputs.filter { FrameFile(path: $0).map { !$0.numberText.isEmpty } == true }
            .map { FileIO.parentDirectory(of: $0) + "/" + SequenceManifest.fileName }.filter { FileIO.fingerprint(of: $0) != nil })
        for timing in timings.sorted() {
            guard let file = try? FileIO.readAll(timing) else { return nil }
            shared.add(Array(FileIO.lastComponent(of: timing).utf8) + [0])
            shared.add(file)
        }
        shared.add(Array("fps \(fps) repeat \(repeatCount)".utf8))
        var lines = [originHeader + " " + shared.text]
        let from = absolute(folder)
        for input in Set(inputs).sorted() {
            guard let digest = Digest(file: input) else { return nil }
            lines.append(digest.text + " " + FileIO.relativePath(of: absolute(input), from: from))
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `recorded`, another scale's origin in `folder`, is from the same version as
    /// `current`, this run's: the same shared digest, and every file it read as it was then.
    /// A record of an earlier version's form says nothing either way: `true`.
    static func sameVersion(_ recorded: String, as current: String, folder: String) -> Bool {
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix(originHeader + " ") else { return true }
        guard first == current.split(separator: "\n", omittingEmptySubsequences: false).first else { return false }
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let digest = Digest(file: folder + "/" + parts[2]), digest.text == parts[0] + " " + parts[1] else { return false }
        }
        return true
    }

    /// The warnings for frames at other scales in `folder` (of the sequence `owner`, this run's
    /// set) that a run from another version wrote: read with these by every reader of the
    /// folder at their scale, though they show another version of the scene.
    static func otherScalesWarnings(folder: String, owner: String, origin: String, scene: String) -> [String] {
        OutputSet.origins(ofOtherScalesOf: owner, in: folder).sorted { $0.key < $1.key }.compactMap { scale, other in
            guard let other, !sameVersion(other, as: origin, folder: folder) else { return nil }
            return "\(folder) still holds its frames at @\(scale)x from an earlier render of another scene than \(scene) is now "
                + "(or of other files it reads), which readers take at @\(scale)x: render it at @\(scale)x again, or remove them"
        }
    }

    /// `path` from the root, `.` and `..` taken away by name (links are not resolved: the
    /// folder and the files it reads are spelt the same way, so their relative path holds).
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// A CRC-32 and a length of bytes read.
    private struct Digest {
        var crc: UInt32 = 0, length = 0

        init() {}

        /// The digest of the file at `path`; `nil` when it cannot be read.
        init?(file path: String) {
            guard let bytes = try? FileIO.readAll(path) else { return nil }
            add(bytes)
        }

        mutating func add(_ piece: [UInt8]) {
            crc = piece.withUnsafeBufferPointer { Zlib.crc32($0, start: crc) }
            length += piece.count
        }

        var text: String { String(crc, radix: 16) + " " + String(length) }
    }
}
