import Animated
import Basics
import Raster

extension FramesJob {
    /// What ``FramesJob/plan(progress:cancellation:)`` read and checked, before any frame is
    /// encoded or written: the input (a sheet with its pages decoded, or an animation's bytes and
    /// header), the frames' names against the output contract, and the limits. Written by
    /// ``FramesJob/run(_:progress:cancellation:)``, as often as wanted.
    public struct Plan: Sendable {
        /// The files the plan writes, in order: the frames' paths in ``FramesJob/output`` (their
        /// names when the job writes in memory) and the `sequence.json` last: an animation's, or a
        /// sheet's when its frames are one animation with timing to keep. An
        /// animation's are the frames its header declares; a file cut short writes fewer.
        public var files: [String]
        /// What the input was read past leniently so far (a sheet's unknown keys); an animation's
        /// decoder warnings come with the ``FramesJob/Outcome``, once its frames are decoded.
        public var warnings: [String]
        /// An animation's screen size, or a sheet's first page size.
        public var width: Int, height: Int
        /// The frames (an animation's, as its header declares them) or sprites to write.
        public var frameCount: Int
        /// An animation's repeat count (UIKit's meaning), a sheet's when its frames are written with
        /// a `sequence.json`; else 0.
        public var repeatCount: Int
        /// A sheet's page count; 0 for an animation.
        public var pages: Int
        /// The prefix an animation's frames are named with; `nil` for a sheet.
        public var prefix: String?
        /// The input's path, or the name of the file in memory (messages and the output set's owner).
        let input: String
        /// What is exploded.
        let content: Content
        /// What an upload left out (``FramesJob/GivenFiles``), said again with an animation's
        /// outcome, whose warnings are the whole decode's.
        var uploadNote: String? = nil

        /// The input as read.
        enum Content: Sendable {
            /// A sheet, its pages decoded; the timing of its frames, when they have one to keep
            /// (``FramesJob/timing(of:files:picked:)``), and whether it is written as their
            /// `sequence.json` (not when the folder's says the same already).
            case sheet(SpriteSheet, timing: SequenceManifest?, writesTiming: Bool)
            /// An animated file's bytes, of `format`, its frames written as `name1.png…` at `scale`.
            case animation(AnimationDecodeError.Format, bytes: [UInt8], name: String, scale: Int)
        }
    }
}
