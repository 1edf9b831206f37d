import Basics

extension FramesJob {
    /// What ``prefix`` asked for that the frames' names do not carry: a `~device` (`x~ipad`) is
    /// left out, and an `@Nx` scale other than the input's (`x@3x` of `spin.gif`) gives way to the
    /// input's, as the frames are written at the scale they were read. `nil` when nothing is left out.
    func prefixWarning(inputScale: Int) -> String? {
        guard let prefix else { return nil }
        let asked = ImageFileName(path: prefix + ".png")
        var dropped: [String] = []
        if let device = asked.device { dropped.append("~\(device)") }
        if let scale = asked.scale, scale != inputScale { dropped.append("@\(scale)x") }
        guard !dropped.isEmpty else { return nil }
        return "FramesJob.prefix \(String(reflecting: prefix)): \(dropped.joined(separator: " and ")) left out of the frames' names; "
            + "they are \(asked.stem)1\(inputScale == 1 ? "" : "@\(inputScale)x").png…, at the scale of \(FileIO.lastComponent(of: input))"
    }
}
