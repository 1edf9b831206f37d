import Basics
import Foundation
import Raster

extension FrameSequence {
    /// The files beside the sequence named as a frame of it that it does not have, but not as a
    /// PNG (`gold_3.jpg`, `GOLD_4.JPG`, `gold_5.webp`, `gold_3` or `gold_3.png.png` beside `gold_1.png`…`gold_2.png`),
    /// and those named as a frame it has with an extension hidden twice (`gold_2.png.png`, a stray copy),
    /// each with what to do about it (a PNG is to be renamed, anything else converted) — a frame an artist saved in
    /// another format or under another extension, which no reader takes: in a gap, at either end.
    /// A GIF, APNG or WebP of several frames is an animation beside the frames, not one of them.
    /// Empty when there is none, or the folder is not on disk. The folder is read from the disk:
    /// for a sequence of files in memory, the jobs and the validator list nothing (they read no folder of an upload).
    public var misnamedFrames: [(path: String, advice: String)] { misnamedFrames(reading: .disk) }

    /// ``misnamedFrames`` of files read by `reading`: none for files in memory (an upload), whose
    /// folder (`.`, `..`, `/tmp` as its names say) is no folder of this machine's disk. Listing it
    /// read the server's own working directory or `/tmp` for an upload: files of the server's
    /// named in findings, and a fuzz input of 4 PNGs took 20 s sorting `/tmp`'s 20000 names.
    package func misnamedFrames(reading: FileReader) -> [(path: String, advice: String)] {
        guard reading.isDisk, !frames.isEmpty, let names = try? FileIO.entries(of: directory) else { return [] }
        let numbers = Set(frames.map(\.number)), prefix = prefix.lowercased()
        return names.sorted(by: NaturalOrder.areInIncreasingOrder).compactMap { name -> (path: String, advice: String)? in
            guard !name.hasPrefix(".") else { return nil }
            let path = directory == "." ? name : directory == "/" ? "/" + name : directory + "/" + name
            var stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            // A folder named as a missing frame (`gold_4.png/`, an unzip or export mistake): why
            // the frame is missing, said on the folder.
            if ImageFileName(path: name).pathExtension == "png", let frame = FrameFile(path: path), frame.prefix.lowercased() == prefix,
               !numbers.contains(frame.number), FileIO.isDirectory(path) {
                return (path, "it is a folder, not a frame: rename the folder, and save frame \(frame.number) as \(name)")
            }
            // `walk2.png.png` (an extension hidden twice, as Windows' Explorer hides one): named as
            // a PNG, but as no frame.
            let hiddenTwice = ImageFileName(path: name).pathExtension == "png"
            if hiddenTwice {
                guard let shown = FrameFile.extensionHiddenTwice(name) else { return nil }
                stem = String(shown.dropLast(4))   // `gold_3.png` of `gold_3.png.png`: `gold_3`
            }
            // A frame the sequence has, saved again under another extension, is left alone
            // (`gold_4.jpg` beside `gold_4.png`: no reader takes it); one whose extension is hidden
            // twice (`gold_4.png.png`) is a stray copy that `sheet` would pack as a sprite of its own.
            guard let frame = FrameFile(path: String(path.dropLast(name.count - stem.count)) + ".png"),
                  frame.prefix.lowercased() == prefix, hiddenTwice || !numbers.contains(frame.number),
                  FileIO.isRegularFile(path) else { return nil }
            // The name it plays under: this sequence's prefix, the file's own number and `@Nx`.
            let wanted = self.prefix + String(stem.dropFirst(frame.prefix.count)) + ".png"
            if let taken = frames.first(where: { $0.number == frame.number })?.files
                .first(where: { $0.scale == frame.scale && $0.device == frame.device }) {
                return (path, "\(FileIO.lastComponent(of: taken.path)) is frame \(frame.number) already: remove this file, or give it a number of its own")
            }
            let head = (try? FileIO.readPrefix(path, limit: 4096))?.bytes
            let format = head.flatMap(FileSignature.format(of:))
            // An animation of several frames (`gold_5.gif`, what `assemble -o gold_5.gif` writes) is
            // no frame saved in another format: validation judges it as the animation it is.
            if ["GIF", "WebP", "APNG"].contains(format), let frames = (try? Animation.decoder(file: path))?.info.frameCount, frames > 1 {
                return nil
            }
            // Renaming onto a folder of that name would move the file into it.
            let onto = directory == "." ? wanted : directory + "/" + wanted
            return (path, Self.misnamedAdvice(wanted, format: format) + (FileIO.isDirectory(onto) ? " (a folder has that name now: rename the folder first)" : ""))
        }
    }

    /// Extensions an image is saved under, hidden in front of `.png` (`walk2.png.png`, `walk2.jpg.png`).
    static let imageExtensions: Set<String> = ["png", "apng", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff", "tga", "psd"]

    /// What to do with a frame saved as `format` (as Raster's file signatures name it; `nil`:
    /// none known) so that it plays as `wanted`: rename a PNG, convert anything else.
    static func misnamedAdvice(_ wanted: String, format: String?) -> String {
        switch format {
        case "PNG": "it is a PNG: rename it to \(wanted)"
        case "APNG": "it is an animated PNG (APNG), not a frame: save frame \(wanted) as a still PNG"
        case "empty": "it is empty (0 bytes): export it again as \(wanted)"
        case let format?: "it is a \(format): convert it to PNG as \(wanted)"
        case nil: "it is no PNG: convert it to PNG as \(wanted)"
        }
    }

    /// What a job that plays or packs this sequence says of its ``misnamedFrames``: `coin/gold_4.jpg
    /// is named as frame 4 of coin/gold_1…3 but not as a PNG, so it is left out (it is a PNG: rename
    /// it to gold_4.png)`; `nil` when there is none. Validation reports each as `seq.misnamed-frame`.
    public var misnamedWarning: String? { misnamedWarning(packed: [], reading: .disk) }

    /// ``misnamedWarning`` for a job that reads its files with `reading` (none in memory) and takes
    /// some of them anyway (`sheet` packs `gold_4.png.png`, named as a PNG, as a sprite of its
    /// own): those in `packed` are not said to be left out.
    package func misnamedWarning(packed: Set<String>, reading: FileReader) -> String? {
        let files = misnamedFrames(reading: reading).filter { !packed.contains($0.path) }
        guard let first = frames.first?.number, let last = frames.last?.number, !files.isEmpty else { return nil }
        let shown = files.prefix(3).map { "\($0.path) (\($0.advice))" }.joined(separator: "; ")
        return "\(files.count == 1 ? "a file is" : "\(files.count) files are") named as \(files.count == 1 ? "a frame" : "frames") of "
            + "\(name)\(first)…\(last) but \(files.count == 1 ? "not as a PNG, so it is" : "not as PNGs, so they are") left out: \(shown)"
            + (files.count > 3 ? "; and \(files.count - 3) more" : "") + " (seq.misnamed-frame)"
    }
}
