extension AssembleJob {
    /// `source` as the user gave it: the path, or the first and last of several
    /// (`gold_1.png … gold_4.png`), the file names of an upload, or `the animation`.
    static func named(_ source: Source) -> String {
        let names: [String]
        switch source {
        case .paths(let paths): names = paths
        case .files(let files): names = files.map(\.name)
        case .animation: return "the animation"
        }
        guard let first = names.first, let last = names.last else { return "the source" }
        return names.count == 1 ? first : "\(first) … \(last)"
    }

    /// `source` as the subject of a limit: the one path or file, else `the frames` or `the animation`.
    static func subject(of source: Source) -> String {
        switch source {
        case .paths(let paths): paths.count == 1 ? paths[0] : "the frames"
        case .files(let files): files.count == 1 ? files[0].name : "the frames"
        case .animation: "the animation"
        }
    }
}
