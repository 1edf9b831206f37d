import Animated
import Basics

/// A sheet's timing as the `sequence.json` of the folder its frames are written into: an
/// animation picked by name (``FramesJob/animation``), or a sheet whose frames are one animation,
/// comes back through `assemble` with its frames' durations, its direction and its repeat count.
extension FramesJob {
    /// The `sequence.json` for `sheet`'s frames (`files`: their file names, in sprite order), and
    /// a warning when the timing of an animation cannot be kept. A folder plays one numbered
    /// sequence by number, forward unless told otherwise, so there is a manifest only when the
    /// frames are one numbered sequence, each number once, and the animation plays them in an
    /// order a manifest can say: by number, reversed, ping-pong either way, each maybe written out
    /// several times (Godot's SpriteFrames writes out a ping-pong or N plays), and only when it has
    /// timing to keep (durations, a direction other than forward, a count of plays; durations all
    /// 33 ms are the default 1/30 s): a plain sheet's frames are written as before. `picked`: the
    /// animation was named (``FramesJob/animation``); without a name, only a sheet of no animation
    /// or of one animation over all its frames has one.
    static func timing(of sheet: SpriteSheet, files: [String], picked: Bool) -> (manifest: SequenceManifest?, warning: String?) {
        let animation: SpriteSheet.Animation?
        switch sheet.animations.count {
        case 0: animation = nil
        case 1 where picked || Set(sheet.animations[0].frames) == Set(sheet.sprites.map(\.name)): animation = sheet.animations[0]
        default: return (nil, nil)
        }
        let frames = files.map { FrameFile(path: FileIO.lastComponent(of: $0)) }
        guard let first = frames.first ?? nil,
              frames.allSatisfy({ $0.map { !$0.numberText.isEmpty && $0.sequenceKey == first.sequenceKey } ?? false }),
              Set(frames.compactMap { $0?.number }).count == frames.count else {
            let warning = picked ? "the animation \"\(animation?.name ?? "")\"'s frames are not one numbered sequence (\(Self.sample(files))), "
                + "so no sequence.json keeps its timing" : nil
            return (nil, warning)
        }
        // The sprites in the order a folder plays them: by number.
        let byNumber = zip(sheet.sprites, frames.compactMap { $0 })
            .sorted { ($0.1.number, $0.1.path) < ($1.1.number, $1.1.path) }.map(\.0)
        let names = byNumber.map(\.name)
        let played = animation?.playedFrames ?? names
        guard let (direction, plays) = Self.direction(playing: played, from: names) else {
            let shown = played.prefix(4).map { "\"\($0)\"" }.joined(separator: ", ") + (played.count > 4 ? ", …" : "")
            // PixiJS's multipack lists an animation page by page: read back, the lists one after the other.
            let pages = sheet.pages.count > 1 && Set(played) == Set(names)
                ? "; its data lists it page by page (\(sheet.pages.count) pages, as PixiJS's multipack does): a sheet on one page keeps it whole" : ""
            return (nil, "the animation \"\(animation?.name ?? "")\" plays its frames as \(shown), in an order a folder does not play "
                    + "its frames in (by number, reversed or ping-pong), so no sequence.json keeps its timing\(pages)")
        }
        let (frameDurations, durationWarning) = Self.frameDurations(of: byNumber)
        // Plays written out N times, each of the data's count (a hostile count never traps).
        let (product, overflow) = (animation?.repeatCount ?? 0).multipliedReportingOverflow(by: plays)
        let repeatCount = overflow ? Int.max : product
        // Nothing the data says beyond the defaults (libGDX keeps no timing): no file that would
        // claim a timing the data never had.
        guard frameDurations != nil || direction != .forward || repeatCount != 0 else { return (nil, nil) }
        let manifest = SequenceManifest(name: first.prefix.isEmpty ? nil : first.prefix, repeatCount: repeatCount,
                                        direction: direction, frameDurations: frameDurations)
        return (manifest, durationWarning)
    }

    /// The milliseconds each of `sprites` (in file order) shows, as `sequence.json` keeps them,
    /// and a warning naming the frames whose duration could not be kept; `nil` durations when no
    /// sprite has one, or when every one is 33 ms — UIKit's default 1/30 s as sheet data write it
    /// (a sequence of no timing packed): no timing of its own. A frame of no duration among timed
    /// ones shows the default 33 ms; one of 0 ms shows 1 ms and one over a day a day (what a
    /// `sequence.json` holds): said, never dropped with the others'.
    static func frameDurations(of sprites: [SpriteSheet.Sprite]) -> ([Double]?, String?) {
        let durations = sprites.map(\.duration)
        guard durations.contains(where: { $0 != nil }), !durations.allSatisfy({ $0 == Self.defaultFrameMilliseconds }) else { return (nil, nil) }
        var changed: [String] = []
        let kept = zip(sprites, durations).map { sprite, duration -> Double in
            let shown = min(max(duration ?? Self.defaultFrameMilliseconds, 1), 86_400_000)
            if duration != shown {
                changed.append("\"\(sprite.name)\" \(duration.map { "\($0) ms" } ?? "without one") → \(shown) ms")
            }
            return Double(shown)
        }
        guard !changed.isEmpty else { return (kept, nil) }
        let listed = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
        return (kept, "sequence.json holds 1 ms to a day a frame (33 ms, the default, for a frame without a duration among timed "
                + "frames), so it keeps other durations than the data's: \(listed)")
    }

    /// UIKit's default frame duration, 1/30 s, in the whole milliseconds sheet data store.
    static let defaultFrameMilliseconds = 33

    /// The direction in which a folder of `frames` (sprite names by number) plays `played`, and
    /// how many times one play is written out in it; `nil` when no direction plays them so.
    static func direction(playing played: [String], from frames: [String]) -> (Animation.Direction, Int)? {
        for direction in Animation.Direction.allCases {
            let one = direction.order(count: frames.count).map { frames[$0] }
            guard !one.isEmpty, played.count % one.count == 0 else { continue }
            let plays = played.count / one.count
            if plays > 0, played == Array((0..<plays).map { _ in one }.joined()) { return (direction, plays) }
        }
        return nil
    }

    /// The first and last of `files`' names, for messages.
    private static func sample(_ files: [String]) -> String {
        let names = files.map { FileIO.lastComponent(of: $0) }
        guard let first = names.first, let last = names.last else { return "" }
        return names.count == 1 ? first : "\(first) … \(last)"
    }
}
