import Basics
import Raster

extension FramesJob {
    /// What ``FramesJob/plan(progress:cancellation:)`` read and checked, before any frame is
    /// encoded or written: the input (a sheet with its pages decoded, or an animation's bytes and
    /// header), the frames' names against the output contract, and the limits. Written by
    /// ``FramesJob/run(_:progress:cancellation:)``, as often as wanted.
    public struct Plan: Sendable {
        /// The files the plan writes, in order: the frames' paths in ``FramesJob/output`` (their
        /// names when the job writes in memory) and an animation's `sequence.json` last. An
        /// animation's are the frames its header declares; a file cut short writes fewer.
        public var files: [String]
        /// What the input was read past leniently so far (a sheet's unknown keys); an animation's
        /// decoder warnings come with the ``FramesJob/Outcome``, once its frames are decoded.
        public var warnings: [String]
        /// An animation's screen size, or a sheet's first page size.
        public var width: Int, height: Int
        /// The frames (an animation's, as its header declares them) or sprites to write.
        public var frameCount: Int
        /// An animation's repeat count (UIKit's meaning); 0 for a sheet.
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
            /// A sheet, its pages decoded.
            case sheet(SpriteSheet)
            /// An animated file's bytes, of `format`, its frames written as `name1.png…` at `scale`.
            case animation(AnimationDecodeError.Format, bytes: [UInt8], name: String, scale: Int)
        }
    }
}
