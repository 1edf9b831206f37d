import APNG
import Basics
import Foundation
import Raster

extension Discovery {
    /// The images of a folder (not searched below): its PNG, GIF, APNG and WebP files, with the
    /// folder prefixed, in natural order. Hidden files and the pages of a sprite sheet are
    /// skipped, as every reader of the folder skips them. What `flipbook info FOLDER` describes.
    public static func imageFiles(inFolder folder: String) throws(Error) -> [String] {
        var walk = Walk()
        return try files(inFolder: folder, recursive: false, walk: &walk, accept: SourceImages.isImage)
    }

    /// What a folder given alone stands for by the rule a folder and an upload share
    /// (``SourceImages``): `nil` when `source` is no folder or holds no image.
    package static func folderImages(_ source: String) throws(Error) -> SourceImages? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return try SourceImages.reading(imageFiles(inFolder: trimmingSlash(source)), of: source) { APNG.Decoder.isAnimated(file: $0) }
    }

    /// The note a job gives for the GIFs, APNGs and WebPs beside PNG frames in the folders among
    /// `sources`, which are no frames (the one rule of a source, docs/Design.md): `left out, no frames: fx/preview.gif (…)`,
    /// as for an upload (``Upload/leftOutNote``); `nil` when there are none. The files of
    /// `outputs` are not named: a job's own output written beside its frames (`-o coin/inside.gif`)
    /// was said to be "left out" of the very run that wrote it.
    public static func leftOutNote(in sources: [String], outputs: [String] = []) -> String? {
        var seen = Set(outputs.map { FileIO.resolvedPath($0) ?? $0 })
        let animations = sources.flatMap { source -> [String] in
            guard case .stills(_, let leftOut)? = try? folderImages(source) else { return [] }
            // A still PNG named `gold_3.webp` is no animation: the misnamed-frame warning speaks of it.
            return leftOut.filter { path in
                let format = (try? FileIO.readPrefix(path, limit: 4096)).flatMap { FileSignature.format(of: $0.bytes) }
                return format == nil || ["GIF", "WebP", "APNG"].contains(format)
            }
        }.filter { seen.insert(FileIO.resolvedPath($0) ?? $0).inserted }   // a folder given twice or spelled two ways: once
        return animationsPart(animations).map { "left out, no frames: " + $0 }
    }

    /// What a job reading `sources` (folders, prefixes, a list of files) into an animation made of
    /// the files `read` says of them: the list's order and repeats (``listNote(_:)``), the
    /// animations beside PNG frames (``leftOutNote(in:outputs:)``), the stills and device frames not played
    /// (``leftOutStillsNote(in:read:)``) — what `assemble` and the sequence operations say alike.
    package static func readingNotes(_ sources: [String], read: [String], outputs: [String]) -> [String] {
        [listNote(sources), leftOutNote(in: sources, outputs: outputs), leftOutStillsNote(in: sources, read: read)].compactMap { $0 }
    }

    /// The note an animation made of the folders among `sources` gives for the still PNGs of
    /// those folders it did not play (`read`: the files it was made of): a PNG without a frame
    /// number (`background.png`, which `sheet` packs as a sprite of its own) and a `~ipad` frame
    /// (UIKit reads it on that device only); `nil` when there are none. Other scales and other
    /// sequences of the folder are left out by the rules `Animation.load` states, without a note.
    public static func leftOutStillsNote(in sources: [String], read: [String]) -> String? {
        let played = Set(read.map { FileIO.resolvedPath($0) ?? $0 })
        var unnumbered: [String] = [], devices: [String] = []
        var seen = Set<String>()
        for source in sources {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), isDirectory.boolValue,
                  let files = try? pngFiles(inFolder: source, recursive: false) else { continue }
            for path in files {
                let real = FileIO.resolvedPath(path) ?? path
                guard !played.contains(real), seen.insert(real).inserted else { continue }
                if let frame = FrameFile(path: path) {
                    if frame.device != nil { devices.append(path) }
                } else if FrameFile(unnumbered: path)?.device != nil {
                    devices.append(path)
                } else if FrameFile(unnumbered: path) != nil,
                          !APNG.Decoder.isAnimated(file: path) {
                    unnumbered.append(path)
                }
            }
        }
        var parts: [String] = []
        if !unnumbered.isEmpty {
            parts.append("\(shortList(unnumbered)) (no frame number: a sheet packs \(unnumbered.count == 1 ? "it" : "them") as sprites of \(unnumbered.count == 1 ? "its" : "their") own)")
        }
        if !devices.isEmpty {
            let names = Set(devices.compactMap { (FrameFile(path: $0) ?? FrameFile(unnumbered: $0))?.device }).sorted().map { "~" + $0 }.joined(separator: ", ")
            parts.append("\(shortList(devices)) (\(names): UIKit reads \(devices.count == 1 ? "it" : "them") on that device only)")
        }
        return parts.isEmpty ? nil : "left out, not played: " + parts.joined(separator: "; ")
    }

    /// `fx/preview.gif (an animation: …)`, a note's part for `animations` left out beside PNG
    /// frames; `nil` for none.
    static func animationsPart(_ animations: [String]) -> String? {
        animations.isEmpty ? nil : "\(shortList(animations)) (\(animations.count == 1 ? "an animation" : "animations"): "
            + "a GIF, APNG or WebP beside PNG frames is no frame; name it alone to read it)"
    }
}
