import Basics
import Raster

extension GIF.Encoder {
    /// Where the frames come from: a count, their durations, and a loader called from any thread.
    public struct Input: Sendable {
        /// Seconds each frame shows, one per frame: their count is the frame count. ``GIF/Timing`` turns
        /// them into centisecond delays.
        public var durations: [Double]
        /// Returns frame `i` (0-based), all of one size; called from worker threads, possibly more than
        /// once per frame (`fast` reads every frame twice). An error it throws stops the encode.
        public var load: @Sendable (Int) throws -> Bitmap
        /// What each frame is called in messages (its file), when known: a frame of another size
        /// is named by it.
        public var names: [String]?
        /// Pixels per point of the frames (2 for `@2x` files), when the input knows it: it then
        /// takes the place of the encoder's ``Encoder/scale``, so an animation's scale is never
        /// lost on the way (``Encoder/scale`` applies when this is `nil`).
        public var scale: Int?
        /// Whether frames `i` and `j` are known to be identical without decoding them (a
        /// screencast's repeated frames are often the same file bytes): a run of consecutive ones
        /// is decoded once and timed as one frame. Asked once per pair of neighbours, in order.
        /// `nil` (the default): every frame is decoded, and identical ones are still found and
        /// merged, after decoding.
        public var identical: (@Sendable (Int, Int) -> Bool)?
        /// Looked at before each frame is decoded or encoded: once raised, the encode stops with
        /// ``EncodeError/cancelled`` (and ``Encoder/write(_:to:protecting:overwrite:progress:)-(_,String,_,_,_)``
        /// leaves no file).
        public var cancellation: CancellationFlag?

        /// Frames lasting `durations` seconds each, decoded on demand by `load`; `names`, when
        /// given, name them in errors (one per frame); `scale`, when given, is their pixels per
        /// point; a raised `cancellation` stops the encode.
        public init(durations: [Double], names: [String]? = nil, scale: Int? = nil, cancellation: CancellationFlag? = nil,
                    load: @escaping @Sendable (Int) throws -> Bitmap) {
            self.durations = durations
            self.names = names
            self.scale = scale
            self.cancellation = cancellation
            self.load = load
        }

        /// Every frame lasting `duration` seconds: `count` frames, decoded on demand by `load` (no
        /// frames for a count under 1: the encoder then refuses the input).
        /// - Throws: `LimitError` for `frames` when `count` is over `limits.maxFrames`, before
        ///   anything is allocated.
        public init(count: Int, duration: Double, names: [String]? = nil, scale: Int? = nil, cancellation: CancellationFlag? = nil,
                    limits: ResourceLimits = .default, load: @escaping @Sendable (Int) throws -> Bitmap) throws(LimitError) {
            guard count <= limits.maxFrames else {
                throw LimitError(limit: .frames, subject: "GIF.Encoder.Input(count:)", amount: count, maximum: limits.maxFrames)
            }
            self.init(durations: Array(repeating: duration, count: max(0, count)), names: names, scale: scale,
                      cancellation: cancellation, load: load)
        }
    }
}
