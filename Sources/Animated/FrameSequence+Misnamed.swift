import Basics
import Foundation
import Raster

extension FrameSequence {
    /// The files beside the sequence named as one of its missing frames but not as a PNG
    /// (`gold_3.jpg`, `gold_3.webp`, `gold_3` beside `gold_2.png` and `gold_4.png`), each with
    /// what its first bytes say it is — the reason a frame is missing when an artist saved it in
    /// another format or under another extension. Empty when nothing is missing, or the folder is
    /// not on disk (an upload).
    var misnamedFrames: [(path: String, advice: String)] {
        let missing = missingRanges
        guard !missing.isEmpty, let names = try? FileIO.entries(of: directory) else { return [] }
        return names.sorted(by: NaturalOrder.areInIncreasingOrder).compactMap { name -> (path: String, advice: String)? in
            guard !name.hasPrefix("."), ImageFileName(path: name).pathExtension != "png" else { return nil }
            let path = directory == "." ? name : directory == "/" ? "/" + name : directory + "/" + name
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            guard let frame = FrameFile(path: String(path.dropLast(name.count - stem.count)) + ".png"),
                  frame.prefix == prefix, missing.contains(where: { $0.contains(frame.number) }),
                  FileIO.isRegularFile(path) else { return nil }
            let head = (try? FileIO.readPrefix(path, limit: 4096))?.bytes
            let advice = head.flatMap(FileSignature.format(of:)).map(FileSignature.advice) ?? "it is not a PNG: convert it to PNG"
            return (path, advice)
        }
    }

    /// ``misnamedFrames`` as a gap's message ends: `; gold_3.jpg is there, not named .png (it is a
    /// PNG: rename it to .png)`; empty when there is none.
    var misnamedFramesNote: String {
        let files = misnamedFrames
        guard !files.isEmpty else { return "" }
        let shown = files.prefix(3).map { "\($0.path) is there, not named .png (\($0.advice))" }
        return "; " + shown.joined(separator: "; ") + (files.count > 3 ? "; and \(files.count - 3) more such files" : "")
    }
}
