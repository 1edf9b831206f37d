import Animated

/// What a frame-sequence layer draws, with `UIImageView`'s semantics: the frames of an
/// `Animation` (a folder, GIF, APNG or WebP that `Animation.load` reads, or frames made in
/// memory) played from ``beginTime`` of the layer's time for `Animation.duration` a play,
/// `Animation.repeatCount` times (0: forever), each frame stretched over the layer's bounds.
///
/// Before ``beginTime`` nothing shows (the view has not started animating). After the last play
/// the last frame stays, as `UIImageView` leaves it, unless ``hidesWhenFinished`` (an explosion
/// that is gone when it ends).
public struct SequenceContent: Sendable {
    /// The frames and their timing.
    public var animation: Animation {
        didSet { clock = try? Animation.Clock(animation) }
    }
    /// The animation's steps worked out once (asked for at every frame drawn); `nil` when its
    /// timing is out of range (set so after `init`): nothing shows.
    private var clock: Animation.Clock?
    /// When play starts, in the layer's time (`startAnimating()`).
    public var beginTime: Double
    /// Whether nothing shows once the last play has ended.
    public var hidesWhenFinished: Bool
    /// The frame (0-based, clamped to the frames) an animation of the layer's `frame` holds it
    /// at, instead of the play's (`LayerAnimation.frame`, Core Animation's keyframed `contents`);
    /// `nil` plays the sequence.
    public var shownFrame: Int?

    /// A sequence playing `animation` from `beginTime`.
    /// - Throws: `Animation.PlaybackError` when the animation's timing is out of range (its
    ///   `check()`), so that every moment has a frame.
    public init(animation: Animation, beginTime: Double = 0, hidesWhenFinished: Bool = false) throws(Animation.PlaybackError) {
        clock = try Animation.Clock(animation)
        self.animation = animation; self.beginTime = beginTime; self.hidesWhenFinished = hidesWhenFinished
    }

    /// How many frames are decoded to give frame `index` when the frame shown one output frame
    /// earlier was `previous` (`nil`: none, or not known), for the drawing it is charged: 1 for a
    /// frame file or a bitmap; for a frame of a GIF, APNG or WebP read as a stream, which decodes
    /// each frame on the one before, the frames from `previous` on to `index` (at least 1), or every
    /// frame from the first when `index` comes before it (the stream starts again) or nothing
    /// showed before.
    public func framesDecoded(toShow index: Int, after previous: Int?) -> Int {
        guard animation.frames.indices.contains(index), case .streamed = animation.frames[index] else { return 1 }
        guard let previous, (0...index).contains(previous) else { return index + 1 }
        return max(1, index - previous)
    }

    /// The index into the animation's frames shown at the layer's time `time`, or nil when nothing
    /// shows (before it starts, after it ends when it hides then, or no frames).
    public func frameIndex(at time: Double) -> Int? {
        if let shownFrame, !animation.frames.isEmpty { return min(max(shownFrame, 0), animation.frames.count - 1) }
        // Within a nanosecond of its begin time, of its end, or of a step's end, the sequence has
        // reached it (`Animation.boundaryTolerance`): frame times minus begin times round short.
        let tolerance = Animation.boundaryTolerance
        let elapsed = time - beginTime
        guard elapsed >= -tolerance, !elapsed.isNaN else { return nil }
        guard let clock else { return nil }
        if hidesWhenFinished, let total = clock.total, elapsed >= total - tolerance { return nil }
        // A time too far into a forever loop to tell one frame from the next shows nothing.
        return try? clock.frameIndex(at: max(0, elapsed))
    }
}
