import Animated
import Basics
import Foundation
import Raster

/// What a folder's frames at one scale are made from, apart from the scale: recorded with them
/// (Basics' `OutputSet.origin`), so that a run at one scale tells the frames another scale's run
/// left from another version (fresh eyes 43 #3: `render --scale 2`, the scene changed, `render
/// --scale 1` left the old @2x frames, same count and size, without a word).
///
/// The record is text: a first line `<kind>-origin 4 <crc> <length>`, a digest of what every scale
/// shares (a scene without its `scale`, a generator's settings, the timing written, and which
/// files there are to read, by their names without a scale), then one line
/// `<crc> <length> <scales> <path>` for each file this scale read: its path from the folder the
/// run names its files from (a scene's folder, the images' folder: never the output folder, so the
/// record stays true when the output folder is moved), and the scales its variants lay at then (`1,2`). Another scale's frames are from
/// another version when the first line differs, one of the files they read changed since, or a
/// variant added or taken away makes their scale read another file now (`rock@3x.png` added where
/// @3x fell back to `rock@2x.png`) — never for a file or variant only another scale reads
/// (`rock@3x.png` changed or added leaves the @1x and @2x frames as they are: fresh eyes 46 E, 49 #2).
package struct FrameOrigin {
    /// What made the frames (`render`, `generate`), the first word of the record.
    private let kind: String
    private var shared = Digest()
    private var files: [String] = []

    /// An origin of frames made by `kind`.
    package init(kind: String) { self.kind = kind }

    /// Adds `bytes` to what every scale shares.
    package mutating func add(_ bytes: [UInt8]) { shared.add(bytes) }

    /// Adds `text` to what every scale shares.
    package mutating func add(_ text: String) { shared.add(Array(text.utf8) + [0]) }

    /// Adds the settings of `value` (a generator: its type and each stored property, by
    /// reflection) to what every scale shares, but for those named in `leavingOut` and images
    /// (bitmaps are drawn for one scale; the files they came from are ``read(_:)``).
    package mutating func add(settingsOf value: Any, leavingOut: Set<String>) {
        add(String(reflecting: type(of: value)))
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, !leavingOut.contains(label), !(child.value is Bitmap), !(child.value is [Bitmap]) else { continue }
            add(label + "=" + String(reflecting: child.value))
        }
    }

    /// Adds the file `path` (as opened), read at this scale only.
    package mutating func read(_ path: String) { files.append(path) }

    /// The record of frames whose files read are named from the folder `base` (the scene's, for a
    /// render); `nil` when a file read cannot be read now (the run itself says why, or records
    /// nothing to compare).
    package func record(base: String) -> String? {
        let from = Self.absolute(base)
        // Which files there are to read, at every scale alike: a frame or image added or taken
        // away changes what every scale draws.
        var everyScale = shared
        for name in Set(files.map { Self.spelled($0, scale: 1) }).sorted() {
            everyScale.add(Array(FileIO.relativePath(of: Self.absolute(name), from: from).utf8) + [0])
        }
        var lines = ["\(kind)-origin 4 " + everyScale.text]
        for input in Set(files).sorted() {
            guard let digest = Digest(file: input) else { return nil }
            let scales = Self.scales(of: input).map(String.init).joined(separator: ",")
            lines.append(digest.text + " " + scales + " " + FileIO.relativePath(of: Self.absolute(input), from: from))
        }
        return lines.joined(separator: "\n")
    }

    /// Whether `recorded`, the record of frames at `scale` (their files named from `base`), is
    /// from the same version as `current`, this run's: the same first line, every file it read as
    /// it was then, and each the file that scale reads now among its variants. A record of an
    /// earlier form (no `-origin 4` line) says nothing either way: `true`.
    package static func sameVersion(_ recorded: String, as current: String, base: String, scale: Int) -> Bool {
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let words = lines.first?.split(separator: " ") ?? []
        guard words.count == 4, words[0].hasSuffix("-origin"), words[1] == "4" else { return true }
        guard lines.first == current.split(separator: "\n", omittingEmptySubsequences: false).first else { return false }
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4 else { return false }
            let path = base + "/" + parts[3]
            guard let digest = Digest(file: path), digest.text == parts[0] + " " + parts[1] else { return false }
            // The variant this scale picks (UIKit's order: its own, then lower, then higher) among those there then and now.
            let then = parts[2].split(separator: ",").compactMap { Int($0) }
            if ImageFileName.scaleFallbackOrder(for: scale, available: then).first
                != ImageFileName.scaleFallbackOrder(for: scale, available: Self.scales(of: path)).first {
                return false
            }
        }
        return true
    }

    /// The warnings for frames at other scales in the folder `output` (of the sequence numbered
    /// after `prefix`, this run's set at `scale`) that a run from another version wrote: read with
    /// these by every reader of the folder at their scale, though they show another version
    /// (`base`: the folder this run's record names its files from).
    /// `another` says what they came from ("an earlier render of another scene than s.json is
    /// now"), `again` what makes them anew ("render it"), when this run's kind made them; frames
    /// another kind made (a `generate`'s beside a `render`'s) are said as that kind's.
    package static func otherScalesWarnings(output: String, prefix: String, scale: Int, origin: String, base: String, another: String,
                                            again: String) -> [String] {
        let folder = Discovery.trimmingSlash(output)
        let owner = folder + "/" + SequenceWriter.numberingPrefix(prefix) + (scale == 1 ? "" : "@\(scale)x")
        let own = kind(of: origin)
        return OutputSet.origins(ofOtherScalesOf: owner, in: folder).sorted { $0.key < $1.key }.compactMap { scale, other in
            guard let other, !sameVersion(other, as: origin, base: base, scale: scale) else { return nil }
            let made = kind(of: other)
            let (from, redo) = made == own ? (another, again) : ("an earlier \(made ?? "run")", "\(made ?? "make") them")
            return "\(folder) still holds its frames at @\(scale)x from \(from), which readers take at @\(scale)x: "
                + "\(redo) at @\(scale)x again, or remove them"
        }
    }

    /// The kind a record names (`render` for `render-origin 4 …`).
    private static func kind(of record: String) -> String? {
        guard let word = record.prefix(while: { $0 != " " && $0 != "\n" }).split(separator: "-").first, record.hasPrefix(word + "-origin") else {
            return nil
        }
        return String(word)
    }

    /// `file` (`art/rock@2x~ipad.png`) spelled at `scale` (`art/rock~ipad.png` at 1).
    private static func spelled(_ file: String, scale: Int) -> String {
        let name = ImageFileName(path: file), folder = FileIO.parentDirectory(of: file)
        let device = name.device.map { "~" + $0 } ?? "", ext = name.pathExtension.isEmpty ? "" : "." + name.pathExtension
        return (folder == "." && !file.hasPrefix("./") ? "" : folder + "/") + name.stem + (scale == 1 ? "" : "@\(scale)x") + device + ext
    }

    /// The folder all of `files` lie in (as written, `.` for none or the working folder): the
    /// base a run that reads them records them from.
    package static func commonFolder(of files: [String]) -> String {
        let folders = files.map { FileIO.parentDirectory(of: $0) }
        guard var common = folders.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false) }) else { return "." }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        let joined = common.joined(separator: "/")
        return joined.isEmpty ? (folders.first?.hasPrefix("/") == true ? "/" : ".") : joined
    }

    /// The scales `file`'s variants lie at now (`rock.png`, `rock@2x.png`: 1 and 2).
    private static func scales(of file: String) -> [Int] {
        ImageFileName.drawingScaleRange.filter { FileIO.fingerprint(of: spelled(file, scale: $0)) != nil }
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
