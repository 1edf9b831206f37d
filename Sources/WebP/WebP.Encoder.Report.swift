extension WebP.Encoder {
    /// What an encode wrote.
    public struct Report: Sendable, Equatable {
        /// Width of the canvas in pixels.
        public var width: Int
        /// Height of the canvas in pixels.
        public var height: Int
        /// Frames in the file (`ANMF` chunks): libwebp merges frames that show nothing new; a
        /// frame over 16 777 215 ms (24 bits) is followed by 1×1 transparent frames for the rest
        /// of its time, each counted here.
        public var framesWritten: Int
        /// Input frames dropped because they would have shown for 10 ms or less (browsers play
        /// such frames as 100 ms); the next frame starts where it would have.
        public var framesMergedForTiming: Int
        /// Input frames folded into the one before because they showed nothing new.
        public var framesMergedIdentical: Int
        /// One play's length in seconds (whole milliseconds on the cumulative timeline).
        public var duration: Double
        /// Whether every frame is exact (lossless) or compressed lossily.
        public var lossless: Bool
        /// The quality of lossy frames, 0–100; `nil` when lossless.
        public var quality: Double?
        /// Size of the file in bytes.
        public var bytes: Int
        /// The bytes of the file that hold alpha (its frames' `ALPH` chunks, with their headers);
        /// 0 when every frame is lossless (alpha is then part of the `VP8L` image) or opaque. Lossy
        /// frames keep alpha lossless at any ``quality``, so no quality brings a file under this.
        public var alphaBytes = 0
        /// Frames too long for one frame of the format, each written as the frame and frames that change
        /// nothing for the rest of its time (over 16 777 215 ms: 1×1 clear frames blended over it); the total stays exact.
        public var framesSplitForTiming = 0
        /// The frames written after ``framesSplitForTiming``'s frames (counted in ``framesWritten``).
        public var framesAddedForTiming = 0
    }
}
