import Basics

extension AssembleJob {
    /// The note for frames at other scales beside those assembled (a folder of `coinN.png` and
    /// `coinN@2x.png` assembles the @1x files when no scale is asked for): which scales are there
    /// and how to assemble each; `nil` when a scale was asked for, the frames are not files, or
    /// the first frame has no file at another scale. (A sheet says the same of what it packs.)
    static func otherScalesNote(_ animation: Animation, asked: Int?, output: String?) -> String? {
        guard asked == nil, case .file(let path)? = animation.frames.first else { return nil }
        let name = ImageFileName(path: path)
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let device = name.device.map { "~" + $0 } ?? ""
        let others = ImageFileName.scaleRange.filter { $0 != animation.scale }.filter { scale in
            FileIO.isRegularFile(folder + name.stem + (scale == 1 ? "" : "@\(scale)x") + device + "." + name.pathExtension)
        }
        guard let first = others.first else { return nil }
        let list = others.map { "@\($0)x" }.joined(separator: ", ")
        let named = output.map { output in
            let out = ImageFileName(path: output)
            let place = output.contains("/") ? String(output[...output.lastIndex(of: "/")!]) : ""
            return ", named \(place + out.stem + "@\(first)x" + (out.device.map { "~" + $0 } ?? "") + "." + out.pathExtension)"
        } ?? ""
        return "assembled the @\(animation.scale)x frames; the \(list) frames beside them are left out: assemble them with "
            + "AssembleJob.scale \(first)\(named)"
    }
}
