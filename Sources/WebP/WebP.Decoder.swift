import Basics
import Raster

extension WebP {
    /// Reads an animated (or still) WebP frame by frame as a player shows it, through libwebp's
    /// animation decoder: straight RGBA canvases and each frame's duration in seconds. Only the
    /// file's bytes, the canvas and one frame are held at a time.
    ///
    /// An `AnimationDecoder` (Raster), as GIF's and APNG's decoders are: opened on the bytes (the
    /// header read through libwebp's demuxer and checked against the limits before any canvas is
    /// allocated), then ``nextFrame()`` one frame at a time or `allFrames()` all at once; errors
    /// are Raster's `AnimationDecodeError`.
    ///
    /// Lenient as the GIF decoder is, each time with a ``readWarnings`` entry: a file cut short keeps
    /// its whole frames (the chunks before the cut are read as a file of their own), and a frame
    /// libwebp cannot decode after at least one it could ends the animation, keeping the frames
    /// before. A file with no whole frame is refused.
    public final class Decoder: AnimationDecoder {
        /// WebP.
        public static let format = AnimationDecodeError.Format.webp

        /// The name the file was opened with: errors and warnings name it.
        public let file: String
        /// What the file may ask for: canvas pixels, frames.
        public let limits: ResourceLimits
        /// The canvas size, the frames (of the whole part, for a file cut short) and the loop count.
        public let info: AnimationInfo
        /// What was read past leniently (a file cut short, a frame that does not decode), one line
        /// each naming the file: complete once ``nextFrame()`` has returned `nil`.
        public private(set) var readWarnings: [LenientReadWarning] = []

        private let reader: LibWebP.FrameReader
        private var previousEnd = 0, framesRead = 0, finished = false

        /// Opens `bytes` (named `file` in errors and warnings): the header is read and the canvas
        /// and frame count checked against `limits`; no frame is decoded.
        public init(bytes: [UInt8], file: String, limits: ResourceLimits = .default) throws(AnimationDecodeError) {
            guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
                throw AnimationDecodeError.wrongFormat(Array(bytes.prefix(4096)), file: file, format: .webp)
            }
            var bytes = bytes, warning: LenientReadWarning? = nil
            var header = LibWebP.header(bytes)
            if header == nil, let (whole, cut) = WebPContainer.salvaged(bytes) {
                // Cut short: the chunks before the cut, read as a file of their own.
                header = LibWebP.header(whole)
                guard header.map({ $0.frameCount > 0 }) == true else {
                    throw .corrupt(file: file, format: .webp, reason: "the file is cut short (\(cut)) before its first whole frame")
                }
                bytes = whole
                warning = CutShortWarning.text(file: file, reason: cut, framesRead: header?.frameCount ?? 0)
            }
            guard let header, header.frameCount > 0 else {
                throw .corrupt(file: file, format: .webp, reason: "libwebp could not parse it")
            }
            do {
                try limits.checkPixels(width: header.width, height: header.height, of: file)
                try limits.check(.frames, header.frameCount, of: file)
            } catch {
                throw .limit(error)
            }
            guard let reader = LibWebP.FrameReader(bytes, width: header.width, height: header.height) else {
                throw .corrupt(file: file, format: .webp, reason: "libwebp could not parse it")
            }
            self.reader = reader
            self.file = file
            self.limits = limits
            info = AnimationInfo(width: header.width, height: header.height, frameCount: header.frameCount, repeatCount: header.loops)
            if let warning { readWarnings.append(warning) }
        }

        /// The next frame as shown and its duration in seconds, or `nil` after the last one. A
        /// frame libwebp cannot decode after one it could ends the animation with a warning; as
        /// the first, it is `AnimationDecodeError.corrupt`.
        public func nextFrame() throws(AnimationDecodeError) -> AnimationFrame? {
            guard !finished else { return nil }
            if framesRead == 0 { try checkComposingWork() }
            switch reader.next() {
            case .frame(let rgba, let end):
                guard let bitmap = Bitmap(width: info.width, height: info.height, straight: rgba) else {
                    throw .corrupt(file: file, format: .webp, reason: "frame \(framesRead + 1) is not \(info.width)×\(info.height)")
                }
                framesRead += 1
                defer { previousEnd = end }
                return AnimationFrame(image: bitmap, duration: Double(end - previousEnd) / 1000)
            case .end:
                finished = true
                guard framesRead > 0 else { throw .noFrames(file: file, format: .webp) }
                return nil
            case .failure:
                finished = true
                guard framesRead > 0 else { throw .corrupt(file: file, format: .webp, reason: "libwebp could not decode frame 1") }
                readWarnings.append(CutShortWarning.damaged(file: file, at: nil, reason: "libwebp could not decode frame \(framesRead + 1)",
                                                        framesRead: framesRead, declared: info.frameCount))
                return nil
            }
        }
    }
}
