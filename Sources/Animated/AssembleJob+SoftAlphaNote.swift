import Basics
import GIF
import Raster

/// The note a GIF of soft frames gets: how much of what is visible is semi-transparent, and what
/// GIF's one bit of alpha does with it. `assemble` and the sequence operations say it alike.
extension AssembleJob {
    /// The share of visible pixels with 0 < alpha < 255 in the play's first and middle frames;
    /// `nil` when they cannot be read (the encode will say why).
    static func softAlphaShare(_ play: Animation.Playback, scale: Int, limits: ResourceLimits) -> Double? {
        let decoder = PNG.Decoder(maxPixels: limits.maxPixels)
        var frames: [Bitmap] = []
        for index in Set([0, play.frames.count / 2]).sorted() where index < play.frames.count {
            guard let frame = try? play.frames[index].load(scale: scale, decoder: decoder) else { return nil }
            frames.append(frame)
        }
        return softAlphaShare(of: frames)
    }

    /// The share of visible pixels with 0 < alpha < 255 in `frames` (a play's first and middle
    /// frames); `nil` when none is visible.
    package static func softAlphaShare(of frames: [Bitmap]) -> Double? {
        var visible = 0, soft = 0
        for frame in frames {
            for alpha in stride(from: 3, to: frame.pixels.count, by: 4).lazy.map({ frame.pixels[$0] }) where alpha > 0 {
                visible += 1
                if alpha < 255 { soft += 1 }
            }
        }
        return visible == 0 ? nil : Double(soft) / Double(visible)
    }

    /// The note a GIF of frames whose visible pixels are `share` semi-transparent gets (1 % or
    /// more), said as what `alpha` does with them, naming the APNG and WebP beside `output` one
    /// could write instead to keep them (`.apng` when `NAME.png` is one of `framePaths` or would be the next); `nil` below 1 %.
    /// Shared by every job that writes a GIF of frames (`FrameOperationJob` too).
    package static func softAlphaNote(share: Double?, output: String?, framePaths: [String], alpha: GIF.AlphaMode) -> String? {
        guard let share, share >= 0.01 else { return nil }
        let intro = "\(Int((share * 100).rounded())) % of the visible pixels are semi-transparent: GIF has one bit of alpha and "
        guard let output else {
            // Bytes in memory have no name to suggest beside them: the formats that keep them.
            return intro + "\(alphaDone(alpha)); an APNG or a WebP keeps them exactly (format .apng or .webp)"
        }
        let name = String(output.dropLast(OutputName.pathExtension(output).count + 1))
        // `walk/walk9.png` would be refused as the next frame of the walk, `in.png` as this run's input: `.apng` is not.
        let claimed = FrameFile.sequence(claiming: name + ".png", among: framePaths) != nil
            || framePaths.contains { FileIO.isSameFile($0, name + ".png") }
        return intro + "\(alphaDone(alpha)); an APNG or a WebP keeps them exactly: write \(name).\(claimed ? "apng" : "png") or \(name).webp instead"
    }

    /// What the chosen alpha mode does with semi-transparent pixels (`--alpha matte:` left none soft).
    private static func alphaDone(_ alpha: GIF.AlphaMode) -> String {
        switch alpha {
        case .dither: "dithers them"
        case .threshold: "cuts them at alpha 128"
        case .matte: "composites them onto the matte colour (every pixel opaque)"
        }
    }
}

extension AssembleJob {
    /// The note on frames a GIF's one bit of alpha erases whole (every pixel's alpha under what it
    /// keeps), merged into the frame before, naming up to three (`names`, as the frames' files or
    /// `frame 7`); `nil` for none. ``Outcome/notes`` carries it, as `assemble` prints it.
    public static func invisibleFramesNote(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        let listed = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
        return "\(names.count) frame\(names.count == 1 ? "" : "s") (\(listed)) \(names.count == 1 ? "is" : "are") invisible in a GIF "
            + "(every pixel's alpha is under what GIF's one bit of alpha keeps), merged into the frame before; APNG and WebP keep them"
    }

    /// The note on a GIF that shows nothing at all (`GIF.Encoder.Report.showsNothing`), in place
    /// of the note on its invisible frames; `nil` when it shows something.
    public static func emptyGIFNote(_ report: GIF.Encoder.Report) -> String? {
        guard report.showsNothing else { return nil }
        guard report.sourceShowsSomething else { return "the GIF shows nothing: every pixel of every frame is transparent" }
        let (cut, dither) = (GIF.AlphaMode.threshold.faintestDrawn, GIF.AlphaMode.dither.faintestDrawn)
        return "the GIF shows nothing: its one bit of alpha kept no pixel of any frame (a cut at alpha \(cut) drops all "
            + "under it, where the default dither keeps dots; the dither draws none under alpha \(dither) or for a light too faint); "
            + "an APNG or a WebP keeps them"
    }

    /// `plan`'s notes, then the note on the frames `report` merged as invisible, named by their
    /// files — or, when nothing shows at all, that note instead.
    static func notes(_ plan: Plan, after report: GIF.Encoder.Report) -> [String] {
        if let empty = emptyGIFNote(report) { return plan.notes + [empty] }
        let frames = plan.playback.frames
        let names = report.framesMergedInvisible.map { frames.indices.contains($0) ? frames[$0].fileName ?? "frame \($0 + 1)" : "frame \($0 + 1)" }
        return plan.notes + (invisibleFramesNote(names).map { [$0] } ?? [])
    }
}
