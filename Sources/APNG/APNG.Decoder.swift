import Basics
import Foundation
import Raster

extension APNG {
    /// Reads an animated PNG frame by frame as a player shows it: each frame's data decoded by
    /// libpng as a still image, then drawn onto the canvas with the frame's blend and disposed of
    /// as its `dispose_op` says (straight-alpha "over" as the APNG specification writes it).
    /// A PNG without `acTL` reads as one frame. Only the canvas and one frame are held at a time.
    ///
    /// An `AnimationDecoder` (Raster), as GIF's and WebP's decoders are: opened on the bytes
    /// (the chunks are checked, no frame decoded), then ``nextFrame()`` one frame at a time or
    /// `allFrames()` all at once; durations in seconds; errors are Raster's `AnimationDecodeError`.
    ///
    /// Lenient as the GIF decoder is, each time with a ``readWarnings`` entry: a file cut short (it
    /// ends inside a chunk, or without `IEND`) keeps the frames whose data is whole, a chunk that
    /// fails its CRC check after the first frame keeps the whole frames before it, and an `acTL`
    /// that promises more frames than the file holds is read as the frames it holds. A file with no
    /// whole frame is refused.
    public final class Decoder: AnimationDecoder {
        /// APNG.
        public static let format = AnimationDecodeError.Format.apng

        /// The name the file was opened with: errors and warnings name it.
        public let file: String
        /// What the file may ask for: canvas pixels, frames.
        public let limits: ResourceLimits
        /// The canvas size, the frames with image data (1 for a still PNG) and `acTL`'s plays.
        public var info: AnimationInfo { reader.info }
        /// Whether the file has `acTL` (a still PNG does not).
        public var isAnimated: Bool { reader.isAnimated }
        /// What was read past leniently (a file cut short, an `acTL` promising more frames than
        /// the file holds), one line each naming the file: complete once ``nextFrame()`` has returned `nil`.
        public private(set) var readWarnings: [LenientReadWarning] = []

        private let reader: APNGReader
        private var canvas: Bitmap
        private var next = 0
        private var finished = false

        /// Opens `bytes` (named `file` in errors and warnings): its chunks are checked and the
        /// canvas and frame count held against `limits`; no frame is decoded.
        public init(bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
            reader = try APNGReader(bytes: bytes, file: file, limits: limits)
            self.file = file
            self.limits = limits
            // The canvas is allocated with the first frame: a file refused from its header costs nothing.
            canvas = Bitmap(clearWidth: 0, height: 0)
        }

        /// Whether `bytes` start as a PNG with an `acTL` chunk before its image data: an APNG.
        /// (Bytes cut before the image data's chunk, as a file's first kilobytes may be when its
        /// text chunks are larger, read as no APNG: ``isAnimated(file:)`` reads on.)
        public static func isAnimated(_ bytes: [UInt8]) -> Bool {
            scan(bytes) == true
        }

        /// Whether the PNG file at `path` has an `acTL` chunk before its image data, reading its
        /// first 4 KiB, and the whole file only when its chunks before the image data are larger
        /// (a big `iTXt` of metadata ahead of `acTL`). A file that cannot be read is no APNG.
        public static func isAnimated(file path: String) -> Bool {
            guard let start = try? FileIO.readPrefix(path, limit: 4096) else { return false }
            if let animated = scan(start.bytes) { return animated }
            guard start.fileSize > start.bytes.count, let whole = try? FileIO.readAll(path) else { return false }
            return scan(whole) == true
        }

        /// Whether the PNG file at the file URL `url` is an APNG, as ``isAnimated(file:)`` tells for a path.
        public static func isAnimated(url: URL) -> Bool {
            isAnimated(file: url.filePathForFlipbook)
        }

        /// `true` at an `acTL` chunk, `false` at the image data or for no PNG, `nil` when `bytes`
        /// end before either.
        private static func scan(_ bytes: [UInt8]) -> Bool? {
            guard bytes.count > 8, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
            var offset = 8
            while offset + 8 <= bytes.count {
                let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                let type = bytes[(offset + 4)..<(offset + 8)]
                if type.elementsEqual("acTL".utf8) { return true }
                if type.elementsEqual("IDAT".utf8) { return false }
                offset += 12 + length
            }
            return nil
        }

        /// The next frame as shown and its duration in seconds, or `nil` after the last one. In a
        /// file cut short, a last frame whose data does not decode ends the animation with a warning
        /// (the frames before are kept); with no frame before it, its error is thrown.
        public func nextFrame() throws(AnimationDecodeError) -> AnimationFrame? {
            guard !finished else { return nil }
            guard next < reader.frameCount else {
                finish()
                return nil
            }
            if canvas.pixels.isEmpty {
                try checkComposingWork()
                canvas = Bitmap(clearWidth: reader.info.width, height: reader.info.height)
            }
            do {
                let frame = try reader.show(frame: next, on: &canvas)
                next += 1
                return frame
            } catch {
                guard reader.cut != nil, next > 0, next == reader.frameCount - 1, error.limit == nil else { throw error }
                finish()
                return nil
            }
        }

        /// Notes, once, what the file lacked.
        private func finish() {
            finished = true
            if let damage = reader.damage {
                readWarnings.append(CutShortWarning.damaged(file: file, at: damage.offset, reason: damage.reason, framesRead: next,
                                                        declared: reader.declaredFrames))
            } else if let cut = reader.cut {
                readWarnings.append(CutShortWarning.text(file: file, reason: cut, framesRead: next, declared: reader.declaredFrames))
            } else if let declared = reader.declaredFrames, declared > next {
                readWarnings.append(LenientReadWarning(.fewerFramesThanDeclared, file: file, framesKept: next, framesDeclared: declared,
                    description: "\(file): acTL promises \(declared) frames but the file holds \(next); read as the frames it holds"))
            }
        }
    }
}
