extension APNG.Encoder {
    /// What an encode wrote.
    public struct Report: Sendable, Equatable {
        /// Width of the canvas in pixels.
        public var width: Int
        /// Height of the canvas in pixels.
        public var height: Int
        /// Frames in the file (`fcTL` chunks), after identical frames were merged; a frame too
        /// long for one `fcTL` (over 65.535 s at a delay that is not whole seconds, over 65 535 s
        /// at any) counts once for each time it is written.
        public var framesWritten: Int
        /// Input frames dropped because they would have shown for 10 ms or less (browsers play
        /// such frames as 100 ms); the next frame starts where it would have.
        public var framesMergedForTiming: Int
        /// Input frames folded into the one before because they showed nothing new.
        public var framesMergedIdentical: Int
        /// One play's length in seconds, as the file's delays add up (whole milliseconds, placed on
        /// the cumulative timeline: within half a millisecond of the durations given).
        public var duration: Double
        /// The colour type chosen for every frame: "indexed, 8-bit, 201 colours", "RGBA".
        public var colorType: String
        /// Size of the file in bytes.
        public var bytes: Int
        /// Frames too long for one frame of the format, each written as the frame and copies of
        /// it for the rest of its time (over 65.535 s at a delay that is not whole seconds, over 65 535 s at any); the total stays exact.
        public var framesSplitForTiming = 0
        /// The copies written after ``framesSplitForTiming``'s frames (counted in ``framesWritten``).
        public var framesAddedForTiming = 0
    }
}
