import Basics

/// Frames for an animation encoder (GIF, APNG, WebP): how many, how long each shows, and a loader
/// called from any thread, so that no encoder holds every frame at once.
public struct FrameInput: Sendable {
    /// Seconds each frame shows, one per frame: their count is the frame count.
    public var durations: [Double]
    /// Returns frame `i` (0-based), all of one size; called from worker threads, possibly more than
    /// once per frame (an encoder that looks at every frame before it writes reads each twice). An
    /// error it throws stops the encode.
    public var load: @Sendable (Int) throws -> Bitmap
    /// What each frame is called in messages (its file), when known.
    public var names: [String]?
    /// Pixels per point of the frames (2 for `@2x` files), when known. The GIF encoder then
    /// dithers for it in place of its own `scale`, so an animation's scale is never lost on the
    /// way; APNG and WebP store pixels exactly and do not look at it.
    public var scale: Int?

    /// ``scale`` outside Basics' `ImageFileName.drawingScaleRange` (1…8), naming
    /// `FrameInput.scale`; `nil` when it is unset or inside. Every encoder refuses it (APNG and
    /// WebP, which do not look at the scale, took 0, -1 or `Int.max` without a word).
    public var settingError: SettingError? {
        scale.flatMap { ImageFileName.drawingScaleError($0, of: "FrameInput") }
    }
    /// Whether frames `i` and `j` are known to be identical without decoding them (the same file
    /// bytes): a run of such frames is timed as one frame (`IdenticalRuns`) and decoded once.
    /// `nil` (the default): identical frames are still found and merged, after decoding.
    public var identical: (@Sendable (Int, Int) -> Bool)?
    /// Looked at before each frame is read or encoded: once raised, the encode stops and writes nothing.
    public var cancellation: CancellationFlag?

    /// Frames lasting `durations` seconds each, decoded on demand by `load`; `names`, when given,
    /// name them in errors (one per frame); `scale`, when given, is their pixels per point; a
    /// raised `cancellation` stops the encode.
    public init(durations: [Double], names: [String]? = nil, scale: Int? = nil, cancellation: CancellationFlag? = nil,
                load: @escaping @Sendable (Int) throws -> Bitmap) {
        self.durations = durations
        self.names = names
        self.scale = scale
        self.cancellation = cancellation
        self.load = load
    }

    /// Every frame lasting `duration` seconds: `count` frames, decoded on demand by `load`.
    ///
    /// A count of 0 or less gives no frames (an encoder then refuses the input).
    /// - Throws: `LimitError` for `frames` when `count` is over `limits.maxFrames`, before anything
    ///   is allocated.
    public init(count: Int, duration: Double, names: [String]? = nil, scale: Int? = nil, cancellation: CancellationFlag? = nil,
                limits: ResourceLimits = .default,
                load: @escaping @Sendable (Int) throws -> Bitmap) throws(LimitError) {
        guard count <= limits.maxFrames else {
            throw LimitError(limit: .frames, subject: "FrameInput(count:)", amount: count, maximum: limits.maxFrames)
        }
        self.init(durations: Array(repeating: duration, count: max(0, count)), names: names, scale: scale,
                  cancellation: cancellation, load: load)
    }

    /// The frame count.
    public var count: Int { durations.count }

    /// Frame `index`'s name in messages: its file, else "frame N" (1-based).
    public func name(of index: Int) -> String {
        let number = index.addingReportingOverflow(1)
        return names.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            ?? "frame \(number.overflow ? "\(index) + 1" : String(number.partialValue))"
    }
}
