import Animated
import Basics

/// What a job's output leaves out that a user would expect in it, said as warnings: an earlier
/// run's animation at a scale this run does not write, the name given when no scale has it, the
/// highlighted frames. And the names of a job's animations at several scales (`spin.gif`, `spin@2x.gif`).
extension FrameOperationJob {
    /// `r@3x.webp` of @1x and @2x frames: each scale's animation is named for its own scale
    /// (`r.webp`, `r@2x.webp`), none for the name given.
    func unwrittenName(_ output: String, written plans: [Plan]) -> [String] {
        let named = ImageFileName(path: output).scale ?? 1
        guard !plans.contains(where: { $0.animation.scale == named }) else { return [] }
        let names = plans.map { Self.output(output, scale: $0.animation.scale) }.joined(separator: ", ")
        // An earlier run's file by that name stays: readers take it on @Nx screens (`b.gif` after the source lost its @1x frames).
        let earlier = Self.isEarlierRuns(output) ? "; the \(FileIO.lastComponent(of: output)) there still holds an earlier run's animation, "
            + "which readers take on @\(named)x screens: remove it if those frames are gone" : ""
        return ["\(output) is not written: \(sources.joined(separator: " ")) has no @\(named)x frames; each scale's animation is named for its own (\(names))"
                + earlier]
    }

    /// The highlighted frames (UIKit's `highlightedAnimationImages`) are another sequence, which an
    /// operation does not write: said, not dropped without a word.
    func leftOutHighlighted(_ animation: Animation) -> [String] {
        guard let highlighted = animation.highlightedFrames, case .file(let name)? = highlighted.first else { return [] }
        let prefix = FrameFile(path: name)?.prefix ?? FileIO.lastComponent(of: name)
        return ["the \(highlighted.count) highlighted frames (\(prefix)…) are not in the output: a \(operation.name) works on the "
                + "sequence played; name them by their prefix (\(FileIO.parentDirectory(of: name))/\(prefix)) for theirs"]
    }

    /// An animation at another scale beside `output` that an earlier run wrote and this one does
    /// not (`b@2x.gif` after the source lost its @2x frames): readers take it for `output` on those
    /// screens, so it is said (a folder's frames are refused instead, as its `sequence.json` times them).
    func earlierScales(beside output: String, written plans: [Plan]) -> [String] {
        if plans[0].format == .folder { return earlierFrames(in: output, written: plans) }
        return Self.lostScales(plans, output: output).compactMap { scale in
            let name = Self.output(output, scale: scale)
            // The name given itself (`r@3x.webp` of @1x and @2x frames) is said by ``unwrittenName(_:written:)``: once.
            guard name != output, Self.isEarlierRuns(name) else { return nil }
            let why = plans.contains { $0.animation.scale == scale } ? "its @\(scale)x frames go to \(FileIO.lastComponent(of: output)), as named"
                : "\(sources.joined(separator: " ")) has no @\(scale)x frames"
            return "\(name), beside the output, is not written again (\(why)) "
                + "and still holds an earlier run's animation: readers take it for \(FileIO.lastComponent(of: output)) on @\(scale)x screens; "
                + "remove it if those frames are gone"
        }
    }

    /// Whether the file `name` is an animation Flipbook wrote there (its folder's record names it as a set of its own).
    private static func isEarlierRuns(_ name: String) -> Bool {
        guard let owner = OutputSet.owner(of: name) else { return false }
        return FileIO.lastComponent(of: owner) == FileIO.lastComponent(of: name)
    }

    /// The frames at a scale this run no longer writes (``lostScales(_:output:)``) that an earlier
    /// run wrote into the folder `output` (`walk1@2x.png…` after the source lost its @2x frames): kept, as another
    /// scale's set, and read by every reader of the folder at that scale, so said.
    private func earlierFrames(in output: String, written plans: [Plan]) -> [String] {
        guard let names = try? FileIO.entries(of: output) else { return [] }
        let prefix = plans[0].prefix
        return Self.lostScales(plans, output: nil).compactMap { scale in
            let kept = names.filter { name in
                let parsed = ImageFileName(path: name)
                return (parsed.scale ?? 1) == scale && parsed.pathExtension == "png" && parsed.stem.hasPrefix(prefix)
                    && parsed.stem.dropFirst(prefix.count).allSatisfy(\.isNumber) && parsed.stem.count > prefix.count
            }.sorted()
            // One file's record says whose they are (each check reads the folder's record and the file).
            guard let first = kept.first, OutputSet.owner(of: output + "/" + first) != nil else { return nil }
            return "\(output) still holds \(kept.count == 1 ? first : "\(kept.count) frames at @\(scale)x (\(first)…)") from an earlier run, "
                + "not written again (\(sources.joined(separator: " ")) has no @\(scale)x frames): readers of the folder at @\(scale)x "
                + "take them; remove them if those frames are gone"
        }
    }

    /// The scales a source may have lost since an earlier run: every scale whose name is not
    /// written now (`@2x` of @1x and @3x frames, `@1x` of @2x ones; `o@2x.gif` when the one scale
    /// left, @2x, goes to `o.gif` as named). A file Flipbook wrote at one of them beside the output
    /// is read for it on those screens, whichever run wrote it. For a folder (`output` nil), the
    /// scales of the frames written.
    private static func lostScales(_ plans: [Plan], output: String?) -> [Int] {
        guard let output else {
            let written = Set(plans.map(\.animation.scale))
            return Animation.scaleRange.filter { !written.contains($0) }
        }
        // One animation is written as named; several, each named for its scale.
        let named = ImageFileName(path: output).scale ?? 1
        let written = plans.count == 1 ? [named] : plans.map(\.animation.scale)
        return Animation.scaleRange.filter { !written.contains($0) }
    }

    /// `output`'s name for the animation of `scale`: its `@Nx` replaced by `scale`'s (none for 1).
    static func output(_ output: String, scale: Int) -> String {
        let name = ImageFileName(path: output)
        let folder = output.contains("/") ? String(output[...output.lastIndex(of: "/")!]) : ""
        return folder + name.stem + (name.device.map { "~" + $0 } ?? "") + (scale == 1 ? "" : "@\(scale)x")
            + (name.pathExtension.isEmpty ? "" : "." + name.pathExtension)
    }
}
