import Basics
import Raster

extension WebP {
    /// Reads an animated (or still) WebP frame by frame as a player shows it, through libwebp's
    /// animation decoder: straight RGBA canvases and each frame's duration.
    public struct Decoder: Sendable {
        /// What a file may ask for: canvas pixels, frame count.
        public var limits: ResourceLimits

        /// A decoder within `limits`.
        public init(limits: ResourceLimits = .default) {
            self.limits = limits
        }

        /// What the file says about itself.
        public struct Info: Sendable, Equatable {
            /// Canvas width in pixels.
            public var width: Int
            /// Canvas height in pixels.
            public var height: Int
            /// Frames in the file.
            public var frameCount: Int
            /// UIKit's repeat count: 0 forever, N plays.
            public var repeatCount: Int
        }

        /// Every frame of `bytes` as shown, with its duration in seconds, handed to `body` in
        /// order; returns the header facts. The canvas size and frame count are checked against
        /// ``limits`` before any frame is decoded.
        public func decode(_ bytes: [UInt8], file: String, _ body: (Bitmap, Double) throws -> Void) throws -> Info {
            var previousEnd = 0, width = 0, height = 0
            let limits = self.limits
            let info = try LibWebP.decode(bytes, info: { info in
                do throws(LimitError) {
                    try limits.checkPixels(width: info.width, height: info.height, of: file)
                    try limits.check(.frames, info.frameCount, of: file)
                } catch {
                    throw DecodeError.limit(error)
                }
                (width, height) = (info.width, info.height)
            }, frame: { rgba, end in
                guard let bitmap = Bitmap(width: width, height: height, straight: rgba) else { throw DecodeError.invalid(file: file) }
                try body(bitmap, Double(end - previousEnd) / 1000)
                previousEnd = end
            })
            guard let info else { throw DecodeError.invalid(file: file) }
            return Info(width: info.width, height: info.height, frameCount: info.frameCount, repeatCount: info.loops)
        }
    }
}
