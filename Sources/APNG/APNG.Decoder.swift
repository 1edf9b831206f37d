import Basics
import Raster

extension APNG {
    /// Reads an animated PNG frame by frame as a player shows it: each frame's data decoded by
    /// libpng as a still image, then drawn onto the canvas with the frame's blend and disposed of
    /// as its `dispose_op` says (straight-alpha "over" as the APNG specification writes it).
    /// A PNG without `acTL` reads as one frame. Only the canvas and one frame are held at a time.
    public struct Decoder: Sendable {
        /// What a file may ask for: canvas pixels, frame count.
        public var limits: ResourceLimits

        /// A decoder within `limits`.
        public init(limits: ResourceLimits = .default) {
            self.limits = limits
        }

        /// What the file says about itself before any frame is decoded.
        public struct Info: Sendable, Equatable {
            /// Canvas width in pixels.
            public var width: Int
            /// Canvas height in pixels.
            public var height: Int
            /// Frames shown (`acTL`'s count; 1 for a still PNG).
            public var frameCount: Int
            /// UIKit's repeat count: 0 forever, N plays.
            public var repeatCount: Int
            /// Whether the file has `acTL` (a still PNG does not).
            public var isAnimated: Bool
        }

        /// Whether `bytes` start as a PNG with an `acTL` chunk before its image data: an APNG.
        /// (The first 64 KiB of a file are enough unless its text chunks are larger.)
        public static func isAnimated(_ bytes: [UInt8]) -> Bool {
            guard bytes.count > 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let type = bytes[(offset + 4)..<(offset + 8)]
                if type.elementsEqual("acTL".utf8) { return true }
                if type.elementsEqual("IDAT".utf8) { return false }
                offset += 12 + length
            }
            return false
        }

        /// Reads the header chunks of `bytes` (named `file` in errors).
        public func info(_ bytes: [UInt8], file: String) throws(DecodeError) -> Info {
            try APNGReader(bytes: bytes, file: file, limits: limits).info
        }

        /// Every frame of `bytes` as shown, with its duration in seconds, handed to `body` in order;
        /// returns the header facts. `body` may throw to stop.
        public func decode(_ bytes: [UInt8], file: String, _ body: (Bitmap, Double) throws -> Void) throws -> Info {
            let reader = try APNGReader(bytes: bytes, file: file, limits: limits)
            try reader.frames(body)
            return reader.info
        }

        /// Every frame of `bytes` as shown, and its duration in seconds, all at once (small files).
        public func decodeAll(_ bytes: [UInt8], file: String) throws -> (info: Info, frames: [(bitmap: Bitmap, duration: Double)]) {
            var frames: [(bitmap: Bitmap, duration: Double)] = []
            let reader = try APNGReader(bytes: bytes, file: file, limits: limits)
            let (total, overflow) = reader.info.width.multipliedReportingOverflow(by: reader.info.height * 4 * reader.info.frameCount)
            do {
                try limits.check(.decodedBytes, overflow ? .max : total, of: file)
            } catch {
                throw DecodeError.limit(error)
            }
            try reader.frames { frames.append(($0, $1)) }
            return (reader.info, frames)
        }
    }
}
