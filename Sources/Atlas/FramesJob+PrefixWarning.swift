import Animated
import Basics

extension FramesJob {
    /// What ``prefix`` — or, without one, the input's name — asked for that the frames' names do
    /// not carry: a `~device` (`x~ipad`, `coin@3x~ipad.gif`) is left out, and an `@Nx` scale other
    /// than the input's (`x@3x` of `spin.gif`) gives way to the input's, as the frames are written
    /// at the scale they were read. The names given are those written (`x1` gives `x1_1.png…`).
    /// Characters of the input's name no file name may hold everywhere (`boom:v2*.webp`) are
    /// replaced as a sheet's sprite names are (`boom_v2_1.png…`), and said. `nil` when nothing is left out.
    /// `stem` with `\ : * ? " < > |` made `_` (``SpriteSheet/safeFileName(for:scale:)``'s rule); a
    /// name with a control character is kept, for the output contract to refuse it naming the character.
    static func portablePrefix(_ stem: String) -> String {
        stem.unicodeScalars.contains(where: TerminalText.isControl) ? stem : SpriteSheet.portable(stem)
    }

    func prefixWarning(inputScale: Int) -> String? {
        let given = prefix ?? Self.nameWithoutExtension(input)
        let asked = Self.prefixParts(given)
        let stem = Self.portablePrefix(asked.stem)
        if stem != asked.stem {
            return "\(FileIO.lastComponent(of: input))'s name holds characters no file name may hold on Windows or macOS "
                + "(\\ : * ? \" < > |): its frames are \(SequenceWriter.numberingPrefix(stem))1"
                + "\(inputScale == 1 ? "" : "@\(inputScale)x").png…; FramesJob.prefix names them otherwise"
        }
        var dropped: [String] = []
        if let device = asked.device { dropped.append("~\(device)") }
        if let scale = asked.scale, scale != inputScale { dropped.append("@\(scale)x") }
        guard !dropped.isEmpty else { return nil }
        let written = "\(SequenceWriter.numberingPrefix(asked.stem))1\(inputScale == 1 ? "" : "@\(inputScale)x").png"
        let what = prefix == nil ? "\(FileIO.lastComponent(of: input))'s name" : "FramesJob.prefix \(String(reflecting: given))"
        return "\(what): \(dropped.joined(separator: " and ")) left out of the frames' names; "
            + "they are \(written)…, at the scale of \(FileIO.lastComponent(of: input))"
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
