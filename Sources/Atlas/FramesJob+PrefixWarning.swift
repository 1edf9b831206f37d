import Basics

extension FramesJob {
    /// What ``prefix`` asked for that the frames' names do not carry: a `~device` (`x~ipad`) is
    /// left out, and an `@Nx` scale other than the input's (`x@3x` of `spin.gif`) gives way to the
    /// input's, as the frames are written at the scale they were read. `nil` when nothing is left out.
    func prefixWarning(inputScale: Int) -> String? {
        guard let prefix else { return nil }
        let asked = Self.prefixParts(prefix)
        var dropped: [String] = []
        if let device = asked.device { dropped.append("~\(device)") }
        if let scale = asked.scale, scale != inputScale { dropped.append("@\(scale)x") }
        guard !dropped.isEmpty else { return nil }
        return "FramesJob.prefix \(String(reflecting: prefix)): \(dropped.joined(separator: " and ")) left out of the frames' names; "
            + "they are \(asked.stem)1\(inputScale == 1 ? "" : "@\(inputScale)x").png…, at the scale of \(FileIO.lastComponent(of: input))"
    }

    /// A prefix without the `@Nx` and `~device` it was given with, in either order (`hero@2x~ipad`
    /// as UIKit writes them, `hero~ipad@2x` too: the second kept `~ipad` in the frames' names).
    static func prefixParts(_ prefix: String) -> (stem: String, scale: Int?, device: String?) {
        var name = ImageFileName(path: prefix + ".png")
        var scale = name.scale, device = name.device
        while name.scale != nil || name.device != nil {
            let again = ImageFileName(path: name.stem + ".png")
            guard again.stem != name.stem else { break }
            scale = scale ?? again.scale
            device = device ?? again.device
            name = again
        }
        return (name.stem, scale, device)
    }
}
